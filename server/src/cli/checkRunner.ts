import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { CheckPool } from '../host/checkPool';
import { collectGarbage } from '../host/heap';
import type { CheckRun, CheckRunReply } from './checkServer';
import { runCli } from './main';

/** The check workers beside the runner: one per core but the runner's own, started with it and kept warm from check to check. */
function residentPool(): CheckPool | undefined {
  const size = availableParallelism() - 1;
  // This thread runs the bundle (dist/commands.js), which is also the check workers' script.
  return size > 0 ? new CheckPool(join(__dirname, 'commands.js'), size) : undefined;
}

/**
 * Time without a check after which the runner and its workers collect their garbage: V8 collects when
 * a heap grows, not when it stops, so an idle server would otherwise hold each check's garbage (some
 * 30 MB a check of a corpus here, in every thread) until it stopped.
 */
const COLLECT_WHEN_IDLE_MS = 1_000;

/** The check server's runner thread (cli/checkServer.ts): runs each check it is sent as a `check` process would, and answers with its output. */
export function serveCheckRunner(): void {
  const port = parentPort;
  if (!port) throw new Error('serveCheckRunner runs in a worker thread');
  let pool = residentPool();
  let idle: NodeJS.Timeout | undefined;
  port.on('message', (run: CheckRun) => {
    clearTimeout(idle);
    // Workers that died (each takes only its file down) are replaced for the next check.
    if (pool && pool.size() === 0) pool = residentPool();
    void runCheck(run, pool).then((reply) => {
      port.postMessage(reply);
      idle = setTimeout(() => {
        collectGarbage();
        pool?.collectGarbage();
      }, COLLECT_WHEN_IDLE_MS);
    });
  });
}

async function runCheck({ id, argv, cwd }: CheckRun, pool: CheckPool | undefined): Promise<CheckRunReply> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  try {
    const exitCode = await runCli(argv, { cwd, env: process.env, stdout: (text) => void stdout.push(text), stderr: (text) => void stderr.push(text), ...(pool && { residentPool: pool }) });
    return { id, stdout: stdout.join(''), stderr: stderr.join(''), exitCode };
  } catch (e) {
    return { id, error: (e as Error).stack ?? String(e) };
  }
}
