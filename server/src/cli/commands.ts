/**
 * Everything that needs the engine, bundled apart as dist/commands.js: the bin (dist/cli.js) loads it
 * for every command but the live hook, which loads it only for a call it has to judge. Parsing
 * megabytes of bundled JavaScript costs more than the hook's whole latency budget.
 */
import { isMainThread, workerData } from 'node:worker_threads';
import { isCheckWorker } from '../host/checkPool';
import { serveCheckWorker } from '../host/checkWorker';
import { serveCheckRunner } from './checkRunner';
import { isCheckRunnerSetup } from './checkServer';

export { runCli } from './main';
export { judgeHookCallWithPolicies } from './hook/judge';

// The bundle is also the script of `check`'s worker threads (host/checkPool.ts) and of the check server's runner (cli/checkServer.ts).
if (!isMainThread && isCheckWorker(workerData)) serveCheckWorker();
if (!isMainThread && isCheckRunnerSetup(workerData)) serveCheckRunner();
