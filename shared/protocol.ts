/**
 * ghost-lint's own messages between the VS Code client and the language server: one typed module
 * both sides import, so they cannot drift. Everything else is plain LSP. It imports no engine code
 * (the client bundles it, and nothing of the engine).
 */
import { type Location, NotificationType, type Range, RequestType, type WorkDoneProgressParams } from 'vscode-languageserver-protocol';
import type { BenchAgentName, BenchReport, Defence, Domain } from './bench';
import type { RuleId } from './rules';
import type { TranscriptViewModel } from './transcriptView';

/** A verdict for one call under one constraint: met, accepted by a suppression, or the finding's rule. */
export type GovernedVerdict = 'met' | 'suppressed' | RuleId;

export interface LedgerCall {
  readonly callId: string;
  readonly name: string;
  readonly turnIndex: number;
  readonly range: Range;
  /** `met`, `suppressed`, or the rule id of the finding (`prerequisite-missing`, `call-stopped`, …). */
  readonly verdict: GovernedVerdict;
}

export interface LedgerConstraint {
  readonly id: string;
  readonly kind: 'prohibition' | 'prerequisite' | 'confirmation';
  readonly trigger: readonly string[];
  readonly scope: Readonly<Record<string, unknown>>;
  readonly requires?: readonly string[];
  /** The sentence or policy statement, as findings quote it. */
  readonly text: string;
  /** The compiled rule in words, as the `constraint-detected` note shows it. */
  readonly compiled: string;
  readonly source: Location;
  /** First turn it governs; -1 for policy rules. */
  readonly activeFrom: number;
  /** First turn it no longer governs, when it was revoked or replaced. */
  readonly activeUntil?: number;
  readonly ending?: { readonly kind: 'revoked' | 'replaced'; readonly turnIndex: number; readonly text: string; readonly location: Location };
  readonly locked: boolean;
  readonly governs: readonly LedgerCall[];
}

export interface LedgerSession {
  readonly id?: string;
  readonly title?: string;
  readonly format: string;
  readonly turns: number;
  readonly calls: number;
  readonly constraints: readonly LedgerConstraint[];
}

export interface LedgerParams {
  readonly uri: string;
}

export interface LedgerResult {
  readonly uri: string;
  /** The document version the ledger describes. */
  readonly version: number;
  readonly sessions: readonly LedgerSession[];
  /** Findings of that version by level (the diagnostics it published), for a verdict that matches the ledger. */
  readonly findings: { readonly errors: number; readonly warnings: number; readonly notes: number };
}

/** The constraint ledger of an open transcript: every constraint, when it governed, and the calls it governed. */
export const LedgerRequest = new RequestType<LedgerParams, LedgerResult | null, void>('ghost-lint/ledger');

export interface AuditWorkspaceParams extends WorkDoneProgressParams {
  /** Folder URIs to audit; the workspace folders when absent. */
  readonly folders?: readonly string[];
}

export interface AuditedFinding {
  readonly ruleId: RuleId;
  readonly level: 'error' | 'warning' | 'note';
  readonly message: string;
  readonly range: Range;
  readonly callId?: string;
  readonly constraintId?: string;
}

export interface AuditedFile {
  readonly uri: string;
  readonly format?: string;
  /** The first session's title and working folder, where the transcript records them. */
  readonly title?: string;
  readonly cwd?: string;
  readonly sessions: number;
  readonly calls: number;
  /** Constraints its sessions were checked against (policy rules included); 0: nothing was checked. */
  readonly constraints: number;
  readonly findings: readonly AuditedFinding[];
  /** Why the file could not be read or analysed. */
  readonly error?: string;
}

export interface AuditWorkspaceResult {
  /** Transcripts found and analysed; files that are not transcripts are left out. */
  readonly files: readonly AuditedFile[];
  /** True when the request was cancelled before every file was analysed. */
  readonly cancelled: boolean;
}

/**
 * Audits every transcript under the workspace folders, reading them from disk in the background,
 * with work-done progress (one report per file) and cancellation between and within files.
 */
export const AuditWorkspaceRequest = new RequestType<AuditWorkspaceParams, AuditWorkspaceResult, void>('ghost-lint/auditWorkspace');

export interface AuditFilesParams {
  /** file: URIs of transcripts to audit as saved on disk (agent sessions outside the workspace, say). */
  readonly uris: readonly string[];
}

export interface AuditFilesResult {
  /** One entry per transcript, in the order asked; files that are not transcripts are left out. */
  readonly files: readonly AuditedFile[];
}

/** Audits the given files from disk, with the policies that apply to each: the Agent Sessions view's verdicts. */
export const AuditFilesRequest = new RequestType<AuditFilesParams, AuditFilesResult, void>('ghost-lint/auditFiles');

export type ReportFormat = 'sarif' | 'markdown' | 'json';

export interface ExportReportParams {
  readonly format: ReportFormat;
  /** Transcripts to report on; an open document is reported as it is in the editor, others as saved. */
  readonly uris?: readonly string[];
  /** Folders whose transcripts are reported (searched as `ghost-lint check` searches them). */
  readonly folders?: readonly string[];
  /** Folder URI the report's paths are relative to (SARIF URIs, Markdown headings); else absolute paths. */
  readonly relativeTo?: string;
}

export interface ExportReportResult {
  /** The report, as `ghost-lint check --format <format>` would print it. */
  readonly content: string;
  readonly files: number;
  /** Error- and warning-level results. */
  readonly problems: number;
}

/** A `ghost-lint check` report (SARIF 2.1.0, Markdown or the JSON report) of files and folders. */
export const ExportReportRequest = new RequestType<ExportReportParams, ExportReportResult, void>('ghost-lint/exportReport');

/** A model endpoint as the editor's settings name it; the server validates it (model/settings.ts) before any request. */
export interface ModelEndpoint {
  readonly baseUrl?: string;
  readonly model: string;
  readonly timeoutMs?: number;
  readonly maxRetries?: number;
  readonly concurrency?: number;
  readonly temperature?: number;
}

export interface RunBenchmarkParams extends WorkDoneProgressParams {
  readonly agent: BenchAgentName;
  /** One section of the report each, in this order. */
  readonly defences: readonly Defence[];
  readonly repetitions: number;
  readonly seed: number;
  /** Folder URIs whose case files (*.case.json, *.case.yaml) run; the workspace folders when absent. */
  readonly folders?: readonly string[];
  /** The endpoint of the `model` agent. The key (from the editor's SecretStorage) is used for this request only: the server neither keeps nor logs it. */
  readonly model?: { readonly endpoint: ModelEndpoint; readonly apiKey?: string };
  /** A folder URI to save every run in as a transcript (the report's runs then name their files). */
  readonly saveRuns?: string;
}

export interface BenchmarkCaseProblem {
  readonly uri: string;
  readonly range: Range;
  readonly message: string;
  /** A case with an error did not run; a warning does not keep it from running. */
  readonly severity: 'error' | 'warning';
}

export interface RunBenchmarkResult {
  /** The report, as `ghost-lint bench --format json` writes it; null when no case could run or the run was cancelled. */
  readonly report: BenchReport | null;
  readonly problems: readonly BenchmarkCaseProblem[];
  readonly cancelled: boolean;
}

/** Runs the workspace's benchmark cases with a replay agent behind each defence, with work-done progress (one report per run) and cancellation between runs. */
export const RunBenchmarkRequest = new RequestType<RunBenchmarkParams, RunBenchmarkResult, void>('ghost-lint/runBenchmark');

export interface LargeFileParams {
  /** A file: URI the editor shows but does not hand to extensions (over its size limit). */
  readonly uri: string;
}

/** The client saw a file open that the editor did not sync; the server reads it from disk and publishes its diagnostics. */
export const LargeFileOpenedNotification = new NotificationType<LargeFileParams>('ghost-lint/largeFileOpened');

/** That file's editor closed: its diagnostics are cleared. */
export const LargeFileClosedNotification = new NotificationType<LargeFileParams>('ghost-lint/largeFileClosed');

export type BenchmarkViewFormat = 'html' | 'markdown' | 'json';

export interface BenchmarkViewParams {
  /** A report the server returned (RunBenchmarkResult.report). */
  readonly report: BenchReport;
  /** `html`: the benchmark page for a webview; `markdown` (the paper's table) and `json`: what "Export Benchmark Report…" writes. */
  readonly format: BenchmarkViewFormat;
  /** The nonce that admits the page's one style block under its Content Security Policy (`html` only). */
  readonly nonce?: string;
}

export interface BenchmarkViewResult {
  readonly content: string;
}

/** A benchmark report rendered by the server, which holds the report code: the client shows or saves the text. */
export const BenchmarkViewRequest = new RequestType<BenchmarkViewParams, BenchmarkViewResult, void>('ghost-lint/benchmarkView');

export interface ScaffoldCaseParams {
  readonly domain: Domain;
  /** Lowercase letters, digits and "-"; the file is named <id>.case.json. */
  readonly id: string;
}

export interface ScaffoldCaseResult {
  /** The new case file's JSON text, with what the author still has to write left for the diagnostics to list. */
  readonly content: string;
}

/** A new benchmark case scaffolded for a domain ("New Benchmark Case…"). */
export const ScaffoldCaseRequest = new RequestType<ScaffoldCaseParams, ScaffoldCaseResult, void>('ghost-lint/scaffoldCase');

export interface TranscriptViewParams {
  /** A transcript open in the editor (its current version), or a file: URI read from disk (one too large for the editor, or not open). */
  readonly uri: string;
}

/** A transcript as its conversation, for the transcript view; null when the file is not a transcript. */
export const TranscriptViewRequest = new RequestType<TranscriptViewParams, TranscriptViewModel | null, void>('ghost-lint/transcriptView');
