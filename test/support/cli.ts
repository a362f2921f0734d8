import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './shared';

export const CLI = join(REPO_ROOT, 'dist', 'cli.js');

export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the built CLI as a user would, in `cwd`. */
export function runCli(args: readonly string[], cwd = REPO_ROOT): CliRun {
  const run = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
