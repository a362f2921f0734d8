import { dirname, join, resolve } from 'node:path';
import { POLICY_FILE_NAMES } from '../engine/ledger';

/*
 * Where workspace policies are looked for, apart from the parser: the live hook checks these places
 * on every tool call and must not load the policy parser (zod, yaml) when there is nothing to parse.
 */

/**
 * The folders whose policy applies to a transcript, nearest first: the transcript's own folder and
 * each one up to the root, then the workspace folders, then the home folder.
 */
export function policyFolders(transcriptPath: string, workspaceRoots: readonly string[], home: string): string[] {
  const folders: string[] = [];
  for (let folder = dirname(resolve(transcriptPath)); ; folder = dirname(folder)) {
    folders.push(folder);
    if (dirname(folder) === folder) break;
  }
  for (const root of workspaceRoots) folders.push(resolve(root));
  folders.push(home);
  return folders;
}

/** The policy files one folder may hold, in the order they are tried (.json before .yaml). */
export function policyFilesIn(folder: string): string[] {
  return POLICY_FILE_NAMES.map((name) => join(folder, name));
}
