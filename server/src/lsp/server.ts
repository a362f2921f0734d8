import { type Connection, type Diagnostic, TextDocumentSyncKind, TextDocuments } from 'vscode-languageserver';
import { fileURLToPath } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeSession } from '../engine/findings';
import { type ParsedTranscript, parseTranscript } from '../engine/parse';
import { PolicyDiscovery } from '../policy/discovery';
import { toDiagnostics } from './diagnostics';

/** Waits this long after the last edit before analysing, so typing stays responsive. */
const DEBOUNCE_MS = 200;

interface CachedAnalysis {
  readonly version: number;
  readonly parsed: ParsedTranscript;
}

/**
 * The language server: a thin shell over the engine. Parse results are cached by uri and version;
 * diagnostics are debounced per document and dropped when a newer version arrives meanwhile.
 */
export function startServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const cache = new Map<string, CachedAnalysis>();
  const pending = new Map<string, ReturnType<typeof setTimeout>>();
  let discovery = new PolicyDiscovery();

  const analyse = (document: TextDocument): ParsedTranscript => {
    const cached = cache.get(document.uri);
    if (cached?.version === document.version) return cached.parsed;
    const parsed = parseTranscript({ name: document.uri, text: document.getText() });
    cache.set(document.uri, { version: document.version, parsed });
    return parsed;
  };

  const publish = (document: TextDocument): void => {
    let diagnostics: Diagnostic[] = [];
    try {
      const parsed = analyse(document);
      // Only whole-text sessions map onto the open document; a non-transcript JSON file gets nothing.
      if (parsed.kind === 'transcript') {
        const policies = document.uri.startsWith('file:') ? discovery.forTranscript(fileURLToPath(document.uri)) : [];
        diagnostics = parsed.sessions
          .filter((s) => s.entry === undefined)
          .flatMap((s) => toDiagnostics(document.uri, s.text, analyzeSession(s, { policies }).findings, policies));
      }
    } catch (e) {
      connection.console.error(`ghost-lint: analysis of ${document.uri} failed: ${(e as Error).stack ?? String(e)}`);
    }
    void connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics });
  };

  const schedule = (document: TextDocument): void => {
    clearTimeout(pending.get(document.uri));
    const version = document.version;
    pending.set(
      document.uri,
      setTimeout(() => {
        pending.delete(document.uri);
        const current = documents.get(document.uri);
        if (current && current.version === version) publish(current);
      }, DEBOUNCE_MS),
    );
  };

  connection.onInitialize((params) => {
    const roots = (params.workspaceFolders ?? []).filter((f) => f.uri.startsWith('file:')).map((f) => fileURLToPath(f.uri));
    discovery = new PolicyDiscovery({ workspaceRoots: roots });
    return {
      capabilities: { textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental } },
      serverInfo: { name: 'ghost-lint' },
    };
  });

  documents.onDidOpen((e) => publish(e.document));
  // A policy file changed: its rules may govern every open transcript.
  connection.onDidChangeWatchedFiles(() => {
    discovery.invalidate();
    cache.clear();
    for (const document of documents.all()) schedule(document);
  });
  documents.onDidChangeContent((e) => {
    if (e.document.version > 1 || cache.has(e.document.uri)) schedule(e.document);
  });
  documents.onDidClose((e) => {
    clearTimeout(pending.get(e.document.uri));
    pending.delete(e.document.uri);
    cache.delete(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });
  connection.onShutdown(() => {
    for (const timer of pending.values()) clearTimeout(timer);
    pending.clear();
  });

  documents.listen(connection);
  connection.listen();
}
