import { parentPort } from 'node:worker_threads';
import type { CheckRun, CheckRunReply } from './checkServer';
import { runCli } from './main';

/** The check server's runner thread (cli/checkServer.ts): runs each check it is sent as a `check` process would, and answers with its output. */
export function serveCheckRunner(): void {
  const port = parentPort;
  if (!port) throw new Error('serveCheckRunner runs in a worker thread');
  port.on('message', (run: CheckRun) => {
    void runCheck(run).then((reply) => port.postMessage(reply));
  });
}

async function runCheck({ id, argv, cwd }: CheckRun): Promise<CheckRunReply> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  try {
    const exitCode = await runCli(argv, { cwd, env: process.env, stdout: (text) => void stdout.push(text), stderr: (text) => void stderr.push(text) });
    return { id, stdout: stdout.join(''), stderr: stderr.join(''), exitCode };
  } catch (e) {
    return { id, error: (e as Error).stack ?? String(e) };
  }
}
