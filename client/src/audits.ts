import {
  Diagnostic,
  type DiagnosticCollection,
  DiagnosticSeverity,
  type Disposable,
  type TextDocument,
  Uri,
  commands,
  languages,
  window,
  workspace,
} from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { ruleHelpUri } from '../../shared/rules';
import { AuditWorkspaceRequest, type AuditedFile, type AuditedFinding } from '../../shared/protocol';
import type { ActiveTranscript } from './activeTranscript';
import { auditLine } from './outputLog';
import { withServerProgress } from './serverProgress';
import { TRANSCRIPT_LANGUAGES } from './transcriptLanguages';
import { type Verdict, hasProblems, verdictOf, verdictText } from './verdict';

const SEVERITY = { error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, note: DiagnosticSeverity.Hint } as const;

export interface WorkspaceAuditSummary {
  readonly files: number;
  readonly violations: number;
  readonly problems: number;
  readonly cancelled: boolean;
}

export interface FileAuditSummary {
  readonly uri: string;
  readonly format: string;
  readonly verdict: Verdict;
}

/**
 * The palette's audits. The workspace audit asks the server for every transcript under the workspace
 * folders, read from disk, with progress and cancel in a notification; its findings go to the
 * Problems panel for the files not open in an editor (open ones have their live diagnostics).
 */
export class Audits implements Disposable {
  private readonly collection: DiagnosticCollection;
  private readonly subscriptions: Disposable[];

  constructor(
    private readonly client: LanguageClient,
    private readonly active: ActiveTranscript,
  ) {
    this.collection = languages.createDiagnosticCollection('ghost-lint workspace audit');
    // A file opened after the audit gets live diagnostics from the server: drop the audit's copy.
    this.subscriptions = [this.collection, workspace.onDidOpenTextDocument((d) => this.collection.delete(d.uri))];
  }

  private diagnostic(finding: AuditedFinding): Diagnostic {
    const diagnostic = new Diagnostic(this.client.protocol2CodeConverter.asRange(finding.range), finding.message, SEVERITY[finding.level]);
    diagnostic.source = 'ghost-lint';
    diagnostic.code = { value: finding.ruleId, target: Uri.parse(ruleHelpUri(finding.ruleId)) };
    return diagnostic;
  }

  private publish(files: readonly AuditedFile[]): void {
    const open = new Set(workspace.textDocuments.map((d) => d.uri.toString()));
    this.collection.clear();
    for (const file of files) {
      const uri = Uri.parse(file.uri);
      if (!open.has(uri.toString())) this.collection.set(uri, file.findings.map((f) => this.diagnostic(f)));
    }
  }

  async auditWorkspace(): Promise<WorkspaceAuditSummary | undefined> {
    if (!workspace.workspaceFolders?.length) {
      void window.showInformationMessage('ghost-lint: open a folder to audit its transcripts.');
      return undefined;
    }
    const summary = await withServerProgress(this.client, 'ghost-lint: auditing transcripts', async (workDoneToken, token) => {
      const result = await this.client.sendRequest(AuditWorkspaceRequest, { workDoneToken }, token);
      this.publish(result.files);
      const verdicts = result.files.map((f) => verdictOf(f.findings.map((x) => x.level), f.constraints));
      result.files.forEach((f, i) => this.client.outputChannel.appendLine(auditLine(Uri.parse(f.uri).fsPath, f.format, verdicts[i]!, new Date())));
      return {
        files: result.files.length,
        violations: verdicts.reduce((n, v) => n + v.errors, 0),
        problems: verdicts.reduce((n, v) => n + v.warnings, 0),
        cancelled: result.cancelled || token.isCancellationRequested,
      };
    });
    const done = `ghost-lint: ${summary.cancelled ? 'audit cancelled after' : 'audited'} ${summary.files} transcript(s): ${summary.violations} violation(s), ${summary.problems} problem(s).`;
    if (summary.violations + summary.problems > 0) {
      await commands.executeCommand('workbench.actions.view.problems');
      void window.showWarningMessage(done);
    } else {
      void window.showInformationMessage(done);
    }
    return summary;
  }

  /**
   * Audits a file in the editor: a file the server was not given (another language) is switched to
   * the transcript language first; the verdict comes once the server analysed the current text.
   */
  async auditFile(uri?: Uri): Promise<FileAuditSummary | undefined> {
    let document: TextDocument | undefined = uri ? await workspace.openTextDocument(uri) : window.activeTextEditor?.document;
    if (!document) {
      void window.showInformationMessage('ghost-lint: open a transcript to audit it.');
      return undefined;
    }
    if (!(TRANSCRIPT_LANGUAGES as readonly string[]).includes(document.languageId)) document = await languages.setTextDocumentLanguage(document, 'ghost-transcript');
    await window.showTextDocument(document, { preview: false });
    const state = await this.active.update();
    if (!state || state.uri.toString() !== document.uri.toString()) {
      void window.showWarningMessage(`ghost-lint: ${document.uri.path.split('/').pop()} is not a transcript in a format ghost-lint reads.`);
      return undefined;
    }
    const verdict = state.verdict;
    const format = [...new Set(state.ledger.sessions.map((s) => s.format))].join(', ');
    const message = `ghost-lint: ${document.uri.path.split('/').pop()} (${format}): ${verdictText(verdict)}.`;
    this.client.outputChannel.appendLine(auditLine(document.uri.fsPath, format, verdict, new Date()));
    if (!hasProblems(verdict)) void window.showInformationMessage(message);
    else {
      await commands.executeCommand('workbench.actions.view.problems');
      void window.showWarningMessage(message);
    }
    return { uri: document.uri.toString(), format, verdict };
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
