import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeSession } from '../../server/src/engine/pipeline';
import { parseTranscript } from '../../server/src/engine/parse';
import { parsePolicy } from '../../server/src/engine/ledger';
import { destinationOf, namedDestination } from '../../server/src/engine/findings';
import type { Session } from '../../server/src/engine/session';

const POLICY = parsePolicy(
  '.ghost-lint.yaml',
  `rules:
  - { id: backup-temp, kind: prerequisite, trigger: [delete], scope: { paths: [temp] }, requires: [backup] }
  - { id: big-payments, kind: confirmation, trigger: [pay], scope: { amountAbove: 500 } }
`,
);

function only(text: string): Session {
  const parsed = parseTranscript({ name: 'fixture', text });
  if (parsed.kind !== 'transcript' || !parsed.sessions[0]) throw new Error('fixture did not parse');
  return parsed.sessions[0];
}

test('an unmet prerequisite is repaired with a declared tool that does the missing step on the same target', () => {
  const session = only(
    JSON.stringify({
      tools: [
        { type: 'function', function: { name: 'archive', description: 'Archive (back up) a file before changes.', parameters: { type: 'object', properties: { file: { type: 'string' } } } } },
        { type: 'function', function: { name: 'delete_file', parameters: { type: 'object', properties: { path: { type: 'string' } } } } },
      ],
      messages: [{ role: 'assistant', tool_calls: [{ id: 'd1', type: 'function', function: { name: 'delete_file', arguments: '{"path": "temp/a.csv"}' } }] }],
    }),
  );
  const [finding] = analyzeSession(session, { policies: [POLICY] }).findings;
  assert.equal(finding?.ruleId, 'prerequisite-missing');
  assert.deepEqual(finding?.repair?.call, { tool: 'archive', arguments: { file: 'temp/a.csv' } });
  const snippet = JSON.parse(finding?.repair?.snippet ?? '{}') as { tool_calls: { function: { name: string; arguments: string } }[] };
  assert.equal(snippet.tool_calls[0]?.function.name, 'archive');
  assert.deepEqual(JSON.parse(snippet.tool_calls[0]?.function.arguments ?? ''), { file: 'temp/a.csv' });
});

test('with no backup tool, a Claude Code session gets a shell command, bound and checked like any call', () => {
  const line = (o: object) => JSON.stringify({ uuid: Math.random().toString(36), sessionId: 's', cwd: '/srv/app', timestamp: '2026-01-01T00:00:00Z', ...o });
  const session = only(
    [
      line({ type: 'user', message: { role: 'user', content: 'clean up' } }),
      line({ type: 'assistant', message: { id: 'm1', role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'rm temp/a.csv' } }] } }),
    ].join('\n'),
  );
  const [finding] = analyzeSession(session, { policies: [POLICY] }).findings;
  assert.equal(finding?.ruleId, 'prerequisite-missing');
  assert.deepEqual(finding?.repair?.call, { tool: 'Bash', arguments: { command: 'cp -a /srv/app/temp/a.csv /srv/app/temp/a.csv.bak', description: 'Back up before the change' } });
  assert.equal((JSON.parse(finding?.repair?.snippet ?? '{}') as { type: string }).type, 'assistant');
});

test('an unmet confirmation is repaired with a message asking the user, in the format of the transcript', () => {
  const session = only(
    JSON.stringify({
      messages: [
        { role: 'user', content: 'Pay the supplier.' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'p1', name: 'make_payment', input: { payee: 'Brightline', amount: 1200, currency: 'USD' } }] },
      ],
    }),
  );
  const [finding] = analyzeSession(session, { policies: [POLICY] }).findings;
  assert.equal(finding?.ruleId, 'confirmation-missing');
  const message = JSON.parse(finding?.repair?.snippet ?? '{}') as { role: string; content: { type: string; text: string }[] };
  assert.equal(message.role, 'assistant');
  assert.match(message.content[0]?.text ?? '', /^Before I pay 1200 USD to Brightline, can you confirm\?/);
});

const claudeLine = (o: object) => JSON.stringify({ uuid: Math.random().toString(36), sessionId: 's', cwd: '/srv/app', timestamp: '2026-01-01T00:00:00Z', ...o });

test('the repair copies to the destination the constraint names ("back it up to backup/"), not beside the target', () => {
  const session = only(
    [
      claudeLine({ type: 'user', message: { role: 'user', content: 'Before you delete anything in temp/, back it up to backup/ first.' } }),
      claudeLine({ type: 'assistant', message: { id: 'm1', role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'rm temp/a.csv' } }] } }),
    ].join('\n'),
  );
  const finding = analyzeSession(session).findings.find((f) => f.ruleId === 'prerequisite-missing');
  assert.deepEqual(finding?.repair?.call, { tool: 'Bash', arguments: { command: 'mkdir -p backup && cp -a /srv/app/temp/a.csv backup/a.csv', description: 'Back up before the change' } });
  assert.match(finding?.repair?.description ?? '', /^backup \/srv\/app\/temp\/a\.csv to backup\/a\.csv before this call, with Bash$/);
});

test('the repair uses the tool the constraint names, with the destination it names, over other tools that could do the step', () => {
  const parameters = (...names: string[]) => ({ type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])) });
  const session = only(
    JSON.stringify({
      tools: [
        { type: 'function', function: { name: 'archive', description: 'Archive (back up) a file before changes.', parameters: parameters('file') } },
        { type: 'function', function: { name: 'backup_file', description: 'Copy a file to a backup location.', parameters: parameters('path', 'destination') } },
        { type: 'function', function: { name: 'delete_file', parameters: parameters('path') } },
      ],
      messages: [
        { role: 'user', content: 'Before deleting anything in temp/, save a copy into `vault/` with backup_file.' },
        { role: 'assistant', tool_calls: [{ id: 'd1', type: 'function', function: { name: 'delete_file', arguments: '{"path": "temp/a.csv"}' } }] },
      ],
    }),
  );
  const finding = analyzeSession(session).findings.find((f) => f.ruleId === 'prerequisite-missing');
  assert.deepEqual(finding?.repair?.call, { tool: 'backup_file', arguments: { path: 'temp/a.csv', destination: 'vault/a.csv' } });
});

test('the destination a constraint names: a folder or a file after the copying verb, or none', () => {
  const cases: [string, string | undefined, string][] = [
    ['Before you delete anything in temp/, back it up to backup/ first.', 'backup/', 'backup/x.csv'],
    ['Back up every file to `archive/2024` before removing it.', 'archive/2024', 'archive/2024/x.csv'],
    ['Always copy files into old/ before overwriting them.', 'old/', 'old/x.csv'],
    ['Save a copy to backup.tar before you delete.', 'backup.tar', 'backup.tar'],
    ['Before you delete anything in temp/, back it up first.', undefined, 'temp/x.csv.bak'],
    ['Back it up in case something breaks.', undefined, 'temp/x.csv.bak'],
  ];
  for (const [sentence, named, copy] of cases) {
    assert.equal(namedDestination(sentence), named, sentence);
    assert.equal(destinationOf('temp/x.csv', named), copy, sentence);
  }
});

test("a commit made without the project's own check is repaired by running that check in the session's shell", () => {
  const session = only(
    JSON.stringify([
      { role: 'user', content: 'Always run `just f` before committing.' },
      { role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'Bash', arguments: '{"command": "git commit -am fix"}' } }] },
    ]),
  );
  const [finding] = analyzeSession(session).findings.filter((f) => f.level === 'error');
  assert.equal(finding?.ruleId, 'prerequisite-missing');
  assert.deepEqual(finding?.repair?.call, { tool: 'Bash', arguments: { command: 'just f', description: "Run the project's checks" } });
  assert.match(finding?.repair?.description ?? '', /^run `just f` before this call, with Bash/);
});
