import type { Action, ActionStep } from '../actions/actions';
import type { ToolCall, ToolDefinition } from '../session/session';
import type { Span } from '../text/text';
import type { CommandMemo } from './commandMemo';
import type { DeclaredEffect } from './declaredEffect';

export { type DeclaredEffect, DeclaredEffectSchema } from './declaredEffect';

/** What binding a call may use besides the call itself. */
export interface BindingContext {
  /** The call's working directory (the call's own, else the session's). */
  readonly cwd: string | undefined;
  readonly tools: ReadonlyMap<string, ToolDefinition>;
  readonly declared: ReadonlyMap<string, readonly DeclaredEffect[]>;
  /** Meanings that earlier tool results gave to ids ("evt_7f3a" → "Board review"). */
  readonly idLabels: ReadonlyMap<string, string>;
  /** The git branch checked out when the call runs, as far as the session shows: its record's, or the one its own earlier calls checked out. */
  readonly branch?: string;
  /** The session's commands bound so far, reused by folder and text; absent, each command is bound afresh. */
  readonly commands?: CommandMemo;
}

/** A command string inside a call, with a way to map its offsets back to the transcript. */
export interface CommandSource {
  readonly command: string;
  /** Source span of command[start, end). */
  spanOf(start: number, end: number): Span;
  readonly cwd: string | undefined;
  readonly branch?: string;
}

/** Binds one call; returns its actions in execution order. */
export type CallBinder = (call: ToolCall, context: BindingContext) => Action[] | undefined;

export type { Action, ActionStep };
