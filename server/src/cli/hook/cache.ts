import { createHash } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TurnReadings } from '../../engine/gate';

/*
 * The ledger cache: per session file, what the guard learnt from it up to a byte offset. A session
 * file that only grew (the same first and last bytes up to that offset) is read from where the cache
 * stopped; any other change starts over. All I/O of the guard's memory lives here, in the shell.
 */

const CACHE_VERSION = 1;
/** Bytes compared at the start of the file and just before the offset, to tell growth from a rewrite. */
const SAMPLE_BYTES = 256;

export interface CacheRecord {
  readonly version: typeof CACHE_VERSION;
  /** The session file, absolute. */
  readonly path: string;
  /** Bytes read: the end of the last complete line of a JSON Lines file, or the whole file. */
  readonly bytes: number;
  /** Base64 of the first bytes, and of the bytes just before `bytes`. */
  readonly head: string;
  readonly edge: string;
  /** The format the session was read as. */
  readonly format: string;
  /** Whether any user message in those bytes stated or revoked a constraint. */
  readonly stated: boolean;
  /** What extraction read in each user turn, by `turnKey`: the next read only reads new turns. */
  readonly readings: Readonly<Record<string, TurnReadings>>;
}

export interface CacheEnvironment {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly home: string;
  readonly platform: NodeJS.Platform;
}

/** `$XDG_CACHE_HOME/ghost-lint` when set, else the operating system's cache folder. */
export function cacheFolder({ env, home, platform }: CacheEnvironment): string {
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'ghost-lint');
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'ghost-lint');
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'ghost-lint', 'Cache');
  return join(home, '.cache', 'ghost-lint');
}

/** The start of the file and the bytes just before `bytes`, as the cache keeps them. */
export function samplesOf(content: Buffer, bytes: number): { head: string; edge: string } {
  return {
    head: content.subarray(0, Math.min(SAMPLE_BYTES, bytes)).toString('base64'),
    edge: content.subarray(Math.max(0, bytes - SAMPLE_BYTES), bytes).toString('base64'),
  };
}

/** Bytes of a JSON Lines text up to the end of its last complete line. */
export function completeLineBytes(content: Buffer): number {
  return content.lastIndexOf(0x0a) + 1;
}

/** The record moved past lines read since that stated nothing. */
export function grownPast(record: CacheRecord, growth: Buffer): CacheRecord {
  const edge = Buffer.concat([Buffer.from(record.edge, 'base64'), growth]);
  return { ...record, bytes: record.bytes + growth.length, edge: edge.subarray(Math.max(0, edge.length - SAMPLE_BYTES)).toString('base64') };
}

export class LedgerCache {
  constructor(readonly folder: string) {}

  private fileFor(sessionPath: string): string {
    return join(this.folder, `${createHash('sha1').update(sessionPath).digest('hex')}.json`);
  }

  read(sessionPath: string): CacheRecord | undefined {
    try {
      const record = JSON.parse(readFileSync(this.fileFor(sessionPath), 'utf8')) as CacheRecord;
      return record.version === CACHE_VERSION && record.path === sessionPath ? record : undefined;
    } catch {
      return undefined;
    }
  }

  /** Writes atomically (a rename), so a guard running beside this one never reads half a record. A failure only costs speed. */
  write(record: CacheRecord): void {
    const file = this.fileFor(record.path);
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      mkdirSync(this.folder, { recursive: true });
      writeFileSync(temporary, JSON.stringify(record));
      renameSync(temporary, file);
    } catch {
      // The cache is an optimisation: the next call reads the whole file.
    }
  }
}

/**
 * The bytes written after the cached offset, when the file only grew since; undefined when it was
 * rewritten, truncated or cannot be read.
 */
export function readGrowth(record: CacheRecord): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(record.path, 'r');
    const size = fstatSync(fd).size;
    if (size < record.bytes) return undefined;
    const read = (start: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const got = readSync(fd ?? -1, buffer, 0, length, start);
      return buffer.subarray(0, got);
    };
    const head = read(0, Math.min(SAMPLE_BYTES, record.bytes));
    const edgeStart = Math.max(0, record.bytes - SAMPLE_BYTES);
    const edge = read(edgeStart, record.bytes - edgeStart);
    if (head.toString('base64') !== record.head || edge.toString('base64') !== record.edge) return undefined;
    return read(record.bytes, size - record.bytes);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
