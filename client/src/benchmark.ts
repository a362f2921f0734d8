import { randomBytes } from 'node:crypto';
import { type Disposable, type SecretStorage, Uri, ViewColumn, commands, window, workspace } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { BenchAgentName, BenchReport, Defence } from '../../shared/bench';
import { BenchmarkViewRequest, type RunBenchmarkParams, RunBenchmarkRequest, type RunBenchmarkResult } from '../../shared/protocol';
import { caseProblemsNotice } from './caseProblems';
import { agentChoices, defenceChoices, keyWouldBeLogged, modelAccess, repetitionsFor } from './modelAccess';
import { modelApiKey } from './modelKey';
import { withServerProgress } from './serverProgress';
import type { SettingsStore } from './settings';

/** What the command asks for; a keybinding or a task may pass any of it. */
export interface BenchmarkOptions {
  readonly agent?: BenchAgentName;
  readonly defences?: readonly Defence[];
}

/** What "Export Benchmark Report…" writes. */
export interface BenchmarkExportOptions {
  readonly format?: 'markdown' | 'json';
  /** Absolute path of the file to write. */
  readonly destination?: string;
}

/**
 * "Run Benchmark…" and "Export Benchmark Report…": asks for the agent (a model only when the user
 * enabled model features, the workspace is trusted and a model is named) and the defences, has the
 * language server run the workspace's case files with progress and cancel in a notification, and shows
 * the report's chart. A model's runs are saved under the workspace's ghost-lint-runs/ folder.
 */
export class Benchmarks implements Disposable {
  private lastReport: BenchReport | undefined;
  private panel: ReturnType<typeof window.createWebviewPanel> | undefined;

  constructor(
    private readonly client: LanguageClient,
    private readonly settings: SettingsStore,
    private readonly secrets: SecretStorage,
  ) {}

  private async ask(options: BenchmarkOptions): Promise<{ agent: BenchAgentName; defences: readonly Defence[] } | undefined> {
    const access = modelAccess(this.settings.value, workspace.isTrusted);
    const agent =
      options.agent ??
      (await window.showQuickPick(agentChoices(access, this.settings.value), { title: 'ghost-lint: run benchmark (1/2)', placeHolder: access.ok ? 'Which agent?' : `Which agent? (no model: ${access.reason})` }))?.agent;
    if (!agent) return undefined;
    const defences = options.defences ?? (await window.showQuickPick(defenceChoices(agent), { title: 'ghost-lint: run benchmark (2/2)', placeHolder: 'Which defences?' }))?.defences;
    return defences ? { agent, defences } : undefined;
  }

  /** The model part of the request, or undefined with the reason shown when the model may not be used now. */
  private async modelRequest(folder: Uri): Promise<Pick<RunBenchmarkParams, 'model' | 'saveRuns'> | undefined> {
    const access = modelAccess(this.settings.value, workspace.isTrusted);
    const logged = keyWouldBeLogged(this.settings.value);
    const refusal = access.ok ? logged : access.reason;
    if (refusal !== undefined || !access.ok) {
      void window.showWarningMessage(`ghost-lint: the model agent cannot run: ${refusal}.`);
      return undefined;
    }
    const apiKey = await modelApiKey(this.secrets);
    const runs = Uri.joinPath(folder, 'ghost-lint-runs', new Date().toISOString().replace(/[:.]/g, '-'));
    return { model: { endpoint: access.endpoint, ...(apiKey !== undefined && { apiKey }) }, saveRuns: runs.toString() };
  }

  async run(options: BenchmarkOptions = {}): Promise<RunBenchmarkResult | undefined> {
    const folder = workspace.workspaceFolders?.[0]?.uri;
    if (!folder) {
      void window.showInformationMessage('ghost-lint: open a folder with benchmark cases (*.case.json, *.case.yaml) to run them.');
      return undefined;
    }
    const choice = await this.ask(options);
    if (!choice) return undefined;
    const model = choice.agent === 'model' ? await this.modelRequest(folder) : {};
    if (!model) return undefined;
    const params = { agent: choice.agent, defences: choice.defences, repetitions: repetitionsFor(choice.agent, this.settings.value), seed: this.settings.value['benchmark.seed'], ...model };
    let result: RunBenchmarkResult;
    try {
      result = await withServerProgress(this.client, 'ghost-lint: running the benchmark', (workDoneToken, token) =>
        this.client.sendRequest(RunBenchmarkRequest, { workDoneToken, ...params }, token),
      );
    } catch (e) {
      void window.showErrorMessage(`ghost-lint: the benchmark did not run: ${(e as Error).message}`);
      return undefined;
    }
    if (result.cancelled) return result;
    this.reportProblems(result);
    if (result.report) await this.show(result.report);
    else if (!result.problems.some((p) => p.severity === 'error')) void window.showInformationMessage('ghost-lint: no benchmark cases (*.case.json, *.case.yaml) in the workspace.');
    return result;
  }

  private reportProblems(result: RunBenchmarkResult): void {
    const errors = result.problems.filter((p) => p.severity === 'error');
    const first = errors[0];
    const notice = caseProblemsNotice(errors, (uri) => workspace.asRelativePath(Uri.parse(uri)));
    if (!first || notice === undefined) return;
    const open = 'Open';
    void window.showWarningMessage(notice, open).then(async (answer) => {
      if (answer === open) await commands.executeCommand('vscode.open', Uri.parse(first.uri), { selection: this.client.protocol2CodeConverter.asRange(first.range) });
    });
  }

  /** The report's page, rendered by the server (which holds the report code), in a webview without scripts. */
  private async show(report: BenchReport): Promise<void> {
    this.lastReport = report;
    const nonce = randomBytes(16).toString('base64');
    const { content } = await this.client.sendRequest(BenchmarkViewRequest, { report, format: 'html', nonce });
    this.panel?.dispose();
    const panel = window.createWebviewPanel('ghostLint.benchmark', `ghost-lint benchmark: ${report.model?.name ?? report.agent}`, ViewColumn.Active, { enableScripts: false, localResourceRoots: [] });
    panel.onDidDispose(() => {
      if (this.panel === panel) this.panel = undefined;
    });
    panel.webview.html = content;
    this.panel = panel;
  }

  /** Writes the last benchmark report shown as Markdown (the paper's table) or JSON. */
  async exportReport(options: BenchmarkExportOptions = {}): Promise<Uri | undefined> {
    const report = this.lastReport;
    if (!report) {
      void window.showInformationMessage('ghost-lint: run a benchmark first (ghost-lint: Run Benchmark…).');
      return undefined;
    }
    const format =
      options.format ??
      (
        await window.showQuickPick(
          [
            { label: 'Markdown', detail: "The paper's table: outcome rates per defence and condition, GHOST and the DiD with intervals.", format: 'markdown' as const },
            { label: 'JSON', detail: 'The report as `ghost-lint bench --format json` writes it (schemas/bench-report.schema.json).', format: 'json' as const },
          ],
          { title: 'ghost-lint: export benchmark report', placeHolder: 'Which format?' },
        )
      )?.format;
    if (!format) return undefined;
    const extension = format === 'json' ? 'json' : 'md';
    const folder = workspace.workspaceFolders?.[0]?.uri;
    const destination =
      options.destination !== undefined
        ? Uri.file(options.destination)
        : await window.showSaveDialog({ ...(folder && { defaultUri: Uri.joinPath(folder, `benchmark-report.${extension}`) }), filters: { [format === 'json' ? 'JSON' : 'Markdown']: [extension] } });
    if (!destination) return undefined;
    const { content } = await this.client.sendRequest(BenchmarkViewRequest, { report, format });
    await workspace.fs.writeFile(destination, Buffer.from(content, 'utf8'));
    return destination;
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
