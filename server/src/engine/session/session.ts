import type { DeclaredEffect } from '../binding/declaredEffect';
import type { Span } from '../text/text';

/** Formats ghost-lint reads, named as they appear in reports. */
export const TRANSCRIPT_FORMATS = [
  'openai-chat',
  'openai-responses',
  'anthropic',
  'claude-code',
  'codex',
  'gemini-cli',
  'inspect-ai',
  'tau-bench',
  'agentdojo',
  'swe-agent',
  'openhands',
  'otel-genai',
  'generic-chat',
  'bench-case',
] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

export type Role = 'system' | 'developer' | 'user' | 'assistant' | 'tool';

/**
 * What a turn is, beyond its role. Only `message` and `instructions` turns with a user-side role
 * can be user messages in SPEC section 3's sense.
 */
export type TurnKind =
  | 'message'
  | 'instructions'
  | 'tool-result'
  | 'environment'
  | 'reminder'
  | 'compaction-boundary'
  | 'compaction-summary'
  | 'meta';

/** A piece of a turn's text and where it sits in the source. */
export interface TextPiece {
  readonly text: string;
  /** Offset of this piece within `Turn.text`. */
  readonly at: number;
  /** The JSON string literal it was decoded from, quotes included. */
  readonly literal: Span;
}

export interface Turn {
  readonly index: number;
  readonly role: Role;
  readonly kind: TurnKind;
  /** Typed by the person, a system prompt or injected project instructions: may state or revoke constraints. */
  readonly isUserMessage: boolean;
  readonly text: string;
  readonly pieces: readonly TextPiece[];
  readonly span: Span;
  readonly id?: string;
  readonly timestamp?: string;
  readonly cwd?: string;
  /** Claude Code sidechain (subagent) turn. */
  readonly sidechain?: boolean;
}

export interface ArgumentValue {
  /** Path from the arguments object: `['files', 0, 'path']`. */
  readonly path: readonly (string | number)[];
  readonly value: unknown;
  /** The whole value as written (quotes included for strings). */
  readonly span: Span;
  /** A string's contents without quotes; the whole value otherwise. */
  readonly contentSpan: Span;
  /** How many JSON string levels wrap the value in the source: 2 inside OpenAI's stringified `arguments`. */
  readonly escapeDepth: 1 | 2;
}

export type CallStatus = 'ok' | 'error' | 'unknown';

export interface ToolResult {
  readonly turnIndex: number;
  readonly span: Span;
  readonly text: string;
  readonly status: 'ok' | 'error';
  readonly exitCode?: number;
  readonly timestamp?: string;
}

/** Why the record shows a call never ran. */
export interface StoppedReason {
  readonly kind: 'rejected' | 'denied' | 'aborted';
  readonly message: string;
}

export interface ToolCall {
  readonly index: number;
  readonly id: string;
  readonly name: string;
  /** Parsed arguments; the raw string when they were not valid JSON. */
  readonly input: unknown;
  readonly turnIndex: number;
  /** The whole call as written (its JSON object, or its line). */
  readonly span: Span;
  readonly nameSpan: Span;
  readonly inputSpan?: Span;
  readonly argumentValues: readonly ArgumentValue[];
  /** Calls issued together in one assistant message share a batch. */
  readonly batch: string;
  readonly timestamp?: string;
  readonly cwd?: string;
  /** The git branch checked out when the call was made, as the transcript records it (Claude Code's `gitBranch`, Codex's session `git.branch`). */
  readonly branch?: string;
  readonly result?: ToolResult;
  /** `unknown` when no result was recorded, or the call never ran. */
  readonly status: CallStatus;
  readonly stopped?: StoppedReason;
}

export interface TranscriptProblem {
  readonly span: Span;
  readonly message: string;
  /** A benchmark case's problem that keeps the case from running, as `bench` reports it: a `case-invalid` error, not a `transcript-problem` warning. */
  readonly blocksCase?: true;
}

/** A tool as the transcript declares it (OpenAI/Anthropic `tools`), for binding tools never seen before. */
export interface ToolDefinition {
  readonly name: string;
  readonly description?: string;
  /** JSON Schema of the parameters, as declared. */
  readonly parameters?: unknown;
}

export interface Session {
  readonly format: TranscriptFormat;
  /** The text every span refers to (for a zip member, that member's text). */
  readonly text: string;
  /** Member of a container file (`samples/1_epoch_1.json` inside an Inspect `.eval`). */
  readonly entry?: string;
  readonly id?: string;
  readonly title?: string;
  readonly cwd?: string;
  readonly turns: readonly Turn[];
  readonly calls: readonly ToolCall[];
  /** Tools the transcript declares; empty when the format does not record them. */
  readonly tools: readonly ToolDefinition[];
  /** What the source itself declares its tools do (a benchmark case's tools); binding uses them like a policy's. */
  readonly declaredEffects?: readonly DeclaredEffect[];
  /** Tools the source declares to have no effect at all (a case tool with `effects: []`): they bind to nothing, never by inference. */
  readonly effectlessTools?: readonly string[];
  readonly problems: readonly TranscriptProblem[];
}

/** What a file holds: its sessions in a known format, or why it is not a transcript. */
export type ParsedTranscript =
  | { readonly kind: 'transcript'; readonly format: TranscriptFormat; readonly sessions: readonly Session[] }
  | { readonly kind: 'not-a-transcript'; readonly reason: string; readonly problems: readonly TranscriptProblem[] };
