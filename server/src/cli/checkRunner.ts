import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { CheckPool } from '../host/checkPool';
import type { CheckRun, CheckRunReply } from './checkServer';
import { runCli } from './main';

/** The check workers beside the runner: one per core but the runner's own, started with it and kept warm from check to check. */
function residentPool(): CheckPool | undefined {
  const size = availableParallelism() - 1;
  // This thread runs the bundle (dist/commands.js), which is also the check workers' script.
  return size > 0 ? new CheckPool(join(__dirname, 'commands.js'), size) : undefined;
}

/** The check server's runner thread (cli/checkServer.ts): runs each check it is sent as a `check` process would, and answers with its output. */
export function serveCheckRunner(): void {
  const port = parentPort;
  if (!port) throw new Error('serveCheckRunner runs in a worker thread');
  let pool = residentPool();
  port.on('message', (run: CheckRun) => {
    // Workers that died (each takes only its file down) are replaced for the next check.
    if (pool && pool.size() === 0) pool = residentPool();
    void runCheck(run, pool).then((reply) => port.postMessage(reply));
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
