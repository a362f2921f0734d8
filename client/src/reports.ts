import {
  CancellationTokenSource,
  type Disposable,
  EventEmitter,
  ProgressLocation,
  type TextDocumentContentProvider,
  Uri,
  ViewColumn,
  commands,
  languages,
  window,
  workspace,
} from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { ExportReportRequest, LedgerRequest, type ReportFormat } from '../../shared/protocol';
import type { ActiveTranscript } from './activeTranscript';
import { ledgerMarkdown } from './ledgerText';

export const LEDGER_SCHEME = 'ghost-lint-ledger';

/** What `ghostLint.exportReport` may be given (from a keybinding or a task); anything left out is asked. */
export interface ExportOptions {
  readonly format?: 'sarif' | 'markdown';
  /** The active transcript only, or every transcript in the workspace folders. */
  readonly scope?: 'file' | 'workspace';
  /** Where to write the report (a URI or an absolute path). */
  readonly destination?: Uri | string;
}

export interface ExportResult {
  readonly destination: string;
  readonly files: number;
  readonly problems: number;
}

const EXTENSION: Record<'sarif' | 'markdown', string> = { sarif: 'sarif', markdown: 'md' };

const fileName = (uri: Uri) => uri.path.split('/').pop() ?? uri.path;

/**
 * Reports: a `ghost-lint check` report of the active transcript or the workspace, as SARIF or
 * Markdown, built by the language server; and the constraint ledger of the active transcript as a
 * read-only Markdown document that follows the transcript as it changes.
 */
export class Reports implements TextDocumentContentProvider, Disposable {
  private readonly changed = new EventEmitter<Uri>();
  private readonly subscriptions: Disposable[];
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly client: LanguageClient,
    private readonly active: ActiveTranscript,
  ) {
    this.subscriptions = [
      this.changed,
      workspace.registerTextDocumentContentProvider(LEDGER_SCHEME, this),
      // An open ledger document is rebuilt when its transcript's diagnostics change.
      languages.onDidChangeDiagnostics((e) => {
        const changed = new Set(e.uris.map((u) => u.toString()));
        for (const document of workspace.textDocuments) {
          if (document.uri.scheme === LEDGER_SCHEME && changed.has(document.uri.query)) this.changed.fire(document.uri);
        }
      }),
    ];
  }

  async provideTextDocumentContent(uri: Uri): Promise<string> {
    const source = new CancellationTokenSource();
    try {
      const ledger = await this.client.sendRequest(LedgerRequest, { uri: uri.query }, source.token);
      return ledger ? ledgerMarkdown(ledger, fileName(Uri.parse(uri.query))) : `# Constraint ledger\n\n${fileName(Uri.parse(uri.query))} is not open as a transcript.\n`;
    } finally {
      source.dispose();
    }
  }

  /** Opens the active transcript's constraint ledger beside it; returns the ledger document's URI. */
  async showLedger(uri?: Uri): Promise<Uri | undefined> {
    const target = uri ?? this.active.current?.uri;
    if (!target) {
      void window.showInformationMessage('ghost-lint: open a transcript to see its constraint ledger.');
      return undefined;
    }
    // The path names the document (its tab title); the query is the transcript it describes.
    const ledgerUri = Uri.from({ scheme: LEDGER_SCHEME, path: `/${fileName(target)} ledger.md`, query: target.toString() });
    const document = await workspace.openTextDocument(ledgerUri);
    // Rendered, as Markdown's preview renders it (it follows the document as the transcript changes); as text where no preview is available.
    const rendered = await commands.executeCommand('markdown.showPreviewToSide', ledgerUri).then(
      () => true,
      () => false,
    );
    if (!rendered) await window.showTextDocument(document, { viewColumn: ViewColumn.Beside, preview: true, preserveFocus: true });
    return ledgerUri;
  }

  async exportReport(options: ExportOptions = {}): Promise<ExportResult | undefined> {
    const format = options.format ?? (await pickFormat());
    if (!format) return undefined;
    const activeUri = this.active.current?.uri;
    const scope = options.scope ?? (activeUri ? await pickScope(fileName(activeUri)) : 'workspace');
    if (!scope) return undefined;
    const folder = workspace.workspaceFolders?.[0]?.uri;
    if (scope === 'file' && !activeUri) {
      void window.showInformationMessage('ghost-lint: open a transcript to export its report.');
      return undefined;
    }
    if (scope === 'workspace' && !folder) {
      void window.showInformationMessage('ghost-lint: open a folder to export a report of its transcripts.');
      return undefined;
    }
    const base = scope === 'file' && activeUri ? fileName(activeUri).replace(/\.[^.]+$/, '') : 'ghost-lint';
    const near = folder ?? (activeUri && Uri.joinPath(activeUri, '..'));
    const destination = typeof options.destination === 'string' ? Uri.file(options.destination) : (options.destination ?? (await pickDestination(near, `${base}.${EXTENSION[format]}`, format)));
    if (!destination) return undefined;
    const params = {
      format: format satisfies ReportFormat,
      ...(scope === 'file' && activeUri ? { uris: [activeUri.toString()] } : { folders: (workspace.workspaceFolders ?? []).map((f) => f.uri.toString()) }),
      ...(folder && { relativeTo: folder.toString() }),
    };
    const report = await window.withProgress({ location: ProgressLocation.Notification, title: 'ghost-lint: building the report', cancellable: true }, (_, token) =>
      this.client.sendRequest(ExportReportRequest, params, token),
    );
    await workspace.fs.writeFile(destination, Buffer.from(report.content, 'utf8'));
    void window.showInformationMessage(`ghost-lint: wrote ${fileName(destination)} (${report.files} file(s), ${report.problems} problem(s)).`, 'Open').then(async (choice) => {
      if (choice === 'Open') await window.showTextDocument(destination);
    });
    return { destination: destination.toString(), files: report.files, problems: report.problems };
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}

async function pickFormat(): Promise<'sarif' | 'markdown' | undefined> {
  const picked = await window.showQuickPick(
    [
      { label: 'SARIF', description: 'SARIF 2.1.0, for GitHub code scanning and SARIF viewers', format: 'sarif' as const },
      { label: 'Markdown', description: 'a readable report for a pull request or an issue', format: 'markdown' as const },
    ],
    { title: 'ghost-lint: export report', placeHolder: 'Report format' },
  );
  return picked?.format;
}

async function pickScope(activeName: string): Promise<'file' | 'workspace' | undefined> {
  const picked = await window.showQuickPick(
    [
      { label: activeName, description: 'the active transcript', scope: 'file' as const },
      { label: 'Workspace', description: 'every transcript in the workspace folders', scope: 'workspace' as const },
    ],
    { title: 'ghost-lint: export report', placeHolder: 'Report on' },
  );
  return picked?.scope;
}

function pickDestination(folder: Uri | undefined, name: string, format: 'sarif' | 'markdown'): Thenable<Uri | undefined> {
  const defaultUri = folder && Uri.joinPath(folder, name);
  return window.showSaveDialog({
    title: 'ghost-lint: export report',
    ...(defaultUri && { defaultUri }),
    filters: format === 'sarif' ? { SARIF: ['sarif', 'json'] } : { Markdown: ['md'] },
  });
}
