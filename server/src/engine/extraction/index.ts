import type { Session } from '../session';
import { readSentence } from './grammar';
import { ACTION_WORDS, LEAVE_ALONE, READ_ONLY, RULE_NOUNS, SEND_OUT } from './lexicon';
import { userSentences } from './sentences';
import type { Extraction, Revocation, StatedConstraint } from './types';

export type { Extraction, Revocation, StatedConstraint } from './types';

/**
 * A cheap first look at a block of text: does it contain the start of any word the grammar reads?
 * Blocks without one (most chat) never reach the tagger, which keeps extraction linear and cheap.
 */
const WORTH_READING = (() => {
  const firstWords = [...Object.values(ACTION_WORDS).flat(), ...LEAVE_ALONE, ...READ_ONLY, ...RULE_NOUNS, ...SEND_OUT, 'locked', 'shut', 'closed', 'armed', 'nothing']
    .map((phrase) => (phrase.split(/[\s*]+/)[0] ?? '').toLowerCase())
    .filter((word) => word.length > 0)
    // Stems, so "deleting" and "backed" pass: drop a final e or y.
    .map((word) => (word.length > 3 ? word.replace(/[ey]$/, '') : word));
  const escaped = [...new Set(firstWords)].map((w) => w.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'));
  return new RegExp(`\\b(?:${escaped.join('|')})`, 'i');
})();

/**
 * The constraints and revocations stated in a session's user messages (SPEC sections 3 and 4):
 * only turns the person typed, system prompts and injected project instructions are read, never
 * tool output. Deterministic and offline; each result carries its sentence's exact source range.
 */
export function extractConstraints(session: Session): Extraction {
  const constraints: StatedConstraint[] = [];
  const revocations: Revocation[] = [];
  for (const turn of session.turns) {
    if (!turn.isUserMessage) continue;
    for (const sentence of userSentences(session, turn, (text) => WORTH_READING.test(text))) {
      for (const reading of readSentence(sentence)) {
        const where = { turnIndex: turn.index, span: sentence.span, text: sentence.text };
        if (reading.kind === 'constraint') constraints.push({ rule: reading.rule, ...where });
        else revocations.push({ ...where, ...(reading.topic && { topic: reading.topic }) });
      }
    }
  }
  return { constraints, revocations };
}
