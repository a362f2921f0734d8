import { posix } from 'node:path';
import type { EntryKind, Host } from '../../server/src/host/host';

/** A file system error as Node's carries it: reports name the code. */
function fsError(code: string, path: string): Error {
  return Object.assign(new Error(`${code}: ${path}`), { code });
}

/**
 * A host whose files are a map of absolute POSIX paths to text: the host layer's logic without a
 * disk. Folders are every parent of a file and those made with `makeFolder`; `reads` counts each
 * file read, so a test can see what was read; `files` holds what was written.
 */
export class MemoryHost implements Host {
  readonly reads = new Map<string, number>();
  readonly files: Map<string, string>;
  private readonly folders = new Set<string>(['/']);

  constructor(
    files: Readonly<Record<string, string>>,
    readonly home = '/home/user',
    /** The length of the pieces `openPieces` gives (UTF-16 units): a file whole, unless a test reads it in smaller ones. */
    private readonly pieceLength = Number.POSITIVE_INFINITY,
  ) {
    this.files = new Map(Object.entries(files));
  }

  private kindOf(path: string): EntryKind | undefined {
    if (this.files.has(path)) return 'file';
    if (this.folders.has(path)) return 'folder';
    const prefix = `${path}/`;
    return [...this.files.keys()].some((file) => file.startsWith(prefix)) ? 'folder' : undefined;
  }

  readFile(absolutePath: string): Uint8Array {
    const text = this.files.get(absolutePath);
    if (text === undefined) throw fsError(this.kindOf(absolutePath) === 'folder' ? 'EISDIR' : 'ENOENT', absolutePath);
    this.reads.set(absolutePath, (this.reads.get(absolutePath) ?? 0) + 1);
    return Buffer.from(text, 'utf8');
  }

  stat(absolutePath: string): { kind: EntryKind; bytes: number } | undefined {
    const kind = this.kindOf(absolutePath);
    return kind && { kind, bytes: Buffer.byteLength(this.files.get(absolutePath) ?? '') };
  }

  list(folder: string): { name: string; kind: EntryKind }[] {
    if (this.kindOf(folder) !== 'folder') throw fsError('ENOTDIR', folder);
    const prefix = folder === '/' ? '/' : `${folder}/`;
    const names = new Set([...this.files.keys(), ...this.folders].flatMap((path) => (path.startsWith(prefix) && path !== prefix ? [path.slice(prefix.length).split('/')[0] ?? ''] : [])));
    return [...names].map((name) => ({ name, kind: this.kindOf(posix.join(folder, name)) ?? 'other' }));
  }

  openPieces(absolutePath: string): { bytes: number; next(): string | undefined; close(): void } {
    const text = this.files.get(absolutePath);
    if (text === undefined) throw fsError('ENOENT', absolutePath);
    let at = 0;
    return {
      bytes: Buffer.byteLength(text),
      next: () => {
        if (at >= text.length) return undefined;
        const piece = text.slice(at, at + this.pieceLength);
        at += piece.length;
        return piece;
      },
      close: () => undefined,
    };
  }

  makeFolder(absolutePath: string): void {
    if (this.files.has(absolutePath)) throw fsError('EEXIST', absolutePath);
    for (let folder = absolutePath; folder !== '/'; folder = posix.dirname(folder)) this.folders.add(folder);
  }

  writeFile(absolutePath: string, text: string): void {
    if (this.kindOf(posix.dirname(absolutePath)) !== 'folder') throw fsError('ENOENT', absolutePath);
    this.files.set(absolutePath, text);
  }
}
