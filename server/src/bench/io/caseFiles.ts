import { findFiles } from '../../host/files';
import type { Host } from '../../host/host';

/** Names of benchmark case files a folder search picks up. */
export const CASE_FILE_PATTERN = /\.case\.(json|ya?ml)$/i;

export interface CaseFile {
  readonly absolutePath: string;
  /** Named directly rather than found in a folder. */
  readonly explicit: boolean;
}

/** Case files in the given files and folders (folders searched recursively, in name order); a path that is not a folder is taken as a case file. */
export function findCaseFiles(host: Host, cwd: string, paths: readonly string[]): CaseFile[] {
  return findFiles(host, cwd, paths, (name) => CASE_FILE_PATTERN.test(name));
}
