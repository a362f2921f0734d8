import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Action } from '../../server/src/engine/actions';
import { bindSession } from '../../server/src/engine/binding';
import { CallArguments, parseAmount } from '../../server/src/engine/binding/callArguments';
import { commandFromArgv } from '../../server/src/engine/binding/embeddedCommands';
import { TOOL_SPECS } from '../../server/src/engine/binding/tools';
import { marked, slice } from '../support/fixture';
import { describeAction as describe, parseAs as parse } from '../support/sessions';

// ---------------------------------------------------------------------------------------------------
// Claude Code

const ENVELOPE = { parentUuid: null, isSidechain: false, userType: 'external', cwd: '/repo', sessionId: 'sess-1', version: '2.0.14' };
let uuids = 0;
const entry = (type: string, fields: Record<string, unknown>) => ({ ...ENVELOPE, type, uuid: `u-${++uuids}`, timestamp: '2026-02-10T21:00:00.000Z', ...fields });
const toolUse = (id: string, name: string, input: unknown) =>
  entry('assistant', { message: { id: `msg-${id}`, type: 'message', role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } });
const toolResult = (id: string, content: string) => entry('user', { message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content }] } });
const jsonl = (...records: unknown[]): string => records.map((r) => JSON.stringify(r)).join('\n');

test('Claude Code file tools: paths against the cwd; Write overwrites only a file known to exist', () => {
  const text = jsonl(
    entry('user', { message: { role: 'user', content: 'Tidy the notes.' } }),
    // A new file: its own result says it was created.
    toolUse('t1', 'Write', { file_path: 'notes/new.md', content: 'x' }),
    toolResult('t1', 'File created successfully at: /repo/notes/new.md'),
    // Its own result says it was updated: an overwrite.
    toolUse('t2', 'Write', { file_path: '/repo/notes/a.md', content: 'y' }),
    toolResult('t2', "The file /repo/notes/a.md has been updated. Here's the result of running `cat -n` on a snippet of the edited file:\n     1\ty"),
    // No result to go by: an earlier successful Read shows the file existed.
    toolUse('t3', 'Read', { file_path: './notes/../notes/b.md' }),
    toolResult('t3', '     1\tb'),
    toolUse('t4', 'Write', { file_path: 'notes/b.md', content: 'z' }),
    toolUse('t5', 'Edit', { file_path: 'src/app.ts', old_string: 'a', new_string: 'b' }),
    toolUse('t6', 'MultiEdit', { file_path: 'src/app.ts', edits: [] }),
    toolUse('t7', 'NotebookEdit', { notebook_path: 'nb/analysis.ipynb', new_source: 'print(1)' }),
    toolUse('t8', 'Glob', { pattern: '**/*.ts' }),
    toolUse('t9', 'Grep', { pattern: 'TODO' }),
    toolUse('t10', 'Task', { description: 'delete the logs', prompt: 'rm -rf logs' }),
    toolUse('t11', 'TodoWrite', { todos: [{ content: 'write tests', status: 'pending' }] }),
  );
  const session = parse(text, 'claude-code');
  const actions = bindSession(session);
  assert.deepEqual(
    actions.map((list) => list.map(describe)),
    [
      ['write path:/repo/notes/new.md'],
      ['write path:/repo/notes/a.md', 'overwrite path:/repo/notes/a.md'],
      ['read path:/repo/notes/b.md'],
      ['write path:/repo/notes/b.md', 'overwrite path:/repo/notes/b.md'],
      ['write path:/repo/src/app.ts'],
      ['write path:/repo/src/app.ts'],
      ['write path:/repo/nb/analysis.ipynb'],
      [],
      [],
      [],
      [],
    ],
  );
  const write = actions[0]![0]!;
  assert.equal(slice(text, write.span), 'notes/new.md');
  assert.deepEqual(write.step, { order: 0, chain: 0 });
  assert.equal(write.basis, 'builtin');
});

// ---------------------------------------------------------------------------------------------------
// Codex apply_patch

const meta = JSON.stringify({ timestamp: '2026-01-01T00:00:00.000Z', type: 'session_meta', payload: { id: 's', cwd: '/repo' } });
const codexLine = (payload: unknown): string => JSON.stringify({ timestamp: '2026-01-01T00:00:01.000Z', type: 'response_item', payload });

test('Codex apply_patch (freeform): add, update, move and delete, each span on its path inside the patch', () => {
  const { text, spans } = marked(
    [
      meta,
      // The patch as Codex records a custom tool call: `\n` in the file is one newline of the patch.
      `{"timestamp":"2026-01-01T00:00:02.000Z","type":"response_item","payload":{"type":"custom_tool_call","name":"apply_patch","call_id":"c1","input":"*** Begin Patch\\n*** Add File: ⟦docs/new.md⟧\\n+hello\\n*** Update File: ⟦src/a.ts⟧\\n*** Move to: ⟦src/b.ts⟧\\n@@\\n-x\\n+y\\n*** Update File: ⟦src/c.ts⟧\\n@@\\n-\\"q\\"\\n+\\"r\\"\\n*** Delete File: ⟦old.txt⟧\\n*** End Patch"}}`,
    ].join('\n'),
  );
  const [actions] = bindSession(parse(text, 'codex'));
  assert.deepEqual(actions?.map(describe), [
    'write path:/repo/docs/new.md',
    'move path:/repo/src/a.ts {"destination":"/repo/src/b.ts"}',
    'write path:/repo/src/b.ts',
    'write path:/repo/src/c.ts',
    'delete path:/repo/old.txt',
  ]);
  assert.deepEqual(
    actions?.map((a) => a.span),
    [spans[0], spans[1], spans[2], spans[3], spans[4]],
  );
});

test('Codex apply_patch as a function call (two escape levels), as a shell argv with workdir, and as a heredoc after cd', () => {
  const patch = (path: string) => `*** Begin Patch\n*** Delete File: ${path}\n*** End Patch`;
  const text = [
    meta,
    codexLine({ type: 'function_call', name: 'apply_patch', call_id: 'c1', arguments: JSON.stringify({ input: patch('one.txt') }) }),
    // `workdir` overrides the session's cwd for this call; relative to it when relative.
    codexLine({ type: 'function_call', name: 'shell', call_id: 'c2', arguments: JSON.stringify({ command: ['apply_patch', patch('two.txt')], workdir: 'pkg' }) }),
    codexLine({ type: 'function_call', name: 'shell', call_id: 'c3', arguments: JSON.stringify({ command: ['bash', '-lc', `cd sub && apply_patch <<'EOF'\n${patch('three.txt')}\nEOF`], workdir: '/other' }) }),
  ].join('\n');
  const actions = bindSession(parse(text, 'codex'));
  assert.deepEqual(
    actions.map((list) => list.map(describe)),
    [['delete path:/repo/one.txt'], ['delete path:/repo/pkg/two.txt'], ['delete path:/other/sub/three.txt', 'execute command:cd sub', 'execute command:apply_patch']],
  );
  // Every span is exactly the path as written in the file, escapes and all.
  assert.deepEqual(
    actions.map((list) => slice(text, list[0]!.span)),
    ['one.txt', 'two.txt', 'three.txt'],
  );
});

test('an argv without a shell is joined with quoting, each element keeping its exact source span', () => {
  // OpenAI chat: arguments are a JSON string, so the elements sit under two escape levels.
  const { text, spans } = marked(
    `{"messages":[{"role":"user","content":"go"},{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"shell","arguments":"{\\"command\\":[⟦\\"⟦rm⟧\\", \\"-rf\\", \\"⟦old \\\\\\"dir\\\\\\"⟧\\"⟧]}"}}]}]}`,
  );
  const session = parse(text, 'openai-chat');
  const call = session.calls[0]!;
  const args = new CallArguments(call, text);
  const found = args.find('command');
  assert.ok(found && Array.isArray(found.value));
  const command = commandFromArgv(args, found.path, found.value);
  assert.ok(command);
  assert.equal(command.value, `rm -rf 'old "dir"'`);
  // The whole command runs from the first element's start to the last element's end.
  assert.deepEqual(command.spanOf(0, command.value.length), { start: spans[1]!.start, end: spans[2]!.end });
  assert.deepEqual(command.spanOf(0, 2), spans[1]);
  // The quotes the joining added fall on the element's own edges.
  assert.deepEqual(command.spanOf(7, command.value.length), spans[2]);
  assert.equal(slice(text, command.spanOf(8, 11)), 'old');
  // A shell's script is the command itself: no joining.
  const bash = commandFromArgv(args, found.path, ['bash', '-lc', 'ls']);
  assert.equal(bash?.value, 'ls');
  assert.ok(spans[0]);
});

// ---------------------------------------------------------------------------------------------------
// Common tool names (format-independent: an Anthropic transcript carries them here)

function anthropic(calls: readonly (readonly [string, Record<string, unknown>, string?])[]): string {
  const messages: unknown[] = [{ role: 'user', content: 'Please help.' }];
  calls.forEach(([name, input, result], i) => {
    messages.push({ role: 'assistant', content: [{ type: 'tool_use', id: `toolu_${i}`, name, input }] });
    if (result !== undefined) messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: `toolu_${i}`, content: result }] });
  });
  return JSON.stringify({ messages }, null, 1);
}

test('files, mail, money, databases, calendars, devices, deployment and git by their common names', () => {
  const text = anthropic([
    ['copy_file', { source: 'data/a.csv', destination: 'backups/a.csv' }],
    ['move_file', { source: 'in/b.txt', destination: 'out/b.txt' }],
    ['delete_directory', { path: 'temp' }],
    ['send_email', { to: ['Lena@Acme.io'], cc: 'k.ito@gmail.com; "Sam" <sam@acme.io>', subject: 'hi' }],
    ['send_money', { recipient: 'UK12345678901234567890', amount: '$1,200.50', subject: 'rent' }],
    ['create_snapshot', { database: 'orders' }],
    ['list_events', { from: '2026-10-01' }, 'evt_7f3a: Q3 board review'],
    ['cancel_event', { event_id: 'evt_7f3a' }],
    ['move_event', { event_id: 'evt_90cc', new_start: '2026-10-02T10:00' }],
    ['set_device_state', { device: 'front_door', state: 'unlocked' }],
    ['set_device_state', { device: 'front_door', state: 'locked' }],
    ['open_garage', { device_id: 'garage-1' }],
    ['deploy', { environment: 'production', version: '1.2.0' }],
    ['git_push', { branch: 'main', force: true }],
    ['mcp__files__delete_file', { path: 'x.log' }],
    ['list_directory', { path: 'temp' }],
  ]);
  const actions = bindSession(parse(text, 'anthropic'));
  assert.deepEqual(
    actions.map((list) => list.map(describe)),
    [
      ['backup path:data/a.csv {"destination":"backups/a.csv"}', 'write path:backups/a.csv'],
      ['move path:in/b.txt {"destination":"out/b.txt"}', 'write path:out/b.txt'],
      ['delete path:temp recursive'],
      ['send recipient:lena@acme.io', 'send recipient:k.ito@gmail.com', 'send recipient:sam@acme.io'],
      ['pay account:UK12345678901234567890 {"amount":1200.5,"currency":"USD"}'],
      ['backup database:orders'],
      [],
      ['cancel event:evt_7f3a "Q3 board review"'],
      ['reschedule event:evt_90cc'],
      ['unlock device:front_door'],
      [],
      ['open device:garage-1'],
      ['deploy environment:production'],
      ['push branch:main {"force":true}', 'force-push branch:main {"force":true}'],
      ['delete path:x.log'],
      [],
    ],
  );
  // Recipients split out of one string keep their own spans.
  const sends = actions[3]!;
  assert.deepEqual(
    sends.map((a) => slice(text, a.span)),
    ['Lena@Acme.io', 'k.ito@gmail.com', '\\"Sam\\" <sam@acme.io>'],
  );
});

test('OpenHands and SWE-agent editors: the command decides between write and read', () => {
  const text = anthropic([
    ['str_replace_editor', { command: 'create', path: '/workspace/game.py', file_text: 'x' }],
    ['str_replace_editor', { command: 'view', path: '/workspace' }],
    ['str_replace_editor', { command: 'str_replace', path: '/workspace/game.py', old_str: 'a', new_str: 'b' }],
    ['create', { filename: 'reproduce.py' }],
    ['open', { path: 'tests/missing_colon.py' }],
    // SWE-agent's edit works on the open file and names none: nothing to bind a target to.
    ['edit', { search: 'a', replace: 'b' }],
    ['read_many_files', { paths: ['a.md', 'b.md'] }],
  ]);
  assert.deepEqual(
    bindSession(parse(text, 'anthropic')).map((list) => list.map(describe)),
    [
      ['write path:/workspace/game.py'],
      ['read path:/workspace'],
      ['write path:/workspace/game.py'],
      ['write path:reproduce.py'],
      ['read path:tests/missing_colon.py'],
      [],
      ['read path:a.md', 'read path:b.md'],
    ],
  );
});

test('a known tool whose arguments the table does not expect falls back to inference', () => {
  // AgentDojo's delete_file takes a file id; the listing before it says what the id is.
  const text = anthropic([
    ['list_files', {}, '- id_: "13"\n  filename: budget-2024.xlsx'],
    ['delete_file', { file_id: '13' }],
  ]);
  const [, actions] = bindSession(parse(text, 'anthropic'));
  assert.deepEqual(actions?.map(describe), ['delete resource:13 "budget-2024.xlsx"']);
  assert.equal(actions?.[0]?.basis, 'inferred');
});

test('amounts written as text', () => {
  assert.deepEqual(parseAmount('$1,200.50'), { amount: 1200.5, currency: 'USD' });
  assert.deepEqual(parseAmount('1.200,50 EUR'), { amount: 1200.5, currency: 'EUR' });
  assert.deepEqual(parseAmount('USD 98.70'), { amount: 98.7, currency: 'USD' });
  assert.deepEqual(parseAmount('£1,000'), { amount: 1000, currency: 'GBP' });
  assert.deepEqual(parseAmount('12,5'), { amount: 12.5 });
  assert.deepEqual(parseAmount(1200), { amount: 1200 });
  assert.deepEqual(parseAmount('a lot'), {});
  assert.deepEqual(parseAmount(null), {});
});

test('the table names each tool once', () => {
  const names = TOOL_SPECS.flatMap((spec) => spec.names);
  assert.deepEqual(
    names.filter((name, i) => names.indexOf(name) !== i),
    [],
  );
  for (const name of names) assert.equal(name, name.toLowerCase(), `${name} is written in lower case, as lookups compare`);
});

test('SQL tools hand their statement and database to the SQL binder; spans inside the statement', () => {
  const { text, spans } = marked(`{"messages": [
  {"role": "user", "content": "Migrate."},
  {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "execute_sql", "input": {"database": "orders", "query": "⟦DROP TABLE legacy_orders⟧"}}]},
  {"role": "assistant", "content": [{"type": "tool_use", "id": "t2", "name": "run_sql", "input": {"db": "crm", "sql": "⟦TRUNCATE contacts⟧"}}]}
]}`);
  const actions = bindSession(parse(text, 'anthropic'));
  const verbAndTarget = (a: Action) => `${a.verb} ${a.target?.kind}:${a.target?.value}`;
  assert.ok(actions[0]?.some((a) => verbAndTarget(a) === 'drop table:legacy_orders'));
  assert.ok(actions[1]?.some((a) => verbAndTarget(a) === 'truncate table:contacts'));
  assert.ok(actions.flat().every((a) => a.basis === 'sql'));
  // Each action's span lies inside its statement.
  actions.forEach((list, i) => {
    for (const action of list) assert.ok(action.span.start >= spans[i]!.start && action.span.end <= spans[i]!.end);
  });
});

test('forge MCP tools bind as the `gh` command each is; an update that does not close is only an update', () => {
  const text = jsonl(
    entry('user', { message: { role: 'user', content: 'Tidy up the tracker.' } }),
    toolUse('f1', 'mcp__github__merge_pull_request', { owner: 'acme', repo: 'web', pullNumber: 12, merge_method: 'squash' }),
    toolUse('f2', 'mcp__github__update_issue', { owner: 'acme', repo: 'web', issue_number: 3, state: 'closed' }),
    toolUse('f3', 'mcp__github__update_issue', { owner: 'acme', repo: 'web', issue_number: 4, title: 'Clearer title' }),
    toolUse('f4', 'mcp__github__create_pull_request', { owner: 'acme', repo: 'web', title: 'Fix', head: 'fix', base: 'main' }),
    toolUse('f5', 'mcp__gitlab__merge_merge_request', { project_id: 'acme/web', merge_request_iid: 7 }),
  );
  const actions = bindSession(parse(text, 'claude-code'));
  assert.deepEqual(actions.map((list) => list.map(describe)), [
    ['execute command:gh pr merge 12'],
    ['execute command:gh issue close 3'],
    ['update'],
    ['execute command:gh pr create'],
    ['execute command:gh pr merge 7'],
  ]);
});

test('tools that wrap a program bind as the command they run: named for program and subcommand, or the program with the rest in an argument', () => {
  const text = jsonl(
    entry('user', { message: { role: 'user', content: 'Ship the fix.' } }),
    toolUse('w1', 'mcp__git__git_commit', { repo_path: '/repo', message: 'wip' }),
    toolUse('w2', 'mcp__git__git_add', { repo_path: '/repo', files: ['a.ts'] }),
    toolUse('w3', 'mcp__k8s__kubectl_delete', { resourceType: 'deployment', name: 'api', namespace: 'production' }),
    toolUse('w4', 'mcp__k8s__helm_upgrade', { name: 'api', chart: './chart', namespace: 'prod' }),
    toolUse('w5', 'npm_publish', { package_dir: '.' }),
    toolUse('w6', 'kubectl', { command: 'delete pod web-1 -n staging' }),
    toolUse('w7', 'git', { args: ['push', '--force', 'origin', 'main'] }),
    toolUse('w8', 'git_status', { repo_path: '/repo' }),
    // A program's name inside a longer word names no wrapper.
    toolUse('w9', 'github_search', { query: 'fix' }),
  );
  const actions = bindSession(parse(text, 'claude-code'));
  assert.deepEqual(actions.map((list) => list.map(describe)), [
    ['commit', 'execute command:git commit -m wip'],
    ['execute command:git add a.ts'],
    ['deploy environment:production', 'delete environment:production', 'execute command:kubectl delete -n production deployment api'],
    ['deploy environment:prod', 'execute command:helm upgrade -n prod api ./chart'],
    ['publish', 'execute command:npm publish'],
    ['deploy environment:staging', 'delete environment:staging', 'execute command:kubectl delete pod web-1 -n staging'],
    ['force-push branch:main {"force":true}', 'push branch:main {"force":true}', 'execute command:git push --force origin main'],
    ['execute command:git status'],
    [],
  ]);
  // The rest of a command given as a string keeps its own place; a command written out from the name points at the arguments.
  const staging = actions[5]?.find((a) => a.verb === 'deploy');
  assert.ok(staging && slice(text, staging.span).includes('staging') && !slice(text, staging.span).includes('command'));
  const commit = actions[0]?.[0];
  assert.ok(commit && slice(text, commit.span).startsWith('{') && slice(text, commit.span).includes('"message"'));
});

test('other agents\' editors and shells: Roo Code\'s apply_diff and search_and_replace edit their file; Desktop Commander\'s start_process runs its command', () => {
  const text = anthropic([
    ['apply_diff', { path: 'data/a.csv', diff: '<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE' }],
    ['search_and_replace', { path: 'data/b.csv', search: 'a', replace: 'b' }],
    ['start_process', { command: 'rm -rf build', timeout_ms: 1000 }],
  ]);
  const actions = bindSession(parse(text, 'anthropic'));
  assert.deepEqual(actions.map((list) => list.map(describe)), [['write path:data/a.csv'], ['write path:data/b.csv'], ['delete path:build recursive', 'execute command:rm -rf build']]);
});

test('Kubernetes tools named for a kind of object and what they do (the Kubernetes MCP server) bind as the kubectl command they are', () => {
  const manifest = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\n  namespace: prod\nspec: {}';
  const text = jsonl(
    entry('user', { message: { role: 'user', content: 'Clean up the cluster.' } }),
    toolUse('k1', 'mcp__kubernetes__pods_delete', { name: 'api-7f9', namespace: 'prod' }),
    toolUse('k2', 'mcp__kubernetes__resources_delete', { apiVersion: 'apps/v1', kind: 'Deployment', name: 'api', namespace: 'staging' }),
    toolUse('k3', 'mcp__kubernetes__resources_create_or_update', { resource: manifest }),
    toolUse('k4', 'mcp__kubernetes__pods_list', { namespace: 'prod' }),
  );
  const actions = bindSession(parse(text, 'claude-code'));
  assert.deepEqual(actions.map((list) => list.map(describe)), [
    ['deploy environment:prod', 'delete environment:prod', 'execute command:kubectl delete pod -n prod api-7f9'],
    // (The API version is no path: it had been deleted as one.)
    ['deploy environment:staging', 'delete environment:staging', 'execute command:kubectl delete -n staging Deployment api'],
    // A manifest applied goes to the namespace its metadata names.
    ['deploy environment:prod', 'execute command:kubectl apply -f - -n prod'],
    [],
  ]);
});

test('Home Assistant’s HassTurnOn/HassTurnOff: a lock turned off is unlocked, a cover turned on is opened, anything else turned off is disabled', () => {
  const text = jsonl(
    entry('user', { message: { role: 'user', content: 'I am home.' } }),
    toolUse('h1', 'mcp__home_assistant__HassTurnOff', { name: 'Front Door', domain: ['lock'] }),
    toolUse('h2', 'mcp__home_assistant__HassTurnOff', { name: 'Back door lock' }),
    toolUse('h3', 'mcp__home_assistant__HassTurnOn', { name: 'Front Door', domain: ['lock'] }),
    toolUse('h4', 'mcp__home_assistant__HassTurnOn', { name: 'Garage Door', domain: ['cover'] }),
    toolUse('h5', 'mcp__home_assistant__HassTurnOn', { name: 'Side gate' }),
    toolUse('h6', 'mcp__home_assistant__HassTurnOff', { name: 'Garage Door', device_class: ['garage'] }),
    toolUse('h7', 'mcp__home_assistant__HassTurnOff', { name: 'Alarm siren' }),
    toolUse('h8', 'mcp__home_assistant__HassTurnOn', { name: 'Kitchen light' }),
    toolUse('h9', 'mcp__home_assistant__HassTurnOff', { area: 'Nursery', domain: ['camera'] }),
  );
  const actions = bindSession(parse(text, 'claude-code'));
  assert.deepEqual(actions.map((list) => list.map(describe)), [
    ['unlock device:Front Door'],
    ['unlock device:Back door lock'],
    [],
    ['open device:Garage Door'],
    ['open device:Side gate'],
    [],
    ['disable device:Alarm siren'],
    [],
    ['disable device:Nursery'],
  ]);
});
