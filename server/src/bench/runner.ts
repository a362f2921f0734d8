import type { Defence } from '../../../shared/bench';
import { type ProposalJudgement, judgeProposedCall, judgementReason } from '../engine/pipeline';
import { fnv1a32CodePoints, seededBasis } from '../engine/text';
import { parseTranscript } from '../engine/parse';
import type { Policy } from '../engine/ledger';
import type { RepairCall } from '../engine/findings';
import type { Session } from '../engine/session';
import type { Agent, AgentStep } from './agents';
import { baselineNote, isBaseline } from './baselines';
import { type BenchCase, CONDITIONS, type Condition } from './caseSchema';
import { type Conversation, type ConversationEntry, conditionMessages, conversationTranscript } from './conversation';
import { createEnvironment } from './environments';
import { evaluateRun } from './evaluators';
import { caseToolEffects, effectlessCaseTools } from './operations';
import type { CaseEnvironmentInstance, RunEnding, RunRecord, TraceEntry } from './types';

/**
 * The benchmark runner: each case under each condition and repetition, the agent against the case's
 * environment, optionally behind the audit defence, scored by the case's evaluators. Pure apart from
 * the agent, which may be backed by a model; the environments need only what `environment` passes in.
 */

/** The paper's four defence conditions and its two baselines (shared/bench.ts says what each does). */
export { DEFENCES, type Defence } from '../../../shared/bench';

/** The defences whose tool calls the auditor judges before they run. */
export const usesAudit = (defence: Defence): boolean => defence === 'audit' || defence === 'full';
/** The defences whose agent is given the restored constraints. */
export const usesRestoration = (defence: Defence): boolean => defence === 'restore' || defence === 'full';

/** A run stops here even if the agent does not: a scripted or looping agent cannot hang the bench. */
export const MAX_AGENT_STEPS = 50;

export interface BenchRun extends RunRecord {
  /** The run as an OpenAI Chat Completions transcript: it opens in the editor with its diagnostics. */
  readonly transcript: string;
  /** What went wrong restoring this run's constraints (AgentRun.restorationProblems), when anything did. */
  readonly restorationProblems?: readonly string[];
  /** What the agent read before the resumed request (AgentRun.injectedText), when it read anything. */
  readonly restorationText?: string;
}

export interface BenchProgress {
  readonly done: number;
  readonly total: number;
  readonly run: BenchRun;
}

export interface BenchOptions {
  readonly agent: Agent;
  readonly defence: Defence;
  readonly repetitions: number;
  readonly seed: number;
  /** Runs in flight at once (a model-backed agent waits on its endpoint); 1 when absent. Results keep their order. */
  readonly concurrency?: number;
  /** What the environments need from outside (sql.js for the database domain). */
  readonly environment: Parameters<typeof createEnvironment>[1];
  /** Called after each run; a caller that wants to stop the bench (cancelled by the user) throws from it. */
  readonly onProgress?: (progress: BenchProgress) => void;
}

/** A seed for one run from the bench's seed and the run's coordinates (FNV-1a), so runs do not share a stream. */
function runSeed(seed: number, caseId: string, condition: Condition, repetition: number): number {
  return fnv1a32CodePoints(`${caseId}\u0000${condition}\u0000${repetition}`, seededBasis(seed));
}

/** The case's tools as a policy declares tools: the auditor binds their calls by these effects. */
function caseToolsPolicy(benchCase: BenchCase): Policy {
  return { path: `${benchCase.id} (case tools)`, text: '', rules: [], tools: benchCase.tools.flatMap(caseToolEffects), suppressions: [], problems: [] };
}

/** One run in progress: its conversation, trace and how it is ending. */
class RunState {
  readonly entries: ConversationEntry[];
  readonly trace: TraceEntry[] = [];
  safetyDecision = false;
  failure: string | undefined;
  private calls = 0;

  constructor(
    readonly benchCase: BenchCase,
    condition: Condition,
    readonly environment: CaseEnvironmentInstance,
  ) {
    this.entries = conditionMessages(benchCase, condition).map((m) => ({ kind: 'message', ...m }));
  }

  get conversation(): Conversation {
    return { tools: this.benchCase.tools, entries: this.entries };
  }

  nextCallId(repair: boolean): string {
    return `${repair ? 'repair' : 'call'}_${++this.calls}`;
  }

  /** Runs a call against the environment and records it. */
  execute(id: string, call: RepairCall, repair: boolean): TraceEntry {
    const answer = this.environment.call(call.tool, call.arguments);
    return this.record(id, { tool: call.tool, arguments: call.arguments, status: answer.status, output: answer.output, ...(repair && { repair }) });
  }

  record(id: string, entry: TraceEntry): TraceEntry {
    this.entries.push({ kind: 'call', id, tool: entry.tool, arguments: entry.arguments, ...(entry.repair && { repair: true }) });
    this.entries.push({ kind: 'result', callId: id, status: entry.status, output: entry.output });
    this.trace.push(entry);
    return entry;
  }

  /** The session so far as the auditor reads it: the run's own transcript, parsed. */
  session(): Session {
    const parsed = parseTranscript({ name: `${this.benchCase.id}.json`, text: conversationTranscript(this.conversation) });
    const session = parsed.kind === 'transcript' ? parsed.sessions[0] : undefined;
    // The transcript is ours: failing to read it back is a bug, not a run outcome.
    if (!session) throw new Error(`the run transcript of ${this.benchCase.id} did not parse`);
    // The case's tools come to the auditor as a policy's declared effects; those declared to do nothing come with the session.
    return { ...session, effectlessTools: effectlessCaseTools(this.benchCase.tools) };
  }
}

/** A repair the defence may run: a call of a tool the case declares (not a shell command the case has no tool for). */
function declaredRepair(benchCase: BenchCase, judgement: ProposalJudgement): RepairCall[] | undefined {
  const calls: RepairCall[] = [];
  for (const finding of judgement.findings) {
    const call = finding.repair?.call;
    if (!call || !benchCase.tools.some((t) => t.name === call.tool)) return undefined;
    if (!calls.some((c) => c.tool === call.tool && JSON.stringify(c.arguments) === JSON.stringify(call.arguments))) calls.push(call);
  }
  return calls;
}

/**
 * The audit defence (the paper's audit layer): the proposed call is judged by the live guard's own
 * auditor on the session so far. Allowed: it runs. Denied with repair plans the case's tools can carry
 * out: the repairs run first, then the call is judged again. A repair that fails, a prohibition, or a
 * confirmation the user has not given: the call is blocked, and the agent is told why.
 */
function auditedCall(state: RunState, id: string, proposal: RepairCall, policy: Policy): void {
  const judge = () => judgeProposedCall(state.session(), { id, name: proposal.tool, input: proposal.arguments }, { policies: [policy] });
  let judgement = judge();
  let failedRepair: TraceEntry | undefined;
  if (judgement.decision === 'deny') {
    const repairs = declaredRepair(state.benchCase, judgement) ?? [];
    for (const repair of repairs) {
      const done = state.execute(state.nextCallId(true), repair, true);
      if (done.status !== 'ok') {
        failedRepair = done;
        break;
      }
    }
    // Re-judged: the repairs, now in the session, must meet the constraint (the same verb on the same target) for the call to run.
    if (repairs.length > 0 && !failedRepair) judgement = judge();
  }
  if (judgement.decision === 'allow') {
    state.execute(id, proposal, false);
    return;
  }
  const repairNote = failedRepair ? `\nThe repair step ghost-lint ran first (${failedRepair.tool} ${JSON.stringify(failedRepair.arguments)}) did not succeed: ${failedRepair.output}` : '';
  state.record(id, { tool: proposal.tool, arguments: proposal.arguments, status: 'blocked', output: `${judgementReason(judgement)}${repairNote}` });
  state.safetyDecision = true;
}

async function nextStep(agent: ReturnType<Agent['startRun']>, state: RunState): Promise<AgentStep | undefined> {
  try {
    return await agent.next(state.conversation);
  } catch (e) {
    state.failure = `the agent failed: ${(e as Error).message}`;
    return undefined;
  }
}

/** Baseline notes by case and condition: the repetitions of an instance read the same one. */
type NoteCache = Map<string, string | undefined>;

function noteFor(defence: Defence, benchCase: BenchCase, condition: Condition, cache: NoteCache): string | undefined {
  if (!isBaseline(defence)) return undefined;
  const key = `${benchCase.id}\u0000${condition}\u0000${defence}`;
  if (!cache.has(key)) cache.set(key, baselineNote(defence, benchCase, condition));
  return cache.get(key);
}

/** One case under one condition and repetition (numbered from 1). */
export async function runInstance(benchCase: BenchCase, condition: Condition, repetition: number, options: Omit<BenchOptions, 'repetitions' | 'onProgress' | 'concurrency'>, notes: NoteCache = new Map()): Promise<BenchRun> {
  const environment = createEnvironment(benchCase, options.environment);
  try {
    const state = new RunState(benchCase, condition, environment);
    const policy = caseToolsPolicy(benchCase);
    const contextNote = noteFor(options.defence, benchCase, condition, notes);
    const agent = options.agent.startRun({
      benchCase,
      condition,
      repetition,
      seed: runSeed(options.seed, benchCase.id, condition, repetition),
      restore: usesRestoration(options.defence),
      ...(contextNote !== undefined && { contextNote }),
    });
    for (let steps = 0; ; steps++) {
      if (steps === MAX_AGENT_STEPS) {
        state.failure = `the agent made ${MAX_AGENT_STEPS} calls without stopping`;
        break;
      }
      const step = await nextStep(agent, state);
      if (!step) break;
      if (step.kind === 'stop') {
        state.entries.push({ kind: 'message', role: 'assistant', content: step.message });
        if (step.safetyDecision) state.safetyDecision = true;
        break;
      }
      const proposal = { tool: step.tool, arguments: step.arguments };
      const id = state.nextCallId(false);
      if (usesAudit(options.defence)) auditedCall(state, id, proposal, policy);
      else state.execute(id, proposal, false);
    }
    const ending: RunEnding = { ...(state.failure !== undefined && { failure: state.failure }), ...(state.safetyDecision && { safetyDecision: true }) };
    const verdict = evaluateRun(benchCase, state.trace, environment, ending);
    const restorationProblems = agent.restorationProblems?.() ?? [];
    const restorationText = agent.injectedText?.();
    return {
      caseId: benchCase.id,
      condition,
      repetition,
      trace: state.trace,
      verdict,
      transcript: conversationTranscript(state.conversation),
      ...(restorationProblems.length > 0 && { restorationProblems }),
      ...(restorationText !== undefined && { restorationText }),
    };
  } finally {
    environment.dispose();
  }
}

/**
 * Every case × condition × repetition, returned in that order whatever order they finish in; with
 * `concurrency` above 1, that many runs are in flight at once (each has its own environment).
 */
export async function runBench(cases: readonly BenchCase[], options: BenchOptions): Promise<BenchRun[]> {
  // Repetitions are numbered from 1, in the report as in the saved runs' file names.
  const instances = cases.flatMap((benchCase) => CONDITIONS.flatMap((condition) => Array.from({ length: options.repetitions }, (_, index) => ({ benchCase, condition, repetition: index + 1 }))));
  const notes: NoteCache = new Map();
  const runs: BenchRun[] = new Array(instances.length);
  let started = 0;
  let done = 0;
  const worker = async () => {
    while (started < instances.length) {
      const index = started++;
      const instance = instances[index];
      if (!instance) break;
      const run = await runInstance(instance.benchCase, instance.condition, instance.repetition, options, notes);
      runs[index] = run;
      options.onProgress?.({ done: ++done, total: instances.length, run });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 1, instances.length)) }, worker));
  return runs;
}
