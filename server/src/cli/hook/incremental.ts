import { isUtf8 } from 'node:buffer';
import { type HookDecision, type ProposalJudgement, type ProposedCall, type ResumableFormat, type StateJudgement, bindInSteps, bindsToNothing, emptyAuditState, isResumable, judgeProposedCall, judgeWithState, judgementReason, policyKey } from '../../engine/pipeline';
import { type Session, type TranscriptFormat, readDocument, readJsonl } from '../../engine/session';
import { isObject } from '../../engine/json';
import type { Policy } from '../../engine/ledger';
import { HookInputError } from './agents';
import { type LedgerCache, SessionFile, completeLineBytes } from './cache';

/*
 * A proposed call judged against a session file with the guard's memory: the audit state cached for
 * the file is moved over the lines written since it (engine/pipeline/auditState.ts), so a call late in a long
 * session costs about what the lines since the previous call cost. A file read from the start (no
 * state yet, or one that no longer applies) leaves a state for the next call. Files that are not
 * growing JSON Lines sessions are read whole. Policies are the caller's: this module loads
 * no policy reader, so the live guard's small bundle can hold it.
 */

export interface FileJudgeRequest {
  /** Absolute path of the session file; it may not exist yet. */
  readonly path: string;
  /** Only the decision is wanted: a call no constraint can govern is allowed without reading the new lines (`ungoverned`). */
  readonly quick?: boolean;
  readonly proposal: ProposedCall;
  readonly policies: readonly Policy[];
  readonly cache?: LedgerCache;
  /** The format of a session that has no text yet. */
  readonly format: TranscriptFormat;
}

export interface JudgedFile {
  readonly kind: 'judged';
  readonly judgement: ProposalJudgement;
  readonly format: TranscriptFormat;
  /** Whether the judgement was made from the cached audit state, reading only the lines written since. */
  readonly resumed: boolean;
}

export type FileJudgement = JudgedFile | { readonly kind: 'ungoverned' };

/** Lines waiting after the cached state that a quick allow leaves unread; past this much, they are read to move the state on. */
const QUICK_REST_LIMIT = 256 * 1024;

// Reading a whole transcript needs every adapter: loaded only when a file is read from the start,
// and kept (in the bundle each `require` would copy the module's exports afresh).
let parseModule: typeof import('../../engine/parse') | undefined;
const parse = () => (parseModule ??= require('../../engine/parse') as typeof import('../../engine/parse'));

/** Formats whose session files are JSON Lines, appended to as the session goes on. */
const JSONL_FORMATS: ReadonlySet<TranscriptFormat> = new Set(['claude-code', 'codex', 'gemini-cli']);
/** Sniffing reads at most this many lines: past them, growth cannot change the format a file reads as. */
const SNIFFED_LINES = 200;

function emptySession(format: TranscriptFormat): Session {
  return { format, text: '', turns: [], calls: [], tools: [], problems: [] };
}

/** The session the call belongs to: the one recording it, else the only (or last) one. */
function pickSession(sessions: readonly Session[], proposal: ProposedCall): Session | undefined {
  const recording = proposal.id !== undefined ? sessions.find((s) => s.calls.some((c) => c.id === proposal.id)) : undefined;
  return recording ?? sessions[sessions.length - 1];
}

/** A whole transcript read as one session; `name` only names it in errors. */
export function readSession(content: Buffer | undefined, name: string, proposal: ProposedCall, format: TranscriptFormat): Session {
  if (!content || content.toString('utf8').trim() === '') return emptySession(format);
  const isZip = content.length >= 4 && content.readUInt32LE(0) === 0x04034b50;
  const { parseDocument, parseTranscript } = parse();
  let parsed = parseTranscript(isZip ? { name, bytes: content } : { name, text: content.toString('utf8') });
  // A session file of one line reads as one JSON value; the agent's own format says it is JSON Lines.
  if (parsed.kind !== 'transcript' && !isZip && JSONL_FORMATS.has(format)) parsed = parseDocument(readJsonl(content.toString('utf8')));
  if (parsed.kind !== 'transcript') throw new HookInputError(`${name} is not a transcript ghost-lint reads (${parsed.reason})`);
  return pickSession(parsed.sessions, proposal) ?? emptySession(parsed.format);
}

/** The text up to the end of its first `count` non-blank lines: all that sniffing reads of a JSON Lines file. */
function leadingLines(text: string, count: number): string {
  let seen = 0;
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    if (newline === -1) break;
    if (text.slice(start, newline).trim() !== '' && ++seen === count) return text.slice(0, newline + 1);
    start = newline + 1;
  }
  return text;
}

/**
 * The resumable format a whole text reads as, when it reads as a JSON Lines session that starts with
 * a JSON object (so more lines can never make it read as one JSON value).
 */
function resumableFormat(text: string): ResumableFormat | undefined {
  const doc = readDocument(leadingLines(text, SNIFFED_LINES));
  if (doc.kind !== 'jsonl' || !isObject(doc.lines[0]?.value)) return undefined;
  const format = parse().pickAdapter(doc)?.format;
  return format !== undefined && isResumable(format) ? format : undefined;
}

export function judgeSessionFile(request: FileJudgeRequest & { readonly quick?: false }): JudgedFile;
export function judgeSessionFile(request: FileJudgeRequest): FileJudgement;
export function judgeSessionFile(request: FileJudgeRequest): FileJudgement {
  const file = SessionFile.open(request.path);
  if (!file) return { kind: 'judged', judgement: judgeProposedCall(emptySession(request.format), request.proposal, { policies: request.policies }), format: request.format, resumed: false };
  try {
    return judgeOpenFile(file, request);
  } finally {
    file.close();
  }
}

function judgeOpenFile(file: SessionFile, request: FileJudgeRequest): FileJudgement {
  const { proposal, policies, cache } = request;
  const saved = cache?.readState(file.path);
  // A state the guard saved is of a JSON Lines format; a check in pieces of a chat document never saves one.
  if (saved && file.matches(saved) && isResumable(saved.state.format)) {
    const rest = file.read(saved.bytes, file.size - saved.bytes);
    // A short file's format is sniffed again: its first lines may still be changing what it reads as.
    const sameFormat = saved.state.lines >= SNIFFED_LINES || resumableFormat(file.read(0, file.size).toString('utf8')) === saved.state.format;
    if (sameFormat) {
      const text = rest.toString('utf8');
      if (request.quick && rest.length <= QUICK_REST_LIMIT && policies.length === 0 && bindsToNothing(saved.state, text, proposal)) return { kind: 'ungoverned' };
      const live = judgeWithState(saved.state, text, proposal, policies);
      if (live.kind === 'judged') {
        remember(cache, file, saved.bytes, rest, text, live, saved.state.format);
        return { kind: 'judged', judgement: live.judgement, format: saved.state.format, resumed: true };
      }
    }
  }
  const content = file.read(0, file.size);
  const text = content.toString('utf8');
  const format = text.trim() === '' ? undefined : resumableFormat(text);
  if (format !== undefined) {
    // Readings of an earlier read are keyed by each turn's place and text: those still there are not re-extracted.
    const live = judgeWithState(emptyAuditState(format, policies, saved?.state.readings), text, proposal, policies);
    if (live.kind === 'judged') {
      remember(cache, file, 0, content, text, live, format);
      return { kind: 'judged', judgement: live.judgement, format, resumed: false };
    }
  }
  const session = readSession(content, file.path, proposal, request.format);
  return { kind: 'judged', judgement: judgeProposedCall(session, proposal, { policies }), format: session.format, resumed: false };
}

/**
 * Binds, a step at a time, the complete lines of a session file whose cached audit state is unbound
 * (no constraint stated yet, no policy), and caches the bound state in its place: the call after the
 * session's first constraint then reads only the lines written since, not the whole file. The hook
 * server runs it while idle, a step between calls. Returns the number of calls the state summarises,
 * or undefined when there was nothing to do: no unbound state, a file changed or unreadable, or a
 * state a call moved or bound meanwhile (it is left as it is).
 */
export function* prepareBoundState(path: string, cache: LedgerCache): Generator<void, number | undefined> {
  const saved = cache.readState(path);
  if (!saved || saved.state.bound || saved.state.policyKey !== policyKey([])) return undefined;
  const file = SessionFile.open(path);
  if (!file) return undefined;
  try {
    if (!file.matches(saved)) return undefined;
    const content = file.read(0, file.size);
    const lines = content.subarray(0, completeLineBytes(content));
    const text = lines.toString('utf8');
    const bound = yield* bindInSteps(saved.state, text);
    const now = cache.readState(path);
    const bytes = bound && bytesBefore(lines, text, bound.offset);
    if (!bound || bytes === undefined || !now || now.state.bound || now.state.policyKey !== saved.state.policyKey) return undefined;
    cache.writeState(file.keyAt(bytes), bound.state);
    return bound.state.calls;
  } finally {
    file.close();
  }
}

/**
 * How many of `bytes` the first `units` UTF-16 units of `text` (their decoding) came from; undefined
 * when `bytes` are not valid UTF-8, where an invalid byte decodes to U+FFFD (three bytes encoded
 * again) and the count cannot be had from the text. No audit state is kept there: a state's file
 * position must be exact, or the next call would read the lines after it from the wrong byte.
 */
function bytesBefore(bytes: Buffer, text: string, units: number): number | undefined {
  return isUtf8(bytes) ? Buffer.byteLength(text.slice(0, units), 'utf8') : undefined;
}

/** Keeps the moved state, and for the quick path whether the session stated anything up to its last complete line. */
function remember(cache: LedgerCache | undefined, file: SessionFile, from: number, rest: Buffer, text: string, live: Extract<StateJudgement, { kind: 'judged' }>, format: ResumableFormat): void {
  if (!cache) return;
  // Only the complete lines are settled: a line still being written may end in the middle of a character.
  const settled = bytesBefore(rest.subarray(0, completeLineBytes(rest)), text, live.settled);
  if (settled !== undefined) cache.writeState(file.keyAt(from + settled), live.state);
  // Once the session has stated something the quick path never answers for it: its record need not move.
  if (!live.stated || cache.read(file.path)?.stated !== true) cache.write(file.keyAt(from + completeLineBytes(rest)), format, live.stated);
}

/** The decision and the message the agent reads: "ask" becomes "deny" where the agent cannot ask. */
export function hookVerdict(judgement: ProposalJudgement, canAsk: boolean): { decision: HookDecision; reason: string } {
  const decision = judgement.decision === 'ask' && !canAsk ? 'deny' : judgement.decision;
  return { decision, reason: decision === 'allow' ? '' : judgementReason({ ...judgement, decision }) };
}
