import {
  Diagnostic,
  type DiagnosticCollection,
  DiagnosticSeverity,
  type Disposable,
  ProgressLocation,
  TabInputText,
  type TextDocument,
  Uri,
  commands,
  languages,
  window,
  workspace,
} from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { AuditFilesRequest, AuditWorkspaceRequest, type AuditedFile, type AuditedFinding } from '../../shared/protocol';
import type { ActiveTranscript } from './activeTranscript';
import type { RuleDocs } from './ruleDocs';
import { auditLine } from './outputLog';
import { withServerProgress } from './serverProgress';
import { TRANSCRIPT_LANGUAGES } from './transcriptLanguages';
import { type Verdict, hasProblems, verdictOf, verdictText } from './verdict';

/** The active tab's file: a file too large for the editor to hand over has a tab but no document. */
function activeTabUri(): Uri | undefined {
  const input = window.tabGroups.activeTabGroup.activeTab?.input;
  return input instanceof TabInputText ? input.uri : undefined;
}

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
    private readonly ruleDocs: RuleDocs,
  ) {
    this.collection = languages.createDiagnosticCollection('ghost-lint workspace audit');
    // A file opened after the audit gets live diagnostics from the server: drop the audit's copy.
    this.subscriptions = [this.collection, workspace.onDidOpenTextDocument((d) => this.collection.delete(d.uri))];
  }

  private diagnostic(finding: AuditedFinding): Diagnostic {
    const diagnostic = new Diagnostic(this.client.protocol2CodeConverter.asRange(finding.range), finding.message, SEVERITY[finding.level]);
    diagnostic.source = 'ghost-lint';
    diagnostic.code = finding.ruleId;
    return this.ruleDocs.linkOffline(diagnostic);
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
   * the transcript language first, and back when it is not a transcript; the verdict comes once the
   * server analysed the current text, with progress shown meanwhile. A file too large for the editor
   * to hand over (a tab with no document) is audited from disk.
   */
  async auditFile(uri?: Uri): Promise<FileAuditSummary | undefined> {
    const target = uri ?? window.activeTextEditor?.document.uri ?? activeTabUri();
    if (!target) {
      void window.showInformationMessage('ghost-lint: open a transcript to audit it.');
      return undefined;
    }
    let document: TextDocument | undefined = workspace.textDocuments.find((d) => d.uri.toString() === target.toString());
    if (!document) document = await workspace.openTextDocument(target).then(undefined, () => undefined);
    if (!document) return this.auditFromDisk(target);
    const name = document.uri.path.split('/').pop() ?? '';
    const language = document.languageId;
    const switched = !(TRANSCRIPT_LANGUAGES as readonly string[]).includes(language);
    if (switched) document = await languages.setTextDocumentLanguage(document, 'ghost-transcript');
    await window.showTextDocument(document, { preview: false });
    const state = await window.withProgress({ location: ProgressLocation.Window, title: `ghost-lint: auditing ${name}…` }, () => this.active.update());
    if (!state || state.uri.toString() !== document.uri.toString()) {
      if (switched) await languages.setTextDocumentLanguage(document, language);
      void window.showWarningMessage(`ghost-lint: ${name} is not a transcript in a format ghost-lint reads.`);
      return undefined;
    }
    const format = [...new Set(state.ledger.sessions.map((s) => s.format))].join(', ');
    return this.report(document.uri, format, state.verdict);
  }

  /** A file the editor does not hold (too large to sync): read and analysed by the server from disk, with progress and Cancel. */
  private async auditFromDisk(uri: Uri): Promise<FileAuditSummary | undefined> {
    const name = uri.path.split('/').pop() ?? '';
    const result = await window.withProgress({ location: ProgressLocation.Notification, title: `ghost-lint: auditing ${name} from disk`, cancellable: true }, (_progress, token) =>
      this.client.sendRequest(AuditFilesRequest, { uris: [uri.toString()] }, token).catch(() => undefined),
    );
    const [file] = result?.files ?? [];
    if (!file || file.error !== undefined) {
      if (result) void window.showWarningMessage(`ghost-lint: ${name} ${file?.error !== undefined ? `could not be read: ${file.error}` : 'is not a transcript in a format ghost-lint reads.'}`);
      return undefined;
    }
    // Its diagnostics come from the server's own read of the open tab's file (largeFiles.ts), not from here.
    return this.report(uri, file.format ?? 'transcript', verdictOf(file.findings.map((f) => f.level), file.constraints));
  }

  private async report(uri: Uri, format: string, verdict: Verdict): Promise<FileAuditSummary> {
    const message = `ghost-lint: ${uri.path.split('/').pop()} (${format}): ${verdictText(verdict)}.`;
    this.client.outputChannel.appendLine(auditLine(uri.fsPath, format, verdict, new Date()));
    if (!hasProblems(verdict)) void window.showInformationMessage(message);
    else {
      await commands.executeCommand('workbench.actions.view.problems');
      void window.showWarningMessage(message);
    }
    return { uri: uri.toString(), format, verdict };
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
