import { type Diagnostic, type Disposable, type TextEditor, TabInputText, Uri, commands, window } from 'vscode';
import { type RuleId, ruleById, ruleDocPath } from '../../shared/rules';

/**
 * The rule pages the extension ships (docs/rules/*.md, the pages SARIF's `helpUri` points at on the
 * web), so a rule's documentation opens offline: from the command, and from a diagnostic's code.
 */
export class RuleDocs implements Disposable {
  private readonly folder: Uri;
  // The editor opens a diagnostic's link as text: a rule page is shown rendered in its place.
  private readonly listener = window.onDidChangeActiveTextEditor((editor) => void this.renderInPlace(editor));

  constructor(private readonly extensionUri: Uri) {
    this.folder = Uri.joinPath(extensionUri, 'docs', 'rules');
  }

  /** The shipped page of a rule. */
  page(id: RuleId): Uri {
    return Uri.joinPath(this.extensionUri, ...ruleDocPath(id).split('/'));
  }

  /**
   * Points a ghost-lint diagnostic's code at the shipped page instead of the web: the Problems panel,
   * the hover and the peek all open the link with the editor, which shows the page as text offline.
   */
  linkOffline(diagnostic: Diagnostic): Diagnostic {
    const code = diagnostic.code;
    const rule = ruleById(typeof code === 'object' ? code.value : code);
    if (diagnostic.source === 'ghost-lint' && rule) diagnostic.code = { value: rule.id, target: this.page(rule.id) };
    return diagnostic;
  }

  private isPage(uri: Uri): boolean {
    return uri.scheme === this.folder.scheme && uri.path.startsWith(`${this.folder.path}/`) && uri.path.endsWith('.md');
  }

  /** A rule page opened as text (from a diagnostic's code) is replaced by its preview, where Markdown's preview is available. */
  private async renderInPlace(editor: TextEditor | undefined): Promise<void> {
    const page = editor?.document.uri;
    if (!page || !this.isPage(page)) return;
    const rendered = await commands.executeCommand('markdown.showPreview', page).then(
      () => true,
      () => false,
    );
    if (!rendered) return;
    const asText = window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.input instanceof TabInputText && tab.input.uri.toString() === page.toString());
    await window.tabGroups.close(asText);
  }

  /** Opens a rule's page in Markdown's preview (as text where no preview is available). */
  async open(id: RuleId): Promise<boolean> {
    const page = this.page(id);
    const rendered = await commands.executeCommand('markdown.showPreview', page).then(
      () => true,
      () => false,
    );
    if (!rendered) await window.showTextDocument(page, { preview: true });
    return true;
  }

  dispose(): void {
    this.listener.dispose();
  }
}
