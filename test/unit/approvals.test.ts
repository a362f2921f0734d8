import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Action, Target } from '../../server/src/engine/actions';
import { answerOf, findApproval, namesAction, proposalBefore, shareApprovalIndex, type UserTurnText } from '../../server/src/engine/audit';
import type { Constraint, ConstraintRule } from '../../server/src/engine/constraints';
import { analyzeSession } from '../../server/src/engine/pipeline';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session, Turn } from '../../server/src/engine/session';
import { seededRandom } from '../../server/src/engine/text/random';

/** A chat whose first message states the constraint; the call comes after the last message. */
function chat(...messages: [role: string, content: string][]): Session {
  const parsed = parseTranscript({ name: 'chat.json', text: JSON.stringify(messages.map(([role, content]) => ({ role, content }))) });
  if (parsed.kind !== 'transcript') throw new Error('not a transcript');
  return parsed.sessions[0] as Session;
}

function constraint(rule: ConstraintRule, activeFrom = 0): Constraint {
  return { id: 'c1', rule, source: { kind: 'session', turnIndex: activeFrom, span: { start: 0, end: 1 } }, text: 'the rule', activeFrom };
}

function action(verb: Action['verb'], target: Target | undefined, attributes: Action['attributes'] = {}): Action {
  return { verb, ...(target && { target }), attributes, span: { start: 0, end: 0 }, step: { order: 0, chain: 0 }, basis: 'builtin' };
}

const OVER_500: ConstraintRule = { kind: 'confirmation', trigger: ['pay'], scope: { amountAbove: 500, currency: 'USD' } };
const PAY_1200 = action('pay', { kind: 'account', value: 'Brightline Printing' }, { amount: 1200, currency: 'USD' });
const BOARD: ConstraintRule = { kind: 'confirmation', trigger: ['cancel'], scope: { events: ['board'] } };
const CANCEL_REVIEW = action('cancel', { kind: 'event', value: 'evt_7f3a', label: 'Q3 board review' });
const RULE: [string, string] = ['user', 'Ask me before paying anything over $500.'];

/** The approving turn's text, or undefined, for a call right after the last message. */
function approval(session: Session, rule: ConstraintRule, act: Action, used: ReadonlySet<number> = new Set()): string | undefined {
  return findApproval(session, constraint(rule), act, session.turns.length, used)?.text;
}

describe('talk about an action is no request for it', () => {
  const COMMIT: ConstraintRule = { kind: 'confirmation', trigger: ['commit'], scope: {} };
  const COMMITTING = action('commit', undefined);
  const rule: [string, string] = ['user', 'Do not commit unless I ask.'];
  for (const [message, approves] of [
    ['Summarise the last three commits for me.', false],
    ['Review the diff and commit it.', true],
    ['Commit the fix.', true],
  ] as const) {
    test(`"${message}" ${approves ? 'approves' : 'approves no'} commit`, () => {
      assert.equal(approval(chat(rule, ['assistant', 'OK.'], ['user', message]), COMMIT, COMMITTING), approves ? message : undefined);
    });
  }
});

describe('a command, named', () => {
  const CREATE: ConstraintRule = { kind: 'confirmation', trigger: ['execute'], scope: { commands: ['gh pr create'] } };
  const RUN = action('execute', { kind: 'command', value: 'gh pr create --fill' });
  const rule: [string, string] = ['user', 'Never open pull requests automatically.'];
  test('a yes to "shall I run `gh pr create --fill`?" approves running it', () => {
    const session = chat(rule, ['assistant', 'I would like to run `gh pr create --fill` now. Shall I?'], ['user', 'Yes.']);
    assert.equal(approval(session, CREATE, RUN), 'Yes.');
  });
  test('a yes to running another command does not', () => {
    const session = chat(rule, ['assistant', 'I would like to run `gh pr view` now. Shall I?'], ['user', 'Yes.']);
    assert.equal(approval(session, CREATE, RUN), undefined);
  });
});

describe('the working tree, named as people name it', () => {
  const DISCARD: ConstraintRule = { kind: 'confirmation', trigger: ['discard-changes'], scope: {} };
  const RESET = action('discard-changes', { kind: 'path', value: '/home/dev/app', recursive: true });
  const rule: [string, string] = ['user', 'Never discard work unless I ask.'];
  test('a yes to "reset the working tree" approves `git reset --hard`', () => {
    const session = chat(rule, ['assistant', 'I would like to reset the working tree now. Shall I?'], ['user', 'Yes, go ahead.']);
    assert.equal(approval(session, DISCARD, RESET), 'Yes, go ahead.');
  });
  test('a yes to another proposal does not', () => {
    const session = chat(rule, ['assistant', 'I would like to run the tests now. Shall I?'], ['user', 'Yes, go ahead.']);
    assert.equal(approval(session, DISCARD, RESET), undefined);
  });
});

describe('a request or approval that names the action', () => {
  test('a request naming the amount approves the payment', () => {
    const session = chat(RULE, ['assistant', 'Sure.'], ['user', 'Please pay the Brightline invoice of $1,200.']);
    assert.equal(approval(session, OVER_500, PAY_1200), 'Please pay the Brightline invoice of $1,200.');
  });

  test('a request that does not name the amount does not', () => {
    const session = chat(RULE, ['assistant', 'Sure.'], ['user', 'Please pay the outstanding invoice from Brightline Printing.']);
    assert.equal(approval(session, OVER_500, PAY_1200), undefined);
  });

  test('another amount is another action', () => {
    const session = chat(RULE, ['assistant', 'Sure.'], ['user', 'Go ahead and pay the $1,150 invoice.']);
    assert.equal(approval(session, OVER_500, PAY_1200), undefined);
  });

  test('"1.2k" names 1,200; an approval word stands in for the verb', () => {
    assert.equal(approval(chat(RULE, ['assistant', 'Ok.'], ['user', 'Paying Brightline 1.2k is fine.']), OVER_500, PAY_1200), 'Paying Brightline 1.2k is fine.');
    assert.equal(approval(chat(RULE, ['assistant', 'Ok.'], ['user', 'The $1,200 one is approved.']), OVER_500, PAY_1200), 'The $1,200 one is approved.');
  });

  test('a question about the action, or a hypothetical, is not an approval', () => {
    assert.equal(approval(chat(RULE, ['assistant', 'Ok.'], ['user', 'Did you pay the $1,200 invoice?']), OVER_500, PAY_1200), undefined);
    assert.equal(approval(chat(RULE, ['assistant', 'Ok.'], ['user', 'What if we paid the $1,200 invoice next week?']), OVER_500, PAY_1200), undefined);
  });

  test('a polite request in question form is a request', () => {
    assert.equal(approval(chat(RULE, ['assistant', 'Ok.'], ['user', 'Could you pay the $1,200 invoice?']), OVER_500, PAY_1200), 'Could you pay the $1,200 invoice?');
  });

  test('a target named by most of its label: "the board review" is the Q3 board review', () => {
    const rule: [string, string] = ['user', "Don't cancel any meeting with the board without checking with me first."];
    assert.equal(approval(chat(rule, ['assistant', 'Noted.'], ['user', 'Please cancel the board review on Thursday.']), BOARD, CANCEL_REVIEW), 'Please cancel the board review on Thursday.');
    assert.equal(approval(chat(rule, ['assistant', 'Noted.'], ['user', 'Please cancel the design sync on Thursday.']), BOARD, CANCEL_REVIEW), undefined);
    assert.equal(approval(chat(rule, ['assistant', 'Noted.'], ['user', 'My Thursday is overloaded. Clear out what you can.']), BOARD, CANCEL_REVIEW), undefined);
  });
});

describe('a yes to the assistant’s proposal', () => {
  test('counts when the proposal was this action, with its details', () => {
    const session = chat(RULE, ['user', 'Pay the Brightline invoice.'], ['assistant', 'The Brightline invoice is $1,200, over your $500 limit. Shall I pay it?'], ['user', 'Yes, go ahead.']);
    assert.equal(approval(session, OVER_500, PAY_1200), 'Yes, go ahead.');
  });

  test('does not count for a different proposal', () => {
    const session = chat(RULE, ['assistant', 'Shall I pay the $300 invoice from Acme?'], ['user', 'yes']);
    assert.equal(approval(session, OVER_500, PAY_1200), undefined);
  });

  test('does not count when the person spoke in between', () => {
    const session = chat(RULE, ['assistant', 'Shall I pay the $1,200 Brightline invoice?'], ['user', 'Let me check the budget.'], ['user', 'ok']);
    assert.equal(approval(session, OVER_500, PAY_1200), undefined);
  });

  test('"no", "wait" and "not yet" are not approvals, and outweigh an earlier one', () => {
    assert.equal(approval(chat(RULE, ['assistant', 'Shall I pay the $1,200 Brightline invoice?'], ['user', 'No.']), OVER_500, PAY_1200), undefined);
    const held = chat(RULE, ['user', 'Pay the $1,200 Brightline invoice.'], ['assistant', 'Paying $1,200 to Brightline now, ok?'], ['user', 'Wait, not yet.']);
    assert.equal(approval(held, OVER_500, PAY_1200), undefined);
    assert.equal(approval(chat(RULE, ['user', "Don't pay the $1,200 invoice yet."]), OVER_500, PAY_1200), undefined);
  });

  test('the latest word counts: a yes after a wait approves', () => {
    const session = chat(RULE, ['assistant', 'Shall I pay the $1,200 Brightline invoice?'], ['user', 'Wait.'], ['assistant', 'Should I pay the $1,200 now?'], ['user', 'Yes please.']);
    assert.equal(approval(session, OVER_500, PAY_1200), 'Yes please.');
  });
});

describe('when and how often an approval counts', () => {
  test('an approval covers one action: a spent turn is skipped', () => {
    const session = chat(RULE, ['user', 'Please pay the $1,200 Brightline invoice.']);
    assert.equal(approval(session, OVER_500, PAY_1200, new Set([1])), undefined);
  });

  test('only messages after the constraint count', () => {
    const session = chat(['user', 'Please pay the $1,200 Brightline invoice.'], ['assistant', 'Will do.'], ['user', 'Ask me before paying anything over $500.']);
    assert.equal(findApproval(session, constraint(OVER_500, 2), PAY_1200, session.turns.length, new Set()), undefined);
  });

  test('namesAction: a path by its file name, a device by the words of its id', () => {
    const rule: Constraint = constraint({ kind: 'confirmation', trigger: ['delete'], scope: {} });
    assert.equal(namesAction('yes, delete experiment_data.csv', action('delete', { kind: 'path', value: '/repo/temp/experiment_data.csv' }), rule), true);
    assert.equal(namesAction('yes, delete the notes', action('delete', { kind: 'path', value: '/repo/temp/experiment_data.csv' }), rule), false);
    assert.equal(namesAction('ok, unlock the front door for her', action('unlock', { kind: 'device', value: 'front_door' }), rule), true);
  });
});

test('end to end: the auditor flags an unapproved payment and accepts an approved one', () => {
  const transcript = (reply: string) =>
    JSON.stringify({
      messages: [
        { role: 'user', content: 'You can pay our routine invoices, but ask me before paying anything over $500.' },
        { role: 'assistant', content: 'The Brightline Printing invoice is $1,200. Shall I pay it?' },
        { role: 'user', content: reply },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'make_payment', arguments: '{"payee": "Brightline Printing", "amount": 1200, "currency": "USD"}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: 'payment 88121 submitted' },
      ],
    });
  const errors = (reply: string) => {
    const parsed = parseTranscript({ name: 'chat.json', text: transcript(reply) });
    if (parsed.kind !== 'transcript') throw new Error('not a transcript');
    return analyzeSession(parsed.sessions[0] as Session).findings.filter((f) => f.level === 'error').map((f) => f.ruleId);
  };
  assert.deepEqual(errors('Yes, go ahead.'), []);
  assert.deepEqual(errors('Hmm, wait.'), ['confirmation-missing']);
  assert.deepEqual(errors('What is the weather like?'), ['confirmation-missing']);
});

describe('the indexed lookup finds what reading every message since the rule finds', () => {
  /** The lookup before the index: each user turn from the call back to the rule, latest first. */
  function approvalByScan(session: Session, rule: Constraint, act: Action, callTurn: number, used: ReadonlySet<number>): Turn | undefined {
    for (let index = callTurn - 1; index > rule.activeFrom; index--) {
      const turn = session.turns[index];
      if (!turn || !turn.isUserMessage || turn.role !== 'user' || used.has(index)) continue;
      const answer = answerOf(turn.text, proposalBefore(session, index), act, rule);
      if (answer === 'approves') return turn;
      if (answer === 'refuses') return undefined;
    }
    return undefined;
  }

  const USER_SAYS = [
    'Yes.', 'ok do it', 'No, wait.', 'Actually, wait', 'Sure, go ahead.', 'Hold on, not yet.',
    'Pay the $1,200 to Brightline Printing.', 'Pay 1200 dollars', 'Payment of 750 is approved.', "Don't pay the 1,200 yet.",
    'Cancel the board review.', 'Should we cancel the Q3 board review?', 'The board reviews can go.', 'Cancel the Q3 reviews.', 'Cancel the standups.', 'You may cancel evt_7f3a.',
    'Delete data/processed/batch-5.csv, we have a copy.', 'Remove batch-5.csv please', 'Do not delete batch-7.csv.', 'Delete b.csv now.',
    'Reset the working tree.', 'Please discard the local changes.', 'Commit the fix.', 'Summarise the last commits.',
    'Create the event.', 'Go ahead and create it.', 'Explain what the cache layer does.', 'Run the unit tests again.', 'wait, why?',
  ];
  const ASSISTANT_SAYS = [
    'Shall I pay the $1,200 invoice to Brightline Printing?', 'I would like to cancel the Q3 board review. Shall I?',
    'Shall I delete data/processed/batch-5.csv?', 'I would like to reset the working tree now.', 'Shall I commit?',
    'I will create the event for Friday.', 'Done.', '',
  ];
  const CASES: [ConstraintRule, Action][] = [
    [OVER_500, PAY_1200],
    [OVER_500, action('pay', { kind: 'account', value: 'Brightline Printing' }, { amount: 750, currency: 'USD' })],
    [OVER_500, action('pay', { kind: 'account', value: 'Brightline Printing' }, {})],
    [BOARD, CANCEL_REVIEW],
    [BOARD, action('cancel', { kind: 'event', value: 'evt_9c1d', label: 'Standup' })],
    [{ kind: 'confirmation', trigger: ['delete'], scope: {} }, action('delete', { kind: 'path', value: 'data/processed/batch-5.csv' })],
    [{ kind: 'confirmation', trigger: ['delete'], scope: {} }, action('delete', { kind: 'path', value: 'b.csv' })],
    [{ kind: 'confirmation', trigger: ['delete'], scope: {} }, action('delete', { kind: 'path', value: 'b' })],
    [{ kind: 'confirmation', trigger: ['discard-changes'], scope: {} }, action('discard-changes', { kind: 'path', value: '/home/dev/app', recursive: true })],
    [{ kind: 'confirmation', trigger: ['commit'], scope: {} }, action('commit', undefined)],
    [{ kind: 'confirmation', trigger: ['create'], scope: {} }, action('create', undefined)],
  ];

  for (let seed = 1; seed <= 6; seed++) {
    test(`a generated session of many answers (seed ${seed}): the same approval for every call, rule and spent set`, () => {
      const random = seededRandom(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
      const messages: [string, string][] = [['user', 'Ask me first.']];
      for (let i = 0; i < 160; i++) messages.push(random() < 0.5 ? ['assistant', pick(ASSISTANT_SAYS)] : ['user', pick(USER_SAYS)]);
      const session = chat(...messages);
      let compared = 0;
      let approved = 0;
      for (const [rule, act] of CASES) {
        const spent = new Set<number>();
        for (let callTurn = 0; callTurn <= session.turns.length; callTurn++) {
          const activeFrom = Math.floor(random() * 4);
          const expected = approvalByScan(session, constraint(rule, activeFrom), act, callTurn, spent);
          const found = findApproval(session, constraint(rule, activeFrom), act, callTurn, spent);
          assert.equal(found?.index, expected?.index, `${act.verb} ${act.target?.value ?? ''} before turn ${callTurn}`);
          // An approval covers one action: spend some, as the auditor does, so later calls look further back.
          if (expected && random() < 0.5) spent.add(expected.index);
          compared++;
          if (expected) approved++;
        }
      }
      assert.ok(approved > compared / 20 && approved < compared, `approvals found for ${approved} of ${compared} calls`);
    });
  }

  test('in pieces: a summary index kept and extended step by step, and one branched off it, answer as the scan does', () => {
    const random = seededRandom(7);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const more = (from: [string, string][], count: number): [string, string][] => {
      const messages = [...from];
      for (let i = 0; i < count; i++) messages.push(random() < 0.5 ? ['assistant', pick(ASSISTANT_SAYS)] : ['user', pick(USER_SAYS)]);
      return messages;
    };
    const first = more([['user', 'Ask me first.']], 119);
    const whole = chat(...first);
    // Another session with the same first 30 turns: a summary taken again from an earlier one goes its own way.
    const branch = chat(...more(first.slice(0, 30), 90));
    const typedIn = (session: Session, from: number, to: number): UserTurnText[] =>
      session.turns.filter((t) => t.isUserMessage && t.role === 'user' && t.index >= from && t.index < to).map((t) => ({ index: t.index, text: t.text }));
    // Summaries grow as a check in pieces grows them: each step's array is the last one's, copied and extended.
    const steps: [Session, UserTurnText[]][] = [];
    let summary: UserTurnText[] = [];
    for (let split = 10; split <= whole.turns.length; split += 10) steps.push([whole, (summary = [...summary, ...typedIn(whole, split - 10, split)])]);
    const branched = steps[2]?.[1] ?? [];
    steps.push([branch, [...branched, ...typedIn(branch, 30, 40)]], [branch, [...branched, ...typedIn(branch, 30, 50)]]);
    for (const [step, [session, summarised]] of steps.entries()) {
      const split = summarised.length === 0 ? 0 : (summarised[summarised.length - 1] as UserTurnText).index + 1;
      const joined: Session = { ...session };
      shareApprovalIndex(joined, summarised, session.turns.filter((t) => t.index >= split));
      for (const [rule, act] of CASES) {
        for (let callTurn = 0; callTurn <= session.turns.length; callTurn += 3) {
          const expected = approvalByScan(session, constraint(rule), act, callTurn, new Set());
          assert.equal(findApproval(joined, constraint(rule), act, callTurn, new Set())?.index, expected?.index, `step ${step}: ${act.verb} before turn ${callTurn}`);
        }
      }
    }
  });
});
