import { type Extraction, type Revocation, type StatedConstraint, type UnresolvedRule, extractConstraints, forgetSentenceReadings } from '../extraction';
import { forgetTaggedSentences } from '../extraction/words';
import { textIsItsPieces } from '../session/builder';
import type { Session, Turn } from '../session/session';
import { type Span, detached } from '../text/text';

/** A turn's extraction with spans relative to the turn's start, so it can move with the turn. */
export interface LocalExtraction {
  readonly constraints: readonly StatedConstraint[];
  readonly revocations: readonly Revocation[];
  readonly unresolved: readonly UnresolvedRule[];
}

function shift(span: Span, by: number): Span {
  return { start: span.start + by, end: span.end + by };
}

/**
 * Where a turn's results are kept relative to: its first piece's literal, so the same message
 * written the same way shares them wherever it sits (a Claude Code line's uuid and timestamp around
 * it change nothing); the turn's start when it has no pieces.
 */
function anchorOf(turn: Turn): number {
  return turn.pieces[0]?.literal.start ?? turn.span.start;
}

/**
 * Everything a turn's extraction depends on: its kind, its text, and its pieces as written, relative to
 * the anchor. A text that is its pieces joined is said by them already: left out, a results file's
 * system prompt, repeated in every run, is copied and hashed once per run instead of twice.
 */
function memoKey(session: Session, turn: Turn): string {
  const anchor = anchorOf(turn);
  if (turn.pieces.length === 0) return `${turn.role}\u0000${turn.kind}\u0000${turn.span.end - turn.span.start}\u0000${turn.text}`;
  const pieces = turn.pieces.map((p) => `${p.at},${p.literal.start - anchor},${p.literal.end - anchor}\u0000${session.text.slice(p.literal.start, p.literal.end)}`).join('\u0001');
  return textIsItsPieces(turn) ? `${turn.role}\u0000${turn.kind}\u0000${pieces}` : `${turn.role}\u0000${turn.kind}\u0000${pieces}\u0000${turn.text}`;
}

/**
 * Readings kept for the whole process, across sessions and files: a results file of 200 sessions
 * repeats one system prompt 200 times, and a corpus repeats its AGENTS.md in every session. Keyed
 * like the memo below, so a message written the same way anywhere is read once. Long messages are
 * not kept, and the whole is forgotten past a size, so memory stays bounded.
 */
const SHARED_LIMIT_CHARS = 32 * 1024 * 1024;
const SHARED_ENTRY_LIMIT_CHARS = 256 * 1024;
const shared = new Map<string, LocalExtraction>();
let sharedChars = 0;

/**
 * Readings kept beyond the process (the CLI's cache folder), by the same keys: a corpus checked again
 * reads none of its messages, and a system prompt read by one run is not read by the next. The
 * store is the caller's: the engine does no I/O. Its keys hold a message as written, so a store that
 * keeps digests of them must take one long enough never to collide.
 */
export interface ReadingStore {
  get(key: string): LocalExtraction | undefined;
  set(key: string, reading: LocalExtraction): void;
}
let store: ReadingStore | undefined;

/** Reads kept readings from `next` and keeps new ones in it, until called again (undefined: none). */
export function useReadingStore(next: ReadingStore | undefined): void {
  store = next;
}

/** Forgets the process's shared readings and tagged sentences: for a measurement that must read every message afresh. */
export function forgetSharedReadings(): void {
  shared.clear();
  sharedChars = 0;
  forgetTaggedSentences();
  forgetSentenceReadings();
}

function sharedReading(key: string): LocalExtraction | undefined {
  const found = shared.get(key);
  if (found || !store || key.length > SHARED_ENTRY_LIMIT_CHARS) return found;
  const kept = store.get(key);
  if (kept) remember(key, kept);
  return kept;
}

function keepShared(key: string, reading: LocalExtraction): void {
  if (key.length > SHARED_ENTRY_LIMIT_CHARS) return;
  remember(key, reading);
  store?.set(key, reading);
}

function remember(key: string, reading: LocalExtraction): void {
  if (sharedChars + key.length > SHARED_LIMIT_CHARS) {
    shared.clear();
    sharedChars = 0;
  }
  // The key holds a slice of the session's text: kept as it is, it would keep that whole text alive as long as the process.
  shared.set(detached(key), reading);
  sharedChars += key.length;
}

/**
 * Extraction across versions of one document. Extraction reads each user message on its own, so
 * a message unchanged by an edit extracts the same wherever it now sits: its results are kept (by
 * the message as written) and moved to its new place and turn, and only edited messages are read
 * again. Entries not seen in the latest version are dropped.
 */
export class ExtractionMemo {
  private entries = new Map<string, LocalExtraction>();

  /** Like `extractConstraints(session)`; `checkpoint` runs between messages (it may throw to stop). */
  extract(session: Session, checkpoint?: () => void): Extraction {
    const next = new Map<string, LocalExtraction>();
    const constraints: StatedConstraint[] = [];
    const revocations: Revocation[] = [];
    const unresolved: UnresolvedRule[] = [];
    for (const turn of session.turns) {
      if (!turn.isUserMessage) continue;
      checkpoint?.();
      const key = memoKey(session, turn);
      const anchor = anchorOf(turn);
      let local = next.get(key) ?? this.entries.get(key) ?? sharedReading(key);
      if (!local) {
        const found = extractConstraints({ ...session, turns: [turn] });
        const inside = (s: Span) => s.start >= turn.span.start && s.end <= turn.span.end;
        if (![...found.constraints, ...found.revocations, ...(found.unresolved ?? [])].every((r) => inside(r.span))) {
          // A sentence mapped outside its turn cannot move with it: use it as found, and read it again next time.
          constraints.push(...found.constraints);
          revocations.push(...found.revocations);
          unresolved.push(...(found.unresolved ?? []));
          continue;
        }
        local = {
          constraints: found.constraints.map((c) => ({ ...c, span: shift(c.span, -anchor) })),
          revocations: found.revocations.map((r) => ({ ...r, span: shift(r.span, -anchor) })),
          unresolved: (found.unresolved ?? []).map((u) => ({ ...u, span: shift(u.span, -anchor) })),
        };
        keepShared(key, local);
      }
      next.set(key, local);
      for (const c of local.constraints) constraints.push({ ...c, turnIndex: turn.index, span: shift(c.span, anchor) });
      for (const r of local.revocations) revocations.push({ ...r, turnIndex: turn.index, span: shift(r.span, anchor) });
      for (const u of local.unresolved) unresolved.push({ ...u, turnIndex: turn.index, span: shift(u.span, anchor) });
    }
    this.entries = next;
    return { constraints, revocations, unresolved };
  }
}
