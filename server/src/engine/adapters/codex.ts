import { SessionBuilder, joinPieces } from '../session/builder';
import type { JsonDocument, JsonLine, JsonlDocument } from '../session/document';
import { type JsonNode, at, isObject, items, nodeSpan, prop, str, valueOf } from '../json/json';
import type { Session, StoppedReason, ToolCall, TurnKind } from '../session/session';
import type { Span } from '../text/text';
import { BatchTracker, readResponsesItem } from './openaiResponses';
import { type JsonAdapter, type JsonlAdapter, SURE } from './types';

/*
 * Codex CLI rollouts (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl), in the three shapes Codex has written:
 * - current (codex-rs protocol.rs `RolloutLine`): `{timestamp, type, payload}` lines of type `session_meta`,
 *   `response_item` (a Responses API item), `turn_context`, `event_msg` and `compacted`. Only
 *   `response_item`s make turns, calls and results; `event_msg`s and `turn_context`s repeat or annotate them.
 * - early codex-rs (rollout.rs, mid 2025): a bare meta line `{id, timestamp, instructions?, git?}`, then bare
 *   Responses items, with `{"record_type": "state", ...}` snapshot lines between them.
 * - the TypeScript CLI (codex-cli save-rollout.ts): one JSON document `{session: {timestamp, id, instructions},
 *   items: [...]}`, read by `codexSavedSessionAdapter`.
 */

const ENVELOPE_TYPES = new Set(['session_meta', 'response_item', 'turn_context', 'event_msg', 'compacted']);

/** Items that make turns, calls or results; reasoning, web searches and ghost snapshots carry none. */
const CONVERSATION_ITEM_TYPES = new Set([
  'message',
  'function_call',
  'function_call_output',
  'custom_tool_call',
  'custom_tool_call_output',
  'local_shell_call',
]);
const CALL_ITEM_TYPES = new Set(['function_call', 'custom_tool_call', 'local_shell_call']);
const OUTPUT_ITEM_TYPES = new Set(['function_call_output', 'custom_tool_call_output']);

/** How far past the meta line to look for the user message that repeats its `instructions`. */
const INSTRUCTIONS_LOOKAHEAD = 50;
const SNIFF_LINES = 20;

type UserTextKind = Extract<TurnKind, 'message' | 'instructions' | 'environment' | 'reminder'>;

// Prefixes of the user-role messages Codex injects itself (codex-rs user_instructions.rs, session_prefix.rs,
// user_shell_command.rs); compared lower-cased.
const ENVIRONMENT_PREFIXES = ['<environment_context>', '<context_update>'];
const INSTRUCTIONS_PREFIXES = ['<user_instructions>', '# agents.md instructions for '];
const HARNESS_PREFIXES = ['<turn_aborted>', '<user_shell_command>', '<skill', '<subagent_notification>'];

/** What a user-role message is: typed by the person, project instructions (AGENTS.md), or harness context. */
function classifyCodexUserText(text: string): UserTextKind {
  const head = text.trimStart().slice(0, 40).toLowerCase();
  if (ENVIRONMENT_PREFIXES.some((p) => head.startsWith(p))) return 'environment';
  if (INSTRUCTIONS_PREFIXES.some((p) => head.startsWith(p))) return 'instructions';
  if (HARNESS_PREFIXES.some((p) => head.startsWith(p))) return 'reminder';
  return 'message';
}

export interface CodexOutputReading {
  text: string;
  isError?: boolean;
  exitCode?: number;
  /** The output says the call never ran: declined at the approval prompt, refused by policy, cancelled. */
  stopped?: StoppedReason;
}

// The freeform exec output ("Exit code: 1\nWall time: …\nOutput:\n…") and unified exec's
// ("Chunk ID: …\nWall time: …\nProcess exited with code 1\n…\nOutput:\n…") put the status before "Output:".
const OUTPUT_MARKER = '\nOutput:\n';
const HEADER_EXIT_CODE = /^(?:Exit code: |Process exited with code )(-?\d+)$/m;
// Failures codex-rs reports as plain text, with no exit code to go by (codex.rs, unified_exec.rs).
const FAILURE_PREFIXES = ['execution error: ', 'failed in sandbox ', 'retry failed: ', 'command timed out after ', 'exec_command failed: ', 'write_stdin failed: '];

/**
 * Reads a call output as Codex writes it: the `{"output", "metadata": {"exit_code"}}` JSON string, the
 * freeform "Exit code: N" text, a content-item array, or a `{content, success}` payload.
 */
export function readCodexOutput(output: unknown): CodexOutputReading {
  if (typeof output === 'string') return readOutputText(output);
  if (Array.isArray(output)) {
    const texts = output.map((part) => (typeof part === 'string' ? part : isObject(part) && typeof part.text === 'string' ? part.text : undefined));
    return { text: texts.filter((t): t is string => t !== undefined).join('\n') };
  }
  if (isObject(output)) {
    const text = typeof output.content === 'string' ? output.content : '';
    return hookDenial(text) ?? (typeof output.success === 'boolean' ? { text, isError: !output.success } : { text });
  }
  return { text: '' };
}

/** A PreToolUse hook's deny, which Codex returns instead of running the call ("Command blocked by PreToolUse hook: <reason>. Command: …"). */
function hookDenial(text: string): CodexOutputReading | undefined {
  const trimmed = text.trim();
  if (!/^[\w ]*blocked by PreToolUse hook\b/.test(trimmed)) return undefined;
  return { text, isError: true, stopped: { kind: 'denied', message: trimmed.split('\n', 1)[0] ?? trimmed } };
}

function readOutputText(raw: string): CodexOutputReading {
  const trimmed = raw.trim();
  if (trimmed === 'exec command rejected by user' || trimmed === 'patch rejected by user') {
    return { text: raw, stopped: { kind: 'rejected', message: `the user declined the call at the approval prompt ("${trimmed}")` } };
  }
  if (trimmed.startsWith('exec command rejected: ')) return { text: raw, stopped: { kind: 'denied', message: `Codex's safety policy refused the call ("${trimmed}")` } };
  const denial = hookDenial(raw);
  if (denial) return denial;
  // The TypeScript CLI answers calls left open by a cancelled run with a bare "aborted".
  if (trimmed === 'aborted') return { text: raw, stopped: { kind: 'aborted', message: 'the run was cancelled before the call ran ("aborted")' } };
  if (trimmed.startsWith('{')) {
    const envelope = readExecEnvelope(trimmed);
    if (envelope) return envelope;
  }
  const marker = raw.indexOf(OUTPUT_MARKER);
  const exitCode = marker === -1 ? undefined : HEADER_EXIT_CODE.exec(raw.slice(0, marker))?.[1];
  if (exitCode !== undefined) return { text: raw, exitCode: Number(exitCode) };
  if (FAILURE_PREFIXES.some((p) => trimmed.startsWith(p))) return { text: raw, isError: true };
  return { text: raw };
}

/** The exec envelope both CLIs write: `{"output": "...", "metadata": {"exit_code": 0, "duration_seconds": 0.1}}`. */
function readExecEnvelope(json: string): CodexOutputReading | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!isObject(parsed) || typeof parsed.output !== 'string' || !isObject(parsed.metadata)) return undefined;
  const { output, metadata } = parsed;
  // TypeScript CLI: "aborted" with `metadata.error` is its auto-approval policy refusing; without, the user declining.
  if (output === 'aborted') {
    const refusal = typeof metadata.reason === 'string' ? metadata.reason : typeof metadata.error === 'string' ? metadata.error : undefined;
    return metadata.error != null
      ? { text: output, isError: true, stopped: { kind: 'denied', message: `the auto-approval policy refused the call${refusal ? ` ("${refusal}")` : ''}` } }
      : { text: output, stopped: { kind: 'rejected', message: 'the user declined the call at the approval prompt ("aborted")' } };
  }
  const exitCode = typeof metadata.exit_code === 'number' ? metadata.exit_code : undefined;
  return {
    text: output,
    ...(exitCode !== undefined && { exitCode }),
    ...(metadata.error != null && { isError: true }),
  };
}

/** A shell call asking to run outside the sandbox, which Codex puts to the user for approval first. */
function asksForEscalation(input: unknown): boolean {
  return isObject(input) && (input.sandbox_permissions === 'require_escalated' || input.with_escalated_permissions === true);
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : ''))
    .filter((t) => t !== '')
    .join('\n\n');
}

function itemType(value: Record<string, unknown>): string | undefined {
  if (typeof value.type === 'string') return value.type;
  return value.role !== undefined ? 'message' : undefined;
}

/** True when a user message among `values` carries the project instructions the meta line also holds. */
function instructionsInjected(values: Iterable<unknown>): boolean {
  for (const value of values) {
    const item = isObject(value) && value.type === 'response_item' ? value.payload : value;
    if (isObject(item) && itemType(item) === 'message' && item.role === 'user' && classifyCodexUserText(contentText(item.content)) === 'instructions') return true;
  }
  return false;
}

interface HeldUserEvent {
  readonly line: JsonLine;
  readonly text: string;
  readonly timestamp?: string;
}

/** Walks one rollout's items in order; shared by the JSON Lines and the TypeScript CLI JSON shapes. */
class RolloutReader {
  readonly builder: SessionBuilder;
  private readonly batches = new BatchTracker();
  private cwd: string | undefined;
  /** Index of the turn holding the person's latest message: calls after it belong to the running turn. */
  private personTurn = -1;
  /** Calls Codex reported starting (`exec_command_begin`): an abort cannot mean they never ran. */
  private readonly startedCallIds = new Set<string>();
  /** Texts of user messages since the assistant last acted, to recognise their `event_msg` copies. */
  private userTextsSinceReply: string[] = [];
  private heldUserEvent: HeldUserEvent | undefined;

  constructor(text: string) {
    this.builder = new SessionBuilder('codex', text);
  }

  problem(span: Span, message: string): void {
    this.builder.problem(span, message);
  }

  /**
   * A session meta (`session_meta` payload, bare first line, or the TypeScript CLI's `session`). Its
   * `instructions` become an instructions turn unless a user message repeats them, as codex-rs does.
   */
  readMeta(meta: Record<string, unknown>, node: () => JsonNode | undefined, instructionsRepeated: boolean, timestamp: string | undefined): void {
    if (typeof meta.id === 'string' && this.builder.id === undefined) this.builder.id = meta.id;
    if (typeof meta.cwd === 'string') {
      this.builder.cwd ??= meta.cwd;
      this.cwd = meta.cwd;
    }
    // The branch checked out when the session began: its calls' own, until one of them checks out another.
    const git = meta.git;
    if (typeof git === 'object' && git !== null && 'branch' in git && typeof git.branch === 'string' && git.branch !== '' && git.branch !== 'HEAD') this.builder.branch ??= git.branch;
    if (typeof meta.instructions !== 'string' || meta.instructions.trim() === '' || instructionsRepeated) return;
    const instructions = prop(node(), 'instructions');
    if (!instructions) return;
    this.builder.addTurn({
      role: 'system',
      kind: 'instructions',
      span: nodeSpan(instructions),
      pieces: joinPieces([instructions]),
      timestamp,
      cwd: this.cwd,
    });
  }

  readTurnContext(context: Record<string, unknown>, node: () => JsonNode | undefined): void {
    if (typeof context.cwd === 'string') this.cwd = context.cwd;
    else if (context.cwd !== undefined) {
      const cwd = prop(node(), 'cwd');
      if (cwd) this.problem(nodeSpan(cwd), 'turn_context "cwd" should be a string; ignored');
    }
  }

  /** One Responses item; its position tree is parsed only when it makes a turn, call or result. */
  readItem(value: Record<string, unknown>, node: () => JsonNode | undefined, timestamp: string | undefined): void {
    const type = itemType(value);
    if (type === undefined || !CONVERSATION_ITEM_TYPES.has(type)) return;
    const userText = type === 'message' && value.role === 'user' ? contentText(value.content) : undefined;
    if (userText !== undefined && this.heldUserEvent && userText.includes(this.heldUserEvent.text)) this.heldUserEvent = undefined;
    this.flushHeldUserEvent();
    const item = node();
    if (!item) return;
    const reading = OUTPUT_ITEM_TYPES.has(type) ? readCodexOutput(value.output) : undefined;
    const turnsBefore = this.builder.turnCount;
    const answered = readResponsesItem(this.builder, item, this.batches, {
      // Either may be undefined, as may the output's reading: the builder and the reader leave those out.
      timestamp,
      cwd: this.cwd,
      // Read from the line's value, which also yields the stop reason applied below.
      readOutput: reading && (() => reading),
      classifyUserText: classifyCodexUserText,
    });
    const added = this.builder.turnCount > turnsBefore ? this.builder.lastTurn() : undefined;
    if (userText === undefined) this.userTextsSinceReply = [];
    else {
      // Injected context can have an event copy too (older codex-rs emitted one for every user-role message).
      this.userTextsSinceReply.push(userText);
      if (added?.kind === 'environment') this.takeCwdFrom(added.text);
      if (added?.kind === 'message') this.startPersonTurn(added.index);
    }
    if (reading?.stopped && answered) this.builder.markStopped(answered, reading.stopped);
  }

  readEvent(event: Record<string, unknown>, line: JsonLine, timestamp: string | undefined): void {
    switch (event.type) {
      case 'user_message':
        this.holdUserEvent(event, line, timestamp);
        return;
      case 'turn_aborted':
        this.flushHeldUserEvent();
        this.abortRunningTurn(typeof event.reason === 'string' ? event.reason : 'no reason given');
        return;
      case 'exec_command_begin':
      case 'patch_apply_begin':
        if (typeof event.call_id === 'string') this.startedCallIds.add(event.call_id);
        return;
      default:
      // agent_message, exec_command_end, token_count and the rest repeat response items or carry no turn.
    }
  }

  readCompacted(compacted: Record<string, unknown>, node: () => JsonNode | undefined, timestamp: string | undefined): void {
    this.flushHeldUserEvent();
    const payload = node();
    if (!payload) return;
    // `replacement_history` repeats earlier items: only the summary is new.
    const message = prop(payload, 'message');
    const summarized = typeof compacted.message === 'string' && compacted.message.trim() !== '' && message;
    this.builder.addTurn({
      role: 'system',
      kind: summarized ? 'compaction-summary' : 'compaction-boundary',
      span: nodeSpan(payload),
      ...(summarized ? { pieces: joinPieces([message]) } : { text: '' }),
      timestamp,
      cwd: this.cwd,
    });
  }

  finish(): Session {
    this.flushHeldUserEvent();
    return this.builder.build();
  }

  private takeCwdFrom(environment: string): void {
    const cwd = /<cwd>([^<]+)<\/cwd>/.exec(environment)?.[1]?.trim();
    if (!cwd) return;
    this.cwd = cwd;
    this.builder.cwd ??= cwd;
  }

  /**
   * Codex records what the person typed twice: a `response_item` message and an `event_msg` user_message.
   * The response item makes the turn; an event is held until it is clear that no response item repeats it,
   * and only then becomes the turn (a rollout that kept only the event still shows what the person said).
   */
  private holdUserEvent(event: Record<string, unknown>, line: JsonLine, timestamp: string | undefined): void {
    if (typeof event.message !== 'string') {
      const message = at(line.tree(), 'payload', 'message');
      if (message) this.problem(nodeSpan(message), 'user_message "message" should be a string; ignored');
      return;
    }
    const text = event.message.trim();
    if (text === '' || this.userTextsSinceReply.some((seen) => seen.includes(text))) return;
    this.flushHeldUserEvent();
    this.heldUserEvent = { line, text, ...(timestamp !== undefined && { timestamp }) };
  }

  private flushHeldUserEvent(): void {
    const held = this.heldUserEvent;
    if (!held) return;
    this.heldUserEvent = undefined;
    const payload = prop(held.line.tree(), 'payload');
    const message = prop(payload, 'message');
    if (!payload || !message) return;
    this.batches.next(false);
    const turn = this.builder.addTurn({
      role: 'user',
      kind: classifyCodexUserText(held.text),
      span: nodeSpan(payload),
      pieces: joinPieces([message]),
      timestamp: held.timestamp,
      cwd: this.cwd,
    });
    if (turn.kind === 'message') this.startPersonTurn(turn.index);
  }

  /** Calls issued since the person's previous message, still without a result. */
  private pendingCallsOfTurn(): ToolCall[] {
    return this.builder.pendingCalls().filter((call) => call.turnIndex > this.personTurn);
  }

  /**
   * The person spoke again while an escalated call still had no output: Codex was waiting for their
   * approval, and the call never ran (the shape kvsankar/agent-history's escalation fixture records).
   */
  private startPersonTurn(turnIndex: number): void {
    for (const call of this.pendingCallsOfTurn()) {
      if (call.turnIndex < turnIndex && asksForEscalation(call.input)) {
        this.builder.markStopped(call, { kind: 'rejected', message: 'the call asked for escalated permissions and got no output before the user spoke again: the approval was declined' });
      }
    }
    this.personTurn = turnIndex;
  }

  /** `turn_aborted`: the turn's calls still waiting for output never ran, unless Codex reported starting them. */
  private abortRunningTurn(reason: string): void {
    for (const call of this.pendingCallsOfTurn()) {
      if (this.startedCallIds.has(call.id)) continue;
      this.builder.markStopped(call, { kind: 'aborted', message: `the turn was aborted (${reason}) before the call ran` });
    }
  }
}

function lineSpan(line: JsonLine): Span {
  return { start: line.start, end: line.end };
}

/** The bare first line of an early codex-rs rollout: `{id, timestamp, instructions?, git?}`, no `type`. */
function isBareMeta(value: Record<string, unknown>): boolean {
  return value.type === undefined && value.role === undefined && typeof value.id === 'string' && typeof value.timestamp === 'string';
}

function readLine(reader: RolloutReader, lines: readonly JsonLine[], index: number): void {
  const line = lines[index];
  if (!line) return;
  if (line.error) {
    reader.problem(line.error.span, line.error.message);
    return;
  }
  const value = line.value;
  if (!isObject(value)) {
    reader.problem(lineSpan(line), 'line is not a JSON object; skipped');
    return;
  }
  const timestamp = typeof value.timestamp === 'string' ? value.timestamp : undefined;
  const envelope = typeof value.type === 'string' && ENVELOPE_TYPES.has(value.type) ? value.type : undefined;
  if (envelope) {
    const payload = value.payload;
    const payloadNode = () => prop(line.tree(), 'payload');
    if (!isObject(payload)) {
      const node = payloadNode();
      reader.problem(node ? nodeSpan(node) : lineSpan(line), `${envelope} line has no "payload" object; skipped`);
      return;
    }
    if (envelope === 'session_meta') reader.readMeta(payload, payloadNode, instructionsInjected(following(lines, index)), timestamp);
    else if (envelope === 'response_item') reader.readItem(payload, payloadNode, timestamp);
    else if (envelope === 'turn_context') reader.readTurnContext(payload, payloadNode);
    else if (envelope === 'event_msg') reader.readEvent(payload, line, timestamp);
    else reader.readCompacted(payload, payloadNode, timestamp);
    return;
  }
  // Early codex-rs: state snapshots between items, a bare meta line, and bare items.
  if (value.record_type !== undefined) return;
  if (isBareMeta(value)) {
    reader.readMeta(value, () => line.tree(), instructionsInjected(following(lines, index)), timestamp);
    return;
  }
  if (itemType(value) === undefined) {
    reader.problem(lineSpan(line), 'line is neither a rollout record nor a Responses item; skipped');
    return;
  }
  reader.readItem(value, () => line.tree(), timestamp);
}

function* following(lines: readonly JsonLine[], index: number): Generator<unknown> {
  for (const line of lines.slice(index + 1, index + 1 + INSTRUCTIONS_LOOKAHEAD)) yield line.value;
}

function looksLikeOtherAgentLine(value: Record<string, unknown>): boolean {
  // Claude Code lines link by uuid/parentUuid; Gemini CLI records carry a sessionId.
  return value.uuid !== undefined || value.parentUuid !== undefined || value.sessionId !== undefined;
}

function sniffLines(doc: JsonlDocument): number {
  const values = doc.lines
    .slice(0, SNIFF_LINES)
    .map((line) => line.value)
    .filter(isObject);
  if (values.length === 0 || values.some(looksLikeOtherAgentLine)) return 0;
  const enveloped = values.some(
    (v) => typeof v.type === 'string' && ENVELOPE_TYPES.has(v.type) && isObject(v.payload) && (v.type !== 'event_msg' || typeof v.payload.type === 'string'),
  );
  if (enveloped) return SURE;
  // Early shape: every sampled line is the bare meta, a state snapshot or a Responses item.
  const bare = values.every((v) => isBareMeta(v) || v.record_type !== undefined || (typeof v.type === 'string' && (CONVERSATION_ITEM_TYPES.has(v.type) || v.type === 'reasoning')));
  if (!bare) return 0;
  const hasMeta = isBareMeta(values[0] ?? {});
  const hasCalls = values.some((v) => typeof v.call_id === 'string' && typeof v.type === 'string' && (CALL_ITEM_TYPES.has(v.type) || OUTPUT_ITEM_TYPES.has(v.type)));
  if (hasMeta && values.length > 1) return 0.85;
  return hasCalls ? 0.7 : 0;
}

export const codexAdapter: JsonlAdapter = {
  format: 'codex',
  kind: 'jsonl',
  sniff: sniffLines,
  parse(doc) {
    const reader = new RolloutReader(doc.text);
    for (let i = 0; i < doc.lines.length; i++) readLine(reader, doc.lines, i);
    return [reader.finish()];
  },
};

/** The TypeScript Codex CLI's saved rollout: `{session: {timestamp, id, instructions}, items: [...]}`. */
export const codexSavedSessionAdapter: JsonAdapter = {
  format: 'codex',
  kind: 'json',
  sniff(doc) {
    const session = prop(doc.root, 'session');
    const list = prop(doc.root, 'items');
    if (session?.type !== 'object' || list?.type !== 'array') return 0;
    if (str(prop(session, 'id')) === undefined && str(prop(session, 'timestamp')) === undefined) return 0;
    const sample = items(list).slice(0, SNIFF_LINES);
    const typed = sample.some((item) => CONVERSATION_ITEM_TYPES.has(str(prop(item, 'type')) ?? '') || str(prop(item, 'type')) === 'reasoning');
    return typed || sample.length === 0 ? 0.9 : 0.4;
  },
  parse(doc: JsonDocument) {
    const reader = new RolloutReader(doc.text);
    for (const error of doc.errors) reader.problem(error.span, error.message);
    const sessionNode = prop(doc.root, 'session');
    const itemNodes = items(prop(doc.root, 'items'));
    const itemValues = itemNodes.map((node) => valueOf(node));
    const session = valueOf(sessionNode);
    const started = isObject(session) && typeof session.timestamp === 'string' ? session.timestamp : undefined;
    if (isObject(session)) reader.readMeta(session, () => sessionNode, instructionsInjected(itemValues.slice(0, INSTRUCTIONS_LOOKAHEAD)), started);
    itemNodes.forEach((node, i) => {
      const value = itemValues[i];
      if (!isObject(value)) {
        reader.problem(nodeSpan(node), 'item is not a JSON object; skipped');
        return;
      }
      reader.readItem(value, () => node, typeof value.timestamp === 'string' ? value.timestamp : undefined);
    });
    return [reader.finish()];
  },
};
