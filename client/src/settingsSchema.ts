import * as z from 'zod/mini';
import { en } from 'zod/locales';

/*
 * Every setting of the extension, defined once: type, default, description and scope. The manifest's
 * `contributes.configuration` is generated from this (`npm run gen:manifest`; a test fails when they
 * drift), and the extension validates what it reads against it. zod's mini build keeps the
 * extension's bundle small; its English messages name what a bad value should have been.
 */
z.config(en());

export const SETTINGS_SECTION = 'ghostLint';

export const AGENTS = ['claude-code', 'codex', 'gemini-cli'] as const;
export type Agent = (typeof AGENTS)[number];

/** Where a setting may be set: `machine` settings are not synced (they name this machine's folders). */
type Scope = 'machine' | 'window';

function setting<T extends z.ZodMiniType>(schema: T, defaultValue: z.core.util.NoUndefined<z.output<T>>, description: string, scope: Scope): z.ZodMiniDefault<T> {
  const withDefault = z._default(schema, defaultValue);
  z.globalRegistry.add(withDefault, { description, scope });
  return withDefault;
}

export const SETTINGS = {
  'sessions.agents': setting(
    z.array(z.enum(AGENTS)),
    [...AGENTS],
    'Agents whose sessions on this machine the Agent Sessions view lists: Claude Code (~/.claude/projects), Codex (~/.codex/sessions), Gemini CLI (~/.gemini/tmp).',
    'machine',
  ),
  'sessions.folders': setting(
    z.array(z.string().check(z.minLength(1))),
    [],
    'More folders of session files for the Agent Sessions view (absolute paths; ~ is your home folder). Files in them that are not transcripts are left out.',
    'machine',
  ),
  'sessions.maxPerSource': setting(
    z.number().check(z.int(), z.minimum(1), z.maximum(1000)),
    50,
    'How many of the newest sessions the Agent Sessions view lists from each agent or folder.',
    'machine',
  ),
  'sessions.notifyOnViolation': setting(z.boolean(), true, 'Show a notification when a session that is being written gets a new violation.', 'machine'),
  'statusBar.enabled': setting(z.boolean(), true, "Show the active transcript's verdict in the status bar.", 'window'),
  'liveGuard.nodePath': setting(z.string(), '', 'Node.js (20 or later) that runs the live guard an agent calls before each tool call. Empty: the `node` on PATH.', 'machine'),
  'trace.server': setting(z.enum(['off', 'messages', 'verbose']), 'off', 'Log the messages between VS Code and the ghost-lint language server (in the ghost-lint output channel).', 'window'),
  // Model-backed features (opt-in). The switch and the endpoint are machine settings, so a workspace's own settings cannot turn them on or send requests elsewhere; the API key is never a setting (ghost-lint: Set Model API Key keeps it in SecretStorage).
  'model.enabled': setting(
    z.boolean(),
    false,
    'Allow model-backed features (the model agent of Run Benchmark…). Nothing is sent to a model unless this is on, and never from an untrusted workspace. The API key is set with "ghost-lint: Set Model API Key", not here.',
    'machine',
  ),
  'model.baseUrl': setting(
    z.string().check(z.regex(/^https?:\/\/\S+$/, 'an http(s) URL, e.g. http://127.0.0.1:11434/v1')),
    'https://api.openai.com/v1',
    'OpenAI-compatible API root: OpenAI (https://api.openai.com/v1), vLLM, llama.cpp server or Ollama (http://host:port/v1).',
    'machine',
  ),
  'model.name': setting(z.string(), '', 'The model as the endpoint names it (e.g. gpt-4o-mini, or the model a local server has loaded). Model features stay off while this is empty.', 'window'),
  'model.timeoutMs': setting(z.number().check(z.int(), z.minimum(1000), z.maximum(600_000)), 60_000, 'Time allowed for one model request, in milliseconds.', 'window'),
  'model.maxRetries': setting(z.number().check(z.int(), z.minimum(0), z.maximum(10)), 3, 'Retries after a timeout, a 429 or a 5xx answer, with exponential backoff (Retry-After honoured).', 'window'),
  'model.concurrency': setting(z.number().check(z.int(), z.minimum(1), z.maximum(64)), 4, 'Model requests (benchmark runs) in flight at once.', 'window'),
  'model.temperature': setting(z.number().check(z.minimum(0), z.maximum(2)), 0.7, "Sampling temperature of the benchmark's model agent (the paper's 0.7); servers that do not support it ignore it.", 'window'),
  'benchmark.modelRepetitions': setting(
    z.number().check(z.int(), z.minimum(1), z.maximum(100)),
    5,
    "Repetitions of each case and condition when Run Benchmark… runs the model agent (the paper's 5); the replay agents are deterministic and run once.",
    'window',
  ),
  'benchmark.seed': setting(z.number().check(z.int(), z.minimum(0), z.maximum(4_294_967_295)), 1, 'Seed of the bootstrap intervals (and of each run), so a benchmark report can be reproduced.', 'window'),
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type Settings = { readonly [K in SettingKey]: z.output<(typeof SETTINGS)[K]> };

export interface SettingProblem {
  /** The full setting name, as the user writes it in settings.json. */
  readonly setting: string;
  readonly message: string;
}

/**
 * Validates each setting on its own: a value that does not fit its schema falls back to the default
 * and is reported, and the other settings still apply. `read` gives a setting's raw value (undefined
 * when unset).
 */
export function validateSettings(read: (key: SettingKey) => unknown): { settings: Settings; problems: SettingProblem[] } {
  const settings: Record<string, unknown> = {};
  const problems: SettingProblem[] = [];
  for (const [key, schema] of Object.entries(SETTINGS) as [SettingKey, (typeof SETTINGS)[SettingKey]][]) {
    const parsed = schema.safeParse(read(key));
    if (parsed.success) {
      settings[key] = parsed.data;
    } else {
      settings[key] = schema.parse(undefined);
      problems.push({ setting: `${SETTINGS_SECTION}.${key}`, message: parsed.error.issues.map((issue) => issue.message).join('; ') });
    }
  }
  return { settings: settings as Settings, problems };
}
