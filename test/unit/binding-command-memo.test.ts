import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bindSession } from '../../server/src/engine/binding';
import { CallArguments } from '../../server/src/engine/binding/callArguments';
import { bindBuiltin } from '../../server/src/engine/binding/tools';
import type { BindingContext } from '../../server/src/engine/binding/types';
import { describeAction, parseAs } from '../support/sessions';

/**
 * A session binds each command text once per folder and maps the actions' spans to every call that runs
 * it again. The memo must give exactly what binding each call afresh gives: the same actions, each span
 * on that call's own source, under any escaping.
 */

const COMMANDS: readonly unknown[] = [
  'rm -rf build && npm run build',
  'cp -a temp/run.csv backup/run.csv; rm temp/run.csv',
  'bash -c "rm -rf \\"old dir\\""',
  'sqlite3 app.db "DROP TABLE users"',
  "apply_patch <<'EOF'\n*** Begin Patch\n*** Delete File: a.txt\n*** End Patch\nEOF",
  'cd data && rm raw/*.bin',
  'git push --force origin main',
  'echo "done\tat $(date)" > out.txt',
  'ls -la',
  'psql -c "TRUNCATE logs"',
  ['rm', '-f', 'x y.txt'],
  ['bash', '-lc', 'mv a.txt "b c.txt"'],
];
const FOLDERS = [undefined, '/srv/app', 'sub'];

function session() {
  const messages: object[] = [{ role: 'user', content: 'Tidy up.' }];
  let id = 0;
  // Every command three times, each time after a different amount of text and in a different folder.
  for (let round = 0; round < 3; round++) {
    COMMANDS.forEach((command, i) => {
      const workdir = FOLDERS[(round + i) % FOLDERS.length];
      const args = { command, ...(workdir !== undefined && { workdir }) };
      messages.push({ role: 'assistant', content: 'x'.repeat(round * 7 + i), tool_calls: [{ id: `c${id}`, type: 'function', function: { name: 'shell', arguments: JSON.stringify(args) } }] });
      messages.push({ role: 'tool', tool_call_id: `c${id}`, content: 'ok' });
      id++;
    });
  }
  const text = JSON.stringify({ messages: [{ role: 'system', content: 'cwd: /home/dev' }, ...messages] }, null, 1);
  return parseAs(text, 'openai-chat');
}

test('commands bound again from the session memo give what binding each call afresh gives', () => {
  const s = session();
  const memoized = bindSession(s);
  const afresh = s.calls.map((call) => {
    const context: BindingContext = { cwd: call.cwd ?? s.cwd, tools: new Map(), declared: new Map(), idLabels: new Map() };
    return bindBuiltin(new CallArguments(call, s.text), context, { text: s.text, existingPaths: new Set() }) ?? [];
  });
  assert.deepEqual(memoized, afresh);
  // The set is varied: most commands bind, in every folder, and a repeated command lands on new spans.
  assert.ok(memoized.filter((actions) => actions.length > 0).length >= 30);
  const first = memoized[0]?.[0];
  const again = memoized[COMMANDS.length * 2]?.[0];
  assert.ok(first && again);
  assert.equal(describeAction(first).split(' ')[0], describeAction(again).split(' ')[0]);
  assert.notDeepEqual(first.span, again.span);
});
