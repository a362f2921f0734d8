import { type ParseArgsConfig, parseArgs } from 'node:util';
import { z } from 'zod';
import { HOOK_AGENTS } from './hook/agents';
import { ON_ERROR_DECISIONS, ON_ERROR_ENV } from './hook/live';

export const CheckOptionsSchema = z.object({
  paths: z.array(z.string().min(1)).min(1, 'give at least one file or folder to check'),
  format: z.enum(['text', 'json', 'sarif']).default('text'),
  output: z.string().min(1).optional(),
  baseline: z.string().min(1).optional(),
  policy: z.array(z.string().min(1)).default([]),
});
export type CheckOptions = z.infer<typeof CheckOptionsSchema>;

export const GateOptionsSchema = z.object({
  onError: z.enum(ON_ERROR_DECISIONS).default('deny'),
  policy: z.array(z.string().min(1)).default([]),
});
export type GateOptions = z.infer<typeof GateOptionsSchema>;

export const HookSettingsOptionsSchema = z.object({
  action: z.enum(['install', 'uninstall']),
  agent: z.enum(HOOK_AGENTS, { message: `the agent is one of: ${HOOK_AGENTS.join(', ')}` }),
  scope: z.enum(['user', 'project']),
  command: z.string().min(1).optional(),
});
export type HookSettingsOptions = z.infer<typeof HookSettingsOptionsSchema>;

export class UsageError extends Error {}

export const USAGE = `Usage: ghost-lint check [PATH…] [--format text|json|sarif] [--output FILE] [--policy FILE] [--baseline FILE]
       ghost-lint hook claude-code|codex|gemini-cli [--on-error deny|allow|ask] [--confirm ask|deny] [--policy FILE]
       ghost-lint hook install|uninstall claude-code|codex|gemini-cli [--user|--project] [--command CMD]
       ghost-lint gate [--on-error deny|allow|ask] [--policy FILE] < request.json

Checks agent transcripts (files, or folders searched recursively) for tool calls that break
constraints stated earlier in the session.

Options:
  --format text|json|sarif  output format (default: text)
  --output FILE             write the report to FILE instead of standard output
  --policy FILE             add a workspace policy (.ghost-lint.json/.yaml) to the ones discovered
                            next to each transcript, up its folders, here, and in your home folder
  --baseline FILE           report only results not in this earlier SARIF file
  -h, --help                show this help
  -v, --version             print the version

hook <agent> is the live guard: the agent runs it before every tool call, with its hook JSON on
standard input, and it denies (or asks about) a call that would break a constraint of the session.
When the guard itself fails it answers --on-error (or $${ON_ERROR_ENV}), deny by default.
hook install/uninstall adds or removes that hook in the agent's settings (--user, the default, or
--project for this folder), keeping a backup. gate gives the same decision for any other agent: a
JSON request on standard input (schemas/gate-request.schema.json), a verdict on standard output.

Exit codes: 0 no error or warning results; 1 at least one; 2 usage or input error.
gate: 0 allow; 1 deny or ask; 2 the call could not be checked (the verdict then follows --on-error).`;

function zodMessage(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length > 0 ? `--${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
}

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'check'; options: CheckOptions }
  | { kind: 'gate'; options: GateOptions }
  | { kind: 'hook-settings'; options: HookSettingsOptions };

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

const COMMON = { help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'v' } } as const satisfies ParseArgsOptionsConfig;
const CHECK_OPTIONS = {
  format: { type: 'string', short: 'f' },
  output: { type: 'string', short: 'o' },
  baseline: { type: 'string' },
  policy: { type: 'string', multiple: true },
  ...COMMON,
} as const satisfies ParseArgsOptionsConfig;
const GATE_OPTIONS = { 'on-error': { type: 'string' }, policy: { type: 'string', multiple: true }, ...COMMON } as const satisfies ParseArgsOptionsConfig;
const HOOK_OPTIONS = { user: { type: 'boolean' }, project: { type: 'boolean' }, command: { type: 'string' }, ...COMMON } as const satisfies ParseArgsOptionsConfig;

function parse<T extends ParseArgsOptionsConfig>(argv: readonly string[], options: T) {
  try {
    return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** The command word: the first positional, read leniently so options may come before it. */
function commandWord(argv: readonly string[]): string | undefined {
  return parseArgs({ args: [...argv], allowPositionals: true, strict: false, options: { ...CHECK_OPTIONS, ...GATE_OPTIONS, ...HOOK_OPTIONS } }).positionals[0];
}

/** Parses argv (without node and script) into a command; throws UsageError with a readable message. */
export function parseCommand(argv: readonly string[]): Command {
  const word = commandWord(argv);
  if (word === 'gate') return parseGate(argv);
  if (word === 'hook') return parseHookSettings(argv);
  const { values, positionals } = parse(argv, CHECK_OPTIONS);
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const [command, ...paths] = positionals;
  if (command === undefined) throw new UsageError('missing command: ghost-lint check PATH…');
  if (command !== 'check') throw new UsageError(`unknown command "${command}"; the commands are: check, hook, gate`);
  const result = CheckOptionsSchema.safeParse({ paths, format: values.format, output: values.output, baseline: values.baseline, policy: values.policy });
  if (!result.success) throw new UsageError(zodMessage(result.error));
  return { kind: 'check', options: result.data };
}

function parseGate(argv: readonly string[]): Command {
  const { values, positionals } = parse(argv, GATE_OPTIONS);
  if (values.help) return { kind: 'help' };
  if (positionals.length > 1) throw new UsageError(`gate takes no arguments, found "${String(positionals[1])}"; the request comes on standard input`);
  const result = GateOptionsSchema.safeParse({ onError: values['on-error'], policy: values.policy });
  if (!result.success) throw new UsageError(zodMessage(result.error));
  return { kind: 'gate', options: result.data };
}

function parseHookSettings(argv: readonly string[]): Command {
  const { values, positionals } = parse(argv, HOOK_OPTIONS);
  if (values.help) return { kind: 'help' };
  const [, action, agent, extra] = positionals;
  if (action !== 'install' && action !== 'uninstall') {
    throw new UsageError(`hook takes an agent (${HOOK_AGENTS.join(', ')}) to run the guard, or install/uninstall and an agent`);
  }
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  if (values.user && values.project) throw new UsageError('give --user or --project, not both');
  const result = HookSettingsOptionsSchema.safeParse({ action, agent, scope: values.project ? 'project' : 'user', command: values.command });
  if (!result.success) throw new UsageError(result.error.issues.map((i) => i.message).join('; '));
  return { kind: 'hook-settings', options: result.data };
}
