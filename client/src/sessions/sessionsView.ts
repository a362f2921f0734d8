import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, relative, sep } from 'node:path';
import {
  ConfigurationTarget,
  type Disposable,
  EventEmitter,
  MarkdownString,
  RelativePattern,
  ThemeColor,
  ThemeIcon,
  type TreeDataProvider,
  TreeItem,
  TreeItemCollapsibleState,
  type TreeView,
  Uri,
  window,
  workspace,
} from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { AuditedFile, AuditedFinding } from '../../../shared/protocol';
import { COMMANDS, VIEWS } from '../commandIds';
import type { SettingsStore } from '../settings';
import { SETTINGS_SECTION, type Settings } from '../settingsSchema';
import { newViolations, verdictOf, verdictText } from '../verdict';
import { type AuditEvent, SessionAudits } from './sessionAudits';
import { type SessionFile, type SessionSource, expandFolder, listSessions, projectHint, sessionSources, tildePath } from './sources';


type SourceNode = { readonly kind: 'source'; readonly source: SessionSource };
type SessionNode = { readonly kind: 'session'; readonly file: SessionFile };
type EmptyNode = { readonly kind: 'empty'; readonly source: SessionSource };
export type SessionsNode = SourceNode | SessionNode | EmptyNode;

/** A burst of file events for one session (an agent appending line after line) is handled once it settles. */
const SETTLE_MS = 250;
/** Tree updates from many audits finishing are coalesced into one refresh. */
const REFRESH_MS = 50;

function localTime(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep);
}

/** A session's title on one short line: its first words, as the row has room for them. */
function shortTitle(title: string): string {
  const line = title.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/**
 * The Agent Sessions view: each agent's sessions on this machine and the user's own folders, newest
 * first, each with its verdict from the language server. Once shown, it follows the session folders:
 * a session that grows is audited again, and a violation that was not there before is announced
 * (unless `ghostLint.sessions.notifyOnViolation` is off).
 */
export class SessionsView implements TreeDataProvider<SessionsNode>, Disposable {
  private sources: SessionSource[] = [];
  private readonly listings = new Map<SessionSource, SessionFile[]>();
  private readonly audits: SessionAudits;
  /** Each watched folder's watcher and its listeners. */
  private watchers: Disposable[] = [];
  private readonly settleTimers = new Map<string, NodeJS.Timeout>();
  /** Session files created while the view watched: all their violations are new. */
  private readonly appeared = new Set<string>();
  private refreshTimer?: NodeJS.Timeout;
  /** The first listing, made when the view is first shown; later reloads replace it. */
  private loaded?: Promise<void>;
  /** The settings the current listing was made with. */
  private listedWith = '';
  private limit = 0;
  private disposed = false;
  private readonly changed = new EventEmitter<SessionsNode | undefined>();
  private readonly subscriptions: Disposable[] = [];
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: TreeView<SessionsNode>;

  constructor(
    private readonly client: LanguageClient,
    private readonly settings: SettingsStore,
  ) {
    this.audits = new SessionAudits(client);
    this.view = window.createTreeView(VIEWS.sessions, { treeDataProvider: this, showCollapseAll: true });
    this.subscriptions.push(
      this.view,
      this.audits,
      this.changed,
      this.audits.onDidAudit((event) => this.onAudited(event)),
      settings.onDidChange((next) => this.onSettings(next)),
    );
  }

  private static listingKey(settings: Settings): string {
    return JSON.stringify([settings['sessions.agents'], settings['sessions.folders'], settings['sessions.maxPerSource']]);
  }

  private onSettings(next: Settings): void {
    if (this.loaded && SessionsView.listingKey(next) !== this.listedWith) this.refresh();
  }

  /** Lists every source again (audits of unchanged files are reused). */
  refresh(): void {
    this.loaded = this.reload();
  }

  private async reload(): Promise<void> {
    const settings = this.settings.value;
    this.listedWith = SessionsView.listingKey(settings);
    this.limit = settings['sessions.maxPerSource'];
    this.sources = sessionSources({ agents: settings['sessions.agents'], folders: settings['sessions.folders'] }, { home: homedir(), env: process.env });
    this.listings.clear();
    await Promise.all(this.sources.map(async (source) => this.listings.set(source, await listSessions(source, this.limit))));
    await this.watch();
    for (const files of this.listings.values()) for (const file of files) this.audits.request(file);
    this.changed.fire(undefined);
  }

  private async watch(): Promise<void> {
    for (const watcher of this.watchers) watcher.dispose();
    this.watchers = [];
    for (const source of this.sources) {
      // A folder that does not exist yet (an agent never run here) is picked up by the next refresh.
      const exists = await stat(source.root).then((s) => s.isDirectory(), () => false);
      if (!exists || this.disposed) continue;
      const watcher = workspace.createFileSystemWatcher(new RelativePattern(Uri.file(source.root), '**/*'));
      const onEvent = (uri: Uri) => this.settle(uri.fsPath);
      this.watchers.push(
        watcher,
        watcher.onDidCreate((uri) => {
          if (this.sourceOf(uri.fsPath)) this.appeared.add(uri.fsPath);
          onEvent(uri);
        }),
        watcher.onDidChange(onEvent),
        watcher.onDidDelete(onEvent),
      );
    }
  }

  private sourceOf(path: string): SessionSource | undefined {
    return this.sources.find((source) => isInside(source.root, path) && source.accepts(relative(source.root, path).split(sep).join('/')));
  }

  private settle(path: string): void {
    if (!this.sourceOf(path)) return;
    clearTimeout(this.settleTimers.get(path));
    this.settleTimers.set(
      path,
      setTimeout(() => {
        this.settleTimers.delete(path);
        void this.fileChanged(path);
      }, SETTLE_MS),
    );
  }

  private async fileChanged(path: string): Promise<void> {
    const source = this.sourceOf(path);
    const listing = source && this.listings.get(source);
    if (!source || !listing) return;
    const info = await stat(path).catch(() => undefined);
    const others = listing.filter((f) => f.path !== path);
    if (!info?.isFile()) {
      this.listings.set(source, others);
      this.audits.forget(path);
      this.scheduleRefresh();
      return;
    }
    const file: SessionFile = { path, source, modifiedMs: info.mtimeMs, size: info.size };
    this.listings.set(source, [file, ...others].sort((a, b) => b.modifiedMs - a.modifiedMs).slice(0, this.limit));
    this.audits.request(file, true);
    this.scheduleRefresh();
  }

  private onAudited(event: AuditEvent): void {
    this.scheduleRefresh();
    const grew = event.previous !== undefined || this.appeared.delete(event.path);
    const found = event.audit.file;
    if (!grew || !found || !this.settings.value['sessions.notifyOnViolation']) return;
    const fresh = newViolations(event.previous?.file?.findings ?? [], found.findings);
    const [first] = fresh;
    if (first) void this.announce(event.path, found, first, fresh.length);
  }

  private async announce(path: string, file: AuditedFile, finding: AuditedFinding, count: number): Promise<void> {
    const source = this.sourceOf(path);
    const more = count > 1 ? ` (and ${count - 1} more)` : '';
    const where = `${source?.label ?? 'a'} session ${this.projectName(path, file)}`;
    const choice = await window.showWarningMessage(`ghost-lint: new violation in ${where}${more}: ${finding.message.split('\n', 1)[0]}`, 'Open', "Don't Notify Again");
    if (choice === 'Open') {
      const selection = this.client.protocol2CodeConverter.asRange(finding.range);
      await window.showTextDocument(Uri.file(path), { preview: false, selection });
    } else if (choice === "Don't Notify Again") {
      await workspace.getConfiguration(SETTINGS_SECTION).update('sessions.notifyOnViolation', false, ConfigurationTarget.Global);
    }
  }

  private scheduleRefresh(): void {
    if (this.refreshTimer || this.disposed) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      this.changed.fire(undefined);
    }, REFRESH_MS);
  }

  private projectName(path: string, file: AuditedFile | undefined): string {
    const listed = [...this.listings.values()].flat().find((f) => f.path === path);
    return (file?.cwd !== undefined ? basename(file.cwd) : undefined) ?? (listed && projectHint(listed)) ?? basename(path);
  }

  async getChildren(node?: SessionsNode): Promise<SessionsNode[]> {
    this.loaded ??= this.reload();
    await this.loaded;
    if (!node) return this.sources.map((source) => ({ kind: 'source', source }));
    if (node.kind !== 'source') return [];
    const files = (this.listings.get(node.source) ?? []).filter((file) => {
      const audit = this.audits.current(file);
      return !audit || audit.file !== undefined;
    });
    return files.length > 0 ? files.map((file) => ({ kind: 'session', file })) : [{ kind: 'empty', source: node.source }];
  }

  getTreeItem(node: SessionsNode): TreeItem {
    if (node.kind === 'source') return this.sourceItem(node.source);
    if (node.kind === 'empty') {
      const item = new TreeItem(`No sessions in ${tildePath(node.source.root, homedir())}`, TreeItemCollapsibleState.None);
      item.id = `empty:${node.source.root}`;
      return item;
    }
    return this.sessionItem(node.file);
  }

  private sourceItem(source: SessionSource): TreeItem {
    const item = new TreeItem(source.label, TreeItemCollapsibleState.Expanded);
    item.id = `source:${source.kind}:${source.root}`;
    item.description = source.kind === 'folder' ? undefined : tildePath(source.root, homedir());
    item.tooltip = source.root;
    item.iconPath = new ThemeIcon(source.kind === 'folder' ? 'folder' : 'hubot');
    item.contextValue = source.kind === 'folder' ? 'sessionFolder' : 'sessionSource';
    return item;
  }

  private sessionItem(file: SessionFile): TreeItem {
    const audit = this.audits.current(file)?.file;
    const item = new TreeItem(localTime(file.modifiedMs), TreeItemCollapsibleState.None);
    item.id = `session:${file.path}`;
    item.resourceUri = Uri.file(file.path);
    item.contextValue = 'session';
    item.command = { command: COMMANDS.openSession, title: 'Open Session', arguments: [item.resourceUri] };
    const project = this.projectName(file.path, audit);
    const tooltip = new MarkdownString(undefined, true);
    tooltip.appendMarkdown(`**${project}**\n\n`).appendText(file.path);
    if (!audit) {
      item.description = `checking… · ${project}`;
      item.iconPath = new ThemeIcon('loading~spin');
    } else if (audit.error !== undefined) {
      item.description = `could not be checked · ${project}`;
      item.iconPath = new ThemeIcon('question');
      tooltip.appendMarkdown('\n\n').appendText(audit.error);
    } else {
      const verdict = verdictOf(audit.findings.map((f) => f.level), audit.constraints);
      // What tells sessions of one project apart: how much the agent did, and what the session was about.
      const calls = `${audit.calls} call${audit.calls === 1 ? '' : 's'}`;
      const title = audit.title !== undefined ? ` · ${shortTitle(audit.title)}` : '';
      item.description = `${verdictText(verdict)} · ${project} · ${calls}${title}`;
      item.iconPath =
        verdict.kind === 'violations'
          ? new ThemeIcon('error', new ThemeColor('problemsErrorIcon.foreground'))
          : verdict.kind === 'problems'
            ? new ThemeIcon('warning', new ThemeColor('problemsWarningIcon.foreground'))
            : verdict.kind === 'clean'
              ? new ThemeIcon('pass', new ThemeColor('testing.iconPassed'))
              : new ThemeIcon('circle-slash');
      tooltip.appendMarkdown('\n\n').appendText(`${audit.format ?? 'transcript'}: ${audit.sessions} session(s), ${audit.calls} tool call(s); ${verdictText(verdict)}`);
      if (audit.title !== undefined) tooltip.appendMarkdown('\n\n').appendText(audit.title);
    }
    item.tooltip = tooltip;
    return item;
  }

  /** Adds folders of session files chosen by the user to `ghostLint.sessions.folders`. */
  async addFolder(): Promise<void> {
    const chosen = await window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, canSelectMany: true, openLabel: 'Add to Agent Sessions' });
    if (!chosen || chosen.length === 0) return;
    const folders = this.settings.value['sessions.folders'];
    const added = chosen.map((uri) => uri.fsPath).filter((path) => !folders.includes(path));
    await workspace.getConfiguration(SETTINGS_SECTION).update('sessions.folders', [...folders, ...added], ConfigurationTarget.Global);
  }

  async removeFolder(node: SessionsNode | undefined): Promise<void> {
    if (node?.kind !== 'source' || node.source.kind !== 'folder') return;
    const root = node.source.root;
    const folders = this.settings.value['sessions.folders'].filter((folder) => expandFolder(folder, homedir()) !== root);
    await workspace.getConfiguration(SETTINGS_SECTION).update('sessions.folders', folders, ConfigurationTarget.Global);
  }

  dispose(): void {
    this.disposed = true;
    for (const timer of this.settleTimers.values()) clearTimeout(timer);
    this.settleTimers.clear();
    clearTimeout(this.refreshTimer);
    for (const watcher of this.watchers) watcher.dispose();
    this.watchers = [];
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
