import { type Disposable, EventEmitter, window, workspace } from 'vscode';
import { SETTINGS_SECTION, type Settings, validateSettings } from './settingsSchema';

/**
 * The extension's settings, validated against their schema and re-read whenever they change: each
 * feature subscribes to `onDidChange` and applies the new values at once. An invalid value is named
 * in a warning and its default is used until it is fixed.
 */
export class SettingsStore implements Disposable {
  private current: Settings;
  private readonly changed = new EventEmitter<Settings>();
  private readonly subscription: Disposable;
  /** Problems already shown, so an unrelated change does not repeat the warning. */
  private shownProblems = '';
  readonly onDidChange = this.changed.event;

  constructor() {
    this.current = this.read();
    this.subscription = workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration(SETTINGS_SECTION)) return;
      this.current = this.read();
      this.changed.fire(this.current);
    });
  }

  get value(): Settings {
    return this.current;
  }

  private read(): Settings {
    const configuration = workspace.getConfiguration(SETTINGS_SECTION);
    const { settings, problems } = validateSettings((key) => configuration.get(key));
    const summary = problems.map((p) => `${p.setting}: ${p.message}`).join('\n');
    if (summary !== '' && summary !== this.shownProblems) {
      void window.showWarningMessage(`ghost-lint: invalid settings, their defaults are used instead. ${problems.map((p) => `${p.setting} (${p.message})`).join('; ')}`);
    }
    this.shownProblems = summary;
    return settings;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
