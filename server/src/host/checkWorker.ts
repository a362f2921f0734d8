import { parentPort } from 'node:worker_threads';
import { useReadingStore } from '../engine/pipeline';
import { checkFile, policyDiscovery } from './check';
import type { CheckJob, CheckReply, CheckWorkerSetup } from './checkPool';
import { displayPath } from './files';
import { nodeHost } from './nodeHost';
import { ReadingCache } from './readingCache';

/** A check worker (host/checkPool.ts): checks each file it is sent, as checkPaths would, and answers with its outcome. */
export function serveCheckWorker(setup: CheckWorkerSetup): void {
  const port = parentPort;
  if (!port) throw new Error('serveCheckWorker runs in a worker thread');
  const options = {
    cwd: setup.cwd,
    workspaceRoots: setup.workspaceRoots,
    explicitPolicies: setup.explicitPolicies,
    name: (path: string) => displayPath(setup.cwd, path),
    ...(setup.inPiecesFrom !== undefined && { inPiecesFrom: setup.inPiecesFrom }),
    deferDatabaseCases: setup.deferDatabaseCases,
  };
  const discovery = policyDiscovery(nodeHost, options);
  // The readings kept between runs: read here as in the calling thread, and what is read anew sent back to it.
  const cache = setup.readings ? ReadingCache.open(nodeHost, setup.readings.folder, setup.readings.build) : undefined;
  useReadingStore(cache);
  port.on('message', (job: CheckJob) => {
    let reply: CheckReply;
    try {
      reply = { id: job.id, outcome: checkFile(nodeHost, job.file, discovery, options) };
    } catch (e) {
      reply = { id: job.id, error: (e as Error).stack ?? String(e) };
    }
    const readings = cache?.takeNew() ?? [];
    port.postMessage(readings.length > 0 ? { ...reply, readings } : reply);
  });
}
