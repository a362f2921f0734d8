import * as path from 'node:path';
import { type ExtensionContext, workspace } from 'vscode';
import { LanguageClient, type LanguageClientOptions, type ServerOptions, TransportKind } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

/** Starts the language server; transcripts are recognised by the server from their content. */
export async function activate(context: ExtensionContext): Promise<void> {
  const module = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6010'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'ghost-transcript' },
      { scheme: 'file', language: 'json' },
      { scheme: 'file', language: 'jsonl' },
      { scheme: 'untitled', language: 'ghost-transcript' },
    ],
    synchronize: { fileEvents: workspace.createFileSystemWatcher('**/.ghost-lint.{json,yaml,yml}') },
  };
  client = new LanguageClient('ghost-lint', 'ghost-lint', serverOptions, clientOptions);
  context.subscriptions.push(client);
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
