import { type Disposable, EventEmitter, MarkdownString, ThemeColor, ThemeIcon, type TreeDataProvider, TreeItem, TreeItemCollapsibleState, type TreeView, window } from 'vscode';
import type { Location } from 'vscode-languageclient/node';
import type { LedgerCall, LedgerConstraint, LedgerSession } from '../../shared/protocol';
import type { ActiveTranscript } from './activeTranscript';
import { COMMANDS, VIEWS } from './commandIds';
import { constraintLabel, constraintState, isViolation, lifetimeText, sessionName, verdictLabel, violatedCalls } from './ledgerText';


type SessionNode = { readonly kind: 'session'; readonly session: LedgerSession; readonly index: number };
type ConstraintNode = { readonly kind: 'constraint'; readonly constraint: LedgerConstraint };
type EventNode = { readonly kind: 'event'; readonly label: string; readonly detail: string; readonly location: Location; readonly icon: string };
type CallNode = { readonly kind: 'call'; readonly call: LedgerCall; readonly uri: string };
type NoCallNode = { readonly kind: 'no-call' };
export type ConstraintsNode = SessionNode | ConstraintNode | EventNode | CallNode | NoCallNode;

function callIcon(call: LedgerCall): ThemeIcon {
  if (isViolation(call.verdict)) return new ThemeIcon('error', new ThemeColor('problemsErrorIcon.foreground'));
  if (call.verdict === 'met') return new ThemeIcon('pass', new ThemeColor('testing.iconPassed'));
  return new ThemeIcon(call.verdict === 'suppressed' ? 'eye-closed' : 'debug-stop');
}

function constraintIcon(constraint: LedgerConstraint): ThemeIcon {
  if (violatedCalls(constraint).length > 0) return new ThemeIcon('shield', new ThemeColor('problemsErrorIcon.foreground'));
  return new ThemeIcon(constraint.ending ? 'circle-slash' : 'shield');
}

/**
 * The Constraints view: the active transcript's constraint ledger. Each constraint shows its kind and
 * lifetime; below it, where it was stated, where it ended, and the calls it governed in order, each
 * with its verdict, so its state over the session reads top to bottom. Every row opens its place.
 */
export class ConstraintsView implements TreeDataProvider<ConstraintsNode>, Disposable {
  private readonly changed = new EventEmitter<ConstraintsNode | undefined>();
  private readonly subscriptions: Disposable[];
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: TreeView<ConstraintsNode>;

  constructor(private readonly active: ActiveTranscript) {
    this.view = window.createTreeView(VIEWS.constraints, { treeDataProvider: this, showCollapseAll: true });
    this.subscriptions = [this.view, this.changed, active.onDidChange(() => this.render())];
    this.render();
  }

  private render(): void {
    const state = this.active.current;
    const count = state?.ledger.sessions.reduce((n, s) => n + s.constraints.length, 0);
    this.view.description = state ? state.uri.path.split('/').pop() : undefined;
    this.view.message = state && count === 0 ? 'No constraint was stated in this transcript or by a workspace policy.' : undefined;
    this.changed.fire(undefined);
  }

  getChildren(node?: ConstraintsNode): ConstraintsNode[] {
    const state = this.active.current;
    if (!state) return [];
    if (!node) {
      const sessions = state.ledger.sessions;
      if (sessions.length === 1 && sessions[0]) return sessions[0].constraints.map((constraint) => ({ kind: 'constraint', constraint }));
      return sessions.map((session, index) => ({ kind: 'session', session, index }));
    }
    if (node.kind === 'session') return node.session.constraints.map((constraint) => ({ kind: 'constraint', constraint }));
    if (node.kind !== 'constraint') return [];
    const c = node.constraint;
    const events: ConstraintsNode[] = [
      { kind: 'event', label: c.activeFrom < 0 ? 'Policy rule' : `Stated at turn ${c.activeFrom}`, detail: c.compiled, location: c.source, icon: c.activeFrom < 0 ? 'law' : 'comment' },
    ];
    const calls: ConstraintsNode[] = c.governs.map((call) => ({ kind: 'call', call, uri: state.ledger.uri }));
    const ending: ConstraintsNode[] = c.ending ? [{ kind: 'event', label: `${c.ending.kind === 'revoked' ? 'Revoked' : 'Replaced'} at turn ${c.ending.turnIndex}`, detail: c.ending.text, location: c.ending.location, icon: 'circle-slash' }] : [];
    // In the order they happened: stated, the calls it governed, then its end.
    return [...events, ...(calls.length > 0 ? calls : [{ kind: 'no-call' as const }]), ...ending];
  }

  getTreeItem(node: ConstraintsNode): TreeItem {
    switch (node.kind) {
      case 'session': {
        const item = new TreeItem(sessionName(node.session, node.index), TreeItemCollapsibleState.Expanded);
        item.description = `${node.session.format} · ${node.session.constraints.length} constraint(s)`;
        item.iconPath = new ThemeIcon('comment-discussion');
        return item;
      }
      case 'constraint': {
        const c = node.constraint;
        const item = new TreeItem(constraintLabel(c), violatedCalls(c).length > 0 ? TreeItemCollapsibleState.Expanded : TreeItemCollapsibleState.Collapsed);
        item.id = `constraint:${c.id}`;
        item.description = `${c.kind} · ${constraintState(c)}`;
        item.iconPath = constraintIcon(c);
        item.contextValue = 'constraint';
        const tooltip = new MarkdownString();
        tooltip.appendMarkdown(`**${c.kind}**${c.locked ? ' (locked)' : ''}\n\n`).appendText(c.text);
        tooltip.appendMarkdown('\n\n**Compiled:** ').appendText(c.compiled);
        tooltip.appendMarkdown('\n\n**Active:** ').appendText(lifetimeText(c));
        item.tooltip = tooltip;
        item.command = { command: COMMANDS.revealLocation, title: 'Go to Constraint', arguments: [c.source] };
        return item;
      }
      case 'event': {
        const item = new TreeItem(node.label, TreeItemCollapsibleState.None);
        item.description = node.detail;
        item.tooltip = node.detail;
        item.iconPath = new ThemeIcon(node.icon);
        item.command = { command: COMMANDS.revealLocation, title: 'Go to', arguments: [node.location] };
        return item;
      }
      case 'call': {
        const call = node.call;
        const item = new TreeItem(`turn ${call.turnIndex}: ${call.name}`, TreeItemCollapsibleState.None);
        item.description = verdictLabel(call.verdict);
        item.tooltip = `${call.name} call ${call.callId}: ${verdictLabel(call.verdict)}`;
        item.iconPath = callIcon(call);
        item.command = { command: COMMANDS.revealLocation, title: 'Go to Call', arguments: [{ uri: node.uri, range: call.range } satisfies Location] };
        return item;
      }
      case 'no-call':
        return new TreeItem('Governs no call', TreeItemCollapsibleState.None);
    }
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
