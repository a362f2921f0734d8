import assert from 'node:assert/strict';
import { type AuditState, type ProposalJudgement, type ProposedCall, type ResumableFormat, bindInSteps, bindsToNothing, emptyAuditState, isResumable, judgeProposedCall, judgeWithState, judgementReason } from '../../server/src/engine/pipeline';
import { extractConstraints } from '../../server/src/engine/extraction';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Policy } from '../../server/src/engine/ledger';

/*
 * The live guard's incremental judgement held against the whole-file one: a session file grown line by
 * line, every proposal judged at every length both from the audit state (moved over the lines written
 * since the previous length, as the hook moves it) and by `judgeProposedCall` on the whole text.
 */

/** What must be equal: the decision and reason, and each finding's rule, constraint, call and message. */
export function verdictOf(judgement: ProposalJudgement): unknown {
  return {
    decision: judgement.decision,
    reason: judgement.decision === 'allow' ? '' : judgementReason(judgement),
    findings: judgement.findings.map((f) => [f.ruleId, f.constraintId, f.callId, f.message, f.repair?.description, f.related.map((r) => r.message)]),
    suppressed: judgement.suppressed.map((s) => [s.finding.ruleId, s.finding.callId, s.policy]),
    call: [judgement.call.id, judgement.call.index, judgement.call.turnIndex, judgement.call.cwd, judgement.recorded],
  };
}

export interface ReplayCounts {
  /** Judgements compared. */
  judged: number;
  /** Judged from a state that had read part of the session (not from the start). */
  resumed: number;
  /** States the engine could not go on from (the whole text was read again). */
  restarted: number;
  /** Proposals allowed without reading the new lines (`bindsToNothing`). */
  quick: number;
  /** Unbound states replaced by the bound state `bindInSteps` made, as the hook server does while idle (with `prepareInSteps`). */
  prepared: number;
}

/**
 * Grows `lines` (each with its newline) one at a time and, at each length, judges every proposal of
 * `proposals(length)` both ways, asserting equal verdicts. The state moves on after each judgement, as
 * in the hook. With `prepareInSteps`, an unbound state is then bound over the whole text so far, in
 * steps of that many characters, as the hook server prepares it between calls.
 */
export function replayBothWays(name: string, lines: readonly string[], proposals: (length: number) => readonly ProposedCall[], policies: readonly Policy[] = [], prepareInSteps?: number): ReplayCounts {
  const counts: ReplayCounts = { judged: 0, resumed: 0, restarted: 0, quick: 0, prepared: 0 };
  let state: AuditState | undefined;
  let text = '';
  for (let length = 0; length <= lines.length; length++) {
    if (length > 0) text += lines[length - 1];
    const parsed = parseTranscript({ name, text });
    if (parsed.kind !== 'transcript' || !isResumable(parsed.format) || !parsed.sessions[0]) continue;
    const format: ResumableFormat = parsed.format;
    // Extraction reads each user turn on its own: once per length serves every proposal.
    const extraction = extractConstraints(parsed.sessions[0]);
    for (const proposal of proposals(length)) {
      const want = verdictOf(judgeProposedCall(parsed.sessions[0], proposal, { policies, extraction }));
      const where = `${name}, ${length} lines, ${proposal.name} ${JSON.stringify(proposal.input)}${proposal.id ? ` (${proposal.id})` : ''}`;
      const rest = state && state.format === format ? text.slice(state.offset) : undefined;
      if (state && rest !== undefined && policies.length === 0 && bindsToNothing(state, rest, proposal)) {
        assert.equal((want as { decision: string }).decision, 'allow', `${where}: allowed unread, but the whole file denies`);
        counts.quick++;
      }
      let live = state && rest !== undefined ? judgeWithState(state, rest, proposal, policies) : undefined;
      if (live?.kind === 'judged' && state && state.offset > 0) counts.resumed++;
      if (!live || live.kind === 'unresumable') {
        if (live) counts.restarted++;
        live = judgeWithState(emptyAuditState(format, policies, state?.readings), text, proposal, policies);
      }
      assert.equal(live.kind, 'judged', `${where}: the whole text could not be read (${live.kind === 'unresumable' ? live.reason : ''})`);
      if (live.kind !== 'judged') continue;
      assert.deepEqual(verdictOf(live.judgement), want, where);
      // The state the hook would store is plain data: it must survive being written and read back.
      state = JSON.parse(JSON.stringify(live.state)) as AuditState;
      counts.judged++;
      if (prepareInSteps !== undefined && !state.bound) {
        const steps = bindInSteps(state, text, prepareInSteps);
        let step = steps.next();
        while (!step.done) step = steps.next();
        if (step.value) {
          assert.equal(step.value.state.offset, step.value.offset, `${where}: the prepared state stands for its offset`);
          state = JSON.parse(JSON.stringify(step.value.state)) as AuditState;
          counts.prepared++;
        }
      }
    }
  }
  return counts;
}

/** A session file's lines, each with its newline. */
export function linesOf(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => `${line}\n`);
}
