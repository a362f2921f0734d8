import { RESTORATION_SCHEMA_NAME, type RestoredConstraint, type TaskReach, restorationAnswerJsonSchema, restorationMessages, readRestorationAnswer, restorationCandidates, restoreFor, resumedRequest } from '../engine/restoration';
import type { Session } from '../engine/session';
import type { AnswerCache } from './cache';
import type { ModelClient } from './client';
import { type ModelCompilation, compileWithModel, completeStructured } from './compile';

/** The model-backed restoration of one resumed request, and what the model's part came to. */
export interface ModelRestoration {
  /** The constraints the trigger and scope match restored over the merged ledger, then those only the model picked; in ledger order. */
  readonly restored: readonly RestoredConstraint[];
  readonly compilation: ModelCompilation;
  /** Ids the model added. */
  readonly picked: readonly string[];
  /** Why (part of) the model's restoration answer was not taken: a failed request, an unreadable answer, an unknown id. */
  readonly answerProblems: readonly string[];
}

const MAX_RESTORATION_TOKENS = 512;

/**
 * Restoration with the model's help: the ledger is built from deterministic extraction plus what
 * the model compiles from the session's user messages (check --model's path: validated, cached by
 * content hash); the trigger and scope match picks from it; then the model is asked which of the
 * active constraints the match left out apply too. The model can add a constraint,
 * never remove one. Never throws: a failed request leaves the deterministic result.
 */
export async function restoreWithModel(client: ModelClient, session: Session, task: TaskReach, cache?: AnswerCache): Promise<ModelRestoration> {
  const compilation = await compileWithModel(client, session, cache);
  const deterministic = restoreFor(session, task, compilation.extraction);
  const candidates = restorationCandidates(session, compilation.extraction);
  const leftOut = candidates.filter((c) => !deterministic.some((r) => r.constraint.id === c.id));
  const request = resumedRequest(session);
  const result = (restored: readonly RestoredConstraint[], picked: readonly string[], answerProblems: readonly string[]): ModelRestoration => ({ restored, compilation, picked, answerProblems });
  if (leftOut.length === 0 || !request) return result(deterministic, [], []);

  const outcome = await completeStructured(client, { messages: restorationMessages(request.text, leftOut), maxTokens: MAX_RESTORATION_TOKENS, temperature: 0, jsonSchema: { name: RESTORATION_SCHEMA_NAME, schema: restorationAnswerJsonSchema() } }, cache);
  if (!outcome.ok) return result(deterministic, [], [`the restoration request failed (${outcome.failure.kind}, ${outcome.failure.attempts} attempts): ${outcome.failure.message}`]);
  if (outcome.answer.refusal !== null) return result(deterministic, [], [`the restoration request was refused: ${outcome.answer.refusal}`]);
  const reading = readRestorationAnswer(outcome.answer.content ?? '', leftOut);
  if (!reading.ok) return result(deterministic, [], [reading.problem]);
  const picked = reading.picked.map((c) => c.id);
  const restored = candidates.flatMap((constraint): RestoredConstraint[] => {
    const found = deterministic.find((r) => r.constraint.id === constraint.id);
    if (found) return [found];
    return picked.includes(constraint.id) ? [{ constraint, reason: { by: 'model' } }] : [];
  });
  return result(restored, picked, reading.ignored);
}
