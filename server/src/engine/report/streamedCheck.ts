import { type AuditState, type CarriedSummary, type SeenKeys, boundAuditState, emptyCarriedSummary } from '../pipeline/auditState';
import { CASE_SNIFF_LENGTH, caseSyntax } from '../parse/caseSniff';
import { isObjectLine, readDocument, withoutBom } from '../session/document';
import type { Extraction } from '../extraction';
import { type Finding, problemFinding, sessionFindings } from '../findings/findings';
import { pickAdapter } from '../parse/parse';
import { SessionPipeline, ledgerOf } from '../pipeline/sessionPipeline';
import type { Policy } from '../ledger/policy';
import { type FileReport, Locator, type SessionHeader, sessionReport } from './report';
import { type PieceFormat, type ResumableFormat, type ResumeContext, isResumable } from '../pipeline/resume';
import { LineIndex, addLineStarts } from '../text/text';

/*
 * `check` of a JSON Lines session read piece by piece, for files too large to hold at once: each piece
 * is audited from the live guard's audit state (pipeline/auditState.ts), which carries what later calls need of
 * the earlier ones, and then let go. What stays is that state, the line starts (for locations) and the
 * results. The report is the one a whole-file read gives; where the state cannot promise that (a line
 * that reaches back, a session that changes its name), the check gives none and says why.
 */

/** Lines a JSON Lines reader's sniff looks at, at most: the file's first lines pick its reader. */
export const SNIFFED_LINES = 200;

/** A head this long that still cannot tell is not worth more waiting: the file is read whole. */
const HEAD_LIMIT = 16 * 1024 * 1024;

/**
 * The format a whole-file read gives a file that begins with `head`, when it is a JSON Lines session
 * the check can read in pieces; `undefined` when it is not (or may not be), `more` when `head` is too
 * short to tell. What decides is read from the start of the file: whether it may be a benchmark case
 * (its first 64 KB), whether it is JSON Lines (its first line is a JSON object) and which reader's
 * sniff scores highest (its first SNIFFED_LINES lines).
 */
export function streamableFormat(head: string, atEnd: boolean): ResumableFormat | 'more' | undefined {
  const text = withoutBom(head);
  const lines = atEnd ? text : text.slice(0, text.lastIndexOf('\n') + 1);
  const wait = atEnd || head.length > HEAD_LIMIT ? undefined : 'more';
  const first = /^\s*(\S[^\n]*)\n/.exec(lines)?.[1];
  if (first === undefined) return wait;
  if (!isObjectLine(first.trim())) return undefined;
  if (!atEnd && head.length < CASE_SNIFF_LENGTH) return wait;
  if (caseSyntax(text) !== undefined) return undefined;
  const doc = readDocument(lines);
  if (doc.kind !== 'jsonl') return undefined;
  if (!atEnd && doc.lines.length < SNIFFED_LINES) return wait;
  const format = pickAdapter(doc)?.format;
  return format !== undefined && isResumable(format) ? format : undefined;
}

/**
 * Text audited at a time. Small, so that a step's text and what is made of it are young objects that
 * die young (a one-byte string this long is below V8's 128 KB large-object size, which is allocated
 * straight into the old generation): the peak is then the carried state's and one step's, not V8's
 * growth over dead steps. A step costs no more for what came before it (the kept calls, their index
 * and the binder's memory are carried, not rebuilt), so steps this small cost little more than large
 * ones (the 50 MB session: 184 to 190 MB at the peak with 64 KB steps, 223 to 226 MB with 4 MB).
 */
const STEP_CHARS = 64 * 1024;
/**
 * Text that may wait unsettled (a call whose result never comes keeps every line after it open): past
 * this the check stops, and the file is read whole. Waiting text is audited again only once it has
 * doubled, so reading it costs no more than twice reading it once.
 */
const UNSETTLED_LIMIT_CHARS = 64 * 1024 * 1024;
/** Calls that stopped without a result, whose ids each step looks for in its text (a late result would change them): past this many, the check stops. */
const UNANSWERED_LIMIT = 64;

export class StreamedCheck {
  private state: AuditState;
  /**
   * Text read and not yet settled: the lines audited last and left unsettled, the text read since (in
   * the pieces' own slices, joined only when audited: each join is a copy of the text, made once),
   * and how long that is. The pieces end with whole lines but for the last, whose start waits there.
   */
  private unsettled = '';
  private readonly waiting: string[] = [];
  private waitingChars = 0;
  /** Of the waiting text, how much ends with a line's end: only a line's end can end a step. */
  private waitingLinesChars = 0;
  private started = false;
  private readonly lineStarts: number[] = [0];
  /** Text of the file counted for its line starts, and a CR that ended the last piece (an LF may follow it in the next). */
  private counted = 0;
  private carriedCr = false;
  private readonly problems: Finding[] = [];
  private readonly verdicts: Finding[] = [];
  private readonly counts = { turns: 0, userMessages: 0, toolCalls: 0, stoppedCalls: 0 };
  private names: { id?: string | undefined; title?: string | undefined } = {};
  private cwd: string | undefined;
  private extraction: Extraction = { constraints: [], revocations: [] };
  private stopped: string | undefined;
  private largest = 0;
  private stepAt: number;
  /** The session's pipeline: a message repeated in it (a re-injected CLAUDE.md, "continue") is read once, as a whole-file check reads it once. */
  private readonly pipeline = new SessionPipeline();
  /** The uuids and call ids read so far, which no later line may repeat: exactly, as a hash's false match would stop the check. */
  private readonly seen: SeenKeys = { lineKeys: new Set(), callIds: new Set() };
  /** The kept calls, their actions' index and the binder's memory, extended step by step instead of rebuilt at each. */
  private readonly carried: CarriedSummary = emptyCarriedSummary();

  constructor(
    private readonly format: PieceFormat,
    private readonly policies: readonly Policy[],
    private readonly stepChars = STEP_CHARS,
    /** What a reader of the file knows before its first line (an OpenAI chat document's tools). */
    context: ResumeContext = {},
  ) {
    this.state = { ...boundAuditState(format, policies), resume: context };
    this.stepAt = stepChars;
  }

  /** The most text audited in one step (UTF-16 units): what the check holds at once, beside its state. */
  get largestStep(): number {
    return this.largest;
  }

  /** Why the check cannot go on (read the whole file instead), once it cannot. */
  get unresumable(): string | undefined {
    return this.stopped;
  }

  /**
   * Reads the next piece of the file's text: `piece` is what the session's reader reads, and `original`
   * the file's own text there (of the same length), whose line breaks place the findings.
   */
  add(piece: string, original = piece): void {
    if (this.stopped !== undefined) return;
    this.countLines(original);
    this.wait(this.started ? piece : withoutBom(piece));
    this.started ||= piece !== '';
    while (this.stopped === undefined && this.unsettled.length + this.waitingLinesChars >= this.stepAt) this.step(false);
  }

  /** The report of the whole file, once every piece was added; `undefined` when the check could not go on. */
  finish(path: string): FileReport | undefined {
    if (this.stopped !== undefined) return undefined;
    if (this.carriedCr) addLineStarts(this.lineStarts, '\r', this.counted - 1);
    this.step(true);
    if (this.stopped !== undefined) return undefined;
    const { constraints, endings } = ledgerOf(this.policies, this.extraction);
    const { findings, suppressed } = sessionFindings(this.problems, constraints, endings, this.verdicts, this.policies, this.extraction.unresolved);
    const header: SessionHeader = {
      format: this.format,
      ...(this.names.id !== undefined && { id: this.names.id }),
      ...(this.names.title !== undefined && { title: this.names.title }),
      ...(this.cwd !== undefined && { cwd: this.cwd }),
      ...this.counts,
      constraints: constraints.length,
    };
    const locate = new Locator(this.policies).forLines(new LineIndex({ lineStarts: this.lineStarts }));
    return { path, status: 'analysed', sessions: [sessionReport(path, header, findings, suppressed, locate)] };
  }

  private countLines(original: string): void {
    const text = this.carriedCr ? `\r${original}` : original;
    const from = this.carriedCr ? this.counted - 1 : this.counted;
    this.carriedCr = text.endsWith('\r');
    addLineStarts(this.lineStarts, this.carriedCr ? text.slice(0, -1) : text, from);
    this.counted += original.length;
  }

  private wait(text: string): void {
    if (text === '') return;
    const lastLineEnd = text.lastIndexOf('\n');
    if (lastLineEnd !== -1) this.waitingLinesChars = this.waitingChars + lastLineEnd + 1;
    this.waiting.push(text);
    this.waitingChars += text.length;
  }

  /**
   * The text the next step audits: what the last left unsettled, then the waiting text up to the first
   * line end past the step's size (all of it when `final`), joined into one string; the rest waits.
   */
  private nextStepText(final: boolean): string {
    const parts = [this.unsettled];
    let length = this.unsettled.length;
    while (this.waiting.length > 0) {
      const text = this.waiting.shift() as string;
      const lineEnd = final ? -1 : text.indexOf('\n', Math.max(0, this.stepAt - 1 - length));
      const taken = lineEnd === -1 ? text.length : lineEnd + 1;
      parts.push(text.slice(0, taken));
      length += taken;
      this.waitingChars -= taken;
      this.waitingLinesChars = Math.max(0, this.waitingLinesChars - taken);
      if (taken < text.length) this.waiting.unshift(text.slice(taken));
      if (lineEnd !== -1) break;
    }
    return parts.join('');
  }

  /** Audits the next step's text: a piece larger than a step is taken a step at a time. */
  private step(final: boolean): void {
    const audited = this.nextStepText(final);
    this.largest = Math.max(this.largest, audited.length);
    const read = this.pipeline.extend(this.state, audited, { policies: this.policies, final, seen: this.seen, carried: this.carried });
    if (read.kind === 'unresumable') {
      this.stopped = read.reason;
      this.unsettled = '';
      this.waiting.length = 0;
      return;
    }
    // The whole file's name is one its lines give: the first a step finds (a read from the start
    // knows best), or later the same one. Steps that name the session differently cannot be joined.
    for (const key of ['id', 'title'] as const) {
      const given = read.local[key];
      if (given === undefined || given === this.names[key]) continue;
      if (this.state.offset > 0 && this.names[key] !== undefined) {
        this.stopped = `the session's ${key} changes in the file`;
        return;
      }
      this.names[key] = given;
    }
    this.cwd = read.cwd;
    this.problems.push(...read.problems.map(problemFinding));
    this.verdicts.push(...read.verdicts);
    this.counts.turns += read.turns.length;
    this.counts.toolCalls += read.calls.length;
    for (const turn of read.turns) if (turn.isUserMessage) this.counts.userMessages++;
    for (const call of read.calls) if (call.stopped) this.counts.stoppedCalls++;
    this.extraction = read.extraction;
    this.state = read.state;
    this.unsettled = audited.slice(read.settled);
    this.stepAt = Math.max(this.stepChars, 2 * this.unsettled.length);
    if (this.unsettled.length > UNSETTLED_LIMIT_CHARS) this.stopped = `more than ${UNSETTLED_LIMIT_CHARS / 1024 / 1024} MB of the file wait on an earlier line (a call without its result)`;
    else if (this.state.unanswered.length > UNANSWERED_LIMIT) this.stopped = `more than ${UNANSWERED_LIMIT} calls stopped without a result, too many to watch for a late one`;
  }
}
