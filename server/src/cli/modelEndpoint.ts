import { resolve } from 'node:path';
import { ModelClient } from '../model/client';
import { type EndpointSettings, EndpointSettingsSchema, resolveApiKey } from '../model/settings';
import type { CliIo } from './io';
import { UsageError } from './options';

/** The endpoint options `check --model` and `bench --agent model` share. */
export interface EndpointOptions {
  readonly baseUrl?: string | undefined;
  readonly modelName: string;
  readonly apiKeyFile?: string | undefined;
  readonly timeoutMs?: number | undefined;
  readonly maxRetries?: number | undefined;
  readonly concurrency?: number | undefined;
}

/** The endpoint settings' names as the command line spells them, for its messages. */
const FLAGS: Record<string, string> = { baseUrl: '--base-url', model: '--model-name', timeoutMs: '--timeout', maxRetries: '--retries', concurrency: '--concurrency' };

/**
 * A client for the endpoint the options name. The key comes from --api-key-file, else
 * $GHOST_LINT_API_KEY or $OPENAI_API_KEY, and is given to the client only: it is never printed.
 * A bad URL or an unreadable key file is a usage error.
 */
export function endpointClient(io: CliIo, options: EndpointOptions): { client: ModelClient; settings: EndpointSettings } {
  const settings = EndpointSettingsSchema.safeParse({ baseUrl: options.baseUrl, model: options.modelName, timeoutMs: options.timeoutMs, maxRetries: options.maxRetries, concurrency: options.concurrency });
  if (!settings.success) throw new UsageError(settings.error.issues.map((i) => `${FLAGS[String(i.path[0])] ?? i.path.join('.')}: ${i.message}`).join('; '));
  const key = resolveApiKey(io.env ?? {}, options.apiKeyFile !== undefined ? resolve(io.cwd, options.apiKeyFile) : undefined);
  if (!key.ok) throw new UsageError(key.error);
  return { client: new ModelClient(settings.data, { ...(key.key !== undefined && { apiKey: key.key }) }), settings: settings.data };
}
