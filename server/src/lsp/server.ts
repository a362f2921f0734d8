import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type CancellationToken,
  CancellationTokenSource,
  CodeActionKind,
  type Connection,
  LSPErrorCodes,
  MessageType,
  ResponseError,
  ShowMessageNotification,
  TextDocumentSyncKind,
  TextDocuments,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { POLICY_FILE_NAMES, type Policy } from '../engine/ledger';
import { syntaxOf } from '../engine/json';
import { nodeHost } from '../host/nodeHost';
import { PolicyDiscovery } from '../host/policies';
import { AnalysisScheduler } from './analysisScheduler';
import { policyCompletions, policyDiagnostics, policyHover } from './features/policyFiles';
import { DocumentServices } from './documentServices';
import type { EditSupport } from './features/codeActions';
import { LEGEND } from './features/semanticTokens';
import { AuditFilesRequest, AuditWorkspaceRequest, BenchmarkViewRequest, ExportReportRequest, LargeFileClosedNotification, LargeFileOpenedNotification, LedgerRequest, RunBenchmarkRequest, ScaffoldCaseRequest, TranscriptViewRequest } from '../../../shared/protocol';
import { JobCancelled, ServiceWorker } from './workerHost';

const isPolicyFile = (uri: string) => (POLICY_FILE_NAMES as readonly string[]).includes(basename(uri));
const filePath = (uri: string) => (uri.startsWith('file:') ? fileURLToPath(uri) : undefined);

/**
 * The language server: a thin shell. Transcripts are analysed by the language service in a worker
 * thread (so no file, however large, keeps the server from answering), one version at a time per
 * document, debounced while typing; every feature asks the service about the version it analysed.
 * Policy files get their schema diagnostics, completions and hovers here, and their unsaved text governs open transcripts.
 */
export function startServer(connection: Connection): void {
  const log = (message: string) => connection.console.error(message);
  // Workers for the open documents (large ones apart, so no document waits behind one), one for files read from disk (too large to sync, or a workspace audit).
  const editor = new DocumentServices(log);
  // A transcript's edit starts its debounce as it arrives, and goes on to its worker, so an analysis need not send the whole text.
  const documents = new TextDocuments<TextDocument>({
    create: TextDocument.create,
    update: (document, changes, version) => {
      if (isPolicyFile(document.uri)) return TextDocument.update(document, changes, version);
      scheduler.debounce(document.uri, version);
      const from = document.version;
      const updated = TextDocument.update(document, changes, version);
      editor.edit(document.uri, from, version, changes);
      return updated;
    },
  });
  const disk = new ServiceWorker(log);
  const largeFiles = new Map<string, CancellationTokenSource>();
  let workspaceRoots: string[] = [];
  let discovery = new PolicyDiscovery(nodeHost);

  const openPolicyText = (path: string) => documents.all().find((d) => isPolicyFile(d.uri) && filePath(d.uri) === path)?.getText();
  const policiesFor = (uri: string): Policy[] => {
    const path = filePath(uri);
    return path ? discovery.forTranscript(path) : [];
  };
  const transcripts = () => documents.all().filter((d) => !isPolicyFile(d.uri));

  const scheduler = new AnalysisScheduler({
    // Policy files are not transcripts: features on them answer nothing.
    current: (uri) => (isPolicyFile(uri) ? undefined : documents.get(uri)),
    analyse: async (document, token) => {
      try {
        const snapshot = { uri: document.uri, version: document.version, text: document.getText() };
        return (await editor.analyse(snapshot, policiesFor(document.uri), token)).diagnostics;
      } catch (e) {
        if (e instanceof JobCancelled) return undefined;
        log(`ghost-lint: analysis of ${document.uri} failed: ${(e as Error).message}`);
        return [];
      }
    },
    publish: (uri, version, diagnostics) => void connection.sendDiagnostics({ uri, version, diagnostics }),
  });

  /** Runs a feature on the analysed current version of a document; a cancelled request is answered as such. */
  async function onCurrent<R>(uri: string, token: CancellationToken, run: (version: number) => Promise<R>): Promise<R | null | ResponseError<void>> {
    try {
      const version = await scheduler.ensure(uri);
      if (version === undefined) return null;
      return await run(version);
    } catch (e) {
      if (e instanceof JobCancelled || token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, 'request cancelled');
      log(`ghost-lint: request on ${uri} failed: ${(e as Error).message}`);
      return null;
    }
  }

  function policiesChanged(): void {
    discovery.invalidate();
    scheduler.invalidate(transcripts());
  }

  connection.onInitialize((params) => {
    const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    workspaceRoots = folders.map(filePath).filter((p): p is string => p !== undefined);
    discovery = new PolicyDiscovery(nodeHost, { workspaceRoots, readText: openPolicyText });
    const capabilities = params.capabilities;
    const support: EditSupport = {
      documentChanges: capabilities.workspace?.workspaceEdit?.documentChanges === true,
      createFiles: capabilities.workspace?.workspaceEdit?.resourceOperations?.includes('create') === true,
      resolve: capabilities.textDocument?.codeAction?.resolveSupport?.properties.includes('edit') === true,
      workspaceRoots,
    };
    // Starts the service's thread now, so the first diagnostics do not wait for it.
    editor.call('configure', support).catch((e: Error) => log(`ghost-lint: language service did not start: ${e.message}`));
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        hoverProvider: true,
        // Case and policy files: a quote opens a key or a value in JSON.
        completionProvider: { triggerCharacters: ['"'] },
        definitionProvider: true,
        referencesProvider: true,
        documentSymbolProvider: { label: 'ghost-lint' },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix], resolveProvider: true },
        semanticTokensProvider: { legend: LEGEND, full: true },
        inlayHintProvider: true,
      },
      serverInfo: { name: 'ghost-lint' },
    };
  });

  documents.onDidOpen((e) => {
    if (isPolicyFile(e.document.uri)) return;
    scheduler.schedule(e.document, true);
  });
  // A transcript's edits were scheduled as they arrived (see `documents`), and its opening by onDidOpen.
  documents.onDidChangeContent((e) => {
    const document = e.document;
    if (!isPolicyFile(document.uri)) return;
    const path = filePath(document.uri) ?? document.uri;
    void connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics: policyDiagnostics(path, document.getText(), document.languageId) });
    policiesChanged();
  });
  documents.onDidClose((e) => {
    const uri = e.document.uri;
    if (isPolicyFile(uri)) policiesChanged();
    else {
      scheduler.forget(uri);
      editor.call('close', { uri }).catch(() => undefined);
    }
    void connection.sendDiagnostics({ uri, diagnostics: [] });
  });
  // A policy file changed on disk: its rules may govern every open transcript.
  connection.onDidChangeWatchedFiles(() => policiesChanged());

  // A policy file is small and read here; what the schema says of it needs no analysis.
  const policyDocument = (uri: string) => (isPolicyFile(uri) ? documents.get(uri) : undefined);
  connection.onHover((p, token) => {
    const policy = policyDocument(p.textDocument.uri);
    if (policy) return policyHover(policy.getText(), syntaxOf(policy.uri), p.position);
    return onCurrent(p.textDocument.uri, token, (version) => editor.call('hover', { uri: p.textDocument.uri, version, position: p.position }, token));
  });
  connection.onCompletion((p, token) => {
    const policy = policyDocument(p.textDocument.uri);
    if (policy) return policyCompletions(policy.getText(), syntaxOf(policy.uri), p.position);
    return onCurrent(p.textDocument.uri, token, (version) => editor.call('completion', { uri: p.textDocument.uri, version, position: p.position }, token));
  });
  connection.onDefinition((p, token) => onCurrent(p.textDocument.uri, token, (version) => editor.call('definition', { uri: p.textDocument.uri, version, position: p.position }, token)));
  connection.onReferences((p, token) =>
    onCurrent(p.textDocument.uri, token, (version) => editor.call('references', { uri: p.textDocument.uri, version, position: p.position, includeDeclaration: p.context.includeDeclaration }, token)),
  );
  connection.onDocumentSymbol((p, token) => onCurrent(p.textDocument.uri, token, (version) => editor.call('documentSymbols', { uri: p.textDocument.uri, version }, token)));
  connection.onCodeAction((p, token) =>
    onCurrent(p.textDocument.uri, token, (version) => editor.call('codeActions', { uri: p.textDocument.uri, version, range: p.range, diagnostics: p.context.diagnostics }, token)),
  );
  connection.onCodeActionResolve(async (action, token) => {
    try {
      return await editor.call('resolveCodeAction', { action }, token);
    } catch (e) {
      if (!(e instanceof JobCancelled)) log(`ghost-lint: resolving "${action.title}" failed: ${(e as Error).message}`);
      return action;
    }
  });
  connection.languages.semanticTokens.on(async (p, token) => {
    const tokens = await onCurrent(p.textDocument.uri, token, (version) => editor.call('semanticTokens', { uri: p.textDocument.uri, version }, token));
    return tokens ?? { data: [] };
  });
  connection.languages.inlayHint.on((p, token) => onCurrent(p.textDocument.uri, token, (version) => editor.call('inlayHints', { uri: p.textDocument.uri, version, range: p.range }, token)));
  connection.onRequest(LedgerRequest, (p, token) => onCurrent(p.uri, token, (version) => editor.call('ledger', { uri: p.uri, version }, token)));
  // An open document as edited; any other file (too large for the editor to sync, or not open) as saved, read in the background.
  connection.onRequest(TranscriptViewRequest, async (p, token) => {
    if (documents.get(p.uri)) return onCurrent(p.uri, token, (version) => editor.call('transcriptView', { uri: p.uri, version }, token));
    if (!filePath(p.uri)) return null;
    try {
      return await disk.call('transcriptViewFromDisk', { uri: p.uri, policies: policiesFor(p.uri) }, token);
    } catch (e) {
      if (e instanceof JobCancelled) return new ResponseError(LSPErrorCodes.RequestCancelled, 'request cancelled');
      throw e;
    }
  });

  connection.onRequest(AuditWorkspaceRequest, async (params, token) => {
    const folders = (params.folders ?? []).map(filePath).filter((p): p is string => p !== undefined);
    const progress = connection.window.attachWorkDoneProgress(params.workDoneToken);
    progress.begin('ghost-lint: auditing transcripts', 0, undefined, true);
    try {
      return await disk.call('auditWorkspace', { folders: folders.length > 0 ? folders : workspaceRoots, workspaceRoots }, token, (p) => progress.report(p.percentage, p.message));
    } catch (e) {
      if (e instanceof JobCancelled) return { files: [], cancelled: true };
      throw e;
    } finally {
      progress.done();
    }
  });

  connection.onRequest(RunBenchmarkRequest, async (params, token) => {
    const folders = (params.folders ?? []).map(filePath).filter((p): p is string => p !== undefined);
    const progress = connection.window.attachWorkDoneProgress(params.workDoneToken);
    progress.begin('ghost-lint: running the benchmark', 0, undefined, true);
    const { workDoneToken: _token, saveRuns: saveRunsUri, ...options } = params;
    const saveRuns = saveRunsUri !== undefined ? filePath(saveRunsUri) : undefined;
    try {
      return await disk.call('runBenchmark', { ...options, folders: folders.length > 0 ? folders : workspaceRoots, ...(saveRuns !== undefined && { saveRuns }) }, token, (p) => progress.report(p.percentage, p.message));
    } catch (e) {
      if (e instanceof JobCancelled) return { report: null, problems: [], cancelled: true };
      throw e;
    } finally {
      progress.done();
    }
  });

  connection.onRequest(AuditFilesRequest, async (params, token) => {
    const files = params.uris.map(filePath).filter((p): p is string => p !== undefined);
    try {
      return await disk.call('auditFiles', { files, workspaceRoots }, token);
    } catch (e) {
      if (e instanceof JobCancelled) return new ResponseError(LSPErrorCodes.RequestCancelled, 'request cancelled');
      throw e;
    }
  });

  connection.onRequest(ExportReportRequest, async (params, token) => {
    // Open documents are reported as the editor has them; everything else as saved.
    const files = (params.uris ?? []).flatMap((uri) => {
      const path = filePath(uri);
      const text = documents.get(uri)?.getText();
      return path === undefined ? [] : [{ path, ...(text !== undefined && { text }) }];
    });
    const folders = (params.folders ?? []).map(filePath).filter((p): p is string => p !== undefined);
    const relativeTo = params.relativeTo !== undefined ? filePath(params.relativeTo) : undefined;
    try {
      return await disk.call('exportReport', { format: params.format, files, folders, ...(relativeTo !== undefined && { relativeTo }), workspaceRoots }, token);
    } catch (e) {
      if (e instanceof JobCancelled) return new ResponseError(LSPErrorCodes.RequestCancelled, 'request cancelled');
      throw e;
    }
  });

  // Benchmark pages and new cases are rendered where the report and case code live: the client bundles none of it.
  connection.onRequest(BenchmarkViewRequest, (params, token) => disk.call('benchmarkView', params, token));
  connection.onRequest(ScaffoldCaseRequest, (params, token) => disk.call('scaffoldCase', params, token));

  // A file the editor shows but does not sync (over its size limit): read from disk, off the main thread.
  connection.onNotification(LargeFileOpenedNotification, async ({ uri }) => {
    if (!filePath(uri) || documents.get(uri) || largeFiles.has(uri)) return;
    const source = new CancellationTokenSource();
    largeFiles.set(uri, source);
    try {
      const result = await disk.call('analyse', { uri, version: 0, text: 'disk', policies: policiesFor(uri), keep: false }, source.token);
      if (largeFiles.get(uri) !== source || !result?.isTranscript) return;
      const size = `${((result.bytes ?? 0) / 1024 / 1024).toFixed(0)} MB`;
      const notice = `ghost-lint read ${basename(uri)} (${size}) from disk: the editor does not hand files this large to extensions. Its diagnostics reflect the file as saved.`;
      void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message: notice });
      void connection.sendDiagnostics({ uri, diagnostics: result.diagnostics });
    } catch (e) {
      if (!(e instanceof JobCancelled)) log(`ghost-lint: reading ${uri} from disk failed: ${(e as Error).message}`);
    }
  });
  connection.onNotification(LargeFileClosedNotification, ({ uri }) => {
    largeFiles.get(uri)?.cancel();
    if (largeFiles.delete(uri)) void connection.sendDiagnostics({ uri, diagnostics: [] });
  });

  connection.onShutdown(async () => {
    scheduler.dispose();
    for (const source of largeFiles.values()) source.cancel();
    await Promise.all([editor.dispose(), disk.dispose()]);
  });

  documents.listen(connection);
  connection.listen();
}
