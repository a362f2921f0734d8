import { pathToFileURL } from 'node:url';
import { type Diagnostic, DiagnosticSeverity, DiagnosticTag } from 'vscode-languageserver';
import type { Finding } from '../engine/findings';
import type { Policy } from '../engine/policy';
import { ruleHelpUri } from '../engine/rules';
import { LineIndex } from '../engine/text';

const SEVERITY = { error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, note: DiagnosticSeverity.Information } as const;

/**
 * Findings as LSP diagnostics: the range on the finding, related information on its sources (the
 * constraint's sentence first, in this document or in a policy file).
 */
export function toDiagnostics(uri: string, text: string, findings: readonly Finding[], policies: readonly Policy[] = []): Diagnostic[] {
  const index = new LineIndex(text);
  const policyIndexes = new Map(policies.map((p) => [p.path, new LineIndex(p.text)]));
  return findings.map((finding) => ({
    range: index.range(finding.span),
    severity: SEVERITY[finding.level],
    code: finding.ruleId,
    codeDescription: { href: ruleHelpUri(finding.ruleId) },
    source: 'ghost-lint',
    message: finding.message,
    ...(finding.ruleId === 'call-stopped' && { tags: [DiagnosticTag.Unnecessary] }),
    ...(finding.related.length > 0 && {
      relatedInformation: finding.related.map((r) => {
        const policyIndex = r.document !== undefined ? policyIndexes.get(r.document) : undefined;
        return r.document !== undefined && policyIndex
          ? { location: { uri: pathToFileURL(r.document).href, range: policyIndex.range(r.span) }, message: r.message }
          : { location: { uri, range: index.range(r.span) }, message: r.message };
      }),
    }),
  }));
}
