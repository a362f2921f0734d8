import * as path from 'node:path';
import { type ExtensionContext, workspace } from 'vscode';
import { LanguageClient, type LanguageClientOptions, type ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { watchLargeFiles } from './largeFiles';

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
      // Policy files, for their schema diagnostics (.ghost-lint.json is covered by the json language).
      { scheme: 'file', pattern: '**/.ghost-lint.{yaml,yml}' },
    ],
    synchronize: { fileEvents: workspace.createFileSystemWatcher('**/.ghost-lint.{json,yaml,yml}') },
  };
  client = new LanguageClient('ghost-lint', 'ghost-lint', serverOptions, clientOptions);
  context.subscriptions.push(client);
  await client.start();
  context.subscriptions.push(watchLargeFiles(client));
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
