import { type Stats, closeSync, constants, fstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AuditState } from '../../engine/pipeline';
import { bytesHash64 } from '../../engine/text';
import { HookInputError } from './agents';

/*
 * The guard's memory of session files. Per file, two records keyed by the file's place and identity
 * (path, device and inode) and by hashes of its first bytes and of the bytes just before the offset
 * the record stands for, so a file that only grew since is read from that offset and any other change
 * (rewritten, truncated, replaced) starts over:
 * - `<hash>.json`: whether any user message up to the end of its last complete line stated or revoked
 *   a constraint (the quick path answers from it without the engine);
 * - `<hash>.state`: the audit state (engine/pipeline/auditState.ts) up to its own offset.
 * All I/O of the guard's memory lives here, in the shell.
 */

const RECORD_VERSION = 2;
/** Bytes hashed at the start of the file and just before the offset, to tell growth from a rewrite. */
const SAMPLE_BYTES = 4096;

/** Where a record stands in its file, and how to tell the file is still the one it was read from. */
export interface FileKey {
  /** The session file, absolute. */
  readonly path: string;
  readonly dev: number;
  readonly ino: number;
  /** Bytes the record covers. */
  readonly bytes: number;
  /** Hashes of the first bytes, and of the bytes just before `bytes`. */
  readonly head: string;
  readonly edge: string;
}

export interface CacheRecord extends FileKey {
  readonly version: typeof RECORD_VERSION;
  /** The format the session was read as. */
  readonly format: string;
  /** Whether any user message in those bytes stated or revoked a constraint. */
  readonly stated: boolean;
}

export interface StateRecord extends FileKey {
  readonly version: typeof RECORD_VERSION;
  readonly state: AuditState;
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

/**
 * Replaces `file` with `data` atomically, making its folder when missing: written beside it and
 * renamed to its name, so a reader finds the old content or the new, never half of one. The old file
 * is removed first: on ext4, a rename over an existing file starts writing the new one out to disk
 * there and then (its guard against losing both in a crash), which costs the hook a millisecond or
 * more on every call; a reader that comes between the two finds no record and reads the session anew.
 */
export function replaceFile(file: string, data: string | Uint8Array): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, data);
  } catch {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temporary, data);
  }
  try {
    unlinkSync(file);
  } catch {
    // Not there yet.
  }
  renameSync(temporary, file);
}

/**
 * The user's home folder as os.homedir() finds it ($HOME, on Windows %USERPROFILE%, before the
 * account's record), without loading node:os for it: that costs the hook a fifth of a millisecond.
 */
export function homeFolder(env: CacheEnvironment['env'], platform: NodeJS.Platform): string {
  return env[platform === 'win32' ? 'USERPROFILE' : 'HOME'] ?? (require('node:os') as typeof import('node:os')).homedir();
}

/** Bytes of a JSON Lines text up to the end of its last complete line. */
export function completeLineBytes(content: Buffer): number {
  return content.lastIndexOf(0x0a) + 1;
}

/** An open session file: its identity, size, and reads at any offset. */
export class SessionFile {
  private headHash: string | undefined;

  private constructor(
    private readonly fd: number,
    readonly path: string,
    readonly dev: number,
    readonly ino: number,
    readonly size: number,
  ) {}

  /**
   * The file at `path`, or undefined when it cannot be opened (not written yet). Anything but a
   * regular file (a folder, a pipe, a device) is no session: reading it fails, blocks or never ends,
   * so it is refused; opened without blocking, a pipe is refused rather than waited on.
   */
  static open(path: string): SessionFile | undefined {
    let fd: number | undefined;
    let stat: Stats;
    try {
      fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
      stat = fstatSync(fd);
    } catch {
      if (fd !== undefined) closeSync(fd);
      return undefined;
    }
    if (!stat.isFile()) {
      closeSync(fd);
      throw new HookInputError(`the session file ${path} is not a file`);
    }
    return new SessionFile(fd, path, stat.dev, stat.ino, stat.size);
  }

  read(start: number, length: number): Buffer {
    const buffer = Buffer.alloc(Math.max(0, length));
    let got = 0;
    while (got < buffer.length) {
      const n = readSync(this.fd, buffer, got, buffer.length - got, start + got);
      if (n === 0) break;
      got += n;
    }
    return buffer.subarray(0, got);
  }

  /** The key of a record covering the first `bytes` bytes of the file as it is now. */
  keyAt(bytes: number): FileKey {
    const edgeStart = Math.max(0, bytes - SAMPLE_BYTES);
    // Records are only taken past the first sample, so the head is the same for all of them.
    const head = bytes >= SAMPLE_BYTES ? (this.headHash ??= bytesHash64(this.read(0, SAMPLE_BYTES))) : bytesHash64(this.read(0, bytes));
    return { path: this.path, dev: this.dev, ino: this.ino, bytes, head, edge: bytesHash64(this.read(edgeStart, bytes - edgeStart)) };
  }

  /** Whether the file is the one `key` was taken from, grown or not since. */
  matches(key: FileKey): boolean {
    if (key.dev !== this.dev || key.ino !== this.ino || this.size < key.bytes) return false;
    const now = this.keyAt(key.bytes);
    return now.head === key.head && now.edge === key.edge;
  }

  /** The bytes written after `key`'s offset, when the file only grew since; undefined otherwise. */
  growthSince(key: FileKey): Buffer | undefined {
    return this.matches(key) ? this.read(key.bytes, this.size - key.bytes) : undefined;
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** What identifies a version of a record file: a guard process that replaced it since changes all three or some. */
interface FileVersion {
  readonly ino: number;
  readonly mtimeMs: number;
  readonly size: number;
}

function versionOf(stats: Stats): FileVersion {
  return { ino: stats.ino, mtimeMs: stats.mtimeMs, size: stats.size };
}

function isVersion(file: string, version: FileVersion): boolean {
  try {
    const now = statSync(file);
    return now.ino === version.ino && now.mtimeMs === version.mtimeMs && now.size === version.size;
  } catch {
    return false;
  }
}

/** Records a memory holds at most (an audit state is some 100–200 KB); the least recently used goes first. */
const MEMORY_RECORDS = 64;

/**
 * The guard's records kept in memory by a long-lived process (the hook server) between calls: a
 * record it read or wrote is not read and parsed again while its file is unchanged, and writing one
 * waits until the call is answered (`flush`, scheduled for after the current task). A file another
 * guard process replaced since is read again. Either way the record is one the cache wrote for its
 * key, so it is as good as any: the guard checks a record against the session file before using it.
 */
export class LedgerMemory {
  /** By record file; `written` is the version on disk, undefined while the record waits to be written. */
  private readonly records = new Map<string, { readonly record: object; written?: FileVersion }>();
  private flushScheduled = false;

  recall(file: string): object | undefined {
    const kept = this.records.get(file);
    if (!kept) return undefined;
    if (kept.written && !isVersion(file, kept.written)) {
      this.records.delete(file);
      return undefined;
    }
    // Most recently used last.
    this.records.delete(file);
    this.records.set(file, kept);
    return kept.record;
  }

  /** Remembers a record just read from `file`, as it is on disk. */
  remember(file: string, record: object, written: FileVersion): void {
    this.hold(file, { record, written });
  }

  /** Takes a record to write to `file` once the call is answered. */
  keep(file: string, record: object): void {
    this.hold(file, { record });
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  /** Writes every record still waiting (atomically, as LedgerCache does); a failure only costs a later read. */
  flush(): void {
    this.flushScheduled = false;
    for (const [file, kept] of this.records) {
      if (kept.written) continue;
      try {
        replaceFile(file, JSON.stringify(kept.record));
        kept.written = versionOf(statSync(file));
      } catch {
        this.records.delete(file);
      }
    }
  }

  private hold(file: string, kept: { readonly record: object; written?: FileVersion }): void {
    this.records.delete(file);
    this.records.set(file, kept);
    if (this.records.size <= MEMORY_RECORDS) return;
    const [oldest] = this.records.keys();
    if (oldest === undefined) return;
    if (!this.records.get(oldest)?.written) this.flush();
    this.records.delete(oldest);
  }
}

export class LedgerCache {
  /** `memory`: a long-lived process's records, kept between calls (the hook server's). */
  constructor(
    readonly folder: string,
    private readonly memory?: LedgerMemory,
  ) {}

  private fileFor(sessionPath: string, extension: string): string {
    return join(this.folder, `${bytesHash64(Buffer.from(sessionPath, 'utf8'))}${extension}`);
  }

  private readJson<T extends { version: number; path: string }>(sessionPath: string, extension: string): T | undefined {
    const file = this.fileFor(sessionPath, extension);
    const valid = (record: T) => (record.version === RECORD_VERSION && record.path === sessionPath ? record : undefined);
    const kept = this.memory?.recall(file);
    if (kept) return valid(kept as T);
    let fd: number | undefined;
    try {
      fd = openSync(file, 'r');
      const record = JSON.parse(readFileSync(fd, 'utf8')) as T;
      this.memory?.remember(file, record, versionOf(fstatSync(fd)));
      return valid(record);
    } catch {
      return undefined;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }

  /** Writes atomically (a rename), so a guard running beside this one never reads half a record. A failure only costs speed. */
  private writeJson(sessionPath: string, extension: string, record: object): void {
    const file = this.fileFor(sessionPath, extension);
    if (this.memory) {
      this.memory.keep(file, record);
      return;
    }
    try {
      replaceFile(file, JSON.stringify(record));
    } catch {
      // The cache is an optimisation: the next call reads the whole file.
    }
  }

  read(sessionPath: string): CacheRecord | undefined {
    return this.readJson<CacheRecord>(sessionPath, '.json');
  }

  write(key: FileKey, format: string, stated: boolean): void {
    const record: CacheRecord = { version: RECORD_VERSION, ...key, format, stated };
    this.writeJson(key.path, '.json', record);
  }

  readState(sessionPath: string): StateRecord | undefined {
    return this.readJson<StateRecord>(sessionPath, '.state');
  }

  writeState(key: FileKey, state: AuditState): void {
    const record: StateRecord = { version: RECORD_VERSION, ...key, state };
    this.writeJson(key.path, '.state', record);
  }
}
