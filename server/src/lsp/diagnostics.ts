import { type Diagnostic, DiagnosticSeverity, DiagnosticTag } from 'vscode-languageserver';
import type { Finding } from '../engine/findings';
import { ruleHelpUri } from '../engine/rules';
import { LineIndex } from '../engine/text';

const SEVERITY = { error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, note: DiagnosticSeverity.Information } as const;

/** Findings as LSP diagnostics: the range on the finding, related information on its sources. */
export function toDiagnostics(uri: string, text: string, findings: readonly Finding[]): Diagnostic[] {
  const index = new LineIndex(text);
  return findings.map((finding) => ({
    range: index.range(finding.span),
    severity: SEVERITY[finding.level],
    code: finding.ruleId,
    codeDescription: { href: ruleHelpUri(finding.ruleId) },
    source: 'ghost-lint',
    message: finding.message,
    ...(finding.ruleId === 'call-stopped' && { tags: [DiagnosticTag.Unnecessary] }),
    ...(finding.related.length > 0 && {
      relatedInformation: finding.related.map((r) => ({ location: { uri, range: index.range(r.span) }, message: r.message })),
    }),
  }));
}
