import type { AuditHistory } from '../audit/audit';
import { type AuditState, type CarriedSummary, type RestAudit, type SeenKeys, auditRest } from './auditState';
import { bindSession } from '../binding';
import type { Extraction } from '../extraction';
import type { ExtractionMemo } from './extractionMemo';
import type { ProposalJudgement, ProposedCall } from './proposal';
import type { Policy } from '../ledger/policy';
import type { Session } from '../session/session';
import { BindingMemo } from './bindingMemo';
import { type Bind, type Extract, type SessionAnalysis, analyzeWhole, extractionModule, judgeProposal } from './stages';

export type { Bind, Extract, Ledger, SessionAnalysis } from './stages';
export { declaredEffects, ledgerOf } from './stages';

/*
 * The analysis state of one session: the pipeline (stages.ts) with what it keeps between runs over
 * the same session. Its uses:
 * - `analyze`: the whole session (`check`, the editor, which keeps one per session of a document so
 *   an edit re-reads only the messages it changed and, when no call changed, binds nothing again);
 * - `extend`: the session a summary (the audit state, auditState.ts) stands for, extended by the
 *   lines written after it (`check` of a session read in pieces, report/streamedCheck.ts; the live guard
 *   moves the same state with `judgeWithState`);
 * - `judge`: one proposed call (the live guard, `gate`, the benchmark's audit defence).
 *
 * Extraction is loaded when a read first needs it: the live guard judges most calls from readings it
 * kept, and loading the extractor costs it a noticeable part of its budget.
 */
let extractionMemo: typeof import('./extractionMemo') | undefined;
// Kept once loaded: in the bundle every require of a module copies its exports afresh (some 25 µs a session).
const extractionMemoModule = () => (extractionMemo ??= require('./extractionMemo') as typeof import('./extractionMemo'));

export interface AnalysisOptions {
  /** Workspace policies that apply to this session, nearest first. */
  readonly policies?: readonly Policy[];
  /** Extraction to use instead of the pipeline's own (a model compiler's, or readings kept by the caller). */
  readonly extract?: Extract;
  /** Binding to use instead of the pipeline's own. */
  readonly bind?: Bind;
}

export interface JudgeOptions extends AnalysisOptions {
  /** The session's extraction when the caller has it already (a cache); computed otherwise. */
  readonly extraction?: Extraction;
  /**
   * The first calls were audited before (the live guard's cached history): they are not judged again,
   * and the approvals they spent stay spent. `session.calls` may then hold only some of them.
   */
  readonly history?: AuditHistory;
}

export interface ExtendOptions {
  readonly policies: readonly Policy[];
  /** The file ends with `rest`: every call is judged, and the state is not moved. */
  readonly final: boolean;
  /** Keys and ids to check the rest against and to add the settled ones to, instead of the state's hashes. */
  readonly seen?: SeenKeys;
  /** The kept calls, their index and the binder's memory, carried live from step to step instead of in the state. */
  readonly carried?: CarriedSummary;
}

export class SessionPipeline {
  /** Readings of the session's user messages, by the message as written: a repeated or unchanged message is read once. */
  private extractions?: ExtractionMemo;
  /** The calls' actions of the last version, reused when an edit changed no call (kept only when asked: a one-off read has no next version). */
  private readonly bindings?: BindingMemo;

  constructor(options: { readonly keepBindings?: boolean } = {}) {
    if (options.keepBindings) this.bindings = new BindingMemo();
  }

  /**
   * Every finding of the whole session, in source order. `checkpoint` runs between messages and before
   * binding, and may throw to abandon stale work.
   */
  analyze(session: Session, options: AnalysisOptions & { readonly checkpoint?: () => void } = {}): SessionAnalysis {
    const { checkpoint } = options;
    const extraction = options.extract ? options.extract(session) : this.extraction().extract(session, checkpoint);
    const bindings = this.bindings;
    const bind: Bind | undefined =
      options.bind ??
      (bindings || checkpoint
        ? (s, declared) => {
            checkpoint?.();
            return bindings ? bindings.bind(s, declared) : bindSession(s, declared);
          }
        : undefined);
    return analyzeWhole(session, options.policies ?? [], extraction, bind);
  }

  /**
   * The session `state` summarises extended by `rest`, the text written after it: every call whose
   * lines nothing written later can change is judged (every call when `final`), as `analyze` judges it
   * on the whole file, and the state moves past them.
   */
  extend(state: AuditState, rest: string, options: ExtendOptions): RestAudit {
    return auditRest(state, rest, { ...options, extract: (session) => this.extraction().extract(session) });
  }

  /** One proposed call, judged against the session that led to it. */
  judge(session: Session, proposal: ProposedCall, options: JudgeOptions = {}): ProposalJudgement {
    const known = options.extraction;
    const extract: Extract = known ? () => known : (options.extract ?? extractionModule().extractConstraints);
    return judgeProposal(session, proposal, {
      policies: options.policies ?? [],
      extract,
      ...(options.bind && { bind: options.bind }),
      ...(options.history && { history: options.history }),
    });
  }

  private extraction(): ExtractionMemo {
    this.extractions ??= new (extractionMemoModule().ExtractionMemo)();
    return this.extractions;
  }
}

/** Every finding for one session, in source order: transcript problems, then the auditor's verdicts. */
export function analyzeSession(session: Session, options: AnalysisOptions = {}): SessionAnalysis {
  return new SessionPipeline().analyze(session, options);
}

/**
 * Judges one proposed call against the session that led to it. Deny when the call would break a
 * constraint; ask when every broken constraint is a confirmation, so the user can approve it; allow
 * otherwise.
 */
export function judgeProposedCall(session: Session, proposal: ProposedCall, options: JudgeOptions = {}): ProposalJudgement {
  return new SessionPipeline().judge(session, proposal, options);
}
