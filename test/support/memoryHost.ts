import { posix } from 'node:path';
import type { EntryKind, Host } from '../../server/src/host/host';

/** A file system error as Node's carries it: reports name the code. */
function fsError(code: string, path: string): Error {
  return Object.assign(new Error(`${code}: ${path}`), { code });
}

/**
 * A host whose files are a map of absolute POSIX paths to text: the host layer's logic without a
 * disk. Folders are every parent of a file; `reads` counts each file read, so a test can see what was read.
 */
export class MemoryHost implements Host {
  readonly reads = new Map<string, number>();

  constructor(
    private readonly files: Readonly<Record<string, string>>,
    readonly home = '/home/user',
  ) {}

  private kindOf(path: string): EntryKind | undefined {
    if (this.files[path] !== undefined) return 'file';
    const prefix = path === '/' ? '/' : `${path}/`;
    return Object.keys(this.files).some((file) => file.startsWith(prefix)) ? 'folder' : undefined;
  }

  readFile(absolutePath: string): Uint8Array {
    const text = this.files[absolutePath];
    if (text === undefined) throw fsError(this.kindOf(absolutePath) === 'folder' ? 'EISDIR' : 'ENOENT', absolutePath);
    this.reads.set(absolutePath, (this.reads.get(absolutePath) ?? 0) + 1);
    return Buffer.from(text, 'utf8');
  }

  stat(absolutePath: string): { kind: EntryKind; bytes: number } | undefined {
    const kind = this.kindOf(absolutePath);
    return kind && { kind, bytes: Buffer.byteLength(this.files[absolutePath] ?? '') };
  }

  list(folder: string): { name: string; kind: EntryKind }[] {
    if (this.kindOf(folder) !== 'folder') throw fsError('ENOTDIR', folder);
    const names = new Set(Object.keys(this.files).flatMap((file) => (file.startsWith(`${folder}/`) ? [file.slice(folder.length + 1).split('/')[0] ?? ''] : [])));
    return [...names].map((name) => ({ name, kind: this.kindOf(posix.join(folder, name)) ?? 'other' }));
  }

  openPieces(absolutePath: string): { bytes: number; next(): string | undefined; close(): void } {
    const text = this.files[absolutePath];
    if (text === undefined) throw fsError('ENOENT', absolutePath);
    let done = false;
    return {
      bytes: Buffer.byteLength(text),
      next: () => {
        if (done) return undefined;
        done = true;
        return text;
      },
      close: () => undefined,
    };
  }
}
