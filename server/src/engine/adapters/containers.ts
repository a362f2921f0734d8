import { type UnzipFileInfo, type Unzipped, unzipSync } from 'fflate';
import { SessionBuilder } from '../builder';
import type { ParsedTranscript } from '../parse';
import type { Session } from '../session';
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

/** A sample member ghost-lint could not inflate still shows up, with the reason as its problem. */
function unreadableMember(file: UnzipFileInfo): Session {
  const builder = new SessionBuilder('inspect-ai', '', file.name);
  builder.problem({ start: 0, end: 0 }, `zip member uses compression method ${file.compression}, which ghost-lint cannot read; sample skipped`);
  return builder.build();
}

/** Zip containers: Inspect AI `.eval` logs. Each `samples/*.json` member becomes one session. */
export function readContainer(bytes: Uint8Array): ParsedTranscript {
  const unreadable: UnzipFileInfo[] = [];
  let members: Unzipped;
  try {
    // Inflate only the members read below: a log's other members can be large.
    members = unzipSync(bytes, {
      filter: (file) => {
        if (!SAMPLE_MEMBER.test(file.name) && !HEADER_MEMBERS.includes(file.name)) return false;
        if (READABLE_COMPRESSION.has(file.compression)) return true;
        if (SAMPLE_MEMBER.test(file.name)) unreadable.push(file);
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
  const task = taskOf(header && decoder.decode(header));
  const sessions = samples.map(([name, data]) => readInspectSampleMember(name, decoder.decode(data), task));
  return { kind: 'transcript', format: 'inspect-ai', sessions: [...sessions, ...unreadable.map(unreadableMember)] };
}
