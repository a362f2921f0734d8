import assert from 'node:assert/strict';
import { parseInput } from '../../server/src/host/inputs';
import { seededRandom } from '../../server/src/engine/text';
import { toDiagnostics } from '../../server/src/lsp/diagnostics';
import { DocumentMemory, type TranscriptState, analyseTranscript } from '../../server/src/lsp/service/transcriptState';
import type { Policy } from '../../server/src/engine/ledger';

/*
 * The language service's analysis of an edited document, reusing what it kept from the previous
 * version (line parses, the session read from them, extraction and binding), held against a fresh
 * analysis of the same text after every edit of a random sequence: typing in messages and anywhere
 * else, lines deleted, repeated, moved and split, and lines added that state a constraint, make a
 * call or bring a result.
 */

export interface Edit {
  readonly kind: string;
  /** Replaces text[start, end) by `text`, as an editor's content change does. */
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

const ENVELOPE = { parentUuid: null, isSidechain: false, userType: 'external', cwd: '/home/dev/projects/service', sessionId: '3e0c7a52-9d41-4b8e-a7f2-5c6d7e8f9a0b', version: '2.0.14', gitBranch: 'main' };

/** Lines a person or an agent might add to a Claude Code session: a constraint, a revocation, a call, a result, a bad line. */
function addedLine(random: (n: number) => number, text: string): string {
  const n = random(1_000_000);
  const uuid = `added-${n}`;
  const toolIds = [...text.matchAll(/"(toolu_[A-Za-z0-9_]+)"/g)].map((m) => m[1] as string);
  const someToolId = toolIds[random(Math.max(toolIds.length, 1))] ?? 'toolu_missing';
  const lines = [
    { ...ENVELOPE, type: 'user', uuid, timestamp: '2026-09-27T10:00:00.000Z', message: { role: 'user', content: 'Never delete anything in src/ or tmp/.' } },
    { ...ENVELOPE, type: 'user', uuid, timestamp: '2026-09-27T10:00:00.000Z', message: { role: 'user', content: 'Before you push, run the tests first.' } },
    { ...ENVELOPE, type: 'user', uuid, timestamp: '2026-09-27T10:00:00.000Z', message: { role: 'user', content: 'You may delete files in tmp/ now, the earlier rule no longer applies.' } },
    { ...ENVELOPE, type: 'assistant', uuid, message: { id: `msg_added_${n}`, type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: `toolu_added_${n}`, name: 'Bash', input: { command: 'rm -rf tmp/cache src/old' } }] } },
    { ...ENVELOPE, type: 'assistant', uuid, message: { id: `msg_added_${n}`, type: 'message', role: 'assistant', content: [{ type: 'text', text: 'I will clean up now.' }] } },
    { ...ENVELOPE, type: 'user', uuid, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: someToolId, content: 'done', is_error: false }] } },
    { ...ENVELOPE, type: 'user', uuid, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: someToolId, content: "The user doesn't want to proceed with this tool use. The tool use was rejected. the user said:\nNot now, keep tmp/.", is_error: true }] } },
    { ...ENVELOPE, type: 'user', uuid, message: { role: 'user', content: '[Request interrupted by user for tool use]' } },
    { type: 'custom-title', customTitle: `Title ${n}` },
    { type: 'user', uuid, message: 'not an object' },
  ];
  const chosen = lines[random(lines.length)];
  return random(8) === 0 ? '{"type": "user", "message": {' : JSON.stringify(chosen);
}

/** Where lines start and end (without their newline), blank ones included. */
function lineBounds(text: string): { start: number; end: number }[] {
  const bounds: { start: number; end: number }[] = [];
  for (let start = 0; start <= text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    bounds.push({ start, end });
    if (newline === -1) break;
    start = newline + 1;
  }
  return bounds;
}

/** A place inside the text of a message (a "text" or "content" string), where typing keeps the line valid; undefined when the line has none. */
function insideMessage(random: (n: number) => number, text: string, start: number, end: number): number | undefined {
  const line = text.slice(start, end);
  const openings = [...line.matchAll(/"(?:text|content)":"/g)].map((m) => (m.index ?? 0) + m[0].length);
  const opening = openings[random(Math.max(openings.length, 1))];
  if (opening === undefined) return undefined;
  let close = opening;
  while (close < line.length && line[close] !== '"' && line[close] !== '\\') close++;
  return start + opening + random(close - opening + 1);
}

/** One random edit of `text`: mostly typing (in messages, or anywhere), sometimes whole lines. */
export function randomEdit(random: (n: number) => number, text: string): Edit {
  const lines = lineBounds(text).filter((b) => b.end > b.start);
  const line = lines[random(lines.length)] ?? { start: 0, end: 0 };
  const typed = ['a', 'Z', ' ', 'delete', ' rm -rf', '\\n', 'é', '"', '{', ',', '\\'][random(11)] ?? 'a';
  switch (random(10)) {
    case 0:
    case 1:
    case 2: {
      const at = insideMessage(random, text, line.start, line.end) ?? line.start + random(line.end - line.start + 1);
      return { kind: 'type in a message', start: at, end: at, text: /^[a-zA-Z ]+$/.test(typed) ? typed : 'x' };
    }
    case 3: {
      const at = insideMessage(random, text, line.start, line.end);
      if (at !== undefined && at > line.start && /[a-z ]/.test(text[at - 1] ?? '')) return { kind: 'delete in a message', start: at - 1, end: at, text: '' };
      return { kind: 'overtype a character', start: line.start, end: line.start + 1, text: text[line.start] ?? '' };
    }
    case 4: {
      const at = line.start + random(line.end - line.start);
      return { kind: 'overtype a character', start: at, end: at + 1, text: typed.slice(0, 1) };
    }
    case 5: {
      const at = line.start + random(line.end - line.start + 1);
      return { kind: 'type anywhere', start: at, end: at, text: typed };
    }
    case 6:
      return { kind: 'delete a line', start: line.start, end: Math.min(line.end + 1, text.length), text: '' };
    case 7:
      return { kind: 'repeat a line', start: line.start, end: line.start, text: `${text.slice(line.start, line.end)}\n` };
    case 8:
      return { kind: 'add a line', start: line.start, end: line.start, text: `${addedLine(random, text)}\n` };
    default: {
      const at = line.start + random(line.end - line.start + 1);
      return { kind: random(2) ? 'split a line' : 'add a blank line', start: at, end: at, text: random(2) ? '\n' : '\n\n' };
    }
  }
}

export function applyEdit(text: string, edit: Edit): string {
  return text.slice(0, edit.start) + edit.text + text.slice(edit.end);
}

/** What must be equal: every session as read, its analysis, and the diagnostics. */
function analysisOf(state: TranscriptState): unknown {
  return {
    format: state.format,
    sessions: state.sessions.map((s) => ({ session: s.session, analysis: s.analysis })),
    diagnostics: toDiagnostics(state),
  };
}

export interface EditCounts {
  edits: number;
  /** Versions whose session was built from the previous version's (its first turn is the same object), not read whole. */
  builtOnPrevious: number;
  /** Kinds of edit made, with how many of each. */
  kinds: Record<string, number>;
}

/**
 * Edits `text` `edits` times at random (seeded), analysing each version with the memory kept from
 * the versions before (told each edit, and not), and asserts that every analysis equals a fresh one
 * of the same text.
 */
export function editAndCompare(name: string, text: string, edits: number, seed: number, policies: readonly Policy[] = []): EditCounts {
  const next = seededRandom(seed);
  // The same edits on every run: an integer below n.
  const random = (n: number) => Math.floor(next() * n);
  // One memory is told every edit, as the language service's is; the other matches lines by their text.
  const memory = new DocumentMemory(true);
  const untold = new DocumentMemory();
  const analyse = (version: number, current: string, with_: DocumentMemory) => analyseTranscript({ uri: `file:///${name}`, version, text: current, policies }, with_, () => undefined);
  let current = text;
  let firstTurn = analyse(0, current, memory).sessions[0]?.session.turns[0];
  analyse(0, current, untold);
  const counts: EditCounts = { edits: 0, builtOnPrevious: 0, kinds: {} };
  for (let version = 1; version <= edits; version++) {
    const edit = randomEdit(random, current);
    current = applyEdit(current, edit);
    memory.lines.edited(edit.start, edit.end, edit.text.length);
    const state = analyse(version, current, memory);
    const incremental = analysisOf(state);
    const fresh = analysisOf(analyse(version, current, new DocumentMemory()));
    const where = `${name}, edit ${version} (${edit.kind} at ${edit.start}: ${JSON.stringify(edit.text)})`;
    assert.deepEqual(incremental, fresh, where);
    assert.deepEqual(analysisOf(analyse(version, current, untold)), fresh, `${where}, lines matched by their text`);
    // And as a file read once (the CLI's way, offsets absolute from the start) reads it.
    const once = parseInput({ name, text: current });
    assert.deepEqual(
      state.sessions.map((s) => s.session),
      once.kind === 'transcript' ? once.sessions.filter((s) => s.entry === undefined) : [],
      `${where}, read once`,
    );
    counts.edits++;
    const turn = state.sessions[0]?.session.turns[0];
    if (turn !== undefined && turn === firstTurn) counts.builtOnPrevious++;
    firstTurn = turn;
    counts.kinds[edit.kind] = (counts.kinds[edit.kind] ?? 0) + 1;
  }
  return counts;
}
