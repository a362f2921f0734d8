import { Uri, type WorkspaceFolder, window, workspace } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { DOMAINS, type Domain } from '../../shared/bench';
import { ScaffoldCaseRequest } from '../../shared/protocol';

/** What the command may be given (a keybinding or a test), instead of asking. */
export interface NewCaseOptions {
  readonly domain?: Domain;
  readonly id?: string;
}

const CASE_ID = /^[a-z0-9][a-z0-9-]*$/;

/** The folder to write the case in: the only one, or the one the user picks; undefined when there is none. */
async function chooseFolder(): Promise<WorkspaceFolder | undefined> {
  const folders = workspace.workspaceFolders ?? [];
  if (folders.length <= 1) return folders[0];
  return window.showWorkspaceFolderPick({ placeHolder: 'Where should the case file go?' });
}

/**
 * "New benchmark case": asks for the domain and an id, writes `<id>.case.json` scaffolded for that
 * domain in the chosen workspace folder (an untitled document when no folder is open) and opens it,
 * where the language server's diagnostics list what the author still has to write.
 */
export async function newCase(client: LanguageClient, options: NewCaseOptions = {}): Promise<Uri | undefined> {
  const domain =
    options.domain ??
    ((await window.showQuickPick(
      DOMAINS.map((d) => ({ label: d })),
      { title: 'ghost-lint: new benchmark case', placeHolder: 'Which domain does the case run in?' },
    ))?.label as Domain | undefined);
  if (!domain) return undefined;
  const id =
    options.id ??
    (await window.showInputBox({
      title: 'ghost-lint: new benchmark case',
      prompt: 'Case id (lowercase letters, digits and "-"); the file is named <id>.case.json',
      value: `${domain}-`,
      validateInput: (value) => (CASE_ID.test(value) ? undefined : 'Use lowercase letters, digits and "-", starting with a letter or digit.'),
    }));
  if (!id || !CASE_ID.test(id)) return undefined;
  // The server holds the case schema and its scaffolds.
  const { content } = await client.sendRequest(ScaffoldCaseRequest, { domain, id });
  const folder = await chooseFolder();
  if (!folder) {
    const document = await workspace.openTextDocument({ language: 'json', content });
    await window.showTextDocument(document);
    return document.uri;
  }
  const uri = Uri.joinPath(folder.uri, `${id}.case.json`);
  try {
    await workspace.fs.stat(uri);
    void window.showErrorMessage(`ghost-lint: ${uri.fsPath} already exists; choose another id.`);
    return undefined;
  } catch {
    // Not there yet: the case can be written.
  }
  await workspace.fs.writeFile(uri, new TextEncoder().encode(content));
  await window.showTextDocument(uri);
  return uri;
}
