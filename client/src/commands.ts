import { type Disposable, type ExtensionContext, Uri, commands, window } from 'vscode';
import type { LanguageClient, Location } from 'vscode-languageclient/node';
import { RULES } from '../../shared/rules';
import type { Audits } from './audits';
import { type BenchmarkExportOptions, type BenchmarkOptions, Benchmarks } from './benchmark';
import { COMMANDS } from './commandIds';
import { type LiveGuardOptions, installLiveGuard } from './liveGuard';
import { clearModelApiKey, setModelApiKey } from './modelKey';
import { type NewCaseOptions, newCase } from './newCase';
import type { ExportOptions, Reports } from './reports';
import type { RuleDocs } from './ruleDocs';
import type { SessionsNode, SessionsView } from './sessions/sessionsView';
import type { SettingsStore } from './settings';
import type { TranscriptViews } from './transcriptView';

export interface CommandContext {
  readonly extension: ExtensionContext;
  readonly client: LanguageClient;
  readonly settings: SettingsStore;
  readonly audits: Audits;
  readonly reports: Reports;
  readonly sessions: SessionsView;
  readonly transcriptViews: TranscriptViews;
  readonly ruleDocs: RuleDocs;
}

/** Opens a rule's documentation, shipped in the extension (readable offline); asks which rule when none is given. */
async function openRuleDocumentation(docs: RuleDocs, ruleId?: string): Promise<boolean> {
  const rule =
    RULES.find((r) => r.id === ruleId) ??
    (await window.showQuickPick(
      RULES.map((r) => ({ label: r.id, description: r.level, detail: r.summary, rule: r })),
      { title: 'ghost-lint: rule documentation', placeHolder: 'Which rule?', matchOnDetail: true },
    ))?.rule;
  return rule ? docs.open(rule.id) : false;
}

/** Every command of the extension; commands that take options (from a keybinding or a task) ask for what is missing. */
export function registerCommands(c: CommandContext): Disposable[] {
  const reveal = async (location: Location) => {
    await window.showTextDocument(Uri.parse(location.uri), { preview: true, selection: c.client.protocol2CodeConverter.asRange(location.range) });
  };
  const benchmarks = new Benchmarks(c.client, c.settings, c.extension.secrets);
  return [
    commands.registerCommand(COMMANDS.auditFile, (uri?: Uri) => c.audits.auditFile(uri instanceof Uri ? uri : undefined)),
    commands.registerCommand(COMMANDS.auditWorkspace, () => c.audits.auditWorkspace()),
    commands.registerCommand(COMMANDS.exportReport, (options?: ExportOptions) => c.reports.exportReport(options)),
    commands.registerCommand(COMMANDS.openTranscriptView, (uri?: Uri) => c.transcriptViews.open(uri instanceof Uri ? uri : undefined)),
    commands.registerCommand(COMMANDS.showLedger, (uri?: Uri) => c.reports.showLedger(uri instanceof Uri ? uri : undefined)),
    commands.registerCommand(COMMANDS.installLiveGuard, (options?: LiveGuardOptions) => installLiveGuard(c.extension, c.settings, options)),
    commands.registerCommand(COMMANDS.openRuleDocumentation, (ruleId?: string) => openRuleDocumentation(c.ruleDocs, typeof ruleId === 'string' ? ruleId : undefined)),
    commands.registerCommand(COMMANDS.refreshSessions, () => c.sessions.refresh()),
    commands.registerCommand(COMMANDS.addSessionFolder, () => c.sessions.addFolder()),
    commands.registerCommand(COMMANDS.removeSessionFolder, (node?: SessionsNode) => c.sessions.removeFolder(node)),
    commands.registerCommand(COMMANDS.openSession, (uri: Uri) => window.showTextDocument(uri, { preview: false })),
    commands.registerCommand(COMMANDS.revealLocation, reveal),
    commands.registerCommand(COMMANDS.runBenchmark, (options?: BenchmarkOptions) => benchmarks.run(options)),
    commands.registerCommand(COMMANDS.exportBenchmarkReport, (options?: BenchmarkExportOptions) => benchmarks.exportReport(options)),
    commands.registerCommand(COMMANDS.setModelApiKey, (key?: string) => setModelApiKey(c.extension.secrets, typeof key === 'string' ? key : undefined)),
    commands.registerCommand(COMMANDS.clearModelApiKey, () => clearModelApiKey(c.extension.secrets)),
    benchmarks,
    commands.registerCommand(COMMANDS.newCase, (options?: NewCaseOptions) => newCase(c.client, options)),
    commands.registerCommand(COMMANDS.showOutput, () => c.client.outputChannel.show(true)),
    commands.registerCommand(COMMANDS.restartServer, () => c.client.restart()),
  ];
}
