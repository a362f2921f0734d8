import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { redactSecrets } from '../engine/text';
import { type AnswerCache, type CachedAnswer, answerKey } from './cache';
import { ConcurrencyLimiter } from './limiter';
import type { EndpointSettings } from './settings';

export type ChatMessage = ChatCompletionMessageParam;
export type ChatTool = ChatCompletionTool;
/** One tool call as the model wrote it; `argumentsText` is parsed by the caller, since models write malformed JSON. */
export type RawToolCall = CachedAnswer['toolCalls'][number];
export type ChatAnswer = CachedAnswer;

export interface ChatRequest {
  readonly messages: readonly ChatMessage[];
  readonly tools?: readonly ChatTool[];
  readonly maxTokens?: number;
  /** Overrides the endpoint's temperature for this request. */
  readonly temperature?: number;
  /** Structured output: the answer must match this JSON Schema. */
  readonly jsonSchema?: { readonly name: string; readonly schema: Record<string, unknown> };
}

export const FAILURE_KINDS = ['timeout', 'rate-limited', 'server-error', 'connection', 'rejected', 'bad-answer'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** Why a request gave no answer, after every retry it was allowed. */
export interface ModelFailure {
  readonly kind: FailureKind;
  readonly message: string;
  readonly status?: number;
  readonly attempts: number;
}

export type ChatOutcome =
  | { readonly ok: true; readonly answer: ChatAnswer; readonly attempts: number; readonly cached: boolean }
  | { readonly ok: false; readonly failure: ModelFailure };

export interface ClientOptions {
  readonly apiKey?: string;
  /** First backoff step in milliseconds; doubles with each retry, with jitter. */
  readonly retryBaseMs?: number;
  /** A Retry-After longer than this ends the request as `rate-limited` instead of waiting. */
  readonly maxRetryWaitMs?: number;
  /** Jitter source in [0, 1). */
  readonly random?: () => number;
}

const BACKOFF_CAP_MS = 30_000;

interface Attempt {
  readonly failure: Omit<ModelFailure, 'attempts'>;
  readonly retryable: boolean;
  /** What the server asked for through Retry-After, in milliseconds. */
  readonly retryAfterMs?: number;
}

/** `retry-after-ms` (OpenAI's), or `Retry-After` in seconds or as an HTTP date. */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Chat Completions through the `openai` package against any compatible endpoint, with retries
 * (exponential backoff with jitter, Retry-After honoured) on timeouts, 429 and 5xx, a concurrency
 * limit, and an optional answer cache. `complete` never throws: every fault ends in a retry or a
 * ModelFailure. Failure messages are redacted, so the key cannot reach a report through them.
 */
export class ModelClient {
  private readonly openai: OpenAI;
  private readonly limiter: ConcurrencyLimiter;
  private readonly retryBaseMs: number;
  private readonly maxRetryWaitMs: number;
  private readonly random: () => number;
  private readonly apiKey: string | undefined;

  constructor(
    readonly settings: EndpointSettings,
    options: ClientOptions = {},
  ) {
    this.apiKey = options.apiKey;
    // Retries are ours (the SDK's ignore our backoff and limits); organization and project are pinned
    // so the SDK does not pick them up from the environment. Without a key (local servers) no
    // Authorization header is sent at all.
    this.openai = new OpenAI({
      baseURL: settings.baseUrl,
      apiKey: options.apiKey ?? 'no-key',
      organization: null,
      project: null,
      maxRetries: 0,
      timeout: settings.timeoutMs,
      ...(options.apiKey === undefined && { defaultHeaders: { Authorization: null } }),
    });
    this.limiter = new ConcurrencyLimiter(settings.concurrency);
    this.retryBaseMs = options.retryBaseMs ?? 500;
    this.maxRetryWaitMs = options.maxRetryWaitMs ?? 60_000;
    this.random = options.random ?? Math.random;
  }

  /** The request body exactly as sent (and as hashed for the cache). */
  body(request: ChatRequest): ChatCompletionCreateParamsNonStreaming {
    const temperature = request.temperature ?? this.settings.temperature;
    return {
      model: this.settings.model,
      messages: [...request.messages],
      ...(request.tools && request.tools.length > 0 && { tools: [...request.tools] }),
      ...(request.maxTokens !== undefined && { max_tokens: request.maxTokens }),
      ...(temperature !== undefined && { temperature }),
      ...(request.jsonSchema && { response_format: { type: 'json_schema', json_schema: { name: request.jsonSchema.name, schema: request.jsonSchema.schema, strict: false } } }),
    };
  }

  async complete(request: ChatRequest, cache?: AnswerCache): Promise<ChatOutcome> {
    const body = this.body(request);
    const key = cache ? answerKey(this.settings.baseUrl, this.settings.model, body) : undefined;
    const hit = key !== undefined ? cache?.get(key) : undefined;
    if (hit) return { ok: true, answer: hit, attempts: 0, cached: true };
    const outcome = await this.limiter.run(() => this.withRetries(body));
    if (outcome.ok && key !== undefined) cache?.set(key, outcome.answer);
    return outcome;
  }

  private async withRetries(body: ChatCompletionCreateParamsNonStreaming): Promise<ChatOutcome> {
    for (let attempt = 1; ; attempt++) {
      const result = await this.attempt(body);
      if ('answer' in result) return { ok: true, answer: result.answer, attempts: attempt, cached: false };
      const last = attempt > this.settings.maxRetries;
      if (!result.retryable || last) return { ok: false, failure: { ...result.failure, attempts: attempt } };
      if (result.retryAfterMs !== undefined && result.retryAfterMs > this.maxRetryWaitMs) {
        return { ok: false, failure: { ...result.failure, message: `${result.failure.message} (the server asked to wait ${Math.ceil(result.retryAfterMs / 1000)} s)`, attempts: attempt } };
      }
      await sleep(result.retryAfterMs ?? this.backoff(attempt));
    }
  }

  /** Half the exponential step plus a random half of it, so concurrent clients spread out. */
  private backoff(attempt: number): number {
    const step = Math.min(BACKOFF_CAP_MS, this.retryBaseMs * 2 ** (attempt - 1));
    return step / 2 + this.random() * (step / 2);
  }

  private async attempt(body: ChatCompletionCreateParamsNonStreaming): Promise<{ answer: ChatAnswer } | Attempt> {
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await this.openai.chat.completions.create(body);
    } catch (e) {
      return this.classify(e);
    }
    const message = completion?.choices?.[0]?.message;
    if (!message) return { failure: { kind: 'bad-answer', message: 'the answer has no choices[0].message' }, retryable: false };
    const toolCalls = (message.tool_calls ?? []).flatMap((call) =>
      call.type === 'function' ? [{ id: String(call.id), name: String(call.function?.name ?? ''), argumentsText: typeof call.function?.arguments === 'string' ? call.function.arguments : JSON.stringify(call.function?.arguments ?? {}) }] : [],
    );
    return {
      answer: {
        content: typeof message.content === 'string' ? message.content : null,
        refusal: typeof message.refusal === 'string' ? message.refusal : null,
        toolCalls,
        finishReason: completion.choices[0]?.finish_reason ?? null,
      },
    };
  }

  private classify(e: unknown): Attempt {
    const message = this.redacted(e instanceof Error ? e.message : String(e));
    if (e instanceof OpenAI.APIConnectionTimeoutError) return { failure: { kind: 'timeout', message: `no answer within ${this.settings.timeoutMs} ms` }, retryable: true };
    if (e instanceof OpenAI.APIConnectionError) return { failure: { kind: 'connection', message }, retryable: true };
    if (e instanceof OpenAI.APIError && typeof e.status === 'number') {
      const status = e.status;
      const after = retryAfterMs(e.headers);
      const retryAfter = after !== undefined ? { retryAfterMs: after } : {};
      if (status === 429) return { failure: { kind: 'rate-limited', message, status }, retryable: true, ...retryAfter };
      if (status >= 500) return { failure: { kind: 'server-error', message, status }, retryable: true, ...retryAfter };
      if (status === 408 || status === 409) return { failure: { kind: 'server-error', message, status }, retryable: true, ...retryAfter };
      return { failure: { kind: 'rejected', message, status }, retryable: false };
    }
    // An answer the SDK could not read (not JSON, cut short) is the server's fault, and may not repeat.
    return { failure: { kind: 'bad-answer', message }, retryable: true };
  }

  private redacted(text: string): string {
    const withoutKey = this.apiKey ? text.split(this.apiKey).join('[REDACTED:api-key]') : text;
    return redactSecrets(withoutKey).text;
  }
}
