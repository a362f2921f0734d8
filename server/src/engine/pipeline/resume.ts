import { claudeCodeAdapter } from '../adapters/claudeCode';
import { codexAdapter } from '../adapters/codex';
import { geminiJsonlAdapter } from '../adapters/gemini';
import { TOOLS_LINE_KEY, openAiChatLinesAdapter } from '../adapters/openaiChat';
import type { JsonlAdapter } from '../adapters/types';
import { isObject } from '../json/json';
import type { TranscriptFormat } from '../session/session';

/**
 * How to read a JSON Lines session from the middle: what each resumable format's reader (its adapter)
 * carries from one line to the next, so a reader started at a line boundary, after a few synthetic
 * "prelude" lines, reads the rest exactly as a reader of the whole file would. Where that cannot be
 * promised, these rules say so: a resume point is only taken where the reader holds nothing open, and
 * a later line that reaches back before it (a repeated uuid, a rewritten message) is reported, so the
 * caller reads the whole file instead.
 *
 * The rules mirror the adapters (claudeCode.ts, codex.ts, gemini.ts); the incremental equivalence
 * test replays sessions line by line against whole-file reads to hold them to it.
 */

export const RESUMABLE_FORMATS = ['claude-code', 'codex', 'gemini-cli'] as const;
export type ResumableFormat = (typeof RESUMABLE_FORMATS)[number];

export function isResumable(format: TranscriptFormat): format is ResumableFormat {
  return (RESUMABLE_FORMATS as readonly string[]).includes(format);
}

/**
 * The formats a check reads in pieces: the resumable JSON Lines ones, and an OpenAI chat document,
 * whose messages report/streamedChat.ts lays out one to a line (the live guard never meets one).
 */
export type PieceFormat = ResumableFormat | 'openai-chat';

/** What the reader knew at a resume point beyond the turns and calls it had read. */
export interface ResumeContext {
  /** The session's working folder as the reader had set it (Claude Code and Codex keep the first one seen). */
  readonly sessionCwd?: string;
  /** The working folder the reader stamps on what it reads next (Codex's turn context, Gemini CLI's session context). */
  readonly cwd?: string;
  /** Codex: calls reported started (`exec_command_begin`) before their call item was read. */
  readonly started?: readonly string[];
  /** Codex: the last turn read is the assistant's, which a call item that follows joins. */
  readonly assistantLast?: boolean;
  /** OpenAI chat: the document's tool definitions (its `tools`), which a whole-file read reads before any message. */
  readonly tools?: readonly unknown[];
}

/** The lines a fresh reader reads first; when `standsForLastTurn`, the last turn they make is the summary's last turn. */
export interface Prelude {
  readonly lines: readonly string[];
  readonly standsForLastTurn: boolean;
}

/** One line of the part of the file being settled, as the rules look at it. */
export interface SettledLine {
  readonly value: unknown;
  /** False when a line before it carried the same key (a Claude Code uuid): the reader skips such a line. */
  readonly firstOfKeys: boolean;
}

/** What the rules read at a new resume point. */
export interface ResumePointFacts {
  readonly previous: ResumeContext;
  /** The lines between the previous resume point and the new one. */
  readonly lines: readonly SettledLine[];
  /** The last turn before the new point (its role and cwd), and the working folder of the session as read so far. */
  readonly lastTurnRole: string | undefined;
  readonly lastTurnCwd: string | undefined;
  readonly sessionCwd: string | undefined;
  /** Ids of the calls read before the new point. */
  readonly callIds: ReadonlySet<string>;
}

export interface FormatResume {
  readonly adapter: JsonlAdapter;
  /** JSON lines that put a fresh reader where the history left it (the turns and calls they make are dropped). */
  prelude(context: ResumeContext): Prelude;
  /** The session's working folder as a whole-file read ends with it, from the context and the read of the rest. */
  sessionCwd(context: ResumeContext, restCwd: string | undefined): string | undefined;
  /** Whether a resume point may follow this line: after it the reader holds no message, batch or held event open. */
  quietAfter(line: SettledLine): boolean;
  /** Keys by which a later line reaches back to an earlier one: Claude Code uuids, Gemini CLI message ids. */
  lineKeys(value: unknown): string[];
  /** The last keyed line's first copy must stay after the resume point (Gemini CLI rewrites its latest message). */
  readonly keepLastKeyed: boolean;
  /** Whether a line rewrites what came before it wholesale (Gemini CLI `$rewindTo`, `$set.messages`). */
  rewritesHistory(value: unknown): boolean;
  /** Whether a batch name counts positions (renamed per resume so it never meets an earlier one) rather than naming a message. */
  positionalBatch(batch: string): boolean;
  /** The context at a new resume point. */
  next(facts: ResumePointFacts): ResumeContext;
}

const CONVERSATION_TYPES = new Set(['user', 'assistant', 'system']);

/**
 * Claude Code (claudeCode.ts): an assistant message stays open until a user line (or another message)
 * flushes it, uuids are read once, and the session's cwd is the first one a conversation line gives.
 * After a user line whose uuid is new, nothing is open; results of earlier calls are kept before the
 * point by the caller, which settles no call still waiting for one.
 */
const claudeCode: FormatResume = {
  adapter: claudeCodeAdapter,
  // A system line that is not a compaction boundary sets the session's cwd and adds nothing.
  prelude: (context) => ({ lines: context.sessionCwd !== undefined ? [JSON.stringify({ type: 'system', cwd: context.sessionCwd })] : [], standsForLastTurn: false }),
  sessionCwd: (context, restCwd) => context.sessionCwd ?? restCwd,
  quietAfter: ({ value, firstOfKeys }) => isObject(value) && value.type === 'user' && isObject(value.message) && firstOfKeys,
  lineKeys: (value) => (isObject(value) && typeof value.uuid === 'string' ? [value.uuid] : []),
  keepLastKeyed: false,
  rewritesHistory: () => false,
  positionalBatch: (batch) => /^line-\d+$/.test(batch),
  next({ previous, lines }) {
    if (previous.sessionCwd !== undefined) return previous;
    const first = lines.find(({ value, firstOfKeys }) => isObject(value) && typeof value.type === 'string' && CONVERSATION_TYPES.has(value.type) && firstOfKeys && typeof value.cwd === 'string');
    const cwd = first && isObject(first.value) ? (first.value.cwd as string) : undefined;
    return cwd !== undefined ? { sessionCwd: cwd } : {};
  },
};

const CODEX_OUTPUTS = new Set(['function_call_output', 'custom_tool_call_output']);
const CODEX_QUIET_ROLES = new Set(['assistant', 'system', 'developer']);
const CODEX_BEGIN_EVENTS = new Set(['exec_command_begin', 'patch_apply_begin']);

function codexItem(value: unknown): Record<string, unknown> | undefined {
  if (!isObject(value)) return undefined;
  if (value.type === 'response_item') return isObject(value.payload) ? value.payload : undefined;
  return value.record_type === undefined && typeof value.type === 'string' ? value : undefined;
}

/**
 * Codex (codex.ts): after a call output or a message that is not the user's, the reader holds no user
 * text to match event copies against, no held user event and no open batch. A call item joins the last
 * turn when it is the assistant's: the prelude then ends with an empty assistant message that stands
 * for it. The reader stamps turns and calls with the cwd of the latest turn context, which the last
 * turn carries; batch names count positions.
 */
const codex: FormatResume = {
  adapter: codexAdapter,
  prelude: (context) => ({
    lines: [
      ...(context.cwd !== undefined ? [JSON.stringify({ type: 'turn_context', payload: { cwd: context.cwd } })] : []),
      ...(context.started ?? []).map((id) => JSON.stringify({ type: 'event_msg', payload: { type: 'exec_command_begin', call_id: id } })),
      ...(context.assistantLast ? [JSON.stringify({ type: 'response_item', payload: { type: 'message', role: 'assistant', content: [] } })] : []),
    ],
    standsForLastTurn: context.assistantLast === true,
  }),
  // The session's cwd is the first one set; a later one never replaces it, so the rest's own first one is right when the history had none.
  sessionCwd: (context, restCwd) => context.sessionCwd ?? restCwd,
  quietAfter: ({ value }) => {
    const item = codexItem(value);
    if (item === undefined || typeof item.type !== 'string') return false;
    return CODEX_OUTPUTS.has(item.type) || (item.type === 'message' && typeof item.role === 'string' && CODEX_QUIET_ROLES.has(item.role));
  },
  lineKeys: () => [],
  keepLastKeyed: false,
  rewritesHistory: () => false,
  positionalBatch: () => true,
  next({ previous, lines, lastTurnRole, lastTurnCwd, sessionCwd, callIds }) {
    const started = new Set(previous.started);
    for (const { value } of lines) {
      const payload = isObject(value) && value.type === 'event_msg' && isObject(value.payload) ? value.payload : undefined;
      if (payload && typeof payload.type === 'string' && CODEX_BEGIN_EVENTS.has(payload.type) && typeof payload.call_id === 'string') started.add(payload.call_id);
    }
    for (const id of callIds) started.delete(id);
    return {
      ...(sessionCwd !== undefined && { sessionCwd }),
      ...(lastTurnCwd !== undefined && { cwd: lastTurnCwd }),
      ...(started.size > 0 && { started: [...started] }),
      ...(lastTurnRole === 'assistant' && { assistantLast: true }),
    };
  },
};

/**
 * Gemini CLI's JSONL recording (gemini.ts): records are read after the whole file, in the order their
 * ids first appeared, each from its latest copy; a rewrite of an earlier message, a rewind or a new
 * message list changes what came before. The latest message is rewritten as its calls complete, so it
 * always stays after the resume point. Every turn carries the cwd of the latest session context.
 */
const RESUME_MESSAGE_ID = 'ghost-lint:resume';
const geminiCli: FormatResume = {
  adapter: geminiJsonlAdapter,
  prelude: (context) => ({
    lines:
      context.cwd !== undefined
        ? [JSON.stringify({ id: RESUME_MESSAGE_ID, type: 'user', content: `This is the Gemini CLI. We are setting up the context for our chat.\nI'm currently working in the directory: ${context.cwd}` })]
        : [],
    standsForLastTurn: false,
  }),
  // Each session context replaces the cwd: the read of the rest, started from the prelude's, ends with the right one.
  sessionCwd: (_context, restCwd) => restCwd,
  quietAfter: () => true,
  lineKeys(value) {
    if (!isObject(value)) return [];
    if (typeof value.id === 'string') return [value.id];
    const messages = isObject(value.$set) ? value.$set.messages : undefined;
    return Array.isArray(messages) ? messages.flatMap((m) => (isObject(m) && typeof m.id === 'string' ? [m.id] : [])) : [];
  },
  keepLastKeyed: true,
  rewritesHistory: (value) => isObject(value) && (value.$rewindTo !== undefined || (isObject(value.$set) && value.$set.messages !== undefined) || value.id === RESUME_MESSAGE_ID),
  positionalBatch: () => true,
  next: ({ lastTurnCwd }) => (lastTurnCwd !== undefined ? { cwd: lastTurnCwd } : {}),
};

/**
 * OpenAI chat messages one to a line (openaiChat.ts's lines adapter): a message is read on its own, a
 * result finds its call by id (the caller keeps calls waiting for theirs before the point), and a
 * message's calls are a batch named by its position. The document's tools, read before the messages,
 * are the prelude of every read.
 */
const openAiChat: FormatResume = {
  adapter: openAiChatLinesAdapter,
  prelude: (context) => ({ lines: context.tools !== undefined ? [JSON.stringify({ [TOOLS_LINE_KEY]: context.tools })] : [], standsForLastTurn: false }),
  sessionCwd: (_context, restCwd) => restCwd,
  quietAfter: () => true,
  lineKeys: () => [],
  keepLastKeyed: false,
  rewritesHistory: () => false,
  positionalBatch: () => true,
  next: ({ previous }) => (previous.tools !== undefined ? { tools: previous.tools } : {}),
};

export const FORMAT_RESUME: Readonly<Record<PieceFormat, FormatResume>> = { 'claude-code': claudeCode, codex, 'gemini-cli': geminiCli, 'openai-chat': openAiChat };
