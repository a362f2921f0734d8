import { randomUUID } from 'node:crypto';
import { type CancellationToken, ProgressLocation, window } from 'vscode';
import { type LanguageClient, WorkDoneProgress } from 'vscode-languageclient/node';

/**
 * Runs a language-server request that reports work-done progress, in a cancellable notification:
 * the server's reports move the bar, Cancel cancels the request.
 */
export function withServerProgress<T>(client: LanguageClient, title: string, request: (workDoneToken: string, token: CancellationToken) => Promise<T>): Thenable<T> {
  return window.withProgress({ location: ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
    const workDoneToken = randomUUID();
    let reported = 0;
    const listener = client.onProgress(WorkDoneProgress.type, workDoneToken, (value) => {
      if (value.kind !== 'report') return;
      const percentage = value.percentage ?? reported;
      progress.report({ ...(value.message !== undefined && { message: value.message }), increment: percentage - reported });
      reported = percentage;
    });
    try {
      return await request(workDoneToken, token);
    } finally {
      listener.dispose();
    }
  });
}
