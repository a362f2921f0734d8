import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './shared';

export const CLI = join(REPO_ROOT, 'dist', 'cli.js');

export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** An empty home folder, so a policy in the real home of whoever runs the tests changes nothing. */
const EMPTY_HOME = mkdtempSync(join(tmpdir(), 'ghost-lint-test-home-'));

/** Runs the built CLI as a user would, in `cwd`. */
export function runCli(args: readonly string[], cwd = REPO_ROOT, env: Record<string, string> = {}): CliRun {
  const run = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, HOME: EMPTY_HOME, ...env } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
