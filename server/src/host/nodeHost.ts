import { closeSync, fstatSync, mkdirSync, openSync, readSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { StringDecoder } from 'node:string_decoder';
import type { EntryKind, Host, TextPieceReader } from './host';

/** Bytes read at a time by `TextPieces`. */
const PIECE_BYTES = 1024 * 1024;
/** Room in a small file's piece buffer for what is written to it after it was opened (a live session). */
const GROWTH_BYTES = 64 * 1024;

/**
 * A file's text read a piece at a time, decoded as a whole-file read decodes it (a character split
 * between pieces included). Node's StringDecoder, not TextDecoder: TextDecoder gives two-byte strings
 * even for ASCII, twice the memory of the one-byte strings a Buffer's decoding gives.
 */
export class TextPieces implements TextPieceReader {
  private readonly fd: number;
  readonly bytes: number;
  /** Made on the first read: most files opened are only asked their size. */
  private buffer?: Buffer;
  private readonly decoder = new StringDecoder('utf8');
  private ended = false;

  constructor(
    path: string,
    private readonly pieceBytes = PIECE_BYTES,
  ) {
    this.fd = openSync(path, 'r');
    try {
      this.bytes = fstatSync(this.fd).size;
    } catch (e) {
      closeSync(this.fd);
      throw e;
    }
  }

  next(): string | undefined {
    if (this.ended) return undefined;
    // No larger than the file (with room for it to have grown): a check opens every file of a folder for
    // its first piece, and a fresh megabyte for each of 1,500 small files cost a fifth of that check.
    this.buffer ??= Buffer.allocUnsafe(Math.min(this.pieceBytes, Math.max(this.bytes, 0) + GROWTH_BYTES));
    const read = readSync(this.fd, this.buffer, 0, this.buffer.length, null);
    if (read > 0) return this.decoder.write(this.buffer.subarray(0, read));
    this.ended = true;
    const last = this.decoder.end();
    return last === '' ? undefined : last;
  }

  close(): void {
    closeSync(this.fd);
  }
}

const kindOf = (entry: { isFile(): boolean; isDirectory(): boolean }): EntryKind => (entry.isDirectory() ? 'folder' : entry.isFile() ? 'file' : 'other');

/** The machine's own file system: what the CLI, the language server and the hook run on. */
export const nodeHost: Host = {
  get home() {
    return homedir();
  },
  readFile: (absolutePath) => readFileSync(absolutePath),
  stat: (absolutePath) => {
    try {
      const stats = statSync(absolutePath);
      return { kind: kindOf(stats), bytes: stats.size };
    } catch {
      return undefined;
    }
  },
  list: (folder) => readdirSync(folder, { withFileTypes: true }).map((entry) => ({ name: entry.name, kind: kindOf(entry) })),
  openPieces: (absolutePath) => new TextPieces(absolutePath),
  makeFolder: (absolutePath) => {
    mkdirSync(absolutePath, { recursive: true });
  },
  writeFile: (absolutePath, text) => writeFileSync(absolutePath, text),
};
