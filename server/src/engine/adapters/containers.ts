import type * as Fflate from 'fflate';
import type * as Fzstd from 'fzstd';
import { SessionBuilder } from '../session/builder';
import type { ParsedTranscript, Session } from '../session/session';
import { readInspectSampleMember } from './inspect';

/** One EvalSample per member, directly under `samples/` (log/_recorders/eval.py). */
const SAMPLE_MEMBER = /^samples\/[^/]+\.json$/;
/** The log's header: `header.json` when finished, the journal's start record while running, `start.json` in early versions. */
const HEADER_MEMBERS = ['header.json', '_journal/start.json', 'start.json'];
/** fflate reads stored and deflated members; a member in any other method is reported, not thrown on. */
const READABLE_COMPRESSION = new Set([0, 8]);
/** Zstandard (APPNOTE 4.4.5): Inspect writes `.eval` logs so when asked to; fzstd decodes these members. */
const ZSTD = 93;

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

/**
 * The compressed bytes of each member named, found through the zip's central directory (zip64 sizes
 * and offsets included): fflate inflates only stored and deflated members, so zstd ones are read here.
 */
function compressedMembers(bytes: Uint8Array, names: ReadonlySet<string>): Map<string, Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found = new Map<string, Uint8Array>();
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error('no end of central directory');
  const decoder = new TextDecoder('utf-8');
  let at = view.getUint32(end + 16, true);
  for (let entry = view.getUint16(end + 10, true); entry > 0 && at + 46 <= bytes.length && view.getUint32(at, true) === 0x02014b50; entry--) {
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    let size = view.getUint32(at + 20, true);
    let offset = view.getUint32(at + 42, true);
    // Zip64: the sizes and offset that do not fit in 32 bits are in extra field 1, in this order.
    if (size === 0xffffffff || offset === 0xffffffff) {
      for (let extra = at + 46 + nameLength; extra + 4 <= at + 46 + nameLength + extraLength; extra += 4 + view.getUint16(extra + 2, true)) {
        if (view.getUint16(extra, true) !== 1) continue;
        let field = extra + 4 + (view.getUint32(at + 24, true) === 0xffffffff ? 8 : 0);
        if (size === 0xffffffff) size = Number(view.getBigUint64((field += 8) - 8, true));
        if (offset === 0xffffffff) offset = Number(view.getBigUint64(field, true));
      }
    }
    if (names.has(name)) {
      const start = offset + 30 + view.getUint16(offset + 26, true) + view.getUint16(offset + 28, true);
      found.set(name, bytes.subarray(start, start + size));
    }
    at += 46 + nameLength + extraLength + view.getUint16(at + 32, true);
  }
  return found;
}

/** Zstandard members, decoded; one that cannot be is left out, with the reason in `unreadable`. */
function zstdMembers(bytes: Uint8Array, names: ReadonlySet<string>, unreadable: { name: string; reason: string }[]): Record<string, Uint8Array> {
  const decoded: Record<string, Uint8Array> = {};
  if (names.size === 0) return decoded;
  // Loaded on first use, as fflate is: most logs are deflated.
  const { decompress } = require('fzstd') as typeof Fzstd;
  let found: Map<string, Uint8Array>;
  try {
    found = compressedMembers(bytes, names);
  } catch (e) {
    for (const name of names) unreadable.push({ name, reason: `zstd member not found: ${(e as Error).message}` });
    return decoded;
  }
  for (const name of names) {
    const data = found.get(name);
    try {
      if (!data) throw new Error('not in the central directory');
      decoded[name] = decompress(data);
    } catch (e) {
      if (SAMPLE_MEMBER.test(name)) unreadable.push({ name, reason: `zstd member cannot be decoded: ${(e as Error).message}` });
    }
  }
  return decoded;
}

/** Zip containers: Inspect AI `.eval` logs. Each `samples/*.json` member becomes one session. */
export function readContainer(bytes: Uint8Array): ParsedTranscript {
  const unreadable: { name: string; reason: string }[] = [];
  const zstd = new Set<string>();
  let members: Record<string, Uint8Array>;
  try {
    // Inflate only the members read below: a log's other members can be large.
    // Loaded here, not with the engine: fflate starts a worker-thread probe and builds its tables when loaded.
    const { unzipSync } = require('fflate') as typeof Fflate;
    members = unzipSync(bytes, {
      filter: (file) => {
        if (!SAMPLE_MEMBER.test(file.name) && !HEADER_MEMBERS.includes(file.name)) return false;
        if (file.compression === ZSTD && file.originalSize <= MAX_MEMBER_BYTES) {
          zstd.add(file.name);
          return false;
        }
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
    Object.assign(members, zstdMembers(bytes, zstd, unreadable));
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
