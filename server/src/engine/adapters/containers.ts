import type * as Fflate from 'fflate';
import type { Unzipped } from 'fflate';
import { SessionBuilder } from '../builder';
import type { ParsedTranscript, Session } from '../session';
import { readInspectSampleMember } from './inspect';

/** One EvalSample per member, directly under `samples/` (log/_recorders/eval.py). */
const SAMPLE_MEMBER = /^samples\/[^/]+\.json$/;
/** The log's header: `header.json` when finished, the journal's start record while running, `start.json` in early versions. */
const HEADER_MEMBERS = ['header.json', '_journal/start.json', 'start.json'];
/** fflate reads stored and deflated members; a member in any other method is reported, not thrown on. */
const READABLE_COMPRESSION = new Set([0, 8]);

function taskOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(header);
    const task = (parsed as { eval?: { task?: unknown } } | null)?.eval?.task;
    return typeof task === 'string' ? task : undefined;
  } catch {
    return undefined;
  }
}

/** The longest string JavaScript holds (V8): a member that would decode to more is reported, not read. */
const MAX_MEMBER_BYTES = 0x1fffffe8;

const tooLarge = (bytes: number) => `zip member inflates to ${(bytes / 1024 / 1024).toFixed(0)} MB, more than ghost-lint can read as text`;

/** A sample member ghost-lint could not inflate or decode still shows up, with the reason as its problem. */
function unreadableMember(name: string, reason: string): Session {
  const builder = new SessionBuilder('inspect-ai', '', name);
  builder.problem({ start: 0, end: 0 }, `${reason}; sample skipped`);
  return builder.build();
}

/** Zip containers: Inspect AI `.eval` logs. Each `samples/*.json` member becomes one session. */
export function readContainer(bytes: Uint8Array): ParsedTranscript {
  const unreadable: { name: string; reason: string }[] = [];
  let members: Unzipped;
  try {
    // Inflate only the members read below: a log's other members can be large.
    // Loaded here, not with the engine: fflate starts a worker-thread probe and builds its tables when loaded.
    const { unzipSync } = require('fflate') as typeof Fflate;
    members = unzipSync(bytes, {
      filter: (file) => {
        if (!SAMPLE_MEMBER.test(file.name) && !HEADER_MEMBERS.includes(file.name)) return false;
        const reason = !READABLE_COMPRESSION.has(file.compression)
          ? `zip member uses compression method ${file.compression}, which ghost-lint cannot read`
          : file.originalSize > MAX_MEMBER_BYTES
            ? tooLarge(file.originalSize)
            : undefined;
        if (reason === undefined) return true;
        if (SAMPLE_MEMBER.test(file.name)) unreadable.push({ name: file.name, reason });
        return false;
      },
    });
  } catch (e) {
    return { kind: 'not-a-transcript', reason: `unreadable zip: ${(e as Error).message}`, problems: [] };
  }
  const decoder = new TextDecoder('utf-8');
  const header = HEADER_MEMBERS.map((name) => members[name]).find((m) => m !== undefined);
  const samples = Object.entries(members).filter(([name]) => SAMPLE_MEMBER.test(name));
  if (!header && samples.length === 0 && unreadable.length === 0) {
    return { kind: 'not-a-transcript', reason: 'zip archive, but not an Inspect AI log (no header.json or samples/*.json)', problems: [] };
  }
  // A member's size as declared can be false: what was inflated is measured again.
  const decodable = (data: Uint8Array) => data.length <= MAX_MEMBER_BYTES;
  const task = taskOf(header && decodable(header) ? decoder.decode(header) : undefined);
  const sessions = samples.map(([name, data]) => (decodable(data) ? readInspectSampleMember(name, decoder.decode(data), task) : unreadableMember(name, tooLarge(data.length))));
  return { kind: 'transcript', format: 'inspect-ai', sessions: [...sessions, ...unreadable.map((member) => unreadableMember(member.name, member.reason))] };
}
