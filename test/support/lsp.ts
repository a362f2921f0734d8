import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import {
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  PublishDiagnosticsNotification,
  StreamMessageReader,
  StreamMessageWriter,
  createProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import { REPO_ROOT } from './shared';

/** The built language server in a child process, spoken to over stdio as an editor would. */
export class ServerUnderTest {
  readonly connection: ProtocolConnection;
  private readonly child: ChildProcess;
  private readonly waiters: { uri: string; predicate: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  readonly published: PublishDiagnosticsParams[] = [];
  stdoutNoise = '';

  constructor() {
    this.child = spawn(process.execPath, [join(REPO_ROOT, 'dist', 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout = this.child.stdout;
    const stdin = this.child.stdin;
    if (!stdout || !stdin) throw new Error('server stdio not piped');
    this.connection = createProtocolConnection(new StreamMessageReader(stdout), new StreamMessageWriter(stdin));
    this.connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      this.published.push(params);
      for (const waiter of [...this.waiters]) {
        if (waiter.uri === params.uri && waiter.predicate(params)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(params);
        }
      }
    });
    this.connection.listen();
  }

  async initialize(): Promise<void> {
    await this.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
    await this.connection.sendNotification('initialized', {});
  }

  /** Resolves on the next diagnostics for `uri` that satisfy `predicate` (signals, never sleeps). */
  diagnostics(uri: string, predicate: (p: PublishDiagnosticsParams) => boolean = () => true): Promise<PublishDiagnosticsParams> {
    return new Promise((resolve) => this.waiters.push({ uri, predicate, resolve }));
  }

  async stop(): Promise<number | null> {
    const exited = new Promise<number | null>((resolve) => this.child.once('exit', (code) => resolve(code)));
    await this.connection.sendRequest('shutdown');
    await this.connection.sendNotification('exit');
    const code = await exited;
    this.connection.dispose();
    return code;
  }
}
