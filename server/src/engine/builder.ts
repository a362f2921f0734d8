import { type JsonNode, contentSpan, entries, items, literalContent, nodeSpan, parseEmbeddedJson, rawOffsetsAt, str, valueOf } from './json';
import { argumentValuesAt } from './jsonScan';
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
import type { Span } from './text';

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
}

export interface ResultInit {
  span: Span;
  text: string;
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

/** `turn` with another text, pieces and span. */
export function turnWith(turn: Turn, text: string, pieces: readonly TextPiece[], span: Span): Turn {
  return shapedTurn(turn.index, turn.role, turn.kind, turn.isUserMessage, text, pieces, span, turn);
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
  private readonly callsById = new Map<string, MutableCall>();
  /** Calls with neither a result nor a stop, in call order: asked for at every user turn, so kept, not searched for. */
  private readonly pending = new Set<MutableCall>();
  private readonly problems: TranscriptProblem[] = [];
  private readonly tools: ToolDefinition[] = [];
  private generatedIds = 0;
  /** One copy of each working folder: a long session repeats the same few on every turn and call. */
  private readonly folders = new Map<string, string>();
  cwd: string | undefined;
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

  /** Adds a call to the latest turn. A missing or repeated id is reported and replaced. */
  addCall(init: CallInit): ToolCall {
    let id = init.id;
    if (!id) {
      id = `ghost-lint-call-${++this.generatedIds}`;
      this.problem(init.span, 'tool call has no id; results cannot be linked to it');
    } else if (this.callsById.has(id)) {
      this.problem(init.span, `tool call id "${id}" was already used by an earlier call; results link to the earlier one`);
      id = `${id}#${++this.generatedIds}`;
    }
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
    this.calls.push(call);
    this.callsById.set(id, call);
    this.pending.add(call);
    return call;
  }

  /** Links a result to its call; a result for no known call is a transcript problem. */
  addResult(callId: string | undefined, init: ResultInit): ToolCall | undefined {
    const call = callId === undefined ? undefined : this.callsById.get(callId);
    if (!call) {
      this.problem(init.span, callId ? `tool result for unknown call id "${callId}"` : 'tool result has no call id');
      return undefined;
    }
    if (call.result) {
      this.problem(init.span, `second result for call "${callId}"; the first one counts`);
      return call;
    }
    const isError = init.isError ?? (init.exitCode !== undefined ? init.exitCode !== 0 : textLooksLikeError(init.text));
    const result = shapedResult(Math.max(this.turns.length - 1, 0), init.span, init.text, isError ? 'error' : 'ok', init);
    call.result = result;
    this.pending.delete(call);
    if (!call.stopped) call.status = result.status;
    return call;
  }

  /** Records that a call never ran (rejected, denied by a hook, aborted before execution). */
  markStopped(callId: string, reason: StoppedReason): void {
    const call = this.callsById.get(callId);
    if (!call) return;
    call.stopped = reason;
    this.pending.delete(call);
    call.status = 'unknown';
  }

  /** Calls with no result yet, latest first; for formats that mark aborts after the fact. */
  pendingCalls(): ToolCall[] {
    return [...this.pending].reverse();
  }

  findCall(callId: string): ToolCall | undefined {
    return this.callsById.get(callId);
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
  const found = typeof input === 'object' && input !== null ? argumentValuesAt(decoded, { start: 0, end: decoded.length }, input) : [];
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
