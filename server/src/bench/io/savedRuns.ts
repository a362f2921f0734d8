import { join } from 'node:path';
import type { BenchCase } from '../caseSchema';
import { caseToolEffects } from '../operations';
import type { BenchRun } from '../runner';
import type { DeclaredEffect } from '../../engine/binding';
import type { Host } from '../../host/host';

/*
 * A bench's runs on disk, for the CLI (--save-runs) and the editor: one OpenAI Chat transcript per
 * defence, case, condition and repetition, and a workspace policy beside them.
 */

/**
 * The policy saved beside the runs: what the cases' tools do, declared as a policy declares custom
 * tools, so `check` and the editor bind the runs' calls as the runner's auditor did. Cases that
 * declare the same tool alike share one entry.
 */
export function runsPolicy(cases: readonly BenchCase[]): { tools: DeclaredEffect[] } {
  const tools = new Map<string, DeclaredEffect>();
  for (const effect of cases.flatMap((c) => c.tools.flatMap(caseToolEffects))) tools.set(JSON.stringify(effect), effect);
  return { tools: [...tools.values()] };
}

/** A run's file name inside its defence's folder. */
export function runFileName(run: BenchRun): string {
  return `${run.caseId}.${run.condition}.${run.repetition}.json`;
}

/** Writes `.ghost-lint.json` for the cases into `folder` (created if needed). Throws the file system's error. */
export function saveRunsPolicy(host: Host, folder: string, cases: readonly BenchCase[]): void {
  host.makeFolder(folder);
  host.writeFile(join(folder, '.ghost-lint.json'), `${JSON.stringify(runsPolicy(cases), null, 2)}\n`);
}

/** Writes each run's transcript into `folder/defence`; returns the absolute path of each. Throws the file system's error. */
export function saveRuns(host: Host, folder: string, defence: string, runs: readonly BenchRun[]): Map<BenchRun, string> {
  const saved = new Map<BenchRun, string>();
  const target = join(folder, defence);
  host.makeFolder(target);
  for (const run of runs) {
    const path = join(target, runFileName(run));
    host.writeFile(path, run.transcript);
    saved.set(run, path);
  }
  return saved;
}

/** Where a model bench saves its runs when not told: one folder per bench under `base`, named by its start time. */
export function defaultRunsFolder(base: string, now: Date): string {
  return join(base, 'ghost-lint-runs', now.toISOString().replace(/[:.]/g, '-'));
}
