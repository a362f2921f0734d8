import { Disposable, TabInputText, type Uri, window, workspace } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { LargeFileClosedNotification, LargeFileOpenedNotification } from '../../shared/protocol';

/** VS Code does not hand files above this size to extensions: the server reads them from disk instead. */
const SYNC_LIMIT_BYTES = 50 * 1024 * 1024;
const TRANSCRIPT_FILE = /\.(jsonl?|traj)$/i;

/**
 * Tells the server about transcript files open in a tab that the editor never synced (too large),
 * and when their last tab closes, so their diagnostics come from the server's own read of the file.
 */
export function watchLargeFiles(client: LanguageClient): Disposable {
  const announced = new Set<string>();
  const isLarge = async (uri: Uri) => (await workspace.fs.stat(uri)).size > SYNC_LIMIT_BYTES;
  const check = async () => {
    const synced = new Set(workspace.textDocuments.map((d) => d.uri.toString()));
    const open = new Map<string, Uri>();
    for (const tab of window.tabGroups.all.flatMap((group) => group.tabs)) {
      const uri = tab.input instanceof TabInputText ? tab.input.uri : undefined;
      if (uri?.scheme === 'file' && TRANSCRIPT_FILE.test(uri.path) && !synced.has(uri.toString())) open.set(uri.toString(), uri);
    }
    for (const [key, uri] of open) {
      if (announced.has(key) || !(await isLarge(uri).catch(() => false))) continue;
      announced.add(key);
      await client.sendNotification(LargeFileOpenedNotification, { uri: key });
    }
    for (const key of [...announced]) {
      if (open.has(key)) continue;
      announced.delete(key);
      await client.sendNotification(LargeFileClosedNotification, { uri: key });
    }
  };
  const run = () => void check();
  run();
  return Disposable.from(window.tabGroups.onDidChangeTabs(run), workspace.onDidOpenTextDocument(run), workspace.onDidCloseTextDocument(run));
}
