import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type ClientCapabilities,
  Message,
  type MessageReader,
  type ResponseMessage,
  type Position,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  PublishDiagnosticsNotification,
  ShowMessageNotification,
  type ShowMessageParams,
  StreamMessageReader,
  StreamMessageWriter,
  type TextEdit,
  type WorkspaceEdit,
  createProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ProtocolStreamCheck } from './lspFrames';
import { REPO_ROOT } from './shared';

/** What an editor like VS Code declares: versioned edits, file creation, lazily resolved code actions. */
export const EDITOR_CAPABILITIES: ClientCapabilities = {
  workspace: { workspaceEdit: { documentChanges: true, resourceOperations: ['create'] } },
  textDocument: { codeAction: { resolveSupport: { properties: ['edit'] }, dataSupport: true }, publishDiagnostics: { relatedInformation: true } },
};

export interface InitializeOptions {
  readonly capabilities?: ClientCapabilities;
  /** Workspace folder paths. */
  readonly folders?: readonly string[];
}

/** The text edits a workspace edit makes to `uri`, from either of its shapes. */
export function editsFor(edit: WorkspaceEdit | undefined, uri: string): TextEdit[] {
  if (!edit) return [];
  const fromChanges = edit.changes?.[uri] ?? [];
  const fromDocuments = (edit.documentChanges ?? []).flatMap((change) => ('textDocument' in change && change.textDocument.uri === uri ? change.edits.filter((e): e is TextEdit => 'range' in e) : []));
  return [...fromChanges, ...fromDocuments];
}

/** `text` with a workspace edit's changes to `uri` applied, as the editor would. */
export function applyWorkspaceEdit(text: string, edit: WorkspaceEdit | undefined, uri: string): string {
  return TextDocument.applyEdits(TextDocument.create(uri, 'json', 0, text), editsFor(edit, uri));
}

/** The 0-based line/character of an offset. */
export function positionAt(text: string, offset: number): Position {
  return TextDocument.create('file:///x', 'json', 0, text).positionAt(offset);
}

/** The built language server in a child process, spoken to over stdio as an editor would. */
export class ServerUnderTest {
  readonly connection: ProtocolConnection;
  private readonly child: ChildProcess;
  private readonly waiters: { uri: string; predicate: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  readonly published: PublishDiagnosticsParams[] = [];
  readonly messages: ShowMessageParams[] = [];
  readonly progress: { token: string | number; value: unknown }[] = [];
  private readonly rawWaiters = new Map<string, (response: ResponseMessage) => void>();
  /** Every byte the server writes to stdout, checked to be protocol and nothing else. */
  readonly stdoutCheck = new ProtocolStreamCheck();
  /** What the server wrote to stderr (read, so a chatty server never blocks on a full pipe). */
  stderr = '';

  constructor() {
    this.child = spawn(process.execPath, [join(REPO_ROOT, 'dist', 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout = this.child.stdout;
    const stdin = this.child.stdin;
    if (!stdout || !stdin) throw new Error('server stdio not piped');
    stdout.on('data', (chunk: Buffer) => this.stdoutCheck.feed(chunk));
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-64 * 1024);
    });
    // Responses to messages written with `sendTogether` are taken out before the connection sees them.
    const reader = new StreamMessageReader(stdout);
    const tapped: MessageReader = {
      onError: reader.onError,
      onClose: reader.onClose,
      onPartialMessage: reader.onPartialMessage,
      listen: (callback) =>
        reader.listen((message) => {
          const id = (message as ResponseMessage).id;
          const waiter = typeof id === 'string' && Message.isResponse(message) ? this.rawWaiters.get(id) : undefined;
          if (waiter) waiter(message as ResponseMessage);
          else callback(message);
        }),
      dispose: () => reader.dispose(),
    };
    this.connection = createProtocolConnection(tapped, new StreamMessageWriter(stdin));
    this.connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      this.published.push(params);
      for (const waiter of [...this.waiters]) {
        if (waiter.uri === params.uri && waiter.predicate(params)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(params);
        }
      }
    });
    this.connection.onNotification(ShowMessageNotification.type, (params) => {
      this.messages.push(params);
    });
    this.connection.onNotification('$/progress', (params: { token: string | number; value: unknown }) => {
      this.progress.push(params);
    });
    this.connection.listen();
  }

  async initialize(options: InitializeOptions = {}): Promise<void> {
    const workspaceFolders = (options.folders ?? []).map((path) => ({ uri: pathToFileURL(path).href, name: path }));
    await this.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, workspaceFolders, capabilities: options.capabilities ?? {} });
    await this.connection.sendNotification('initialized', {});
  }

  /** Opens a document and resolves on its first diagnostics. */
  async open(uri: string, text: string, languageId = 'json'): Promise<PublishDiagnosticsParams> {
    const published = this.diagnostics(uri, (p) => p.version === 1);
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
    return published;
  }

  /** Replaces a document's text and resolves on the diagnostics of that version. */
  async change(uri: string, version: number, text: string): Promise<PublishDiagnosticsParams> {
    const published = this.diagnostics(uri, (p) => p.version === version);
    await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
    return published;
  }

  /**
   * Writes messages to the server in one chunk, past the connection: a request and its
   * cancellation arrive together, before the server could dispatch the request. Resolves on the
   * response to the request with `id`.
   */
  sendTogether(messages: readonly Message[], id: string): Promise<ResponseMessage> {
    const response = new Promise<ResponseMessage>((resolve) => this.rawWaiters.set(id, resolve));
    const chunk = messages.map((m) => {
      const body = JSON.stringify(m);
      return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    });
    this.child.stdin?.write(chunk.join(''));
    return response;
  }

  async close(uri: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  /** Resolves on the next diagnostics for `uri` that satisfy `predicate` (signals, never sleeps). */
  diagnostics(uri: string, predicate: (p: PublishDiagnosticsParams) => boolean = () => true): Promise<PublishDiagnosticsParams> {
    return new Promise((resolve) => this.waiters.push({ uri, predicate, resolve }));
  }

  /** Ends the server process at once: after a failed test, so a server stuck on something never keeps the run alive. */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill();
    this.connection.dispose();
  }

  /** The server's process id, for reading its memory use. */
  get pid(): number | undefined {
    return this.child.pid;
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
