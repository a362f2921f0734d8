import { parentPort } from 'node:worker_threads';
import { useReadingStore } from '../engine/pipeline';
import { checkFile, policyDiscovery } from './check';
import type { CheckReply, CheckWorkerMessage, CheckWorkerSetup } from './checkPool';
import { displayPath } from './files';
import { collectGarbage } from './heap';
import { nodeHost } from './nodeHost';
import { ReadingCache } from './readingCache';

/** How a worker checks the files of the check under way, made from its setup. */
function checkerFor(setup: CheckWorkerSetup) {
  const options = {
    cwd: setup.cwd,
    workspaceRoots: setup.workspaceRoots,
    explicitPolicies: setup.explicitPolicies,
    name: (path: string) => displayPath(setup.cwd, path),
    ...(setup.inPiecesFrom !== undefined && { inPiecesFrom: setup.inPiecesFrom }),
    deferDatabaseCases: setup.deferDatabaseCases,
  };
  // Made afresh for every check: the policies may have changed since the last one.
  const discovery = policyDiscovery(nodeHost, options);
  // The readings kept between runs: read here as in the calling thread, and what is read anew sent back to it.
  const cache = setup.readings ? ReadingCache.open(nodeHost, setup.readings.folder, setup.readings.build) : undefined;
  useReadingStore(cache);
  return { options, discovery, cache };
}

/** A check worker (host/checkPool.ts): checks the files it is sent, with the setup sent before it, as checkPaths would, and answers with its outcome. */
export function serveCheckWorker(): void {
  const port = parentPort;
  if (!port) throw new Error('serveCheckWorker runs in a worker thread');
  let checker: ReturnType<typeof checkerFor> | undefined;
  port.on('message', (message: CheckWorkerMessage) => {
    if ('setup' in message) {
      checker = checkerFor(message.setup);
      return;
    }
    if ('collect' in message) return collectGarbage();
    let reply: CheckReply;
    try {
      if (!checker) throw new Error('a file came before its check\'s setup');
      const { discovery, options } = checker;
      reply = { id: message.id, outcomes: message.files.map((file) => checkFile(nodeHost, file, discovery, options)) };
    } catch (e) {
      reply = { id: message.id, error: (e as Error).stack ?? String(e) };
    }
    const readings = checker?.cache?.takeNew() ?? [];
    port.postMessage(readings.length > 0 ? { ...reply, readings } : reply);
  });
}
