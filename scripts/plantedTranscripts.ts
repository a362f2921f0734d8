import type { RuleId } from '../server/src/engine/findings';
import type { TranscriptFormat } from '../server/src/engine/session';
import { seededRandom } from '../server/src/engine/text';

/**
 * Generated transcripts with constraints stated by the user and violations planted at known places,
 * for benchmarks, fuzzing and tests that need a session of a given size whose right answer is known.
 * Four shapes (Claude Code and Codex JSON Lines, OpenAI chat and Anthropic Messages JSON), from a few
 * turns to 100,000 turns or 100 MB. Every session states three rules, each in one of several
 * wordings (chosen by `seed`), then works in rounds of requests, tool calls and results: mostly
 * outside every rule's scope, with near misses that keep the rules (a backup before the deletion, a
 * deletion next to the protected folder, a push to a feature branch) and the planted calls that break
 * them spread evenly over the session. `check` on the text reports exactly `violations`.
 */

export type GeneratedShape = 'claude-code' | 'codex' | 'openai-chat' | 'anthropic';
export const GENERATED_SHAPES: readonly GeneratedShape[] = ['claude-code', 'codex', 'openai-chat', 'anthropic'];

export interface GeneratorOptions {
  readonly shape: GeneratedShape;
  /** Grow until the session has at least this many turns (default 1,000 when `bytes` is not given). */
  readonly turns?: number;
  /** Grow until the text has at least this many UTF-16 units; with `turns`, tool output is padded to reach it at that many turns. */
  readonly bytes?: number;
  /** How many violating calls to plant (default 3, one per rule, then round again). */
  readonly violations?: number;
  /** Picks the wording of each rule and varies the work between rounds. */
  readonly seed?: number;
}

export interface PlantedViolation {
  readonly callId: string;
  readonly rule: RuleId;
}

export interface GeneratedTranscript {
  readonly text: string;
  readonly format: TranscriptFormat;
  /** Turns the session model counts (records or messages, one each). */
  readonly turns: number;
  readonly calls: number;
  /** The rule sentences as the user typed them, in order. */
  readonly constraints: readonly string[];
  /** The calls that break a rule, in order, with the rule `check` reports on each. */
  readonly violations: readonly PlantedViolation[];
}

/** Sizes the issue asks benchmarks and fuzzing to cover. */
export const GENERATED_SIZES = [{ turns: 1_000 }, { turns: 10_000 }, { turns: 100_000 }, { bytes: 100 * 1024 * 1024 }] as const;

/** Sentences a person would type for each of the three rules; every wording of a rule compiles to the same rule. */
const NEVER_DELETE_RAW = [
  'Never delete anything in data/raw.',
  "Heads up: never delete anything under data/raw - it's the only copy of the raw data.",
  'data/raw must never be deleted.',
  'Deleting anything in data/raw is forbidden.',
  "I don't want you to delete anything in the data/raw folder.",
];
const BACK_UP_TEMP_FIRST = [
  'Before you delete anything in temp/, back it up first.',
  'Rule for this project: back up every file in temp/ before deleting it.',
  'Deleting files in temp/ requires a backup first.',
  'Files in temp/ have to be backed up before they are deleted.',
  "Make sure there's a backup of anything in temp/ before you delete it.",
];
const NO_FORCE_PUSH_TO_MAIN = ["Please don't force-push to main.", "Don't force push to main.", 'Never force-push to the main branch.', 'You must never force-push to main.'];
/** In the order they are stated and their violations planted. */
const RULE_WORDINGS = [NEVER_DELETE_RAW, BACK_UP_TEMP_FIRST, NO_FORCE_PUSH_TO_MAIN] as const;

/** What a person asks between rules: ordinary work, none of it a rule (the LSP bench uses them too). */
export const WORK_REQUESTS = [
  'Look at the failing test in the parser module and tell me what is wrong.',
  'Rename the helper to something clearer and update the callers.',
  'Can you add logging around the retry loop?',
  'Run the unit tests again and summarise the failures.',
  'Explain what the cache layer does in two sentences.',
  'Change the timeout to thirty seconds in the config.',
  'Tidy up the imports in the server folder.',
  'Write a short note in docs about the new flag.',
];

/** What a call does, before a shape renders it as its own tool. */
type Operation =
  | { readonly op: 'read'; readonly path: string }
  | { readonly op: 'write'; readonly path: string; readonly content: string }
  | { readonly op: 'delete'; readonly path: string }
  | { readonly op: 'copy'; readonly source: string; readonly destination: string }
  | { readonly op: 'shell'; readonly command: string };

type Step =
  | { readonly kind: 'user'; readonly text: string }
  | { readonly kind: 'assistant'; readonly text: string }
  | { readonly kind: 'call'; readonly id: string; readonly operation: Operation; readonly output: string };

const CWD = '/home/dev/projects/pipeline';
const TIME_ZERO = Date.UTC(2026, 8, 27, 9, 0, 0);

/** One shape: how steps become records, how many turns each is, and how the records join into a file. */
interface ShapeWriter {
  readonly format: TranscriptFormat;
  callId(n: number): string;
  /** Records (lines or messages) for one step, and the turns they make. */
  render(step: Step, n: number): { records: string[]; turns: number };
  /** The file around the records. */
  join(records: readonly string[]): string;
  /** Characters the file adds per record, for the size count. */
  readonly separator: number;
  /** Turns the file's frame holds besides the steps (a system prompt). */
  readonly frameTurns: number;
}

const at = (n: number) => new Date(TIME_ZERO + n * 1000).toISOString();

function shellCommand(operation: Operation): string {
  switch (operation.op) {
    case 'read':
      return `sed -n '1,80p' ${operation.path}`;
    case 'write':
      return `printf '%s\\n' ${JSON.stringify(operation.content)} > ${operation.path}`;
    case 'delete':
      return `rm ${operation.path}`;
    case 'copy':
      return `cp -a ${operation.source} ${operation.destination}`;
    case 'shell':
      return operation.command;
  }
}

function claudeCodeWriter(): ShapeWriter {
  const sessionId = '7d1f0c2e-4b5a-4c3d-9e8f-0a1b2c3d4e5f';
  let parent: string | null = null;
  let lines = 0;
  const line = (record: Record<string, unknown>): string => {
    const uuid = `00000000-0000-4000-8000-${String(lines).padStart(12, '0')}`;
    const text = JSON.stringify({ parentUuid: parent, isSidechain: false, userType: 'external', cwd: CWD, sessionId, version: '2.0.14', gitBranch: 'main', type: record.type, uuid, timestamp: at(lines), ...record });
    parent = uuid;
    lines++;
    return text;
  };
  const assistant = (n: number, block: object) => line({ type: 'assistant', message: { id: `msg_${String(n).padStart(20, '0')}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [block] } });
  const tool = (operation: Operation): [string, Record<string, unknown>] => {
    if (operation.op === 'read') return ['Read', { file_path: `${CWD}/${operation.path}` }];
    if (operation.op === 'write') return ['Write', { file_path: `${CWD}/${operation.path}`, content: operation.content }];
    return ['Bash', { command: shellCommand(operation), description: 'Run a command' }];
  };
  return {
    format: 'claude-code',
    separator: 1,
    frameTurns: 0,
    callId: (n) => `toolu_${String(n).padStart(20, '0')}`,
    render(step, n) {
      if (step.kind === 'user') return { records: [line({ type: 'user', message: { role: 'user', content: step.text } })], turns: 1 };
      if (step.kind === 'assistant') return { records: [assistant(n, { type: 'text', text: step.text })], turns: 1 };
      const [name, input] = tool(step.operation);
      const call = assistant(n, { type: 'tool_use', id: step.id, name, input });
      const result = line({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: step.id, content: step.output, is_error: false }] }, toolUseResult: { stdout: step.output, stderr: '', interrupted: false } });
      return { records: [call, result], turns: 2 };
    },
    join: (records) => `${records.join('\n')}\n`,
  };
}

function codexWriter(): ShapeWriter {
  let records = 0;
  let afterAssistantText = false;
  const item = (type: string, payload: object) => JSON.stringify({ timestamp: at(records++), type, payload });
  return {
    format: 'codex',
    separator: 1,
    frameTurns: 0,
    callId: (n) => `call_${String(n).padStart(12, '0')}`,
    render(step) {
      // A call right after the assistant's text belongs to that turn; any other opens an assistant turn of its own.
      const joinsTurn = afterAssistantText;
      afterAssistantText = step.kind === 'assistant';
      if (step.kind === 'user') {
        // Codex writes what the person typed twice: as a response item and as an event; the session model counts it once.
        const message = item('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: step.text }] });
        return { records: [message, item('event_msg', { type: 'user_message', message: step.text, images: [] })], turns: 1 };
      }
      if (step.kind === 'assistant') return { records: [item('response_item', { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: step.text }] })], turns: 1 };
      const args = JSON.stringify({ command: ['bash', '-lc', shellCommand(step.operation)], workdir: CWD });
      const call = item('response_item', { type: 'function_call', name: 'shell', arguments: args, call_id: step.id });
      const output = JSON.stringify({ output: step.output, metadata: { exit_code: 0, duration_seconds: 0.1 } });
      return { records: [call, item('response_item', { type: 'function_call_output', call_id: step.id, output })], turns: joinsTurn ? 1 : 2 };
    },
    join(lines) {
      const meta = JSON.stringify({ timestamp: at(0), type: 'session_meta', payload: { id: '0b9e7c1a-5d44-4a8e-9f0e-3c2d1b0a9f87', timestamp: at(0), cwd: CWD, originator: 'codex_cli_rs', cli_version: '0.77.0', instructions: null, source: 'cli', model_provider: 'openai' } });
      const context = JSON.stringify({ timestamp: at(0), type: 'turn_context', payload: { cwd: CWD, approval_policy: 'on-request', model: 'gpt-5-codex' } });
      return `${[meta, context, ...lines].join('\n')}\n`;
    },
  };
}

/** Function tools both JSON shapes declare and call. */
function functionTool(operation: Operation): [string, Record<string, unknown>] {
  switch (operation.op) {
    case 'read':
      return ['read_file', { path: operation.path }];
    case 'write':
      return ['write_file', { path: operation.path, content: operation.content }];
    case 'delete':
      return ['delete_file', { path: operation.path }];
    case 'copy':
      return ['copy_file', { source: operation.source, destination: operation.destination }];
    case 'shell':
      return ['run_command', { command: operation.command }];
  }
}

const FUNCTION_TOOLS: readonly [string, string, Record<string, string>][] = [
  ['read_file', 'Read a file.', { path: 'string' }],
  ['write_file', 'Write a file.', { path: 'string', content: 'string' }],
  ['delete_file', 'Delete a file.', { path: 'string' }],
  ['copy_file', 'Copy a file.', { source: 'string', destination: 'string' }],
  ['run_command', 'Run a shell command in the project folder.', { command: 'string' }],
];

function schema(properties: Record<string, string>) {
  return { type: 'object', properties: Object.fromEntries(Object.entries(properties).map(([k, type]) => [k, { type }])), required: Object.keys(properties) };
}

function openAiChatWriter(): ShapeWriter {
  return {
    format: 'openai-chat',
    separator: 4,
    frameTurns: 1,
    callId: (n) => `call_${String(n).padStart(12, '0')}`,
    render(step) {
      if (step.kind === 'user') return { records: [JSON.stringify({ role: 'user', content: step.text })], turns: 1 };
      if (step.kind === 'assistant') return { records: [JSON.stringify({ role: 'assistant', content: step.text })], turns: 1 };
      const [name, args] = functionTool(step.operation);
      const call = JSON.stringify({ role: 'assistant', content: null, tool_calls: [{ id: step.id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] });
      return { records: [call, JSON.stringify({ role: 'tool', tool_call_id: step.id, content: step.output })], turns: 2 };
    },
    join(records) {
      const tools = FUNCTION_TOOLS.map(([name, description, properties]) => ({ type: 'function', function: { name, description, parameters: schema(properties) } }));
      const system = JSON.stringify({ role: 'system', content: 'You are a careful assistant with access to the project files.' });
      return `{"model": "gpt-4.1", "tools": ${JSON.stringify(tools)}, "messages": [\n  ${[system, ...records].join(',\n  ')}\n]}\n`;
    },
  };
}

function anthropicWriter(): ShapeWriter {
  return {
    format: 'anthropic',
    separator: 4,
    frameTurns: 1,
    callId: (n) => `toolu_${String(n).padStart(20, '0')}`,
    render(step) {
      if (step.kind === 'user') return { records: [JSON.stringify({ role: 'user', content: step.text })], turns: 1 };
      if (step.kind === 'assistant') return { records: [JSON.stringify({ role: 'assistant', content: [{ type: 'text', text: step.text }] })], turns: 1 };
      const [name, input] = functionTool(step.operation);
      const call = JSON.stringify({ role: 'assistant', content: [{ type: 'tool_use', id: step.id, name, input }] });
      return { records: [call, JSON.stringify({ role: 'user', content: [{ type: 'tool_result', tool_use_id: step.id, content: step.output }] })], turns: 2 };
    },
    join(records) {
      const tools = FUNCTION_TOOLS.map(([name, description, properties]) => ({ name, description, input_schema: schema(properties) }));
      return `{"model": "claude-sonnet-4-5", "system": "You manage the user's data pipeline project.", "tools": ${JSON.stringify(tools)}, "messages": [\n  ${records.join(',\n  ')}\n]}\n`;
    },
  };
}

const WRITERS: Record<GeneratedShape, () => ShapeWriter> = { 'claude-code': claudeCodeWriter, codex: codexWriter, 'openai-chat': openAiChatWriter, anthropic: anthropicWriter };

/** Characters of a tool result (listings and test output) unless `turns` and `bytes` together ask for more. */
const DEFAULT_OUTPUT = 160;
/** Turns of the two sample sessions that measure how the size grows with the length of tool output. */
const SAMPLE_TURNS = 400;

function outputOf(round: number, length: number): string {
  const line = (i: number) => `-rw-r--r--  1 dev dev ${4096 + ((round * 31 + i) % 9000)} Sep 27 15:${String((round + i) % 60).padStart(2, '0')} part-${i}.parquet`;
  let out = '';
  for (let i = 0; out.length < length; i++) out += `${line(i)}\n`;
  return out.slice(0, Math.max(length, 1));
}

/** Builds a session as `options` asks; the same options always give the same text. */
export function generateTranscript(options: GeneratorOptions): GeneratedTranscript {
  if (options.turns === undefined || options.bytes === undefined) return build(options, DEFAULT_OUTPUT);
  // Size grows linearly with the output length at a given mix of steps: two samples give the line to solve.
  const sample = (outputLength: number) => {
    const { text, turns } = build({ shape: options.shape, seed: options.seed ?? 1, turns: SAMPLE_TURNS, violations: 0 }, outputLength);
    return text.length / turns;
  };
  const longer = DEFAULT_OUTPUT + 1_000;
  const base = sample(DEFAULT_OUTPUT);
  const perOutputChar = (sample(longer) - base) / (longer - DEFAULT_OUTPUT);
  const wanted = options.bytes / options.turns;
  return build(options, Math.max(DEFAULT_OUTPUT, Math.round(DEFAULT_OUTPUT + (wanted - base) / perOutputChar)));
}

function build(options: GeneratorOptions, outputLength: number): GeneratedTranscript {
  const writer = WRITERS[options.shape]();
  const seed = options.seed ?? 1;
  const rand = seededRandom(seed);
  // With both, `turns` decides the length and `bytes` only the output length.
  const targetTurns = options.turns ?? (options.bytes === undefined ? 1_000 : Number.POSITIVE_INFINITY);
  const targetBytes = options.turns === undefined ? (options.bytes ?? Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY;
  const planted = options.violations ?? 3;

  const records: string[] = [];
  const violations: PlantedViolation[] = [];
  const constraints: string[] = [];
  let turns = 0;
  let calls = 0;
  let bytes = 0;
  let stepNumber = 0;
  const emit = (step: Step) => {
    const rendered = writer.render(step, stepNumber++);
    for (const record of rendered.records) {
      records.push(record);
      bytes += record.length + writer.separator;
    }
    turns += rendered.turns;
  };
  const user = (text: string) => emit({ kind: 'user', text });
  const assistant = (text: string) => emit({ kind: 'assistant', text });
  const call = (operation: Operation, output: string): string => {
    const id = writer.callId(++calls);
    emit({ kind: 'call', id, operation, output });
    return id;
  };

  // The three rules come first, each in the wording the seed picks.
  RULE_WORDINGS.forEach((wordings, i) => {
    const sentence = wordings[(seed + i) % wordings.length] ?? '';
    constraints.push(sentence);
    user(sentence);
    assistant('Understood, I will keep to that.');
  });

  /** Whether a near miss backed up another file in temp/: an unbacked deletion there is then reported as a backup of another target. */
  let backedUpInTemp = false;
  const violate = (round: number, which: number) => {
    switch (which % RULE_WORDINGS.length) {
      case 0:
        user('Free up some disk space under data/, it is almost full.');
        violations.push({ callId: call({ op: 'delete', path: `data/raw/batch-${round}.csv` }, 'removed'), rule: 'prohibition-violated' });
        return;
      case 1:
        user('Clear out the old run files in temp/.');
        violations.push({ callId: call({ op: 'delete', path: `temp/run-${round}.csv` }, 'removed'), rule: backedUpInTemp ? 'prerequisite-other-target' : 'prerequisite-missing' });
        return;
      default:
        user('Squash the last commits and publish them.');
        violations.push({ callId: call({ op: 'shell', command: 'git push --force origin main' }, '+ 9f8e7d6...1a2b3c4 main -> main (forced update)'), rule: 'prohibition-violated' });
    }
  };

  /** Calls close to a rule that keep it: the checker must stay quiet on them. */
  const nearMiss = (round: number) => {
    switch (Math.floor(rand() * 3)) {
      case 0:
        user('Clean up the processed batches, we can regenerate them.');
        call({ op: 'delete', path: `data/processed/batch-${round}.csv` }, 'removed');
        return;
      case 1:
        user('Remove the stale run file in temp/, backing it up as agreed.');
        call({ op: 'copy', source: `temp/run-${round}.csv`, destination: `backup/run-${round}.csv` }, 'copied');
        call({ op: 'delete', path: `temp/run-${round}.csv` }, 'removed');
        backedUpInTemp = true;
        return;
      default:
        user('Push the feature branch.');
        call({ op: 'shell', command: `git push origin feature/step-${round}` }, `* [new branch] feature/step-${round} -> feature/step-${round}`);
    }
  };

  const work = (round: number) => {
    user(WORK_REQUESTS[round % WORK_REQUESTS.length] ?? '');
    assistant(`On it: round ${round}.`);
    const module = `src/module${round % 40}.ts`;
    const callCount = 1 + Math.floor(rand() * 3);
    for (let i = 0; i < callCount; i++) {
      const choice = Math.floor(rand() * 3);
      if (choice === 0) call({ op: 'read', path: module }, outputOf(round, outputLength));
      else if (choice === 1) call({ op: 'write', path: `notes/round${round}.md`, content: `Round ${round} done.` }, 'File written.');
      else call({ op: 'shell', command: `npm test -- --grep module${round % 40}` }, outputOf(round, outputLength));
    }
  };

  const progress = () => Math.max(turns / targetTurns, bytes / targetBytes);
  for (let round = 1; progress() < 1; round++) {
    if (violations.length < planted && progress() >= (violations.length + 1) / (planted + 1)) violate(round, violations.length);
    else if (round % 5 === 0) nearMiss(round);
    else work(round);
  }
  // A session too small to reach every planting point still holds every planted call.
  while (violations.length < planted) violate(1_000_000 + violations.length, violations.length);
  assistant('Done.');
  return { text: writer.join(records), format: writer.format, turns: turns + writer.frameTurns, calls, constraints, violations };
}
