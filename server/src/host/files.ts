import { constants } from 'node:buffer';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { TranscriptInput } from '../engine/parse';
import { type Host, asBuffer } from './host';

/** Extensions a folder search considers; anything else in a folder is not a transcript. */
const TRANSCRIPT_EXTENSIONS = new Set(['.json', '.jsonl', '.traj', '.eval']);
/** Benchmark cases written in YAML; other YAML files (policies, CI settings) are not transcripts. */
const YAML_CASE_FILE = /\.case\.ya?ml$/i;
const SKIPPED_FOLDERS = new Set(['node_modules', '.git']);

export interface InputFile {
  /** Relative to the current folder, forward slashes: how reports name it. */
  readonly displayPath: string;
  readonly absolutePath: string;
  /** Named on the command line: a failure to read or recognise it is an input error. */
  readonly explicit: boolean;
}

export function displayPath(cwd: string, absolutePath: string): string {
  const rel = relative(cwd, absolutePath) || '.';
  return sep === '/' ? rel : rel.split(sep).join('/');
}

/** Whether a folder search considers a file, by its name: transcripts and YAML case files. */
function mayBeTranscript(name: string): boolean {
  return TRANSCRIPT_EXTENSIONS.has(extname(name).toLowerCase()) || YAML_CASE_FILE.test(name);
}

function walk(host: Host, folder: string, accept: (name: string) => boolean, out: string[]): void {
  for (const entry of host.list(folder).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(folder, entry.name);
    if (entry.kind === 'folder') {
      if (!SKIPPED_FOLDERS.has(entry.name)) walk(host, path, accept, out);
    } else if (entry.kind === 'file' && accept(entry.name)) {
      out.push(path);
    }
  }
}

/**
 * Expands paths: a folder to the files below it whose names `accept` takes (in name order); any other
 * path, even a missing one, to an explicit file (a read error is reported when it is read).
 */
export function findFiles(host: Host, cwd: string, paths: readonly string[], accept: (name: string) => boolean): { absolutePath: string; explicit: boolean }[] {
  const files: { absolutePath: string; explicit: boolean }[] = [];
  for (const given of paths) {
    const resolved = resolve(cwd, given);
    // A missing path is reported as an input error when it is read.
    if (host.stat(resolved)?.kind !== 'folder') {
      files.push({ absolutePath: resolved, explicit: true });
      continue;
    }
    const found: string[] = [];
    walk(host, resolved, accept, found);
    for (const absolutePath of found) files.push({ absolutePath, explicit: false });
  }
  return files;
}

/** Expands the command line's paths; a missing path becomes an explicit file that fails to read. `name`: how reports name a file (relative to `cwd`). */
export function collectInputs(host: Host, cwd: string, paths: readonly string[], name = (absolutePath: string) => displayPath(cwd, absolutePath)): InputFile[] {
  return findFiles(host, cwd, paths, mayBeTranscript).map((file) => ({ ...file, displayPath: name(file.absolutePath) }));
}

/** Reads a file as the engine wants it: bytes for a zip container, text otherwise. */
export function readInput(host: Host, file: Pick<InputFile, 'displayPath' | 'absolutePath'>): TranscriptInput {
  const buffer = asBuffer(host.readFile(file.absolutePath));
  const isZip = buffer.length >= 4 && buffer.readUInt32LE(0) === 0x04034b50;
  return isZip ? { name: file.displayPath, bytes: buffer } : { name: file.displayPath, text: asText(buffer) };
}

/** The file's text; a file longer than a JavaScript string can be is refused with a message that says so. */
export function asText(buffer: Buffer): string {
  try {
    return buffer.toString('utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ERR_STRING_TOO_LONG') throw e;
    throw new Error(`${tooLongForAString(buffer.length)}; split the session into smaller files`);
  }
}

/** Says that a file of `bytes` is longer than a JavaScript string can be. */
export function tooLongForAString(bytes: number): string {
  const megabytes = (count: number) => `${Math.floor(count / 1024 / 1024)} MB`;
  return `the file is ${megabytes(bytes)}, more text than Node.js holds in one string (${megabytes(constants.MAX_STRING_LENGTH)})`;
}
