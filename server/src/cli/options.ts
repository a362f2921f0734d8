import { type ParseArgsConfig, parseArgs } from 'node:util';
import { z } from 'zod';
import { BENCH_AGENTS, DEFAULT_REPETITIONS } from '../bench/agents';
import { DEFENCES } from '../bench/runner';
import { HOOK_AGENTS } from './hook/agents';
import { ON_ERROR_DECISIONS, ON_ERROR_ENV } from './hook/environment';

const wholeNumber = (flag: string) => z.coerce.number({ message: `${flag} is a whole number` }).int(`${flag} is a whole number`);

/** Where a model-backed feature sends its requests (`check --model`, `bench --agent model`); the key is read apart, never an option's value. */
const EndpointOptionsSchema = (needsName: string) =>
  z.object({
    baseUrl: z.string().min(1).optional(),
    modelName: z.string({ message: needsName }).min(1),
    apiKeyFile: z.string().min(1).optional(),
    timeoutMs: wholeNumber('--timeout').optional(),
    maxRetries: wholeNumber('--retries').optional(),
    concurrency: wholeNumber('--concurrency').optional(),
  });

export const CheckOptionsSchema = z.object({
  paths: z.array(z.string().min(1)).min(1, 'give at least one file or folder to check'),
  format: z.enum(['text', 'json', 'sarif']).default('text'),
  output: z.string().min(1).optional(),
  baseline: z.string().min(1).optional(),
  policy: z.array(z.string().min(1)).default([]),
  /** Print notes in the text format; JSON and SARIF always carry them. */
  notes: z.boolean().default(false),
  /** Read every message afresh and keep no readings for the next run (`--no-cache`). */
  cache: z.boolean().default(true),
  /** Model-backed extraction (opt-in): where to send the user messages, and the key file. */
  model: EndpointOptionsSchema('--model needs --model-name: the model as the endpoint names it').optional(),
  /** `--jobs N`: worker threads checking files at once; by default one per core the process may use. */
  jobs: z.coerce.number({ message: 'is a whole number' }).int('is a whole number').min(1, 'is at least 1').optional(),
  /** `--shard K/N`: only the files in part K (1-based) of N, split by path (host/shards.ts). */
  shard: z
    .string()
    .transform((text, context) => {
      const match = /^(\d+)\/(\d+)$/.exec(text.trim());
      const index = Number(match?.[1]);
      const count = Number(match?.[2]);
      if (!match || count < 1 || index < 1 || index > count) {
        context.addIssue({ code: 'custom', message: `"${text}" is not K/N with 1 ≤ K ≤ N (e.g. 2/8; a Kubernetes completion index i is shard i+1)` });
        return z.NEVER;
      }
      return { index, count };
    })
    .optional(),
});
export type CheckOptions = z.infer<typeof CheckOptionsSchema>;

export const MergeOptionsSchema = z.object({
  reports: z.array(z.string().min(1)).min(1, 'give the reports of the shards to merge (check --shard K/N --format json|sarif --output FILE)'),
  /** JSON reports merge into any format (JSON by default); SARIF logs into SARIF. */
  format: z.enum(['text', 'json', 'sarif']).optional(),
  output: z.string().min(1).optional(),
  notes: z.boolean().default(false),
});
export type MergeOptions = z.infer<typeof MergeOptionsSchema>;

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
  /** Whether the installed hook asks the hook server (`hook <agent> --server`). */
  server: z.boolean(),
});
export type HookSettingsOptions = z.infer<typeof HookSettingsOptionsSchema>;

/** How long a resident server (`hook serve`, `check-server`) waits for a request before it stops. */
export const DEFAULT_SERVER_IDLE_SECONDS = 900;
export const ServeOptionsSchema = z.object({
  idleSeconds: z.coerce.number({ message: 'must be a number of seconds' }).int('must be a whole number of seconds').positive('must be at least 1').default(DEFAULT_SERVER_IDLE_SECONDS),
});
export type ServeOptions = z.infer<typeof ServeOptionsSchema>;

/** Where `bench` looks for cases when none are named. */
export const DEFAULT_CASES = 'examples/cases';

const count = (what: string, min: number) => z.coerce.number({ message: `${what} is a whole number` }).int(`${what} is a whole number`).min(min, `${what} is at least ${min}`);

export const BenchOptionsSchema = z
  .object({
    paths: z.array(z.string().min(1)).default([DEFAULT_CASES]),
    agent: z.enum(BENCH_AGENTS, { message: `give --agent ${BENCH_AGENTS.join('|')}` }),
    defences: z.array(z.enum(DEFENCES, { message: `the defence is one of: ${DEFENCES.join(', ')}` })).min(1, `give --defense ${DEFENCES.join('|')}`),
    repetitions: count('--repetitions', 1).optional(),
    format: z.enum(['text', 'json', 'markdown']).default('text'),
    output: z.string().min(1).optional(),
    seed: count('--seed', 0).max(0xffffffff, '--seed is at most 4294967295').default(1),
    saveRuns: z.string().min(1).optional(),
    /** The endpoint of `--agent model`. */
    model: EndpointOptionsSchema('--agent model needs --model-name: the model as the endpoint names it').optional(),
  })
  .transform((options) => ({ ...options, repetitions: options.repetitions ?? DEFAULT_REPETITIONS[options.agent === 'model' ? 'model' : 'replay'] }));
export type BenchCommandOptions = z.infer<typeof BenchOptionsSchema>;

export class UsageError extends Error {}

export const USAGE = `Usage: ghost-lint check [PATH…] [--format text|json|sarif] [--output FILE] [--policy FILE] [--baseline FILE] [--notes]
                        [--shard K/N] [--jobs N] [--no-cache] [--server] [--model --model-name NAME [--base-url URL] [--api-key-file FILE] [ENDPOINT…]]
       ghost-lint check-server [--idle-seconds N]
       ghost-lint merge REPORT… [--format text|json|sarif] [--output FILE] [--notes]
       ghost-lint hook claude-code|codex|gemini-cli [--on-error deny|allow|ask] [--confirm ask|deny] [--policy FILE] [--server]
       ghost-lint hook install|uninstall claude-code|codex|gemini-cli [--user|--project] [--command CMD] [--no-server]
       ghost-lint hook serve [--idle-seconds N]
       ghost-lint gate [--on-error deny|allow|ask] [--policy FILE] < request.json
       ghost-lint bench [CASES…] --agent replay-safe|replay-forgetful|replay-ghost --defense none|restore|audit|full
                        [--repetitions N] [--format text|json|markdown] [--output FILE] [--seed N] [--save-runs DIR]
       ghost-lint bench [CASES…] --agent model --model-name NAME [--base-url URL] [--api-key-file FILE] [ENDPOINT…]
                        --defense none|restore|audit|full [--repetitions N] …

Checks agent transcripts (files, or folders searched recursively) for tool calls that break
constraints stated earlier in the session.

Options:
  --format text|json|sarif  output format (default: text)
  --output FILE             write the report to FILE instead of standard output
  --policy FILE             add a workspace policy (.ghost-lint.json/.yaml) to the ones discovered
                            next to each transcript, up its folders, here, and in your home folder
  --baseline FILE           report only results not in this earlier SARIF file
  --notes                   also print notes (the constraints found, calls stopped before they ran)
                            in the text format; without it they are only counted (json and sarif
                            always have them)
  --shard K/N               check only part K of N of the files, split by their paths (the same
                            split on every machine); merge joins the parts' reports
  -j, --jobs N              files checked at once, by worker threads (default: one per core; 1
                            checks them one by one in this thread)
  --no-cache                read every message afresh; by default what this build of ghost-lint
                            read in a message (its rules) is kept in the cache folder for the next run
  --server                  hand the check to the check server (check-server: the engine kept loaded
                            and warm, private to you), starting one when none runs; the same report,
                            without a process's start (not with --model)
  --model                   also send the user messages (secrets redacted) to a model that proposes
                            constraints; needs --model-name, --base-url for a server other than
                            OpenAI's (vLLM, llama.cpp, Ollama: http://host:port/v1); the key comes from
                            --api-key-file or $GHOST_LINT_API_KEY / $OPENAI_API_KEY
  ENDPOINT: --timeout MS    time for one model request (default 60000)
            --retries N     retries after a timeout, 429 or 5xx, with backoff (default 3)
            --concurrency N model requests in flight at once (default 4)
  -h, --help                show this help
  -v, --version             print the version

check-server runs the checks of check --server, one at a time, until --idle-seconds pass without one
(${DEFAULT_SERVER_IDLE_SECONDS} by default). A check it cannot run (none is running yet, or it stopped) runs in check's own process.

merge joins the JSON reports (or the SARIF logs) of check --shard runs over one corpus, from one
folder, into the report one run over it gives, files in the order a folder search meets them;
JSON reports merge into any --format (json by default), SARIF logs into SARIF. It exits as check would
on the merged report.

hook <agent> is the live guard: the agent runs it before every tool call, with its hook JSON on
standard input, and it denies (or asks about) a call that would break a constraint of the session.
When the guard itself fails it answers --on-error (or $${ON_ERROR_ENV}), deny by default.
With --server it hands the call to the hook server (hook serve: the same guard kept running, private
to you, stopping after --idle-seconds without a call, ${DEFAULT_SERVER_IDLE_SECONDS} by default), starting one when none
answers, and judges the call itself whenever the server cannot.
hook install/uninstall adds or removes that hook in the agent's settings (--user, the default, or
--project for this folder), keeping a backup; the hook uses the server unless --no-server. gate gives the same decision for any other agent: a
JSON request on standard input (schemas/gate-request.schema.json), a verdict on standard output.

bench runs benchmark cases (*.case.json/*.case.yaml files, or folders of them; ${DEFAULT_CASES} by
default) under the four conditions (short/long history × explicit/implicit request) with a scripted
agent or a model, behind each defence asked for (--defense, or --defence, once per defence to compare):
none; restore (the constraints still in force are put before the resumed request); audit (the auditor
judges every call first, repairs missing prerequisites, blocks violations); full (restore and audit).
Restoration only changes what a model reads: a replay agent runs restore as none and full as audit.
It reports the outcome rates, the GHOST rate and the long-history difference-in-differences with 95%
case-cluster bootstrap intervals (--seed makes them reproducible). --format json follows
schemas/bench-report.schema.json; markdown is the paper's table. --save-runs writes every run as an
OpenAI Chat transcript (with a .ghost-lint.json declaring the cases' tools) to open in the editor or
check. --agent model sends each run's conversation and the case's tools to an OpenAI-compatible
endpoint (the --model options above; the key as for check --model), --repetitions 5 unless given,
and always saves its runs (in ghost-lint-runs/<time> unless --save-runs names a folder).

Exit codes: 0 no error or warning results; 1 at least one; 2 usage or input error.
gate: 0 allow; 1 deny or ask; 2 the call could not be checked (the verdict then follows --on-error).
bench: 0 the runs completed; 2 usage or input error (valid cases still run).`;

function zodMessage(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length > 0 ? `--${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
}

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'check'; options: CheckOptions }
  | { kind: 'merge'; options: MergeOptions }
  | { kind: 'gate'; options: GateOptions }
  | { kind: 'bench'; options: BenchCommandOptions }
  | { kind: 'hook-settings'; options: HookSettingsOptions }
  | { kind: 'hook-serve'; options: ServeOptions }
  | { kind: 'check-serve'; options: ServeOptions };

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

const COMMON = { help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'v' } } as const satisfies ParseArgsOptionsConfig;
// The model endpoint, for check --model and bench --agent model.
const ENDPOINT_FLAGS = {
  'base-url': { type: 'string' },
  'model-name': { type: 'string' },
  'api-key-file': { type: 'string' },
  timeout: { type: 'string' },
  retries: { type: 'string' },
  concurrency: { type: 'string' },
} as const satisfies ParseArgsOptionsConfig;
const CHECK_OPTIONS = {
  format: { type: 'string', short: 'f' },
  output: { type: 'string', short: 'o' },
  baseline: { type: 'string' },
  policy: { type: 'string', multiple: true },
  notes: { type: 'boolean' },
  'no-cache': { type: 'boolean' },
  server: { type: 'boolean' },
  model: { type: 'boolean' },
  shard: { type: 'string' },
  jobs: { type: 'string', short: 'j' },
  ...ENDPOINT_FLAGS,
  ...COMMON,
} as const satisfies ParseArgsOptionsConfig;
const MERGE_OPTIONS = { format: { type: 'string', short: 'f' }, output: { type: 'string', short: 'o' }, notes: { type: 'boolean' }, ...COMMON } as const satisfies ParseArgsOptionsConfig;
const GATE_OPTIONS = { 'on-error': { type: 'string' }, policy: { type: 'string', multiple: true }, ...COMMON } as const satisfies ParseArgsOptionsConfig;
const BENCH_OPTIONS = {
  agent: { type: 'string' },
  defense: { type: 'string', multiple: true },
  defence: { type: 'string', multiple: true },
  repetitions: { type: 'string' },
  format: { type: 'string', short: 'f' },
  output: { type: 'string', short: 'o' },
  seed: { type: 'string' },
  'save-runs': { type: 'string' },
  ...ENDPOINT_FLAGS,
  ...COMMON,
} as const satisfies ParseArgsOptionsConfig;
const HOOK_OPTIONS = { user: { type: 'boolean' }, project: { type: 'boolean' }, command: { type: 'string' }, 'no-server': { type: 'boolean' }, ...COMMON } as const satisfies ParseArgsOptionsConfig;
const SERVE_OPTIONS = { 'idle-seconds': { type: 'string' }, ...COMMON } as const satisfies ParseArgsOptionsConfig;

function parse<T extends ParseArgsOptionsConfig>(argv: readonly string[], options: T) {
  try {
    return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** The command word: the first positional, read leniently so options may come before it. */
function commandWord(argv: readonly string[]): string | undefined {
  return parseArgs({ args: [...argv], allowPositionals: true, strict: false, options: { ...CHECK_OPTIONS, ...MERGE_OPTIONS, ...GATE_OPTIONS, ...HOOK_OPTIONS, ...SERVE_OPTIONS, ...BENCH_OPTIONS } }).positionals[0];
}

/** The endpoint flags' raw values, named as EndpointOptionsSchema names them. */
function endpointValues(values: Partial<Record<'base-url' | 'model-name' | 'api-key-file' | 'timeout' | 'retries' | 'concurrency', string | boolean | string[] | boolean[] | undefined>>) {
  return { baseUrl: values['base-url'], modelName: values['model-name'], apiKeyFile: values['api-key-file'], timeoutMs: values.timeout, maxRetries: values.retries, concurrency: values.concurrency };
}

/** Parses argv (without node and script) into a command; throws UsageError with a readable message. */
export function parseCommand(argv: readonly string[]): Command {
  const word = commandWord(argv);
  if (word === 'gate') return parseGate(argv);
  if (word === 'hook') return parseHookSettings(argv);
  if (word === 'bench') return parseBench(argv);
  if (word === 'merge') return parseMerge(argv);
  if (word === 'check-server') return parseServe(argv, 'check-serve', 1);
  const { values, positionals } = parse(argv, CHECK_OPTIONS);
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const [command, ...paths] = positionals;
  if (command === undefined) throw new UsageError('missing command: ghost-lint check PATH…');
  if (command !== 'check') throw new UsageError(`unknown command "${command}"; the commands are: check, merge, hook, gate, bench, check-server`);
  const modelOptions = endpointValues(values);
  if (!values.model && Object.values(modelOptions).some((v) => v !== undefined)) throw new UsageError('--base-url, --model-name, --api-key-file, --timeout, --retries and --concurrency only apply with --model');
  // The model's key stays in the process that was given it.
  if (values.model && values.server) throw new UsageError('--server and --model cannot be combined: a check with a model runs in its own process');
  const result = CheckOptionsSchema.safeParse({
    paths,
    format: values.format,
    output: values.output,
    baseline: values.baseline,
    policy: values.policy,
    notes: values.notes,
    cache: !values['no-cache'],
    shard: values.shard,
    jobs: values.jobs,
    ...(values.model && { model: modelOptions }),
  });
  if (!result.success) throw new UsageError(zodMessage(result.error));
  return { kind: 'check', options: result.data };
}

function parseMerge(argv: readonly string[]): Command {
  const { values, positionals } = parse(argv, MERGE_OPTIONS);
  if (values.help) return { kind: 'help' };
  const result = MergeOptionsSchema.safeParse({ reports: positionals.slice(1), format: values.format, output: values.output, notes: values.notes });
  if (!result.success) throw new UsageError(zodMessage(result.error));
  return { kind: 'merge', options: result.data };
}

function parseGate(argv: readonly string[]): Command {
  const { values, positionals } = parse(argv, GATE_OPTIONS);
  if (values.help) return { kind: 'help' };
  if (positionals.length > 1) throw new UsageError(`gate takes no arguments, found "${String(positionals[1])}"; the request comes on standard input`);
  const result = GateOptionsSchema.safeParse({ onError: values['on-error'], policy: values.policy });
  if (!result.success) throw new UsageError(zodMessage(result.error));
  return { kind: 'gate', options: result.data };
}

function parseBench(argv: readonly string[]): Command {
  const { values, positionals } = parse(argv, BENCH_OPTIONS);
  if (values.help) return { kind: 'help' };
  const paths = positionals.slice(1);
  const defences = [...(values.defense ?? []), ...(values.defence ?? [])];
  const modelOptions = endpointValues(values);
  const isModel = values.agent === 'model';
  if (!isModel && Object.values(modelOptions).some((v) => v !== undefined)) throw new UsageError('--base-url, --model-name, --api-key-file, --timeout, --retries and --concurrency only apply with --agent model');
  const result = BenchOptionsSchema.safeParse({
    paths: paths.length > 0 ? paths : undefined,
    agent: values.agent,
    defences,
    repetitions: values.repetitions,
    format: values.format,
    output: values.output,
    seed: values.seed,
    saveRuns: values['save-runs'],
    ...(isModel && { model: modelOptions }),
  });
  if (!result.success) throw new UsageError(zodMessage(result.error));
  return { kind: 'bench', options: { ...result.data, defences: [...new Set(result.data.defences)] } };
}

/** `hook serve` and `check-server`: a resident server's options (after its one or two command words). */
function parseServe(argv: readonly string[], kind: 'hook-serve' | 'check-serve', words: number): Command {
  const { values, positionals } = parse(argv, SERVE_OPTIONS);
  if (values.help) return { kind: 'help' };
  if (positionals.length > words) throw new UsageError(`unexpected argument "${String(positionals[words])}"`);
  const result = ServeOptionsSchema.safeParse({ idleSeconds: values['idle-seconds'] });
  if (!result.success) throw new UsageError(zodMessage(result.error).replace('--idleSeconds', '--idle-seconds'));
  return { kind, options: result.data };
}

function parseHookSettings(argv: readonly string[]): Command {
  if (parseArgs({ args: [...argv], allowPositionals: true, strict: false, options: { ...HOOK_OPTIONS, ...SERVE_OPTIONS } }).positionals[1] === 'serve') return parseServe(argv, 'hook-serve', 2);
  const { values, positionals } = parse(argv, HOOK_OPTIONS);
  if (values.help) return { kind: 'help' };
  const [, action, agent, extra] = positionals;
  if (action !== 'install' && action !== 'uninstall') {
    throw new UsageError(`hook takes an agent (${HOOK_AGENTS.join(', ')}) to run the guard, install/uninstall and an agent, or serve`);
  }
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  if (values.user && values.project) throw new UsageError('give --user or --project, not both');
  const result = HookSettingsOptionsSchema.safeParse({ action, agent, scope: values.project ? 'project' : 'user', command: values.command, server: !values['no-server'] });
  if (!result.success) throw new UsageError(result.error.issues.map((i) => i.message).join('; '));
  return { kind: 'hook-settings', options: result.data };
}
