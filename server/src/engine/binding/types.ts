import { z } from 'zod';
import { type Action, type ActionStep, TargetKindSchema, VerbSchema } from '../actions';
import type { ToolCall, ToolDefinition } from '../session';
import type { Span } from '../text';
import type { CommandMemo } from './commandMemo';

// Marked pure so a bundle that never validates (the live guard's) leaves the schema, and zod, out.
/**
 * An effect declared for a tool by a policy or case file: calling `tool` does `verb` to the target
 * named by the argument at `targetArgument` (a dotted path; `to[]` for every element of a list).
 */
export const DeclaredEffectSchema = /* @__PURE__ */ z
  .object({
    tool: z.string().min(1).describe('Tool name as it appears in transcripts.'),
    verb: VerbSchema,
    targetKind: TargetKindSchema,
    targetArgument: z.string().min(1).optional().describe('Dotted path of the argument naming the target; "to[]" for each element of a list.'),
    amountArgument: z.string().min(1).optional().describe('Dotted path of the argument holding an amount.'),
  })
  .strict();
export type DeclaredEffect = z.infer<typeof DeclaredEffectSchema>;

/** What binding a call may use besides the call itself. */
export interface BindingContext {
  /** The call's working directory (the call's own, else the session's). */
  readonly cwd: string | undefined;
  readonly tools: ReadonlyMap<string, ToolDefinition>;
  readonly declared: ReadonlyMap<string, readonly DeclaredEffect[]>;
  /** Meanings that earlier tool results gave to ids ("evt_7f3a" → "Board review"). */
  readonly idLabels: ReadonlyMap<string, string>;
  /** The session's commands bound so far, reused by folder and text; absent, each command is bound afresh. */
  readonly commands?: CommandMemo;
}

/** A command string inside a call, with a way to map its offsets back to the transcript. */
export interface CommandSource {
  readonly command: string;
  /** Source span of command[start, end). */
  spanOf(start: number, end: number): Span;
  readonly cwd: string | undefined;
}

/** Binds one call; returns its actions in execution order. */
export type CallBinder = (call: ToolCall, context: BindingContext) => Action[] | undefined;

export type { Action, ActionStep };
