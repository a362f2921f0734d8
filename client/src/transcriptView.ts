import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import {
  type CodeAction,
  CodeActionKind,
  CancellationTokenSource,
  type Disposable,
  type ExtensionContext,
  Range,
  RelativePattern,
  Selection,
  TabInputText,
  TextEditorRevealType,
  Uri,
  ViewColumn,
  type WebviewPanel,
  commands,
  languages,
  window,
  workspace,
} from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { TranscriptViewRequest } from '../../shared/protocol';
import type { ExtensionToView, TranscriptViewModel, ViewToExtension } from '../../shared/transcriptView';
import { verdictFromCounts, verdictText } from './verdict';
import { transcriptViewPage } from './transcriptViewPage';

/** Edits come in bursts while typing or while an agent appends: one refresh after a pause. */
const REFRESH_DELAY_MS = 250;
const VIEW_TYPE = 'ghostLint.transcriptView';

type Range0 = { start: { line: number; character: number }; end: { line: number; character: number } };
const toRange = (r: Range0) => new Range(r.start.line, r.start.character, r.end.line, r.end.character);

/**
 * One transcript view: a webview beside the source, fed by `ghost-lint/transcriptView`. It follows
 * the document (edits and appended lines, or the file on disk when the editor does not hold it),
 * scrolls to the turn under the text editor's cursor, reveals in the source what is clicked, and
 * runs the Problems panel's quick fixes for a finding.
 */
class TranscriptPanel implements Disposable {
  private readonly subscriptions: Disposable[] = [];
  private pending?: CancellationTokenSource;
  private timer?: NodeJS.Timeout;
  private model?: TranscriptViewModel;
  private ready = false;
  private readonly opened = Date.now();
  private firstPaintLogged = false;

  constructor(
    readonly uri: Uri,
    private readonly panel: WebviewPanel,
    private readonly client: LanguageClient,
    extensionUri: Uri,
    private readonly onDispose: () => void,
  ) {
    const nonce = randomBytes(16).toString('base64');
    const scriptUri = panel.webview.asWebviewUri(Uri.joinPath(extensionUri, 'dist', 'transcriptView.js')).toString();
    panel.webview.html = transcriptViewPage({ nonce, scriptUri, cspSource: panel.webview.cspSource, title: path.basename(uri.fsPath) });
    const key = uri.toString();
    const watcher = uri.scheme === 'file' ? workspace.createFileSystemWatcher(new RelativePattern(Uri.file(path.dirname(uri.fsPath)), path.basename(uri.fsPath))) : undefined;
    this.subscriptions.push(
      panel.webview.onDidReceiveMessage((message: ViewToExtension) => void this.received(message)),
      panel.onDidDispose(() => this.dispose()),
      workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.toString() === key && e.contentChanges.length > 0) this.schedule();
      }),
      // The analysis of the newest version is done: the view may show it.
      languages.onDidChangeDiagnostics((e) => {
        if (e.uris.some((u) => u.toString() === key)) this.schedule();
      }),
      window.onDidChangeTextEditorSelection((e) => {
        if (e.textEditor.document.uri.toString() !== key) return;
        const at = e.selections[0]?.active;
        if (at) this.send({ type: 'cursor', line: at.line, character: at.character });
      }),
    );
    // A file the editor does not hold (too large to sync) is followed on disk.
    if (watcher) this.subscriptions.push(watcher, watcher.onDidChange(() => !this.isSynced() && this.schedule()));
  }

  private isSynced(): boolean {
    return workspace.textDocuments.some((d) => d.uri.toString() === this.uri.toString());
  }

  reveal(): void {
    this.panel.reveal(undefined, true);
  }

  private send(message: ExtensionToView): void {
    if (this.ready) void this.panel.webview.postMessage(message);
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), REFRESH_DELAY_MS);
  }

  /** Asks the server for the view of the document's current version (or the file as saved). */
  async refresh(): Promise<void> {
    this.pending?.cancel();
    const source = (this.pending = new CancellationTokenSource());
    const model = await this.client.sendRequest(TranscriptViewRequest, { uri: this.uri.toString() }, source.token).catch((e: Error) => {
      if (!source.token.isCancellationRequested) this.send({ type: 'error', message: `ghost-lint could not read this transcript: ${e.message}` });
      return undefined;
    });
    if (source.token.isCancellationRequested || model === undefined) return;
    if (model === null) {
      this.send({ type: 'error', message: 'Not a transcript ghost-lint can read (or its analysis is not ready yet).' });
      return;
    }
    this.model = model;
    this.post(model);
  }

  private post(model: TranscriptViewModel): void {
    const constraints = model.sessions.reduce((n, s) => n + s.constraints, 0);
    const verdict = verdictFromCounts({ ...model.findings, constraints });
    this.send({ type: 'model', model, verdict: verdictText(verdict), violations: verdict.kind === 'violations' });
  }

  private async received(message: ViewToExtension): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        if (this.model) this.post(this.model);
        else await this.refresh();
        return;
      case 'reveal':
        return this.revealSource(message.uri !== undefined ? Uri.parse(message.uri) : this.uri, toRange(message.range));
      case 'quickFix':
        return this.quickFix(toRange(message.range), message.ruleId);
      case 'rendered':
        if (!this.firstPaintLogged) {
          this.firstPaintLogged = true;
          this.client.outputChannel.appendLine(`transcript view of ${path.basename(this.uri.fsPath)}: ${message.turns} turns, first paint ${Date.now() - this.opened} ms after it was opened (${message.firstPaintMs} ms in the page)`);
        }
        return;
    }
  }

  /** Selects the range in the text editor showing the file, or opens it beside the view. */
  private async revealSource(uri: Uri, range: Range): Promise<void> {
    const shown = window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString());
    const column = shown?.viewColumn ?? (this.panel.viewColumn === ViewColumn.One ? ViewColumn.Two : ViewColumn.One);
    try {
      const editor = await window.showTextDocument(shown ? shown.document.uri : uri, { viewColumn: column, selection: new Selection(range.start, range.end), preserveFocus: false });
      editor.revealRange(range, TextEditorRevealType.InCenterIfOutsideViewport);
    } catch (e) {
      void window.showWarningMessage(`ghost-lint: cannot show ${path.basename(uri.fsPath)} in the editor: ${(e as Error).message}`);
    }
  }

  /** The code actions the Problems panel offers for this finding, run the same way. */
  private async quickFix(range: Range, ruleId: string): Promise<void> {
    if (!this.isSynced()) await workspace.openTextDocument(this.uri).then(undefined, () => undefined);
    const actions = (await commands.executeCommand<CodeAction[]>('vscode.executeCodeActionProvider', this.uri, range, CodeActionKind.QuickFix.value, 10)) ?? [];
    const forFinding = actions.filter((a) => a.diagnostics?.some((d) => d.code === ruleId || (typeof d.code === 'object' && d.code.value === ruleId)));
    const choices = forFinding.length > 0 ? forFinding : actions;
    if (choices.length === 0) {
      void window.showInformationMessage(`ghost-lint: no quick fix for this ${ruleId} finding${this.isSynced() ? '' : ' (the editor does not hold this file: it is too large)'}.`);
      return;
    }
    const picked = choices.length === 1 ? choices[0] : (await window.showQuickPick(choices.map((action) => ({ label: action.title, action })), { title: 'ghost-lint: quick fix' }))?.action;
    if (!picked) return;
    if (picked.edit) await workspace.applyEdit(picked.edit);
    if (picked.command) await commands.executeCommand(picked.command.command, ...(picked.command.arguments ?? []));
  }

  private disposed = false;

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.timer);
    this.pending?.cancel();
    for (const s of this.subscriptions) s.dispose();
    this.panel.dispose();
    this.onDispose();
  }
}

/** "ghost-lint: Open Transcript View": one view per transcript, beside its source like Markdown's preview. */
export class TranscriptViews implements Disposable {
  private readonly panels = new Map<string, TranscriptPanel>();

  constructor(
    private readonly context: ExtensionContext,
    private readonly client: LanguageClient,
  ) {}

  /** The file asked for, else the active editor's, else the active tab's (a file too large for the editor has a tab but no document). */
  private target(uri?: Uri): Uri | undefined {
    if (uri) return uri;
    const editor = window.activeTextEditor?.document.uri;
    if (editor) return editor;
    const tab = window.tabGroups.activeTabGroup.activeTab?.input;
    return tab instanceof TabInputText ? tab.uri : undefined;
  }

  async open(uri?: Uri): Promise<boolean> {
    const target = this.target(uri);
    if (!target) {
      void window.showInformationMessage('ghost-lint: open a transcript first, then its transcript view.');
      return false;
    }
    const key = target.toString();
    const existing = this.panels.get(key);
    if (existing) {
      existing.reveal();
      return true;
    }
    const panel = window.createWebviewPanel(
      VIEW_TYPE,
      `Transcript: ${path.basename(target.fsPath)}`,
      { viewColumn: ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [Uri.joinPath(this.context.extensionUri, 'dist')], enableFindWidget: true },
    );
    this.panels.set(key, new TranscriptPanel(target, panel, this.client, this.context.extensionUri, () => this.panels.delete(key)));
    return true;
  }

  dispose(): void {
    for (const panel of [...this.panels.values()]) panel.dispose();
  }
}
