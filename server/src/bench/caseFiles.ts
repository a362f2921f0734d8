import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Names of benchmark case files a folder search picks up. */
export const CASE_FILE_PATTERN = /\.case\.(json|ya?ml)$/i;
const SKIPPED_FOLDERS = new Set(['node_modules', '.git']);

export interface CaseFile {
  readonly absolutePath: string;
  /** Named directly rather than found in a folder. */
  readonly explicit: boolean;
}

function walk(folder: string, out: CaseFile[]): void {
  for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) walk(path, out);
    } else if (entry.isFile() && CASE_FILE_PATTERN.test(entry.name)) out.push({ absolutePath: path, explicit: false });
  }
}

/** Case files in the given files and folders (folders searched recursively, in name order); a path that is not a folder is taken as a case file. */
export function findCaseFiles(cwd: string, paths: readonly string[]): CaseFile[] {
  const files: CaseFile[] = [];
  for (const given of paths) {
    const absolutePath = resolve(cwd, given);
    let isFolder = false;
    try {
      isFolder = statSync(absolutePath).isDirectory();
    } catch {
      // A missing path is read as a file, and its read error reported.
    }
    if (isFolder) walk(absolutePath, files);
    else files.push({ absolutePath, explicit: true });
  }
  return files;
}
