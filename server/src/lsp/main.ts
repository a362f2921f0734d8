import { isMainThread, workerData } from 'node:worker_threads';
import { ProposedFeatures, createConnection } from 'vscode-languageserver/node';
import { dropCancelledRequests } from './cancellation';
import { WORKER_ROLE, type WorkerData } from './service/rpc';
import { serveWorker } from './service/worker';
import { startServer } from './server';

// The bundle is also the language service's worker script (see workerHost.ts).
if (!isMainThread && (workerData as WorkerData | undefined)?.role === WORKER_ROLE) {
  serveWorker();
} else {
  // The transport (stdio, IPC or a socket) comes from the command line the client starts us with.
  startServer(createConnection(ProposedFeatures.all, { connectionStrategy: dropCancelledRequests }));
}
