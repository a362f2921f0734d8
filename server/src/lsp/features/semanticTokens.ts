import { type SemanticTokens, SemanticTokensBuilder, type SemanticTokensLegend } from 'vscode-languageserver';
import type { Span } from '../../engine/text';
import type { SessionState, TranscriptState } from '../service/transcriptState';

/**
 * The token types and modifiers ghost-lint paints. They are custom, so package.json declares them
 * (`contributes.semanticTokenTypes`/`semanticTokenModifiers`, with fallback scopes for themes); a
 * test keeps the two in step.
 */
export const TOKEN_TYPES = ['constraint', 'revocation', 'approval'] as const;
export const TOKEN_MODIFIERS = ['prohibition', 'prerequisite', 'confirmation', 'ended', 'violated'] as const;

type TokenType = (typeof TOKEN_TYPES)[number];
type TokenModifier = (typeof TOKEN_MODIFIERS)[number];

export const LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

interface Painted {
  readonly span: Span;
  readonly type: TokenType;
  readonly modifiers: readonly TokenModifier[];
}

function paintedIn(state: SessionState): Painted[] {
  const { analysis, session } = state;
  const broken = new Set(analysis.findings.filter((f) => f.callId !== undefined && f.level === 'error').map((f) => f.constraintId));
  const out: Painted[] = [];
  for (const constraint of analysis.constraints) {
    if (constraint.source.kind !== 'session') continue;
    const modifiers: TokenModifier[] = [constraint.rule.kind];
    if (constraint.activeUntil !== undefined) modifiers.push('ended');
    if (broken.has(constraint.id)) modifiers.push('violated');
    out.push({ span: constraint.source.span, type: 'constraint', modifiers });
  }
  for (const revocation of analysis.revocations) out.push({ span: revocation.span, type: 'revocation', modifiers: [] });
  for (const turnIndex of new Set(analysis.approvals.map((a) => a.turnIndex))) {
    const turn = session.turns[turnIndex];
    if (!turn) continue;
    // The approving words as written: each string's contents, inside its quotes.
    const spans = turn.pieces.length > 0 ? turn.pieces.map((p) => ({ start: p.literal.start + 1, end: p.literal.end - 1 })) : [turn.span];
    for (const span of spans) out.push({ span, type: 'approval', modifiers: ['confirmation'] });
  }
  return out;
}

/** Constraint sentences, revocations and approvals of every session, as LSP semantic tokens (one line per token, no overlaps). */
export function semanticTokens(document: TranscriptState): SemanticTokens {
  const painted = document.sessions.flatMap(paintedIn).sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end);
  const builder = new SemanticTokensBuilder();
  let covered = 0;
  for (const token of painted) {
    if (token.span.start < covered || token.span.end <= token.span.start) continue;
    covered = token.span.end;
    const type = TOKEN_TYPES.indexOf(token.type);
    const modifiers = token.modifiers.reduce((bits, m) => bits | (1 << TOKEN_MODIFIERS.indexOf(m)), 0);
    const { start, end } = document.range(token.span);
    for (let line = start.line; line <= end.line; line++) {
      const from = line === start.line ? start.character : 0;
      const to = line === end.line ? end.character : document.lines.lineStart(line + 1) - document.lines.lineStart(line) - 1;
      if (to > from) builder.push(line, from, to - from, type, modifiers);
    }
  }
  return builder.build();
}
