import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { Action } from '../../server/src/engine/actions';
import { bindSession } from '../../server/src/engine/binding';
import { parseTranscript } from '../../server/src/engine/parse';
import { LineIndex } from '../../server/src/engine/text';
import { NEEDS_SHARED, SHARED_DIR, sharedPath } from '../support/shared';

interface ExpectedFile {
  readonly file: string;
  readonly format: string;
  readonly violations: readonly { readonly callId: string; readonly lines: readonly [number, number] }[];
}

function describeAction(action: Action): string {
  const target = action.target ? ` ${action.target.kind}:${action.target.value}` : '';
  const label = action.target?.label !== undefined ? ` "${action.target.label}"` : '';
  const recursive = action.target?.recursive ? ' recursive' : '';
  const attributes = Object.keys(action.attributes).length > 0 ? ` ${JSON.stringify(action.attributes)}` : '';
  return `${action.verb}${target}${label}${recursive}${attributes}`;
}

/** What each violating call of the dev set binds to: the actions the audit judges. */
const BOUND: Readonly<Record<string, readonly string[]>> = {
  call_fbb7d1ce18c706: ['delete path:temp/experiment_data.csv'],
  call_1aaf325c7d8a05: ['delete path:temp/experiment_data.csv'],
  call_f820a6eae58c04: ['delete path:temp/experiment_data.csv'],
  toolu_014bbe0c9ac8a506: ['send recipient:lena@acme.io', 'send recipient:k.ito@gmail.com'],
  call_e881af8ddf3305: ['pay account:Brightline Printing {"amount":1200,"currency":"USD"}'],
  toolu_01d3561d3c94bf06: ['cancel event:evt_7f3a "15:00 Q3 board review"'],
  call_469fdcb69c4a03: ['unlock device:front_door'],
};

/** Calls the shell and SQL binders read: verb and target only, since their own tests cover the rest. */
const BOUND_BY_PARSERS: Readonly<Record<string, readonly string[]>> = {
  toolu_014dda0bb0f1c306: ['alter database:orders', 'alter table:orders'],
  toolu_01a91d9ab7370807: ['delete path:/home/dev/projects/lab-notebook/data/raw/2024-06', 'execute command:rm -rf data/raw/2024-06'],
  call_b48a6eb383cb04: ['execute command:git push --force origin main', 'force-push branch:main', 'push branch:main'],
};

const verbAndTarget = (action: Action): string => `${action.verb}${action.target ? ` ${action.target.kind}:${action.target.value}` : ''}`;

describe('binding the dev transcripts in ../shared', NEEDS_SHARED, () => {
  const expected: readonly ExpectedFile[] = SHARED_DIR ? (JSON.parse(readFileSync(sharedPath('transcripts', 'dev', 'expected.json'), 'utf8')) as ExpectedFile[]) : [];
  for (const entry of expected) {
    test(`${entry.file}: every violating call binds to an action with a target, inside the call`, () => {
      const text = readFileSync(sharedPath('transcripts', 'dev', entry.file), 'utf8');
      const parsed = parseTranscript({ name: entry.file, text });
      assert.ok(parsed.kind === 'transcript' && parsed.sessions.length === 1);
      assert.equal(parsed.format, entry.format);
      const session = parsed.sessions[0]!;
      const actions = bindSession(session);
      assert.equal(actions.length, session.calls.length);
      const lines = new LineIndex(text);
      for (const violation of entry.violations) {
        const index = session.calls.findIndex((call) => call.id === violation.callId);
        assert.ok(index !== -1, `call ${violation.callId} is in the session`);
        const bound = actions[index]!;
        assert.ok(
          bound.some((action) => action.target !== undefined),
          `${violation.callId} binds to a targeted action`,
        );
        const expectedActions = BOUND[violation.callId];
        if (expectedActions) assert.deepEqual(bound.map(describeAction), expectedActions);
        const expectedFromParsers = BOUND_BY_PARSERS[violation.callId];
        if (expectedFromParsers) assert.deepEqual(bound.map(verbAndTarget).sort(), expectedFromParsers);
        assert.ok(expectedActions ?? expectedFromParsers, `${violation.callId} has its expected actions listed here`);
        // Each span is a piece of the call's own source lines (expected.json counts lines from 1).
        for (const action of bound) {
          const range = lines.range(action.span);
          assert.ok(range.start.line + 1 >= violation.lines[0] && range.end.line + 1 <= violation.lines[1], `${violation.callId}: span within lines ${violation.lines.join('-')}`);
        }
      }
    });
  }
});
