import { GATE_SCHEMA_NAME, type RestoredConstraint, type TaskReach, gateAnswerJsonSchema, gateMessages, readGateAnswer, restorationCandidates, restoreFor, resumedRequest } from '../engine/restoration';
import type { Session } from '../engine/session';
import type { AnswerCache } from './cache';
import type { ModelClient } from './client';
import { type ModelCompilation, compileWithModel, completeStructured } from './compile';

/** The model-backed restoration of one resumed request, and what the model's part came to. */
export interface ModelRestoration {
  /** The deterministic gate's constraints over the merged ledger, then those only the model gate picked; in ledger order. */
  readonly restored: readonly RestoredConstraint[];
  readonly compilation: ModelCompilation;
  /** Ids the model gate added. */
  readonly picked: readonly string[];
  /** Why (part of) the gate's answer was not taken: a failed request, an unreadable answer, an unknown id. */
  readonly gateProblems: readonly string[];
}

const MAX_GATE_TOKENS = 512;

/**
 * Restoration with the model's help: the ledger is built from deterministic extraction plus what
 * the model compiles from the session's user messages (check --model's path: validated, cached by
 * content hash); the deterministic gate picks from it; then the model gate is asked which of the
 * active constraints the deterministic gate left out apply too. The model can add a constraint,
 * never remove one. Never throws: a failed request leaves the deterministic result.
 */
export async function restoreWithModel(client: ModelClient, session: Session, task: TaskReach, cache?: AnswerCache): Promise<ModelRestoration> {
  const compilation = await compileWithModel(client, session, cache);
  const deterministic = restoreFor(session, task, compilation.extraction);
  const candidates = restorationCandidates(session, compilation.extraction);
  const leftOut = candidates.filter((c) => !deterministic.some((r) => r.constraint.id === c.id));
  const request = resumedRequest(session);
  const result = (restored: readonly RestoredConstraint[], picked: readonly string[], gateProblems: readonly string[]): ModelRestoration => ({ restored, compilation, picked, gateProblems });
  if (leftOut.length === 0 || !request) return result(deterministic, [], []);

  const outcome = await completeStructured(client, { messages: gateMessages(request.text, leftOut), maxTokens: MAX_GATE_TOKENS, temperature: 0, jsonSchema: { name: GATE_SCHEMA_NAME, schema: gateAnswerJsonSchema() } }, cache);
  if (!outcome.ok) return result(deterministic, [], [`the gate request failed (${outcome.failure.kind}, ${outcome.failure.attempts} attempts): ${outcome.failure.message}`]);
  if (outcome.answer.refusal !== null) return result(deterministic, [], [`the gate refused: ${outcome.answer.refusal}`]);
  const reading = readGateAnswer(outcome.answer.content ?? '', leftOut);
  if (!reading.ok) return result(deterministic, [], [reading.problem]);
  const picked = reading.picked.map((c) => c.id);
  const restored = candidates.flatMap((constraint): RestoredConstraint[] => {
    const found = deterministic.find((r) => r.constraint.id === constraint.id);
    if (found) return [found];
    return picked.includes(constraint.id) ? [{ constraint, reason: { by: 'model' } }] : [];
  });
  return result(restored, picked, reading.ignored);
}
