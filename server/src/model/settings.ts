import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * Where model-backed features send their requests. The API key is deliberately not a setting: it
 * comes from the environment or a key file on the command line and from SecretStorage in the
 * editor, so it never lands in a settings file, a report or a log.
 */
export const EndpointSettingsSchema = z
  .object({
    baseUrl: z.url({ protocol: /^https?$/, message: 'the base URL is an http(s) URL, e.g. http://127.0.0.1:11434/v1' }).default('https://api.openai.com/v1').describe('An OpenAI-compatible API root: OpenAI, vLLM, llama.cpp server, Ollama (…/v1).'),
    model: z.string().min(1).describe('Model name as the endpoint knows it.'),
    timeoutMs: z.number().int().positive().default(60_000).describe('Time allowed for one request, in milliseconds.'),
    maxRetries: z.number().int().min(0).max(10).default(3).describe('Retries after a timeout, a 429 or a 5xx answer.'),
    concurrency: z.number().int().min(1).max(64).default(4).describe('Requests in flight at once.'),
    temperature: z.number().min(0).max(2).optional().describe('Sampling temperature; left to the endpoint when absent.'),
  })
  .strict();
export type EndpointSettings = z.infer<typeof EndpointSettingsSchema>;
export type EndpointSettingsInput = z.input<typeof EndpointSettingsSchema>;

/** Environment variables the CLI reads the key from, in order. */
export const API_KEY_ENV = ['GHOST_LINT_API_KEY', 'OPENAI_API_KEY'] as const;

export type ApiKeyResult = { readonly ok: true; readonly key: string | undefined } | { readonly ok: false; readonly error: string };

/**
 * The CLI's API key: the first line of `--api-key-file` when given, else the first environment
 * variable of API_KEY_ENV that is set; undefined when there is none (local servers need none).
 * Errors name the file, never its content.
 */
export function resolveApiKey(env: Readonly<Record<string, string | undefined>>, keyFile: string | undefined): ApiKeyResult {
  if (keyFile !== undefined) {
    let content: string;
    try {
      content = readFileSync(keyFile, 'utf8');
    } catch (e) {
      return { ok: false, error: `--api-key-file: cannot read ${keyFile}: ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}` };
    }
    const key = content.split(/\r?\n/)[0]?.trim() ?? '';
    return key === '' ? { ok: false, error: `--api-key-file: ${keyFile} is empty` } : { ok: true, key };
  }
  for (const name of API_KEY_ENV) {
    const value = env[name]?.trim();
    if (value) return { ok: true, key: value };
  }
  return { ok: true, key: undefined };
}
