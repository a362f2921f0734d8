/*
 * What the shells (CLI, language service, benchmark drivers) need from the machine, as one
 * interface they are handed: the host layer reads (and saves benchmark runs) through it and never
 * touches the disk itself, so
 * its logic runs the same over an in-memory file system in tests (the pattern of
 * vscode-json-languageservice, whose service gets its file reads from its host).
 */

export type EntryKind = 'file' | 'folder' | 'other';

export interface FolderEntry {
  readonly name: string;
  /** A symbolic link is `other`, as a directory listing reports it: folder searches do not follow links. */
  readonly kind: EntryKind;
}

/** A file's text read a piece at a time (a session too long for one string). */
export interface TextPieceReader {
  readonly bytes: number;
  /** The next piece of text; `undefined` at the end. */
  next(): string | undefined;
  close(): void;
}

/**
 * Errors thrown by a host carry the file system's `code` where it has one (`ENOENT`, `EISDIR`…):
 * reports name the code, as a terminal user knows it.
 */
export interface Host {
  /** The user's home folder: the last place a workspace policy is looked for. */
  readonly home: string;
  /** The file's bytes; throws when it cannot be read. */
  readFile(absolutePath: string): Uint8Array;
  /** What is at the path (links followed); undefined when nothing is. */
  stat(absolutePath: string): { readonly kind: EntryKind; readonly bytes: number } | undefined;
  /** The folder's entries, in no particular order; throws when it cannot be listed. */
  list(folder: string): FolderEntry[];
  /** Opens the file for reading a piece at a time; throws when it cannot be opened. */
  openPieces(absolutePath: string): TextPieceReader;
  /** Creates the folder and any missing parents (the benchmark's saved runs); throws when it cannot. */
  makeFolder(absolutePath: string): void;
  /** Writes the file whole, replacing it; throws when it cannot. */
  writeFile(absolutePath: string, text: string): void;
}

/** Decodes a host's bytes as UTF-8 without copying them (a Buffer from Node's host is one already). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A file's text, or undefined when there is no file at the path. */
export function readTextIfFile(host: Host, absolutePath: string): string | undefined {
  return host.stat(absolutePath)?.kind === 'file' ? asBuffer(host.readFile(absolutePath)).toString('utf8') : undefined;
}
