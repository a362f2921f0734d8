import * as path from 'node:path';
import { type ExtensionContext, type FileSystemWatcher, commands, workspace } from 'vscode';
import { LanguageClient, type LanguageClientOptions, type ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { ActiveTranscript } from './activeTranscript';
import { Audits } from './audits';
import { registerCommands } from './commands';
import { ConstraintsView } from './constraintsView';
import { watchLargeFiles } from './largeFiles';
import { serverStateLine } from './outputLog';
import { Reports } from './reports';
import { RuleDocs } from './ruleDocs';
import { SessionsView } from './sessions/sessionsView';
import { SettingsStore } from './settings';
import { SETTINGS_SECTION } from './settingsSchema';
import { VerdictStatusBar } from './statusBar';
import { CASE_FILE_MATCH, TRANSCRIPT_LANGUAGES } from './transcriptLanguages';
import { TranscriptViews } from './transcriptView';

let client: LanguageClient | undefined;

function createClient(context: ExtensionContext, policyFiles: FileSystemWatcher, ruleDocs: RuleDocs): LanguageClient {
  const module = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6010'] } },
  };
  const clientOptions: LanguageClientOptions = {
    // Any JSON or JSON Lines file may be a transcript: the server recognises them by content.
    documentSelector: [
      ...TRANSCRIPT_LANGUAGES.map((language) => ({ scheme: 'file', language })),
      { scheme: 'untitled', language: 'ghost-transcript' },
      // Policy files, for their schema diagnostics (.ghost-lint.json is covered by the json language).
      { scheme: 'file', pattern: '**/.ghost-lint.{yaml,yml}' },
      // Benchmark cases in YAML (JSON ones are json documents), and a new case before it is saved.
      ...CASE_FILE_MATCH.yaml.map((name) => ({ scheme: 'file', pattern: `**/${name}` })),
      { scheme: 'untitled', language: 'json' },
    ],
    // Policy files changed on disk may govern every open transcript.
    synchronize: { fileEvents: policyFiles },
    // The server links each rule to its page on the web (any editor can open that); VS Code opens the copy shipped with the extension, offline.
    middleware: { handleDiagnostics: (uri, diagnostics, next) => next(uri, diagnostics.map((d) => ruleDocs.linkOffline(d))) },
  };
  // The id names the trace setting: ghostLint.trace.server.
  return new LanguageClient(SETTINGS_SECTION, 'ghost-lint', serverOptions, clientOptions);
}

/** Starts the language server, then the views, the status bar and the commands that use it. */
export async function activate(context: ExtensionContext): Promise<void> {
  const settings = new SettingsStore();
  context.subscriptions.push(settings);
  const policyFiles = workspace.createFileSystemWatcher('**/.ghost-lint.{json,yaml,yml}');
  const ruleDocs = new RuleDocs(context.extensionUri);
  client = createClient(context, policyFiles, ruleDocs);
  const output = client.outputChannel;
  context.subscriptions.push(
    policyFiles,
    ruleDocs,
    client,
    client.onDidChangeState(({ newState }) => output.appendLine(serverStateLine(newState, new Date()))),
  );
  await client.start();
  const active = new ActiveTranscript(client);
  const audits = new Audits(client, active, ruleDocs);
  const reports = new Reports(client, active);
  const sessions = new SessionsView(client, settings);
  const transcriptViews = new TranscriptViews(context, client);
  context.subscriptions.push(
    active,
    transcriptViews,
    // The editor title's "Open Transcript View" button shows on files the server read as transcripts.
    active.onDidChange((state) => void commands.executeCommand('setContext', 'ghostLint.activeIsTranscript', state !== undefined)),
    audits,
    reports,
    sessions,
    new ConstraintsView(active),
    new VerdictStatusBar(active, settings),
    watchLargeFiles(client),
    ...registerCommands({ extension: context, client, settings, audits, reports, sessions, transcriptViews, ruleDocs }),
  );
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
