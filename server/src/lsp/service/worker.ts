import { parentPort, workerData } from 'node:worker_threads';
import { loadSqlJs } from '../../bench/io/sqlJs';
import { nodeHost } from '../../host/nodeHost';
import { Cancelled, type JobContext } from './job';
import { LanguageService } from './languageService';
import type { ServiceReply, ServiceRequest, WorkerData } from './rpc';

/**
 * The worker thread's side: runs each request the server sends on one LanguageService, one at a
 * time (the server sends the next only after this one replied), and checks the shared cancel flag
 * at every checkpoint of long work.
 */
export function serveWorker(): void {
  const port = parentPort;
  if (!port) throw new Error('serveWorker runs in a worker thread');
  const cancel = new Int32Array((workerData as WorkerData).cancel);
  // sql.js, loaded once as the worker starts, so a database case's reference traces run against its evaluators as `bench` runs them; without it they are not run.
  const ready = loadSqlJs(__dirname).then(
    (sqlJs) => new LanguageService(nodeHost, { sqlJs }),
    () => new LanguageService(nodeHost),
  );
  const reply = (message: ServiceReply) => port.postMessage(message);
  port.on('message', async (request: ServiceRequest) => {
    const service = await ready;
    const job: JobContext = {
      checkpoint: () => {
        if (Atomics.load(cancel, 0) === request.id) throw new Cancelled();
      },
      progress: (progress) => reply({ id: request.id, progress }),
    };
    try {
      const method = service[request.method] as (params: unknown, job: JobContext) => unknown;
      reply({ id: request.id, result: await method.call(service, request.params, job) });
    } catch (e) {
      reply(e instanceof Cancelled ? { id: request.id, cancelled: true } : { id: request.id, error: (e as Error).stack ?? String(e) });
    }
  });
}
