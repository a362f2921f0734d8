/**
 * The transcript view's model: a session as the conversation it records, rendered by the
 * extension's webview from what the language server parsed and audited (the client holds no
 * engine). Every piece carries its exact source range, so a click can reveal it in the text.
 * Also the messages between the extension and its webview script, typed once for both sides.
 */
import type { Location, Range } from 'vscode-languageserver-protocol';
import type { RuleId } from './rules';

/** The LSP shapes the view uses, for the webview's script, which imports nothing but this module. */
export type { Position, Range } from 'vscode-languageserver-protocol';

/** A constraint's sentence inside a turn's text, at UTF-16 offsets of `ViewTurn.text`. */
export interface ViewHighlight {
  readonly start: number;
  readonly end: number;
  readonly constraintId: string;
  readonly kind: 'prohibition' | 'prerequisite' | 'confirmation';
  /** Its compiled rule in words (the title shown on hover). */
  readonly compiled: string;
  /** Revoked or replaced later in the session. */
  readonly ended: boolean;
  /** A call broke it. */
  readonly violated: boolean;
  readonly range: Range;
}

/** A finding on a call, as the Problems panel lists it, with the constraint it breaks. */
export interface ViewFinding {
  readonly ruleId: RuleId;
  readonly level: 'error' | 'warning' | 'note';
  readonly message: string;
  /** The diagnostic's range: the code actions asked for here are the Problems panel's quick fixes. */
  readonly range: Range;
  readonly constraint?: { readonly text: string; readonly location: Location };
}

export interface ViewResult {
  /** The result's text, cut at the view's limit (the source range still covers all of it). */
  readonly text: string;
  readonly truncated: boolean;
  readonly status: 'ok' | 'error';
  readonly range: Range;
}

export interface ViewCall {
  readonly id: string;
  readonly name: string;
  readonly range: Range;
  readonly nameRange: Range;
  /** The arguments as indented JSON (or the raw text when they were not JSON), cut at the view's limit. */
  readonly arguments: string;
  readonly argumentsTruncated: boolean;
  readonly argumentsRange?: Range;
  readonly status: 'ok' | 'error' | 'unknown';
  /** Why the record shows it never ran. */
  readonly stopped?: string;
  readonly result?: ViewResult;
  readonly findings: readonly ViewFinding[];
}

export type ViewTurnKind = 'message' | 'instructions' | 'tool-result' | 'environment' | 'reminder' | 'compaction-boundary' | 'compaction-summary' | 'meta';

export interface ViewTurn {
  readonly index: number;
  readonly role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  readonly kind: ViewTurnKind;
  /** Typed by the person, a system prompt or project instructions: the turns that can state a constraint. */
  readonly isUserMessage: boolean;
  /** A subagent's turn (Claude Code's sidechain). */
  readonly subagent: boolean;
  readonly text: string;
  readonly truncated: boolean;
  readonly range: Range;
  readonly timestamp?: string;
  readonly highlights: readonly ViewHighlight[];
  /** The tool calls this turn issued, in order. */
  readonly calls: readonly ViewCall[];
  /** For a tool result: the name of the call it answers. */
  readonly answers?: string;
}

export interface ViewSession {
  readonly format: string;
  readonly id?: string;
  readonly title?: string;
  readonly cwd?: string;
  readonly turns: readonly ViewTurn[];
  /** Findings not on a call (transcript problems, constraints the engine could not bind). */
  readonly otherFindings: readonly ViewFinding[];
  readonly constraints: number;
}

export interface TranscriptViewModel {
  readonly uri: string;
  /** The document version shown; -1 for a file read from disk. */
  readonly version: number;
  readonly fromDisk: boolean;
  readonly format?: string;
  readonly sessions: readonly ViewSession[];
  readonly findings: { readonly errors: number; readonly warnings: number; readonly notes: number };
}

/** The webview's requests to the extension. */
export type ViewToExtension =
  | { readonly type: 'ready' }
  | { readonly type: 'reveal'; readonly range: Range; readonly uri?: string }
  | { readonly type: 'quickFix'; readonly range: Range; readonly ruleId: string }
  | { readonly type: 'rendered'; readonly turns: number; readonly firstPaintMs: number };

/** The extension's messages to the webview. */
export type ExtensionToView =
  /** `verdict`: the words the status bar uses ("1 violation", "clean against 2 constraints", "no constraints stated"). */
  | { readonly type: 'model'; readonly model: TranscriptViewModel; readonly verdict: string; readonly violations: boolean }
  | { readonly type: 'error'; readonly message: string }
  | { readonly type: 'cursor'; readonly line: number; readonly character: number };
