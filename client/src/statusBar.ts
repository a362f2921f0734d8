import { type Disposable, MarkdownString, StatusBarAlignment, type StatusBarItem, ThemeColor, window } from 'vscode';
import type { ActiveTranscript, ActiveTranscriptState } from './activeTranscript';
import { VIEWS } from './commandIds';
import type { SettingsStore } from './settings';
import { verdictText } from './verdict';

const ICON = { violations: '$(error)', problems: '$(warning)', clean: '$(pass)', unconstrained: '$(circle-slash)' } as const;

/** The active transcript's verdict in the status bar; a click shows its constraints. Hidden for other files or when turned off. */
export class VerdictStatusBar implements Disposable {
  private readonly item: StatusBarItem;
  private readonly subscriptions: Disposable[];

  constructor(
    private readonly active: ActiveTranscript,
    private readonly settings: SettingsStore,
  ) {
    this.item = window.createStatusBarItem('ghostLint.verdict', StatusBarAlignment.Right, 100);
    this.item.name = 'ghost-lint verdict';
    this.item.command = `${VIEWS.constraints}.focus`;
    this.subscriptions = [this.item, active.onDidChange(() => this.render()), settings.onDidChange(() => this.render())];
    this.render();
  }

  private render(): void {
    const state = this.active.current;
    if (!state || !this.settings.value['statusBar.enabled']) {
      this.item.hide();
      return;
    }
    this.item.text = `${ICON[state.verdict.kind]} ghost-lint: ${verdictText(state.verdict)}`;
    this.item.backgroundColor = state.verdict.kind === 'violations' ? new ThemeColor('statusBarItem.errorBackground') : undefined;
    this.item.tooltip = tooltip(state);
    this.item.show();
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}

function tooltip(state: ActiveTranscriptState): MarkdownString {
  const sessions = state.ledger.sessions;
  const formats = [...new Set(sessions.map((s) => s.format))].join(', ');
  const calls = sessions.reduce((n, s) => n + s.calls, 0);
  const constraints = sessions.reduce((n, s) => n + s.constraints.length, 0);
  const text = new MarkdownString();
  text.appendMarkdown('**ghost-lint**: ').appendText(`${verdictText(state.verdict)}\n\n`);
  text.appendText(`${formats}: ${sessions.length} session(s), ${calls} tool call(s), ${constraints} constraint(s)`);
  text.appendMarkdown('\n\nClick to show the Constraints view.');
  return text;
}
