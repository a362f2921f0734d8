import { type Disposable, type TextDocumentContentProvider, Uri, commands, workspace } from 'vscode';
import { RULES, type RuleId } from '../../shared/rules';
import { ruleDocumentation } from './ruleDocText';

/** The scheme of the rule pages the extension ships: readable offline, in Markdown's preview. */
export const RULE_DOC_SCHEME = 'ghost-lint-rule';

/** Serves the rule pages from the extension itself, and opens one in Markdown's preview (as text where no preview is available). */
export class RuleDocs implements Disposable, TextDocumentContentProvider {
  private readonly registration = workspace.registerTextDocumentContentProvider(RULE_DOC_SCHEME, this);

  provideTextDocumentContent(uri: Uri): string {
    const id = uri.path.replace(/^\//, '').replace(/\.md$/, '');
    const rule = RULES.find((r) => r.id === id);
    return rule ? ruleDocumentation(rule.id) : `# Unknown rule \`${id}\`\n`;
  }

  async open(id: RuleId): Promise<boolean> {
    const uri = Uri.from({ scheme: RULE_DOC_SCHEME, path: `/${id}.md` });
    const document = await workspace.openTextDocument(uri);
    const rendered = await commands.executeCommand('markdown.showPreview', uri).then(
      () => true,
      () => false,
    );
    if (!rendered) await commands.executeCommand('vscode.open', document.uri);
    return true;
  }

  dispose(): void {
    this.registration.dispose();
  }
}
