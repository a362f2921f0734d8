import { type Diagnostic, DiagnosticSeverity, DiagnosticTag } from 'vscode-languageserver';
import { type Finding, ruleHelpUri } from '../engine/findings';
import type { DiagnosticData } from './features/codeActions';
import type { TranscriptState } from './service/transcriptState';

/** SPEC section 6's levels; its notes (`constraint-detected`, `call-stopped`) are hints: informative, never a problem. */
const SEVERITY = { error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, note: DiagnosticSeverity.Hint } as const;

function toDiagnostic(document: TranscriptState, finding: Finding, data: DiagnosticData): Diagnostic {
  return {
    range: document.range(finding.span),
    severity: SEVERITY[finding.level],
    code: finding.ruleId,
    codeDescription: { href: ruleHelpUri(finding.ruleId) },
    source: 'ghost-lint',
    message: finding.message,
    data,
    ...(finding.ruleId === 'call-stopped' && { tags: [DiagnosticTag.Unnecessary] }),
    // The constraint's sentence first (here or in a policy file), then the prerequisite step that did not count.
    ...(finding.related.length > 0 && { relatedInformation: finding.related.map((r) => ({ location: document.location(r.span, r.document), message: r.message })) }),
  };
}

/** Every finding of every session as LSP diagnostics; each remembers its finding for quick fixes. */
export function toDiagnostics(document: TranscriptState): Diagnostic[] {
  return document.sessions.flatMap((state) => state.analysis.findings.map((finding, index) => toDiagnostic(document, finding, { version: document.version, session: state.index, finding: index })));
}
