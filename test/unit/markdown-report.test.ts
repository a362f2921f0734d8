import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkReport, inputErrorReport, reportFile, toMarkdown } from '../../server/src/engine/report';
import { parseTranscript } from '../../server/src/engine/parse';

// A deletion in temp/ with no backup (prerequisite-missing), with a call id that holds a backtick.
const SESSION = JSON.stringify(
  {
    messages: [
      { role: 'user', content: 'Before you delete anything in temp/, back it up first.' },
      { role: 'assistant', tool_calls: [{ id: 'call_`1`', type: 'function', function: { name: 'delete_file', arguments: '{"path": "temp/a.csv"}' } }] },
      { role: 'tool', tool_call_id: 'call_`1`', content: 'deleted' },
    ],
  },
  null,
  2,
);

test('the Markdown report summarises, then lists each finding with its constraint, location and repair', () => {
  const report = checkReport('9.9.9', [reportFile('runs/a.json', parseTranscript({ name: 'a.json', text: SESSION })), inputErrorReport('runs/b.json', 'cannot read: EACCES')]);
  const markdown = toMarkdown(report);
  assert.match(markdown, /^# ghost-lint report\n\nghost-lint 9\.9\.9: 2 files, 1 session, 1 tool call; 1 error, 0 warnings, 1 note, 0 suppressed, 1 input error\.\n/);
  assert.match(markdown, /\| `runs\/a\.json` \| openai-chat \| 1 \| 1 \| 1 \| 0 \|/);
  assert.match(markdown, /\| `runs\/b\.json` \| input error \|/);
  assert.match(markdown, /- \*\*error\*\* \[prerequisite-missing\]\([^)]+\/docs\/rules\/prerequisite-missing\.md\) on call `` call_`1` ``, line \d+, column \d+: /);
  assert.match(markdown, /\n {2}- repair: /);
  assert.match(markdown, /Not analysed: cannot read: EACCES\./);
});

test('quoted text cannot open a table cell, an HTML tag or a link in the Markdown report', () => {
  const report = checkReport('9.9.9', [reportFile('a.json', parseTranscript({ name: 'a.json', text: SESSION }))]);
  const [session] = report.files[0]?.sessions ?? [];
  const [finding] = session?.findings.filter((f) => f.level === 'error') ?? [];
  assert.ok(session && finding);
  const hostile = { ...report, files: [{ ...report.files[0]!, sessions: [{ ...session, findings: [{ ...finding, message: 'deleted <b>|x|</b> [y](z)' }] }] }] };
  assert.match(toMarkdown(hostile), /: deleted \\<b\\>\\\|x\\\|\\<\/b\\> \\\[y\\\]\(z\)\n/);
});
