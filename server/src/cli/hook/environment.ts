/*
 * The environment variables the live guard reads, and only those: the hook server is handed these
 * with each call rather than the whole environment of the agent's process, whose API keys and tokens
 * would otherwise pass through a file.
 */

/** What the guard answers when it fails, unless `--on-error` says: deny, allow or ask. */
export const ON_ERROR_ENV = 'GHOST_LINT_ON_ERROR';

/** The answers the guard may give when it fails. */
export const ON_ERROR_DECISIONS = ['deny', 'allow', 'ask'] as const;
export type OnError = (typeof ON_ERROR_DECISIONS)[number];

/** Every variable the guard reads: its home and cache folders (per platform) and `ON_ERROR_ENV`. */
export const HOOK_ENVIRONMENT = ['HOME', 'USERPROFILE', 'XDG_CACHE_HOME', 'LOCALAPPDATA', ON_ERROR_ENV] as const;

export type HookEnvironment = Readonly<Partial<Record<(typeof HOOK_ENVIRONMENT)[number], string>>>;

/** The guard's variables out of a process's environment. */
export function hookEnvironment(env: Readonly<Record<string, string | undefined>>): HookEnvironment {
  const picked: Partial<Record<(typeof HOOK_ENVIRONMENT)[number], string>> = {};
  for (const name of HOOK_ENVIRONMENT) {
    const value = env[name];
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}
