import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { GENERATED_SHAPES, generateTranscript } from '../../scripts/plantedTranscripts';
import { REPO_ROOT, SHARED_DIR } from './shared';

/**
 * Hostile inputs for the fuzz suites: real transcripts (../shared, when present), the bundled
 * examples and generated sessions of every shape, mutated the ways files break in practice. An
 * arbitrary yields a small recipe (which seed, which mutations with which numbers) rather than the
 * mutated bytes, so a failure prints something a person can read and replay.
 */

/** The fixed seed of the default test command; `GHOST_LINT_FUZZ_SEED` replays another. */
export const FUZZ_SEED = Number(process.env.GHOST_LINT_FUZZ_SEED ?? 20_260_927);

const RUNS_FROM_ENV = Number(process.env.GHOST_LINT_FUZZ_RUNS);
/** A long run: `GHOST_LINT_FUZZ_RUNS` names how many inputs each suite tries. */
export const LONG_RUN = Number.isInteger(RUNS_FROM_ENV) && RUNS_FROM_ENV > 0;

/**
 * Runs of a suite: its modest default, or in a long run its `share` of `GHOST_LINT_FUZZ_RUNS` (the
 * engine suite takes them all; suites that pay a process or a round trip per input take fewer).
 */
export function fuzzRuns(defaultRuns: number, share = 1): number {
  return LONG_RUN ? Math.max(1, Math.ceil(RUNS_FROM_ENV * share)) : defaultRuns;
}

/** fast-check parameters for a suite: the fixed seed, the run count, the error of a failing input in the report. */
export function fuzzParameters(defaultRuns: number, share = 1): fc.Parameters<unknown> {
  return { seed: FUZZ_SEED, numRuns: fuzzRuns(defaultRuns, share), includeErrorInReport: true };
}

export interface SeedFile {
  /** Where it came from, for messages: `real/claude-code/x.jsonl`, `examples/…`, `generated/codex`. */
  readonly name: string;
  readonly bytes: Uint8Array;
}

const TRANSCRIPT_EXTENSIONS = new Set(['.json', '.jsonl', '.traj', '.eval']);

function filesUnder(root: string, folder: string, prefix: string): SeedFile[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && TRANSCRIPT_EXTENSIONS.has(extname(e.name)) && e.name !== 'expected.json')
    .map((e) => join(e.parentPath, e.name))
    .sort()
    .map((path) => ({ name: `${prefix}/${relative(join(root, folder), path)}`, bytes: readFileSync(path) }));
}

/** 32 KB of bytes that are no text at all, the same in every run: a PNG header, then hash output. */
function binaryFile(): SeedFile {
  const blocks = Array.from({ length: 1024 }, (_, i) => createHash('sha256').update(String(i)).digest());
  return { name: 'binary/blob.png', bytes: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ...blocks]) };
}

/**
 * The benchmark suite's cases share one shape (a hundred of them would crowd the transcripts out of
 * every draw): the first case of each domain stands for the rest.
 */
function oneCasePerDomain(files: readonly SeedFile[]): SeedFile[] {
  const domains = new Set<string>();
  return files.filter((file) => {
    const domain = /^examples\/cases\/([^/]+)\//.exec(file.name.split('\\').join('/'))?.[1];
    if (domain === undefined) return true;
    if (domains.has(domain)) return false;
    domains.add(domain);
    return true;
  });
}

/** Every seed: the examples (one benchmark case per domain), small generated sessions of each shape, a binary file, and the shared real and dev transcripts when present. */
export const SEEDS: readonly SeedFile[] = [
  ...oneCasePerDomain(filesUnder(REPO_ROOT, 'examples', 'examples')),
  binaryFile(),
  ...GENERATED_SHAPES.map((shape, i) => ({ name: `generated/${shape}${shape === 'codex' || shape === 'claude-code' ? '.jsonl' : '.json'}`, bytes: Buffer.from(generateTranscript({ shape, turns: 40, seed: i }).text) })),
  ...(SHARED_DIR ? [...filesUnder(SHARED_DIR, 'transcripts/real', 'real'), ...filesUnder(SHARED_DIR, 'transcripts/dev', 'dev')] : []),
];

/** One way to break a file, with the numbers that place it. Fractions pick a position in what the file holds. */
export type Mutation =
  | { readonly kind: 'truncate'; readonly at: number }
  | { readonly kind: 'replace-value'; readonly pick: number; readonly json: string }
  | { readonly kind: 'huge-string'; readonly pick: number; readonly unit: string; readonly count: number }
  | { readonly kind: 'deep-nesting'; readonly pick: number; readonly open: '[' | '{"k":'; readonly depth: number }
  | { readonly kind: 'insert-bytes'; readonly at: number; readonly bytes: readonly number[] }
  | { readonly kind: 'line-endings'; readonly bom: boolean; readonly ending: '\r\n' | '\r' | 'mixed' | 'keep' }
  | { readonly kind: 'duplicate-record'; readonly pick: number; readonly to: number }
  | { readonly kind: 'result-first'; readonly pick: number; readonly to: number }
  | { readonly kind: 'drop-record'; readonly pick: number }
  | { readonly kind: 'same-ids'; readonly id: string }
  | { readonly kind: 'parent-cycle'; readonly pick: number; readonly to: number }
  | { readonly kind: 'empty'; readonly text: string }
  | { readonly kind: 'repeat'; readonly times: number }
  | { readonly kind: 'flip-byte'; readonly at: number; readonly value: number };

export interface Recipe {
  readonly seed: number;
  readonly mutations: readonly Mutation[];
  /** Where to put a lone UTF-16 surrogate in the text form (which bytes cannot carry). */
  readonly loneSurrogate: number | null;
}

export interface FuzzInput {
  readonly name: string;
  readonly bytes: Uint8Array;
  /** The bytes decoded as an editor would, plus the lone surrogate when the recipe has one. */
  readonly text: string;
}

const fraction = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });

/** Values of other types, and the odd ones: escaped lone surrogates, huge exponents, empty containers. */
const replacementJson = fc.oneof(
  fc.constantFrom('null', 'true', 'false', '0', '-1', '1e400', '-0.0', '123456789012345678901234567890', '""', '"\\ud800"', '"\\udfff\\ud800"', '[]', '{}', '[null]', '{"":null}', '"\\u0000"'),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
  fc.string({ unit: 'binary', maxLength: 40 }).map((s) => JSON.stringify(s)),
);

/** Bytes that are not valid UTF-8 (lone continuation bytes, overlong forms, surrogates, cut sequences), NUL, and junk. */
const badBytes = fc.oneof(
  fc.constantFrom([0xff], [0xfe, 0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80], [0x80], [0xf0, 0x9f], [0x00], [0xef, 0xbb, 0xbf]),
  fc.uint8Array({ minLength: 1, maxLength: 16 }).map((a) => [...a]),
  fc.constantFrom('[[[[[[[[', '{"', '\\', '"', '}\n{', '\n\n', ']]]]', '\u2028', '{"type":"user"}\n').map((s) => [...Buffer.from(s)]),
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fraction }),
  fc.record({ kind: fc.constant('replace-value' as const), pick: fraction, json: replacementJson }),
  fc.oneof(
    fc.record({ kind: fc.constant('huge-string' as const), pick: fraction, unit: fc.constantFrom('a', ' ', 'é', '😀', '\\', '"', '\n', '\u0000', '\ud800'), count: fc.integer({ min: 1_000, max: 1_000_000 }) }),
    // Sentences the extraction reads one by one: fewer of them, or one input would take a minute.
    fc.record({ kind: fc.constant('huge-string' as const), pick: fraction, unit: fc.constantFrom('rm -rf / && ', 'Never delete anything in data/. ', 'ok. '), count: fc.integer({ min: 100, max: 2_000 }) }),
  ),
  fc.record({ kind: fc.constant('deep-nesting' as const), pick: fraction, open: fc.constantFrom('[' as const, '{"k":' as const), depth: fc.integer({ min: 50, max: 50_000 }) }),
  fc.record({ kind: fc.constant('insert-bytes' as const), at: fraction, bytes: badBytes }),
  fc.record({ kind: fc.constant('line-endings' as const), bom: fc.boolean(), ending: fc.constantFrom('\r\n' as const, '\r' as const, 'mixed' as const, 'keep' as const) }),
  fc.record({ kind: fc.constant('duplicate-record' as const), pick: fraction, to: fraction }),
  fc.record({ kind: fc.constant('result-first' as const), pick: fraction, to: fraction }),
  fc.record({ kind: fc.constant('drop-record' as const), pick: fraction }),
  fc.record({ kind: fc.constant('same-ids' as const), id: fc.constantFrom('x', '', 'toolu_1', '__proto__', 'constructor') }),
  fc.record({ kind: fc.constant('parent-cycle' as const), pick: fraction, to: fraction }),
  fc.record({ kind: fc.constant('empty' as const), text: fc.constantFrom('', ' ', '\n', '\n\n\n', '\ufeff', '\r\n', '{}', '[]', 'null', '0', '""', '[{}]', '{"messages": []}', '{"messages": null}', '\u0000') }),
  fc.record({ kind: fc.constant('repeat' as const), times: fc.integer({ min: 2, max: 4 }) }),
  fc.record({ kind: fc.constant('flip-byte' as const), at: fraction, value: fc.integer({ min: 0, max: 255 }) }),
);

export const recipe: fc.Arbitrary<Recipe> = fc.record({
  seed: fc.nat({ max: SEEDS.length - 1 }),
  mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }),
  loneSurrogate: fc.option(fraction, { freq: 8 }),
});

// ---------------------------------------------------------------------------------------------------
// Applying a recipe

const pickIndex = (at: number, length: number) => Math.min(length - 1, Math.floor(at * length));

/** A file as structured values: one JSON value, or JSON Lines (lines that do not parse kept as raw text). */
type Structure = { readonly kind: 'json'; value: unknown; readonly indent: number } | { readonly kind: 'jsonl'; readonly lines: { value: unknown; raw?: string }[]; readonly trailingNewline: boolean };

function structure(text: string): Structure | undefined {
  try {
    return { kind: 'json', value: JSON.parse(text), indent: /^\s*[[{]\s*\n/.test(text) ? 2 : 0 };
  } catch {
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0) return undefined;
    return {
      kind: 'jsonl',
      trailingNewline: text.endsWith('\n'),
      lines: lines.map((raw) => {
        try {
          return { value: JSON.parse(raw) };
        } catch {
          return { value: undefined, raw };
        }
      }),
    };
  }
}

/** Written back with sentinels swapped for raw JSON text: values JSON.stringify cannot build (deep nesting) or should not (huge strings). */
function serialize(s: Structure, raw: ReadonlyMap<string, string>): string {
  const swap = (json: string) => {
    let out = json;
    for (const [sentinel, text] of raw) out = out.split(JSON.stringify(sentinel)).join(text);
    return out;
  };
  if (s.kind === 'json') return swap(JSON.stringify(s.value, null, s.indent) ?? '');
  const body = s.lines.map((line) => (line.raw !== undefined ? line.raw : swap(JSON.stringify(line.value) ?? 'null'))).join('\n');
  return s.trailingNewline ? `${body}\n` : body;
}

interface Slot {
  readonly holder: Record<string | number, unknown>;
  readonly key: string | number;
}

/** Every value position of the structure (object members and array elements), in document order; capped for huge files. */
function slots(s: Structure): Slot[] {
  const out: Slot[] = [];
  const walk = (value: unknown) => {
    if (out.length > 200_000 || typeof value !== 'object' || value === null) return;
    for (const key of Array.isArray(value) ? value.keys() : Object.keys(value)) {
      out.push({ holder: value as Record<string | number, unknown>, key });
      walk((value as Record<string | number, unknown>)[key]);
    }
  };
  if (s.kind === 'json') walk(s.value);
  else for (const line of s.lines) walk(line.value);
  return out;
}

/** The record lists of a file: its lines, or every array in it. */
function recordLists(s: Structure): unknown[][] {
  if (s.kind === 'jsonl') return [s.lines];
  const arrays: unknown[][] = [];
  const walk = (value: unknown) => {
    if (arrays.length > 10_000 || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value) && value.length > 0) arrays.push(value);
    for (const child of Object.values(value)) walk(child);
  };
  walk(s.value);
  return arrays;
}

const isResultRecord = (record: unknown) => /tool_result|function_call_output|"role":"tool"|tool_call_id|"observation"/.test(JSON.stringify(record) ?? '');
const ID_KEYS = new Set(['id', 'call_id', 'tool_use_id', 'tool_call_id', 'uuid', 'toolCallId']);

let sentinelCount = 0;

function mutateStructure(text: string, m: Mutation): string {
  const s = structure(text);
  if (!s) return text;
  const raw = new Map<string, string>();
  const sentinel = (json: string) => {
    const key = `\u0001fuzz-${sentinelCount++}\u0001`;
    raw.set(key, json);
    return key;
  };
  switch (m.kind) {
    case 'replace-value':
    case 'huge-string':
    case 'deep-nesting': {
      const all = slots(s);
      const slot = all[pickIndex(m.pick, all.length)];
      if (!slot) return text;
      const current = JSON.stringify(slot.holder[slot.key]) ?? 'null';
      const close = m.kind === 'deep-nesting' ? (m.open === '[' ? ']' : '}') : '';
      const json = m.kind === 'replace-value' ? m.json : m.kind === 'huge-string' ? JSON.stringify(m.unit.repeat(m.count)) : `${m.open.repeat(m.depth)}${current}${close.repeat(m.depth)}`;
      slot.holder[slot.key] = sentinel(json);
      break;
    }
    case 'duplicate-record':
    case 'result-first':
    case 'drop-record': {
      const lists = recordLists(s);
      const list = lists[pickIndex(m.pick, lists.length)];
      if (!list) return text;
      const recordValue = (record: unknown) => (s.kind === 'jsonl' ? (record as { value: unknown }).value : record);
      const results = m.kind === 'result-first' ? list.map((r, i) => [r, i] as const).filter(([r]) => isResultRecord(recordValue(r))) : [];
      const from = results.length > 0 ? (results[pickIndex(m.pick, results.length)]?.[1] ?? 0) : pickIndex(m.pick, list.length);
      if (m.kind === 'drop-record') {
        list.splice(from, 1);
        break;
      }
      const to = m.kind === 'result-first' ? Math.floor(m.to * from) : Math.floor(m.to * (list.length + 1));
      const [record] = m.kind === 'result-first' ? list.splice(from, 1) : [list[from]];
      list.splice(to, 0, m.kind === 'result-first' ? record : structuredClone(record));
      break;
    }
    case 'same-ids':
      for (const slot of slots(s)) if (typeof slot.key === 'string' && ID_KEYS.has(slot.key) && typeof slot.holder[slot.key] === 'string') slot.holder[slot.key] = m.id;
      break;
    case 'parent-cycle': {
      if (s.kind !== 'jsonl') return text;
      const withUuid = s.lines.filter((l): l is { value: Record<string, unknown> } => typeof l.value === 'object' && l.value !== null && typeof (l.value as { uuid?: unknown }).uuid === 'string');
      const childAt = pickIndex(m.pick, withUuid.length);
      // A parent at or after the child: itself, or a later line whose chain leads back to it.
      const parent = withUuid[childAt + Math.floor(m.to * (withUuid.length - childAt))];
      const child = withUuid[childAt];
      if (!child || !parent) return text;
      child.value.parentUuid = parent.value.uuid;
      break;
    }
    default:
      return text;
  }
  return serialize(s, raw);
}

function insertAt(bytes: Uint8Array, at: number, inserted: Uint8Array): Uint8Array {
  const offset = Math.floor(at * (bytes.length + 1));
  return Buffer.concat([bytes.subarray(0, offset), inserted, bytes.subarray(offset)]);
}

/** Keeps a mutated file within what a test run can afford: repeating an already large file is left out. */
const REPEAT_LIMIT = 2 * 1024 * 1024;

function applyMutation(bytes: Uint8Array, m: Mutation): Uint8Array {
  switch (m.kind) {
    case 'truncate':
      return bytes.subarray(0, Math.floor(m.at * bytes.length));
    case 'insert-bytes':
      return insertAt(bytes, m.at, Uint8Array.from(m.bytes));
    case 'flip-byte': {
      if (bytes.length === 0) return bytes;
      const copy = Uint8Array.from(bytes);
      copy[pickIndex(m.at, copy.length)] = m.value;
      return copy;
    }
    case 'empty':
      return Buffer.from(m.text);
    case 'repeat':
      return bytes.length > REPEAT_LIMIT ? bytes : Buffer.concat(Array.from({ length: m.times }, () => bytes));
    case 'line-endings': {
      let text = Buffer.from(bytes).toString('utf8');
      if (m.ending === 'mixed') text = text.split('\n').map((line, i) => (i % 3 === 0 ? `${line}\r` : i % 3 === 1 ? line : `${line}\r\r`)).join('\n');
      else if (m.ending !== 'keep') text = text.replace(/\r?\n/g, m.ending);
      return Buffer.concat([m.bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text)]);
    }
    default:
      try {
        return Buffer.from(mutateStructure(Buffer.from(bytes).toString('utf8'), m));
      } catch (e) {
        // A file an earlier mutation nested too deeply for JSON.stringify keeps its shape.
        if (e instanceof RangeError) return bytes;
        throw e;
      }
  }
}

/** The input a recipe makes: its bytes, and its text as an editor holds it. */
export function cook(r: Recipe): FuzzInput {
  const seed = SEEDS[r.seed] ?? SEEDS[0]!;
  let bytes: Uint8Array = seed.bytes;
  for (const m of r.mutations) bytes = applyMutation(bytes, m);
  let text = new TextDecoder('utf-8').decode(bytes);
  if (r.loneSurrogate !== null) {
    const at = Math.floor(r.loneSurrogate * (text.length + 1));
    text = `${text.slice(0, at)}\ud800${text.slice(at)}`;
  }
  return { name: seed.name, bytes, text };
}

// ---------------------------------------------------------------------------------------------------
// Time bounds relative to JSON.parse

export function millisOf(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/** A valid 1 MB transcript: what JSON.parse's speed is measured on. */
const REFERENCE = generateTranscript({ shape: 'openai-chat', bytes: 1024 * 1024, seed: 7 }).text;

/** JSON.parse's speed now, in ms per character: the median of three passes over the reference. */
export function measureJsonParse(): number {
  const passes = Array.from({ length: 3 }, () => millisOf(() => JSON.parse(REFERENCE))).sort((a, b) => a - b);
  return (passes[1] ?? 0) / REFERENCE.length;
}

/**
 * JSON.parse's speed at the start of this run, in ms per character. A mutated input is mostly not
 * valid JSON, and JSON.parse of it stops at the first error, so what it may take is measured
 * against JSON.parse of a valid input of its size.
 */
const JSON_PARSE_MILLIS_PER_CHAR = (() => {
  for (let i = 0; i < 3; i++) JSON.parse(REFERENCE);
  return measureJsonParse();
})();

/**
 * How many times JSON.parse of an input of the same size one piece of work may take. Generous: the
 * extraction of constraints reads every user sentence with a part-of-speech tagger, some two
 * thousand times JSON.parse's cost per character; the bound is there to catch hangs and blow-ups.
 */
const TIME_RATIO = 5_000;
/** Below this size fixed costs dominate (a first compilation, the tagger's lexicon): inputs count as this large. */
const FLOOR_CHARS = 64 * 1024;

/** The time one piece of work on `text` may take, in ms, at JSON.parse's speed of the start of the run or `millisPerChar`. */
export function timeBound(text: string, millisPerChar = JSON_PARSE_MILLIS_PER_CHAR): number {
  return TIME_RATIO * Math.max(text.length, FLOOR_CHARS) * Math.max(millisPerChar, JSON_PARSE_MILLIS_PER_CHAR);
}

/**
 * Runs `work` on `text` and fails when it takes longer than its bound. Once over, it runs again,
 * with JSON.parse's speed measured again around it: a garbage collection or a first compilation can
 * land on any single run, and a busy machine slows both alike; a blow-up shows on both runs.
 */
export function withinBound(label: string, text: string, work: () => void): void {
  const first = millisOf(work);
  if (first <= timeBound(text)) return;
  const before = measureJsonParse();
  const second = millisOf(work);
  const bound = timeBound(text, Math.max(before, measureJsonParse()));
  if (second > bound) throw new Error(`${label}: ${second.toFixed(1)} ms (first ${first.toFixed(1)} ms), over the bound of ${bound.toFixed(1)} ms (${TIME_RATIO}× JSON.parse of a valid input of its size, measured again)`);
}
