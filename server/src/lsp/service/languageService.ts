import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CodeAction, CompletionItem, Diagnostic, DocumentSymbol, Hover, InlayHint, Location, Position, Range, SemanticTokens, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { z } from 'zod';
import type {
  AuditFilesResult,
  AuditWorkspaceResult,
  AuditedFile,
  BenchmarkViewParams,
  BenchmarkViewResult,
  ExportReportResult,
  LedgerResult,
  ReportFormat,
  RunBenchmarkResult,
  ScaffoldCaseParams,
  ScaffoldCaseResult,
} from '../../../../shared/protocol';
import type { TranscriptViewModel } from '../../../../shared/transcriptView';
import { DomainSchema } from '../../bench/caseSchema';
import type { EnvironmentDependencies } from '../../bench/environments';
import { BenchReportSchema } from '../../bench/report';
import { scaffoldCase } from '../../bench/scaffold';
import type { Policy } from '../../engine/ledger';
import type { FileReport, Location as ReportLocation } from '../../engine/report';
import { LineIndex } from '../../engine/text';
import { checkFile, checkPaths } from '../../host/check';
import { asText, collectInputs, displayPath } from '../../host/files';
import { type Host, asBuffer, readTextIfFile } from '../../host/host';
import { PolicyDiscovery } from '../../host/policies';
import { problemCount, render, renderBench } from '../../host/render';
import { toDiagnostics } from '../diagnostics';
import { benchmarkHtml } from '../features/benchmarkView';
import { caseCompletions, caseDocumentSyntax, caseHover } from '../features/caseFiles';
import { type EditSupport, codeActions, resolveCodeAction } from '../features/codeActions';
import { hover } from '../features/hover';
import { ledger } from '../features/ledger';
import { transcriptView } from '../features/transcriptView';
import { definition, documentSymbols, inlayHints, references } from '../features/navigation';
import { semanticTokens } from '../features/semanticTokens';
import { type BenchmarkParams, runBenchmark } from './benchmark';
import { Cancelled, type JobContext } from './job';
import { DocumentMemory, type TranscriptState, analyseTranscript } from './transcriptState';

/**
 * What to analyse: the document's whole text; `held`, the text the service holds for this version,
 * kept up to date by `edit` since the whole text was last sent; or `disk`, the file as saved (one
 * too large for the editor to hand over).
 */
export type AnalysedText = { readonly whole: string } | 'held' | 'disk';

export interface AnalyseParams {
  readonly uri: string;
  readonly version: number;
  readonly text: AnalysedText;
  readonly policies: readonly Policy[];
  /** Keep the analysis, and the text for later edits (open documents); a file read from disk only needs its diagnostics. */
  readonly keep: boolean;
}

export interface AnalyseResult {
  readonly diagnostics: Diagnostic[];
  readonly isTranscript: boolean;
  /** Size of the file read from disk, in bytes (for the notice about it). */
  readonly bytes?: number;
}

/** An open document's text as the service holds it, and its line index once an edit built it. */
interface HeldText {
  readonly document: TextDocument;
  readonly lines?: LineIndex;
}

/** An open document's edits, from the version the server had before them to the one after. */
export interface EditParams {
  readonly uri: string;
  readonly from: number;
  readonly to: number;
  readonly changes: readonly TextDocumentContentChangeEvent[];
}

export interface DocumentParams {
  readonly uri: string;
  readonly version: number;
}

export interface PositionParams extends DocumentParams {
  readonly position: Position;
}

export interface AuditParams {
  readonly folders: readonly string[];
  readonly workspaceRoots: readonly string[];
}

export interface AuditFilesParams {
  /** Absolute paths. */
  readonly files: readonly string[];
  readonly workspaceRoots: readonly string[];
}

export interface ReportParams {
  readonly format: ReportFormat;
  /** Absolute paths, with the editor's text for an open document. */
  readonly files: readonly { readonly path: string; readonly text?: string }[];
  readonly folders: readonly string[];
  /** Absolute folder the report's paths are relative to. */
  readonly relativeTo?: string;
  readonly workspaceRoots: readonly string[];
}

/** What the client may ask to see of a benchmark report; the report is checked against its schema, as any input from outside. */
const BenchmarkViewParamsSchema = z.object({ report: BenchReportSchema, format: z.enum(['html', 'markdown', 'json']), nonce: z.string().regex(/^[A-Za-z0-9+/=]+$/).optional() });

/** A case id as "New Benchmark Case…" asks for it: it names the file. */
const ScaffoldCaseParamsSchema = z.object({ domain: DomainSchema, id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/) });

/**
 * The transcript language service: LSP-shaped answers from the engine, for documents it was given
 * (by uri and version). It runs in a worker thread, so analysing a large transcript never holds up
 * the server; every method is a plain function of its parameters and the analyses it keeps.
 * A request for a version other than the one analysed gets null: the server asks again.
 */
export class LanguageService {
  /**
   * `host`: the service's only way to the disk (files too large for the editor, workspace audits and
   * reports, policies); `caseEnvironment`: what benchmark cases' environments need (sql.js), to run a
   * database case's reference traces against its evaluators; `inPiecesFrom`: the size from which an
   * audit reads a session in pieces, as `check` does (host/check.ts; tests set it low).
   */
  constructor(
    private readonly host: Host,
    private readonly caseEnvironment: EnvironmentDependencies = {},
    private readonly inPiecesFrom?: number,
  ) {}

  private readonly readText = (absolutePath: string) => readTextIfFile(this.host, absolutePath);
  private readonly documents = new Map<string, TranscriptState>();
  private readonly memories = new Map<string, DocumentMemory>();
  /** Each open document's text as the editor has it, so an edit costs the server its changes, not a copy of the whole text. */
  private readonly texts = new Map<string, HeldText>();
  private support: EditSupport = { documentChanges: false, createFiles: false, resolve: false, workspaceRoots: [] };

  configure(params: EditSupport): null {
    this.support = params;
    return null;
  }

  /** Null when asked for the `held` text of a version this service does not hold: the server sends the whole text instead. */
  analyse(params: AnalyseParams, job: JobContext): AnalyseResult | null {
    const input = this.inputOf(params);
    if (input === undefined) return null;
    let memory = this.memories.get(params.uri);
    if (!memory) {
      memory = new DocumentMemory(params.keep);
      if (params.keep) this.memories.set(params.uri, memory);
    }
    const { bytes, ...source } = input;
    const document = analyseTranscript({ uri: params.uri, version: params.version, policies: params.policies, caseEnvironment: this.caseEnvironment, ...source }, memory, () => job.checkpoint());
    if (params.keep) this.documents.set(params.uri, document);
    return { diagnostics: toDiagnostics(document), isTranscript: document.format !== undefined, ...(bytes !== undefined && { bytes }) };
  }

  /**
   * The text to analyse, with its line index when an edit built it already, and its size when read
   * from disk; undefined when the held text is not of this version.
   */
  private inputOf(params: AnalyseParams): { text: string; lines?: LineIndex; bytes?: number } | undefined {
    if (params.text === 'disk') {
      const file = asBuffer(this.host.readFile(fileURLToPath(params.uri)));
      return { text: asText(file), bytes: file.length };
    }
    if (params.text === 'held') {
      const held = this.texts.get(params.uri);
      return held?.document.version === params.version ? { text: held.document.getText(), ...(held.lines && { lines: held.lines }) } : undefined;
    }
    if (params.keep) this.texts.set(params.uri, { document: TextDocument.create(params.uri, 'json', params.version, params.text.whole) });
    // A whole text may follow edits this service never saw.
    this.memories.get(params.uri)?.lines.lostTrack();
    return { text: params.text.whole };
  }

  /**
   * Applies an open document's edits to the text held for it, and indexes its lines while the server
   * waits out the debounce; an edit that does not follow the version held drops it (the next
   * analysis sends the whole text).
   */
  edit(params: EditParams): null {
    const held = this.texts.get(params.uri);
    this.texts.delete(params.uri);
    const lines = this.memories.get(params.uri)?.lines;
    if (held?.document.version !== params.from) {
      lines?.lostTrack();
      return null;
    }
    // Each change's range is in the text as the changes before it left it.
    for (const change of params.changes) {
      if ('range' in change) {
        // As TextDocument.update reads it: a range given end first is the same range.
        const [start, end] = [held.document.offsetAt(change.range.start), held.document.offsetAt(change.range.end)].sort((a, b) => a - b) as [number, number];
        lines?.edited(start, end, change.text.length);
      } else lines?.lostTrack();
      TextDocument.update(held.document, [change], params.to);
    }
    this.texts.set(params.uri, { document: held.document, lines: new LineIndex(held.document.getText()) });
    return null;
  }

  close(params: { readonly uri: string }): null {
    this.documents.delete(params.uri);
    this.memories.delete(params.uri);
    this.texts.delete(params.uri);
    return null;
  }

  private document(params: DocumentParams): TranscriptState | undefined {
    const document = this.documents.get(params.uri);
    return document?.version === params.version ? document : undefined;
  }

  /** In a case file, a field's meaning or a tool's operation and effects first; a call's verdict otherwise. */
  hover(params: PositionParams): Hover | null {
    const document = this.document(params);
    if (!document) return null;
    const syntax = caseDocumentSyntax(document.uri, document.text, document.format === 'bench-case');
    const onCase = syntax ? caseHover(document.text, syntax, params.position) : null;
    return onCase ?? hover(document, params.position);
  }

  /** Completions in case files (fields, enum values, tool and parameter names); other documents have none. */
  completion(params: PositionParams): CompletionItem[] | null {
    const document = this.document(params);
    const syntax = document ? caseDocumentSyntax(document.uri, document.text, document.format === 'bench-case') : undefined;
    return document && syntax ? caseCompletions(document.text, syntax, params.position) : null;
  }

  semanticTokens(params: DocumentParams): SemanticTokens | null {
    const document = this.document(params);
    return document ? semanticTokens(document) : null;
  }

  documentSymbols(params: DocumentParams): DocumentSymbol[] | null {
    const document = this.document(params);
    return document ? documentSymbols(document) : null;
  }

  definition(params: PositionParams): Location[] | null {
    const document = this.document(params);
    return document ? definition(document, params.position) : null;
  }

  references(params: PositionParams & { readonly includeDeclaration: boolean }): Location[] | null {
    const document = this.document(params);
    return document ? references(document, params.position, params.includeDeclaration) : null;
  }

  inlayHints(params: DocumentParams & { readonly range: Range }): InlayHint[] | null {
    const document = this.document(params);
    return document ? inlayHints(document, params.range) : null;
  }

  codeActions(params: DocumentParams & { readonly range: Range; readonly diagnostics: readonly Diagnostic[] }): CodeAction[] | null {
    const document = this.document(params);
    return document ? codeActions(document, params.range, params.diagnostics, this.support, this.readText) : null;
  }

  resolveCodeAction(params: { readonly action: CodeAction }): CodeAction {
    const data = params.action.data as Partial<DocumentParams> | undefined;
    const document = data?.uri !== undefined && data.version !== undefined ? this.document({ uri: data.uri, version: data.version }) : undefined;
    return document ? resolveCodeAction(document, params.action, this.support, this.readText) : params.action;
  }

  ledger(params: DocumentParams): LedgerResult | null {
    const document = this.document(params);
    return document ? ledger(document) : null;
  }

  /** An open document's analysed version as its conversation, for the transcript view. */
  transcriptView(params: DocumentParams): TranscriptViewModel | null {
    const document = this.document(params);
    return document?.format !== undefined ? transcriptView(document, false) : null;
  }

  /** A file as saved (too large for the editor to hand over, or not open), as its conversation; null when it is not a transcript. */
  transcriptViewFromDisk(params: { readonly uri: string; readonly policies: readonly Policy[] }, job: JobContext): TranscriptViewModel | null {
    const text = asText(asBuffer(this.host.readFile(fileURLToPath(params.uri))));
    const document = analyseTranscript({ uri: params.uri, version: -1, text, policies: params.policies, caseEnvironment: this.caseEnvironment }, new DocumentMemory(), () => job.checkpoint());
    return document.format !== undefined ? transcriptView(document, true) : null;
  }

  /** Every transcript under `folders`, read from disk and analysed with the policies that apply to it; stops at cancellation. */
  auditWorkspace(params: AuditParams, job: JobContext): AuditWorkspaceResult {
    const discovery = new PolicyDiscovery(this.host, { workspaceRoots: params.workspaceRoots });
    const inputs = params.folders.flatMap((folder) => collectInputs(this.host, folder, [folder]));
    const files: AuditedFile[] = [];
    try {
      for (const [done, input] of inputs.entries()) {
        job.checkpoint();
        job.progress({ message: input.displayPath, percentage: Math.floor((done / inputs.length) * 100) });
        const audited = this.auditFile(input.absolutePath, discovery, job);
        if (audited) files.push(audited);
      }
    } catch (e) {
      if (e instanceof Cancelled) return { files, cancelled: true };
      throw e;
    }
    return { files, cancelled: false };
  }

  /** The workspace's benchmark cases run with a replay agent (the "Run benchmark" command); cancelled between runs. */
  async runBenchmark(params: BenchmarkParams, job: JobContext): Promise<RunBenchmarkResult> {
    try {
      return await runBenchmark(this.host, params, job);
    } catch (e) {
      if (e instanceof Cancelled) return { report: null, problems: [], cancelled: true };
      throw e;
    }
  }

  /** The given files, read from disk; files that are not transcripts are left out. */
  auditFiles(params: AuditFilesParams, job: JobContext): AuditFilesResult {
    const discovery = new PolicyDiscovery(this.host, { workspaceRoots: params.workspaceRoots });
    const files: AuditedFile[] = [];
    for (const path of params.files) {
      job.checkpoint();
      const audited = this.auditFile(path, discovery, job);
      if (audited) files.push(audited);
    }
    return { files };
  }

  /** A benchmark report as the editor shows it (a page for a webview) or exports it (Markdown, JSON). */
  benchmarkView(params: BenchmarkViewParams): BenchmarkViewResult {
    const { report, format, nonce } = BenchmarkViewParamsSchema.parse(params);
    if (format !== 'html') return { content: renderBench(report, format) };
    if (nonce === undefined) throw new Error('the benchmark page needs a nonce for its style block');
    return { content: benchmarkHtml(report, nonce) };
  }

  /** A new case file for a domain, as JSON text. */
  scaffoldCase(params: ScaffoldCaseParams): ScaffoldCaseResult {
    const { domain, id } = ScaffoldCaseParamsSchema.parse(params);
    return { content: `${JSON.stringify(scaffoldCase(domain, id), null, 2)}\n` };
  }

  /** A `ghost-lint check` report of files and folders, rendered in `format`; an open document is reported as the editor has it. */
  exportReport(params: ReportParams, job: JobContext): ExportReportResult {
    const texts = new Map(params.files.flatMap((file) => (file.text !== undefined ? [[file.path, file.text] as const] : [])));
    const report = checkPaths(this.host, {
      cwd: '/',
      paths: [...params.files.map((file) => file.path), ...params.folders],
      name: (path) => (params.relativeTo !== undefined ? displayPath(params.relativeTo, path) : path),
      workspaceRoots: params.workspaceRoots,
      openText: (path) => texts.get(path),
      checkpoint: () => job.checkpoint(),
      caseEnvironment: this.caseEnvironment,
    });
    return { content: render(report, params.format), files: report.files.length, problems: problemCount(report) };
  }

  /** One file of a workspace audit, checked as `ghost-lint check` checks it (read whole, or in pieces); undefined for a file that is not a transcript. */
  private auditFile(path: string, discovery: PolicyDiscovery, job: JobContext): AuditedFile | undefined {
    const uri = pathToFileURL(path).href;
    try {
      const outcome = checkFile(this.host, { displayPath: path, absolutePath: path, explicit: false }, discovery, {
        checkpoint: () => job.checkpoint(),
        caseEnvironment: this.caseEnvironment,
        ...(this.inPiecesFrom !== undefined && { inPiecesFrom: this.inPiecesFrom }),
      });
      return 'skipped' in outcome ? undefined : auditedFile(uri, outcome.report);
    } catch (e) {
      if (e instanceof Cancelled) throw e;
      return { uri, sessions: 0, calls: 0, constraints: 0, findings: [], error: (e as Error).message };
    }
  }
}

/** A file's check report as the audit's answer: its findings placed as the editor places them, its sessions summed. */
function auditedFile(uri: string, report: FileReport): AuditedFile {
  const [first] = report.sessions;
  const formats = [...new Set(report.sessions.map((session) => session.format))];
  return {
    uri,
    ...(formats.length > 0 && { format: formats.join(', ') }),
    ...(first?.title !== undefined && { title: first.title }),
    ...(first?.cwd !== undefined && { cwd: first.cwd }),
    sessions: report.sessions.length,
    calls: report.sessions.reduce((n, session) => n + session.toolCalls, 0),
    constraints: report.sessions.reduce((n, session) => n + session.constraints, 0),
    findings: report.sessions.flatMap((session) =>
      session.findings.map((f) => ({
        ruleId: f.ruleId,
        level: f.level,
        message: f.message,
        range: editorRange(f.location),
        ...(f.callId !== undefined && { callId: f.callId }),
        ...(f.constraintId !== undefined && { constraintId: f.constraintId }),
      })),
    ),
    ...(report.error !== undefined && { error: report.error }),
  };
}

/** A report's 1-based lines and columns as the editor's 0-based range. */
function editorRange(location: ReportLocation): Range {
  return { start: { line: location.startLine - 1, character: location.startColumn - 1 }, end: { line: location.endLine - 1, character: location.endColumn - 1 } };
}

