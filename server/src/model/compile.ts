import { type DroppedRule, type Extraction, type StatedConstraint, compilerMessages, extractConstraints, mergeModelConstraints, modelAnswerJsonSchema, modelBatches, readModelAnswer } from '../engine/extraction';
import type { Session } from '../engine/session';
import type { AnswerCache } from './cache';
import type { ChatOutcome, ChatRequest, FailureKind, ModelClient } from './client';

/** A request of the compiler that gave no usable answer. */
export interface CompileFailure {
  readonly kind: FailureKind | 'refused' | 'unreadable';
  readonly message: string;
  /** The turns whose messages were in the request. */
  readonly turns: readonly number[];
}

export interface ModelCompilation {
  /** Deterministic extraction plus the model's constraints: what the ledger is built from. */
  readonly extraction: Extraction;
  readonly fromModel: readonly StatedConstraint[];
  readonly dropped: readonly DroppedRule[];
  readonly failures: readonly CompileFailure[];
  /** Requests made, and answers taken from the cache instead. */
  readonly requests: number;
  readonly cached: number;
  /** Secrets removed from the messages before they were sent. */
  readonly redacted: number;
}

const MAX_ANSWER_TOKENS = 2048;

/** Statuses by which a server says it does not support structured output (then plain JSON is asked for). */
const UNSUPPORTED_FORMAT = new Set([400, 422, 501]);

/** A structured-output request; a server that does not support structured output is asked again for plain JSON. */
export async function completeStructured(client: ModelClient, request: ChatRequest, cache?: AnswerCache): Promise<ChatOutcome> {
  const outcome = await client.complete(request, cache);
  if (outcome.ok || outcome.failure.kind !== 'rejected' || outcome.failure.status === undefined || !UNSUPPORTED_FORMAT.has(outcome.failure.status)) return outcome;
  const { jsonSchema: _structured, ...plain } = request;
  return client.complete(plain, cache);
}

/**
 * Deterministic extraction of `session`, plus what the model compiles from its user messages (redacted,
 * batched, temperature 0, answers cached by content hash). Never throws: a failed request is recorded
 * and the deterministic result stands for its messages.
 */
export async function compileWithModel(client: ModelClient, session: Session, cache?: AnswerCache): Promise<ModelCompilation> {
  const deterministic = extractConstraints(session);
  const fromModel: StatedConstraint[] = [];
  const dropped: DroppedRule[] = [];
  const failures: CompileFailure[] = [];
  let requests = 0;
  let cached = 0;
  const batches = modelBatches(session);
  const schema = modelAnswerJsonSchema();
  const answers = await Promise.all(
    batches.map(async (batch) => {
      const outcome = await completeStructured(client, { messages: compilerMessages(batch), maxTokens: MAX_ANSWER_TOKENS, temperature: 0, jsonSchema: { name: 'constraints', schema } }, cache);
      return { batch, outcome };
    }),
  );
  for (const { batch, outcome } of answers) {
    const turns = batch.messages.map((m) => m.turn);
    if (!outcome.ok) {
      requests += outcome.failure.attempts > 0 ? 1 : 0;
      failures.push({ kind: outcome.failure.kind, message: outcome.failure.message, turns });
      continue;
    }
    if (outcome.cached) cached++;
    else requests++;
    const { answer } = outcome;
    if (answer.refusal !== null) {
      failures.push({ kind: 'refused', message: answer.refusal, turns });
      continue;
    }
    const reading = readModelAnswer(answer.content ?? '', session, batch, { constraints: [...deterministic.constraints, ...fromModel], revocations: deterministic.revocations });
    if (!reading.ok) {
      failures.push({ kind: 'unreadable', message: reading.problem, turns });
      continue;
    }
    fromModel.push(...reading.constraints);
    dropped.push(...reading.dropped);
  }
  return {
    extraction: mergeModelConstraints(deterministic, fromModel),
    fromModel,
    dropped,
    failures,
    requests,
    cached,
    redacted: batches.reduce((sum, b) => sum + b.redacted, 0),
  };
}
