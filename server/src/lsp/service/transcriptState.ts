import { pathToFileURL } from 'node:url';
import type { Location, Position, Range } from 'vscode-languageserver';
import type { Constraint } from '../../engine/constraints';
import { JsonlMemory, type Session, type ToolCall, type TranscriptFormat, type Turn } from '../../engine/session';
import { CallRestoration } from '../../engine/restoration';
import type { EnvironmentDependencies } from '../../bench/environments';
import { parseInput } from '../../host/inputs';
import { type SessionAnalysis, SessionPipeline } from '../../engine/pipeline';
import type { Policy } from '../../engine/ledger';
import { LineIndex, type Span } from '../../engine/text';
import { TurnTokens } from './tokens';

/** One session of a document with its analysis; call restoration and token counts are built on first use. */
export class SessionState {
  private restorationCache?: CallRestoration;
  private tokensCache?: TurnTokens;

  constructor(
    /** Position among the document's sessions. */
    readonly index: number,
    readonly session: Session,
    readonly analysis: SessionAnalysis,
  ) {}

  get restoration(): CallRestoration {
    this.restorationCache ??= new CallRestoration(this.session, this.analysis);
    return this.restorationCache;
  }

  get tokens(): TurnTokens {
    this.tokensCache ??= new TurnTokens(this.session);
    return this.tokensCache;
  }
}

/** Smallest of the spans containing `offset`: the innermost thing under the cursor. */
function innermost<T>(items: Iterable<T>, spanOf: (item: T) => Span, offset: number): T | undefined {
  let best: T | undefined;
  let bestLength = Number.POSITIVE_INFINITY;
  for (const item of items) {
    const span = spanOf(item);
    if (span.start <= offset && offset <= span.end && span.end - span.start < bestLength) {
      best = item;
      bestLength = span.end - span.start;
    }
  }
  return best;
}

/**
 * An analysed version of one document: its text, sessions and their analyses, and the lookups
 * the language features share (what is under the cursor, spans as LSP ranges and locations).
 */
export class TranscriptState {
  private readonly policyIndexes = new Map<string, LineIndex>();

  constructor(
    readonly uri: string,
    readonly version: number,
    readonly text: string,
    readonly format: TranscriptFormat | undefined,
    readonly sessions: readonly SessionState[],
    readonly policies: readonly Policy[],
    /** The text's line index when it was built already; otherwise built on first use. */
    private lineIndex?: LineIndex,
  ) {}

  get lines(): LineIndex {
    this.lineIndex ??= new LineIndex(this.text);
    return this.lineIndex;
  }

  range(span: Span): Range {
    return this.lines.range(span);
  }

  offset(position: Position): number {
    return this.lines.offset(position);
  }

  /** A span of this document, or of the policy file `policyPath` when given. */
  location(span: Span, policyPath?: string): Location {
    if (policyPath === undefined) return { uri: this.uri, range: this.range(span) };
    const policy = this.policies.find((p) => p.path === policyPath);
    let index = this.policyIndexes.get(policyPath);
    if (!index) {
      index = new LineIndex(policy?.text ?? '');
      this.policyIndexes.set(policyPath, index);
    }
    return { uri: pathToFileURL(policyPath).href, range: index.range(span) };
  }

  /** Where a constraint was stated: its sentence here, or its rule in a policy file. */
  sourceLocation(constraint: Constraint): Location {
    const source = constraint.source;
    return source.kind === 'policy' ? this.location(source.span, source.file) : this.location(source.span);
  }

  callAt(offset: number): { state: SessionState; call: ToolCall } | undefined {
    return innermost(
      this.sessions.flatMap((state) => state.session.calls.map((call) => ({ state, call }))),
      (x) => x.call.span,
      offset,
    );
  }

  /** A constraint stated in this document whose sentence holds `offset`. */
  constraintAt(offset: number): { state: SessionState; constraint: Constraint } | undefined {
    return innermost(
      this.sessions.flatMap((state) => state.analysis.constraints.filter((c) => c.source.kind === 'session').map((constraint) => ({ state, constraint }))),
      (x) => x.constraint.source.span,
      offset,
    );
  }

  turnAt(offset: number): { state: SessionState; turn: Turn } | undefined {
    return innermost(
      this.sessions.flatMap((state) => state.session.turns.map((turn) => ({ state, turn }))),
      (x) => x.turn.span,
      offset,
    );
  }
}

/** Per-document memory across versions: the lines' parses, and a pipeline per session position (the readings and bindings it keeps). */
export class DocumentMemory {
  readonly lines: JsonlMemory;
  private readonly pipelines: SessionPipeline[] = [];

  /** @param toldEdits whether every edit between versions will be told to `lines`. */
  constructor(toldEdits = false) {
    this.lines = new JsonlMemory(toldEdits);
  }

  pipeline(sessionIndex: number): SessionPipeline {
    this.pipelines[sessionIndex] ??= new SessionPipeline({ keepBindings: true });
    return this.pipelines[sessionIndex];
  }
}

export interface TranscriptInput {
  readonly uri: string;
  readonly version: number;
  readonly text: string;
  readonly policies: readonly Policy[];
  /** The text's line index, when it was built already. */
  readonly lines?: LineIndex;
  /** What benchmark cases' environments need (sql.js): with it a database case's reference traces are run. */
  readonly caseEnvironment?: EnvironmentDependencies;
}

/**
 * Parses and analyses one version of a document. Only sessions whose spans refer to the document's
 * own text are kept (not members of a zip container); a file that is not a transcript has none.
 * `checkpoint` runs between steps and between user messages, and may throw to abandon stale work.
 */
export function analyseTranscript(input: TranscriptInput, memory: DocumentMemory, checkpoint: () => void): TranscriptState {
  // A document named as a case is checked as one while its author writes it (docs/rules.md, "Case files and the contract").
  const parsed = parseInput({ name: input.uri, text: input.text, lines: memory.lines }, input.caseEnvironment, { casesByName: true });
  checkpoint();
  if (parsed.kind !== 'transcript') return new TranscriptState(input.uri, input.version, input.text, undefined, [], input.policies, input.lines);
  const sessions = parsed.sessions
    .filter((session) => session.entry === undefined)
    .map((session, index) => {
      checkpoint();
      const analysis = memory.pipeline(index).analyze(session, { policies: input.policies, checkpoint });
      return new SessionState(index, session, analysis);
    });
  return new TranscriptState(input.uri, input.version, input.text, parsed.format, sessions, input.policies, input.lines);
}
