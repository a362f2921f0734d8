import { type JsonNode, contentSpan, entries, items, literalContent, nodeSpan, parseEmbeddedJson, rawOffsetsAt, str, valueOf } from '../json/json';
import { argumentValuesAt, unindexedJson } from './jsonScan';
import type {
  ArgumentValue,
  Role,
  Session,
  StoppedReason,
  TextPiece,
  ToolCall,
  ToolDefinition,
  ToolResult,
  TranscriptFormat,
  TranscriptProblem,
  Turn,
  TurnKind,
} from './session';
import type { Span } from '../text/text';

/*
 * What adapters hand the builder. An optional field may also be given as undefined, and is then left
 * out of what the builder makes: readers fill these for every line, and building them with a field
 * present only when set (conditional spreads) cost V8 a slow copy each time, a fifth of a whole check.
 */

export interface TurnInit {
  role: Role;
  kind?: TurnKind;
  /** Defaults to true for `message`/`instructions` turns with role user, system or developer. */
  isUserMessage?: boolean;
  span: Span;
  pieces?: TextPiece[];
  /** Text not taken verbatim from one literal (a synthesized marker); no pieces then. */
  text?: string;
  id?: string;
  timestamp?: string;
  cwd?: string;
  sidechain?: boolean;
}

export interface CallInit {
  id: string | undefined;
  name: string;
  span: Span;
  nameSpan: Span;
  /** The arguments: an object node, or a string node holding JSON (OpenAI style). */
  argumentsNode?: JsonNode;
  /** Arguments that have no JSON node of their own (a command parsed out of text). */
  input?: unknown;
  /** With `input`: where it was read from, and where its values sit in the source. */
  inputSpan?: Span;
  argumentValues?: ArgumentValue[];
  /** Arguments already read from their node (`readArguments`), as `argumentsNode` would be. */
  readArguments?: ReadArguments;
  batch: string;
  timestamp?: string;
  cwd?: string;
  /** The git branch checked out when the call was made, as its record says. */
  branch?: string;
}

export interface ResultInit {
  span: Span;
  text: string;
  /** The function the result names, where the format repeats it (tau-bench's `name`, AgentDojo's `tool_call.function`): it pairs results when ids collide. */
  name?: string;
  /** The arguments of the call it answers, where the format repeats them (AgentDojo): read only to tell apart calls issued together under one id. */
  callInput?: () => unknown;
  /** From the record's own status field; when absent, the text decides (SPEC section 3). */
  isError?: boolean;
  exitCode?: number;
  timestamp?: string;
}

type MutableCall = { -readonly [K in keyof ToolCall]: ToolCall[K] };
type MutableTurn = { -readonly [K in keyof Turn]: Turn[K] };

/** The pieces of a turn that has none: one array shared by every such turn, never changed. */
const NO_PIECES: readonly TextPiece[] = Object.freeze([]);

/*
 * Turns, calls and their parts are made here and only here, every one with its fields in one order:
 * objects of one shape keep the loops over a long session's 100,000 turns optimised, where copies
 * made by spreading would each take a shape of their own (and throw those loops back to the
 * interpreter after every edit in the editor).
 */

/** A turn with the optional fields `from` has, in the one order every turn has them. */
function shapedTurn(index: number, role: Role, kind: TurnKind, isUserMessage: boolean, text: string, pieces: readonly TextPiece[], span: Span, from: Partial<Turn>): Turn {
  const turn: MutableTurn = { index, role, kind, isUserMessage, text, pieces, span };
  if (from.id !== undefined) turn.id = from.id;
  if (from.timestamp !== undefined) turn.timestamp = from.timestamp;
  if (from.cwd !== undefined) turn.cwd = from.cwd;
  if (from.sidechain !== undefined) turn.sidechain = from.sidechain;
  return turn;
}

/**
 * Turns whose text is their pieces' texts joined, as `addTurn` makes it when given none: the pieces as
 * written then say all of the text, and a memo keyed by them need not hold the text again.
 */
const textOfPieces = new WeakSet<Turn>();

/** Whether `turn`'s text is its pieces' texts joined, known from how the turn was made (a turn copied across threads is not known). */
export function textIsItsPieces(turn: Turn): boolean {
  return textOfPieces.has(turn);
}

/** `turn` with another text, pieces and span. */
export function turnWith(turn: Turn, text: string, pieces: readonly TextPiece[], span: Span): Turn {
  const made = shapedTurn(turn.index, turn.role, turn.kind, turn.isUserMessage, text, pieces, span, turn);
  const samePieces = () => pieces.length === turn.pieces.length && pieces.every((p, i) => p.at === turn.pieces[i]?.at && p.text === turn.pieces[i]?.text);
  if (textOfPieces.has(turn) && text === turn.text && samePieces()) textOfPieces.add(made);
  return made;
}

/** `turn` with every range in it moved by `move`. */
export function movedTurn(turn: Turn, move: (span: Span) => Span): Turn {
  return turnWith(turn, turn.text, turn.pieces.map((p) => movedPiece(p, move)), move(turn.span));
}

/** A piece of text with its literal moved. */
export function movedPiece(piece: TextPiece, move: (span: Span) => Span): TextPiece {
  return { text: piece.text, at: piece.at, literal: move(piece.literal) };
}

/** `call` with every range in it, its result's included, moved by `move`. */
export function movedCall(call: ToolCall, move: (span: Span) => Span): ToolCall {
  const copy: MutableCall = {
    index: call.index,
    id: call.id,
    name: call.name,
    input: call.input,
    turnIndex: call.turnIndex,
    span: move(call.span),
    nameSpan: move(call.nameSpan),
    argumentValues: call.argumentValues.map((v) => ({ path: v.path, value: v.value, span: move(v.span), contentSpan: move(v.contentSpan), escapeDepth: v.escapeDepth })),
    batch: call.batch,
    status: call.status,
  };
  if (call.inputSpan) copy.inputSpan = move(call.inputSpan);
  if (call.timestamp !== undefined) copy.timestamp = call.timestamp;
  if (call.cwd !== undefined) copy.cwd = call.cwd;
  if (call.branch !== undefined) copy.branch = call.branch;
  if (call.result) copy.result = shapedResult(call.result.turnIndex, move(call.result.span), call.result.text, call.result.status, call.result);
  if (call.stopped) copy.stopped = call.stopped;
  return copy;
}

function shapedResult(turnIndex: number, span: Span, text: string, status: ToolResult['status'], from: Partial<ToolResult>): ToolResult {
  const result: { -readonly [K in keyof ToolResult]: ToolResult[K] } = { turnIndex, span, text, status };
  if (from.exitCode !== undefined) result.exitCode = from.exitCode;
  if (from.timestamp !== undefined) result.timestamp = from.timestamp;
  return result;
}

/** The results of an error envelope: "Error: …", "error: …", or a JSON object with an `error` key. */
export function textLooksLikeError(text: string): boolean {
  const trimmed = text.trimStart();
  if (/^(Error\b|error:)/.test(trimmed)) return true;
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && 'error' in parsed && (parsed as { error: unknown }).error != null;
    } catch {
      return false;
    }
  }
  return false;
}

/** Collects a text piece from a JSON string node. */
export function piece(node: JsonNode | undefined, at = 0): TextPiece | undefined {
  const text = str(node);
  return node && text !== undefined ? { text, at, literal: nodeSpan(node) } : undefined;
}

/** Joins string nodes into pieces separated by blank lines, as one turn's text. */
export function joinPieces(nodes: readonly (JsonNode | undefined)[]): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const node of nodes) {
    const p = piece(node, at);
    if (!p) continue;
    pieces.push(p);
    at += p.text.length + 2;
  }
  return pieces;
}

/**
 * Accumulates one session while an adapter walks its source. Calls and results are linked here, so
 * every adapter gets the same rules for duplicate ids, orphan results and missing results.
 */
export class SessionBuilder {
  private readonly turns: Turn[] = [];
  private readonly calls: MutableCall[] = [];
  /** Each call by its id in the session (a repeated or missing id made unique). */
  private readonly callsById = new Map<string, MutableCall>();
  /**
   * Calls still waiting for a result, by the id the record wrote ('' for none): real logs reuse ids
   * (gpt-4o) or leave them empty (Gemini in AgentDojo), so one written id can name several calls.
   */
  private readonly waitingByWrittenId = new Map<string, MutableCall[]>();
  /** Written ids that some call has used: a result naming one with nobody waiting is a second result. */
  private readonly writtenIds = new Set<string>();
  /** The written id of each call, to take it off its waiting list once it is answered or stopped. */
  private readonly writtenToCall = new Map<MutableCall, string>();
  /** Calls with neither a result nor a stop, in call order: asked for at every user turn, so kept, not searched for. */
  private readonly pending = new Set<MutableCall>();
  private readonly problems: TranscriptProblem[] = [];
  private readonly tools: ToolDefinition[] = [];
  private generatedIds = 0;
  /** One copy of each working folder: a long session repeats the same few on every turn and call. */
  private readonly folders = new Map<string, string>();
  cwd: string | undefined;
  /** The git branch the whole session's record names (Codex's `git.branch`), for calls whose own record names none. */
  branch: string | undefined;
  id: string | undefined;
  title: string | undefined;

  constructor(
    readonly format: TranscriptFormat,
    readonly text: string,
    readonly entry?: string,
  ) {}

  get turnCount(): number {
    return this.turns.length;
  }

  addTool(tool: ToolDefinition): void {
    this.tools.push(tool);
  }

  lastTurn(): Turn | undefined {
    return this.turns[this.turns.length - 1];
  }

  problem(span: Span, message: string): void {
    this.problems.push({ span, message });
  }

  addTurn(init: TurnInit): Turn {
    const kind = init.kind ?? 'message';
    const pieces = init.pieces ?? NO_PIECES;
    const text = init.text ?? pieces.map((p) => p.text).join('\n\n');
    const userSide = init.role === 'user' || init.role === 'system' || init.role === 'developer';
    const isUserMessage = init.isUserMessage ?? (userSide && (kind === 'message' || kind === 'instructions'));
    const optional: Partial<Turn> = { id: init.id, timestamp: init.timestamp, cwd: this.folder(init.cwd ?? this.cwd), sidechain: init.sidechain };
    const turn = shapedTurn(this.turns.length, init.role, kind, isUserMessage, text, pieces, init.span, optional);
    if (init.text === undefined && pieces.length > 0) textOfPieces.add(turn);
    this.turns.push(turn);
    return turn;
  }

  /** The builder's one copy of a working folder. */
  private folder(cwd: string | undefined): string | undefined {
    if (cwd === undefined) return undefined;
    const known = this.folders.get(cwd);
    if (known !== undefined) return known;
    this.folders.set(cwd, cwd);
    return cwd;
  }

  /**
   * Adds a call to the latest turn. A missing or repeated id is replaced by a unique one, silently:
   * results still find the call by the id the record wrote and by position (`addResult`).
   */
  addCall(init: CallInit): ToolCall {
    const written = init.id ?? '';
    let id = written;
    if (!id) id = `ghost-lint-call-${++this.generatedIds}`;
    else if (this.callsById.has(id)) id = `${id}#${++this.generatedIds}`;
    const read = init.argumentsNode ? readArguments(this.text, init.name, init.argumentsNode) : init.readArguments;
    const { input, inputSpan, argumentValues } = read ?? { input: init.input ?? {}, inputSpan: init.inputSpan, argumentValues: init.argumentValues ?? [] };
    if (read?.problem) this.problems.push(read.problem);
    const call: MutableCall = {
      index: this.calls.length,
      id,
      name: init.name,
      input,
      turnIndex: Math.max(this.turns.length - 1, 0),
      span: init.span,
      nameSpan: init.nameSpan,
      argumentValues,
      batch: init.batch,
      status: 'unknown',
    };
    if (inputSpan) call.inputSpan = inputSpan;
    if (init.timestamp !== undefined) call.timestamp = init.timestamp;
    const cwd = this.folder(init.cwd ?? this.cwd);
    if (cwd !== undefined) call.cwd = cwd;
    const branch = init.branch ?? this.branch;
    if (branch !== undefined) call.branch = branch;
    this.calls.push(call);
    this.callsById.set(id, call);
    this.pending.add(call);
    this.writtenIds.add(written);
    const waiting = this.waitingByWrittenId.get(written);
    if (waiting) waiting.push(call);
    else this.waitingByWrittenId.set(written, [call]);
    this.writtenToCall.set(call, written);
    return call;
  }

  /**
   * The call a result answers (SPEC section 3): `answers` is the call itself when the adapter already
   * holds it, else the id the result record wrote. Among the calls of that id still waiting (and of
   * the result's function, where the format repeats it), the nearest earlier assistant message's
   * calls come first, and within one message the first (results come back in the order the calls were
   * made). Only several such calls in that one message make the pairing a guess, which is reported.
   */
  private answeredCall(answers: ToolCall | string | undefined, init: ResultInit): MutableCall | undefined {
    if (typeof answers === 'object') return this.callsById.get(answers.id);
    const written = answers ?? '';
    const waiting = this.waitingByWrittenId.get(written);
    if (!waiting || waiting.length === 0) {
      if (this.writtenIds.has(written)) {
        const earlier = this.callsById.get(written);
        if (earlier?.result) this.problem(init.span, `second result for call "${written}"; the first one counts`);
        return undefined;
      }
      // An id the session gave a call itself (a repeated or missing one made unique) still names it.
      const own = answers === undefined ? undefined : this.callsById.get(answers);
      if (own) return own;
      this.problem(init.span, answers ? `tool result for unknown call id "${answers}"` : 'tool result has no call id, and no call without one is waiting for a result');
      return undefined;
    }
    const named = init.name === undefined ? waiting : waiting.filter((c) => c.name === init.name);
    if (named.length === 0) {
      this.problem(init.span, `tool result names "${init.name}", but the call waiting on ${written ? `id "${written}"` : 'no id'} is ${waiting.map((c) => `"${c.name}"`).join(', ')}; linked to the latest`);
      return waiting[waiting.length - 1];
    }
    const latestBatch = named[named.length - 1]!.batch;
    let sameMessage = named.filter((c) => c.batch === latestBatch);
    if (sameMessage.length > 1 && init.callInput) {
      const written = JSON.stringify(init.callInput());
      const sameArguments = sameMessage.filter((c) => JSON.stringify(c.input) === written);
      if (sameArguments.length > 0) sameMessage = sameArguments;
    }
    const call = sameMessage[0]!;
    if (sameMessage.length > 1) {
      const what = init.name === undefined ? 'calls' : `calls to "${init.name}"`;
      this.problem(init.span, `${sameMessage.length} ${what} issued together ${written ? `share id "${written}"` : 'have no id'}; this result is linked to the first of them by order`);
    }
    return call;
  }

  /** The call is answered or stopped: no result can pair with it any more. */
  private settle(call: MutableCall): void {
    this.pending.delete(call);
    const written = this.writtenToCall.get(call);
    const waiting = written === undefined ? undefined : this.waitingByWrittenId.get(written);
    const at = waiting ? waiting.indexOf(call) : -1;
    if (waiting && at >= 0) waiting.splice(at, 1);
  }

  /**
   * Links a result to the call it answers: `answers` is that call, or the id the result record wrote
   * (undefined when it wrote none). A result for no known call is a transcript problem.
   */
  addResult(answers: ToolCall | string | undefined, init: ResultInit): ToolCall | undefined {
    const call = this.answeredCall(answers, init);
    if (!call) return undefined;
    if (call.result) {
      this.problem(init.span, `second result for call "${call.id}"; the first one counts`);
      return call;
    }
    const isError = init.isError ?? (init.exitCode !== undefined ? init.exitCode !== 0 : textLooksLikeError(init.text));
    const result = shapedResult(Math.max(this.turns.length - 1, 0), init.span, init.text, isError ? 'error' : 'ok', init);
    call.result = result;
    this.settle(call);
    if (!call.stopped) call.status = result.status;
    return call;
  }

  /** Records that a call never ran (rejected, denied by a hook, aborted before execution): the call, or the id a record wrote for it. */
  markStopped(stopped: ToolCall | string, reason: StoppedReason): void {
    const call = typeof stopped === 'object' ? this.callsById.get(stopped.id) : this.findCall(stopped);
    if (!call) return;
    call.stopped = reason;
    this.settle(call);
    call.status = 'unknown';
  }

  /** Calls with no result yet, latest first; for formats that mark aborts after the fact. */
  pendingCalls(): ToolCall[] {
    return [...this.pending].reverse();
  }

  /** The call a record's written id names: the nearest one still waiting for a result, else the call holding that id. */
  findCall(writtenId: string): MutableCall | undefined {
    const waiting = this.waitingByWrittenId.get(writtenId);
    return waiting?.[waiting.length - 1] ?? this.callsById.get(writtenId);
  }

  build(): Session {
    return {
      format: this.format,
      text: this.text,
      ...(this.entry !== undefined && { entry: this.entry }),
      ...(this.id !== undefined && { id: this.id }),
      ...(this.title !== undefined && { title: this.title }),
      ...(this.cwd !== undefined && { cwd: this.cwd }),
      turns: this.turns,
      calls: this.calls,
      tools: this.tools,
      problems: this.problems,
    };
  }
}

/** A call's arguments as read from their node, and the problem with them (stringified arguments that are not valid JSON). */
export interface ReadArguments {
  readonly input: unknown;
  readonly inputSpan?: Span;
  readonly argumentValues: ArgumentValue[];
  readonly problem?: TranscriptProblem;
}

/** Reads the arguments node of call `name`: an object node, or a string node holding JSON (OpenAI style). */
export function readArguments(text: string, name: string, node: JsonNode): ReadArguments {
  return (node.type === 'string' && embeddedArguments(text, node)) || treeArguments(text, name, node);
}

/**
 * Arguments written as JSON inside a JSON string, when JSON.parse reads them: their values' ranges
 * are scanned in the decoded string and mapped back to the raw text, as parseEmbeddedJson maps a
 * tree's. Undefined when only a tree can say (invalid JSON, a repeated key, deep nesting).
 */
function embeddedArguments(text: string, literal: JsonNode): ReadArguments | undefined {
  const decoded = typeof literal.value === 'string' ? literal.value : '';
  let input: unknown;
  try {
    input = JSON.parse(decoded);
  } catch {
    return undefined;
  }
  const found = typeof input === 'object' && input !== null ? argumentValuesAt(unindexedJson(decoded), { start: 0, end: decoded.length }, input) : [];
  if (!found) return undefined;
  const raw = rawOffsetsAt(
    text,
    nodeSpan(literal),
    found.flatMap((v) => [v.span.start, v.span.end]),
  );
  const argumentValues = found.map((v, k): ArgumentValue => {
    const span = { start: raw[2 * k] as number, end: raw[2 * k + 1] as number };
    return { path: v.path, value: v.value, span, contentSpan: typeof v.value === 'string' ? literalContent(text, span) : span, escapeDepth: 2 };
  });
  return { input, inputSpan: nodeSpan(literal), argumentValues };
}

/** Reads arguments from their node's tree (a string's parsed by parseEmbeddedJson): the reading every other one must equal. */
export function treeArguments(text: string, name: string, node: JsonNode): ReadArguments {
  let root: JsonNode | undefined = node;
  if (node.type === 'string') {
    const embedded = parseEmbeddedJson(text, node);
    // The first error is the one to fix; the parser's recovery errors after it are noise.
    const [firstError] = embedded.errors;
    const problem = firstError && { span: firstError.span, message: `arguments of ${name}: ${firstError.message}` };
    if (problem || !embedded.root) return { input: node.value, inputSpan: nodeSpan(node), argumentValues: [], ...(problem && { problem }) };
    root = embedded.root;
  }
  const argumentValues: ArgumentValue[] = [];
  collectValues(text, root, [], argumentValues, node.type === 'string' ? 2 : 1);
  return { input: valueOf(root), inputSpan: nodeSpan(node), argumentValues };
}

function collectValues(text: string, node: JsonNode, path: (string | number)[], out: ArgumentValue[], escapeDepth: 1 | 2): void {
  if (node.type === 'object') {
    for (const [key, child] of entries(node)) {
      const childPath = [...path, key];
      out.push({ path: childPath, value: valueOf(child), span: nodeSpan(child), contentSpan: contentSpan(text, child), escapeDepth });
      collectValues(text, child, childPath, out, escapeDepth);
    }
  } else if (node.type === 'array') {
    items(node).forEach((child, i) => {
      const childPath = [...path, i];
      out.push({ path: childPath, value: valueOf(child), span: nodeSpan(child), contentSpan: contentSpan(text, child), escapeDepth });
      collectValues(text, child, childPath, out, escapeDepth);
    });
  }
}
