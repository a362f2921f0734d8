import { unzipSync, strFromU8 } from 'fflate';
import type { ParsedTranscript } from '../parse';

/** Zip containers (Inspect AI `.eval`); the Inspect adapter reads their sample members. */
export function readContainer(bytes: Uint8Array): ParsedTranscript {
  let members: Record<string, Uint8Array>;
  try {
    members = unzipSync(bytes);
  } catch (e) {
    return { kind: 'not-a-transcript', reason: `unreadable zip: ${(e as Error).message}`, problems: [] };
  }
  const names = Object.keys(members);
  void strFromU8;
  return { kind: 'not-a-transcript', reason: `zip with ${names.length} members, none a transcript ghost-lint reads`, problems: [] };
}
