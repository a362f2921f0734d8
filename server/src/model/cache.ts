import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** What a cached answer holds: the parts of a chat completion the callers read. */
export const CachedAnswerSchema = z.object({
  content: z.string().nullable(),
  refusal: z.string().nullable(),
  toolCalls: z.array(z.object({ id: z.string(), name: z.string(), argumentsText: z.string() })),
  finishReason: z.string().nullable(),
});
export type CachedAnswer = z.infer<typeof CachedAnswerSchema>;

/** Answers by content hash, so analysing the same messages again does not call the model again. */
export interface AnswerCache {
  get(key: string): CachedAnswer | undefined;
  set(key: string, answer: CachedAnswer): void;
}

/** sha256 of the endpoint, the model and the whole request body: any change in what is asked is a new key. */
export function answerKey(baseUrl: string, model: string, body: unknown): string {
  return createHash('sha256').update(JSON.stringify({ baseUrl, model, body })).digest('hex');
}

export class MemoryAnswerCache implements AnswerCache {
  private readonly answers = new Map<string, CachedAnswer>();

  get(key: string): CachedAnswer | undefined {
    return this.answers.get(key);
  }

  set(key: string, answer: CachedAnswer): void {
    this.answers.set(key, answer);
  }
}

/** The CLI's cache: one JSON file per answer under `<cache folder>/model-answers`. A read or write failure only costs a call. */
export class FileAnswerCache implements AnswerCache {
  constructor(readonly folder: string) {}

  private fileFor(key: string): string {
    return join(this.folder, `${key}.json`);
  }

  get(key: string): CachedAnswer | undefined {
    let stored: unknown;
    try {
      stored = JSON.parse(readFileSync(this.fileFor(key), 'utf8'));
    } catch {
      return undefined;
    }
    const parsed = CachedAnswerSchema.safeParse(stored);
    return parsed.success ? parsed.data : undefined;
  }

  /** Written through a rename, so a concurrent reader never sees half an answer. */
  set(key: string, answer: CachedAnswer): void {
    const file = this.fileFor(key);
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      mkdirSync(this.folder, { recursive: true });
      writeFileSync(temporary, JSON.stringify(answer));
      renameSync(temporary, file);
    } catch {
      // A cache that cannot be written is a cache miss next time, nothing worse.
    }
  }
}

export const MODEL_CACHE_SUBFOLDER = 'model-answers';
