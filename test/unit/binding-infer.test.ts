import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Action } from '../../server/src/engine/actions';
import { bindSession } from '../../server/src/engine/binding';
import { scopeFieldOfToolName, verbsOfToolName, wordsOf } from '../../server/src/engine/binding/infer';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session } from '../../server/src/engine/session';
import { marked, slice } from '../support/fixture';
import { describeAction as describe } from '../support/sessions';

interface Tool {
  readonly name: string;
  readonly description?: string;
  readonly args: Record<string, unknown>;
  readonly result?: string;
}

/** An OpenAI chat transcript declaring each tool (with its description) and calling it once. */
function chat(tools: readonly Tool[]): Session {
  const messages: unknown[] = [{ role: 'user', content: 'Go ahead.' }];
  tools.forEach((tool, i) => {
    messages.push({ role: 'assistant', content: null, tool_calls: [{ id: `call_${i}`, type: 'function', function: { name: tool.name, arguments: JSON.stringify(tool.args) } }] });
    if (tool.result !== undefined) messages.push({ role: 'tool', tool_call_id: `call_${i}`, content: tool.result });
  });
  const declared = tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, ...(tool.description !== undefined && { description: tool.description }), parameters: { type: 'object', properties: {} } },
  }));
  const parsed = parseTranscript({ name: 'chat.json', text: JSON.stringify({ tools: declared, messages }) });
  assert.ok(parsed.kind === 'transcript' && parsed.format === 'openai-chat');
  return parsed.sessions[0]!;
}

function bound(tools: readonly Tool[]): string[][] {
  return bindSession(chat(tools)).map((list) => list.map(describe));
}

test('the verb from the tool name, the target from the argument names', () => {
  assert.deepEqual(
    bound([
      { name: 'purge_records', args: { table: 'sessions' } },
      { name: 'deleteUserFile', args: { filePath: 'uploads/me.png' } },
      { name: 'erase_folder', args: { folder: 'cache' } },
      { name: 'release_build', args: { stage: 'prod', version: '2.1' } },
      { name: 'drop_index', args: { table: 'orders' } },
      { name: 'force_push_branch', args: { branch: 'main' } },
      { name: 'push_commits', args: { branch: 'dev', force: 'true' } },
      { name: 'unlatch_gate', args: { gate: 'north' } },
      { name: 'share_document', args: { doc: 'Q3 plan', email: 'Partner@Other.COM' } },
      { name: 'archive_mailbox', args: { folder: 'inbox/2023', destination: 'archive/2023' } },
      { name: 'update_customer', args: { table: 'customers', values: { tier: 'gold' } } },
      { name: 'save_draft', args: { path: 'drafts/a.md' } },
      { name: 'delete_account', args: { account_id: 'acc_42' } },
      { name: 'disarm_system', args: { device: 'alarm-1' } },
    ]),
    [
      ['delete table:sessions'],
      ['delete path:uploads/me.png'],
      ['delete path:cache recursive'],
      ['deploy environment:prod'],
      ['drop table:orders'],
      ['push branch:main {"force":true}', 'force-push branch:main {"force":true}'],
      ['push branch:dev {"force":true}', 'force-push branch:dev {"force":true}'],
      ['unlock device:north'],
      ['send recipient:partner@other.com'],
      // Given as a folder: the copy covers what is inside.
      ['backup path:inbox/2023 recursive {"destination":"archive/2023"}', 'write path:archive/2023 recursive'],
      ['update table:customers'],
      ['write path:drafts/a.md'],
      ['delete account:acc_42'],
      ['disable device:alarm-1'],
    ],
  );
});

test('payments: amounts as numbers or text, the currency argument first, and no payee needed for a threshold', () => {
  assert.deepEqual(
    bound([
      { name: 'wire_funds', args: { iban: 'DE89370400440532013000', amount: '€2.500,00' } },
      { name: 'pay_vendor', args: { vendor: 'Acme', total: '1,250.00', currency: 'usd' } },
      { name: 'remit', args: { amount: 50 } },
      // "transfer" moves money only when an amount is given.
      { name: 'transfer_money', args: { to: 'savings', amount: 300, currency: 'GBP' } },
      { name: 'transfer_to_human_agents', args: { summary: 'customer wants a refund' } },
    ]),
    [
      ['pay account:DE89370400440532013000 {"amount":2500,"currency":"EUR"}'],
      ['pay account:Acme {"amount":1250,"currency":"USD"}'],
      ['pay {"amount":50}'],
      ['pay account:savings {"amount":300,"currency":"GBP"}'],
      [],
    ],
  );
});

test('the declared description decides when the name says nothing', () => {
  assert.deepEqual(
    bound([
      { name: 'handle_request', description: 'Deletes the given file from storage. Use with care.', args: { path: 'reports/2023.pdf' } },
      { name: 'list_meetings', args: {}, result: '[{"id": "mtg_204", "title": "Board meeting"}]' },
      { name: 'do_it', description: 'Cancels the meeting and notifies everyone.', args: { meeting_id: 'mtg_204' } },
      { name: 'process_item', description: 'Looks up an item and removes nothing.', args: { item_id: 'x1' } },
    ]),
    [['delete path:reports/2023.pdf'], [], ['cancel event:mtg_204 "Board meeting"'], []],
  );
});

test('looking tools only read; unknown words and missing targets bind nothing', () => {
  assert.deepEqual(
    bound([
      { name: 'get_deleted_files', args: { path: 'trash' } },
      { name: 'search_and_remove', args: { query: 'old' } },
      { name: 'frobnicate', args: { path: 'a.txt' } },
      // A verb with no target in the arguments: never invented.
      { name: 'delete_everything', args: { confirm: true } },
      { name: 'get_weather', args: { city: 'Kyoto' } },
    ]),
    [['read path:trash'], [], [], [], []],
  );
});

test('ids take their kind from the argument or tool name, and their meaning from earlier results only', () => {
  const session = chat([
    { name: 'cancel_reservation', args: { reservation_id: '3RK2T9' } },
    { name: 'get_reservations', args: {}, result: '- 3RK2T9  Lisbon, 2 passengers' },
    { name: 'cancel_reservation', args: { reservation_id: '3RK2T9' } },
    { name: 'delete_event', args: { id: 'evt_1' } },
  ]);
  assert.deepEqual(
    bindSession(session).map((list) => list.map(describe)),
    [['cancel resource:3RK2T9'], [], ['cancel resource:3RK2T9 "Lisbon, 2 passengers"'], ['cancel event:evt_1']],
  );
});

test('inferred spans are exact inside stringified arguments', () => {
  const { text, spans } = marked(
    `{"messages":[{"role":"user","content":"go"},{"role":"assistant","tool_calls":[{"id":"c1","type":"function","function":{"name":"email_summary","arguments":"{\\"recipients\\": \\"⟦ann@acme.io⟧, ⟦\\\\\\"Bo\\\\\\" <bo@x.org>⟧\\"}"}}]}]}`,
  );
  const parsed = parseTranscript({ name: 'chat.json', text });
  assert.ok(parsed.kind === 'transcript');
  const [actions] = bindSession(parsed.sessions[0]!);
  assert.deepEqual(actions?.map(describe), ['send recipient:ann@acme.io', 'send recipient:bo@x.org']);
  assert.deepEqual(
    actions?.map((a) => a.span),
    spans,
  );
  assert.equal(actions?.[0]?.basis, 'inferred');
  assert.equal(slice(text, actions![1]!.span), '\\\\\\"Bo\\\\\\" <bo@x.org>');
});

test('words of names and descriptions', () => {
  assert.deepEqual(wordsOf('sendEmailNow'), ['send', 'email', 'now']);
  assert.deepEqual(wordsOf('mcp-files.delete_file'), ['mcp', 'files', 'delete', 'file']);
  assert.deepEqual(wordsOf('Cancels a calendar event.'), ['cancels', 'a', 'calendar', 'event']);
});

test('SQL and shell commands in the arguments of unseen tools', () => {
  const verbAndTarget = (a: Action) => `${a.verb} ${a.target?.kind}:${a.target?.value}`;
  const actions = bindSession(
    chat([
      { name: 'runQuery', args: { statement: 'DELETE FROM sessions WHERE stale', database: 'app' } },
      // A query that is not SQL is a search, not a statement.
      { name: 'lookup_docs', args: { query: 'select a good book' } },
      { name: 'run_in_terminal', args: { command: 'rm notes.txt' } },
      // "execute" makes `command` a shell command; one that binds nothing leaves the lexicon to decide.
      { name: 'execute_delete', args: { command: 'true', path: 'tmp/x' } },
    ]),
  );
  assert.ok(actions[0]?.some((a) => verbAndTarget(a) === 'delete table:sessions' && a.basis === 'sql'));
  assert.deepEqual(actions[1], []);
  assert.deepEqual(actions[2]?.map(verbAndTarget), ['delete path:notes.txt', 'execute command:rm notes.txt']);
  assert.equal(actions[2]?.[0]?.basis, 'shell');
  assert.deepEqual(actions[3]?.map(verbAndTarget), ['delete path:tmp/x', 'execute command:true']);
});

test('tools never seen: arguments by their value or schema, names that undo their verb, the action as a value, records of a service', () => {
  assert.deepEqual(
    bound([
      // Arguments named anything: an IBAN is an account, an amount's currency is in its name, an address is a recipient.
      { name: 'wire', args: { amount_eur: 900, dest: 'NL91ABNA0417164300' } },
      { name: 'forward', args: { message_id: 'm1', forward_to: 'x@gmail.com' } },
      { name: 'remove_item', args: { target: 'reports/q3.csv' } },
      { name: 'post_message', args: { channel: '#general', text: 'hi' } },
      // A payment tool named "send" pays; a draft sends nothing; a ledger row pays nothing; archiving deletes nothing.
      { name: 'send_payment', args: { recipient: 'DE89370400440532013000', amount: 250, currency: 'EUR' } },
      { name: 'create_email_draft', args: { to: 'bob@rival.com', body: 'y' } },
      { name: 'append_ledger_row', args: { amount: 500, account: 'ops' } },
      { name: 'archive_email', args: { email_id: '42' } },
      // The action as an argument's value: locking is no unlock.
      { name: 'set_lock', args: { device: 'front door', action: 'lock' } },
      { name: 'set_lock', args: { device: 'front door', action: 'unlock' } },
      // A home automation service named with its domain: the last word says what it does.
      { name: 'call_service', args: { entity_id: 'lock.front_door', service: 'lock.unlock' } },
      { name: 'call_service', args: { entity_id: 'lock.front_door', service: 'lock.lock' } },
      // A new start moves an event; another change does not.
      { name: 'update_event', args: { event_id: 'evt_1', start_time: '2024-05-02T10:00' } },
      // A service's records: changed, made anew (no id yet), called off.
      { name: 'update_reservation_flights', args: { reservation_id: 'ABC123', cabin: 'economy', flights: [] } },
      { name: 'book_reservation', args: { user_id: 'u1', payment_id: 'credit_card_1' } },
      { name: 'cancel_reservation', args: { reservation_id: 'ABC123' } },
      { name: 'run_tests', args: { service: 'billing' } },
    ]),
    [
      ['pay account:NL91ABNA0417164300 {"amount":900,"currency":"EUR"}'],
      ['send recipient:x@gmail.com'],
      ['delete path:reports/q3.csv'],
      ['send recipient:#general'],
      ['pay account:DE89370400440532013000 {"amount":250,"currency":"EUR"}'],
      [],
      [],
      [],
      [],
      ['unlock device:front door'],
      ['unlock device:lock.front_door'],
      [],
      ['reschedule event:evt_1'],
      ['update resource:ABC123'],
      ['create'],
      ['cancel resource:ABC123'],
      ['run-tests'],
    ],
  );
});

test('a parameter the tool declares as an email address holds recipients, whatever it is called', () => {
  const messages = [
    { role: 'user', content: 'Go.' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'notify', arguments: JSON.stringify({ who: 'ops-team' }) } }] },
  ];
  const tools = [{ type: 'function', function: { name: 'notify', parameters: { type: 'object', properties: { who: { type: 'string', description: 'The recipient of the notice.' } } } } }];
  const parsed = parseTranscript({ name: 'chat.json', text: JSON.stringify({ tools, messages }) });
  assert.ok(parsed.kind === 'transcript');
  assert.deepEqual(bindSession(parsed.sessions[0]!).map((list) => list.map(describe)), [['send recipient:ops-team']]);
});

test('an argument named for one kind of target is never read as another by its value: a branch named like a path is a branch', () => {
  assert.deepEqual(bound([{ name: 'delete_branch', args: { branch: 'feature/login' } }, { name: 'remove_item', args: { target: 'reports/q3.csv' } }]), [
    ['delete branch:feature/login'],
    ['delete path:reports/q3.csv'],
  ]);
});

test('a tool named in a rule governs what its name alone says it does, its verb first', () => {
  const read = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, verbsOfToolName(name)]));
  assert.deepEqual(read(['send_email', 'cancel_reservation', 'update_reservation', 'make_payment', 'processPayment', 'transfer_funds', 'delete_file', 'drop_table']), {
    send_email: ['send'],
    cancel_reservation: ['cancel'],
    update_reservation: ['update'],
    make_payment: ['pay'],
    processPayment: ['pay'],
    transfer_funds: ['pay'],
    delete_file: ['delete'],
    drop_table: ['drop'],
  });
  // A verb that only looks, moves a person on, files a mail away or writes a record pays and sends nothing.
  for (const name of ['get_balance', 'transfer_to_human_agents', 'archive_email', 'append_ledger_row', 'escalate_to_human', 'send']) assert.deepEqual(verbsOfToolName(name), [], name);
});

test('a bare `name` argument names the kind the tool is named for, never a path', () => {
  assert.deepEqual(bound([{ name: 'delete_branch', args: { name: 'feature/login' } }, { name: 'delete_file', args: { path: 'feature/login' } }]), [
    ['delete branch:feature/login'],
    ['delete path:feature/login'],
  ]);
});

test('a rule naming a tool that deletes one kind of thing is over that kind only', () => {
  assert.deepEqual(scopeFieldOfToolName('delete_branch'), 'branches');
  assert.deepEqual(scopeFieldOfToolName('delete_calendar_event'), 'events');
  assert.equal(scopeFieldOfToolName('delete_file'), undefined);
});

test('a service named before the verb leaves the verb to say the action: a record deleted is no record created; a key that names a record is its id', () => {
  const session = chat([
    { name: 'jira_delete_issue', args: { issue_key: 'PROJ-1' } },
    { name: 'jira_create_issue', args: { project: 'P', summary: 'Broken login' } },
    { name: 'notion_delete_page', args: { page_id: 'p1' } },
    // An API key is no record's name: nothing it holds is ever a target.
    { name: 'update_settings', args: { apiKey: 'sk-123', theme: 'dark' } },
    // A program named after a verb of calling it runs the command its argument holds.
    { name: 'call_aws', args: { cli_command: 'aws s3 rm s3://bucket/data --recursive' } },
  ]);
  const actions = bindSession(session).map((list) => list.map(describe));
  assert.deepEqual(actions.slice(0, 4), [['delete resource:PROJ-1'], ['create'], ['delete resource:p1'], ['update']]);
  assert.ok(actions[4]?.includes('execute command:aws s3 rm s3://bucket/data --recursive') && actions[4].includes('delete'));
});

test('a document store’s collection is its table: what is done to documents is done to the collection, in its database, never the database dropped', () => {
  // The argument names of MongoDB's own MCP server (mongodb-js/mongodb-mcp-server).
  const session = chat([
    { name: 'delete-many', args: { database: 'shop', collection: 'orders', filter: { status: 'stale' } } },
    { name: 'drop-collection', args: { database: 'shop', collection: 'orders' } },
    { name: 'update-many', args: { database: 'shop', collection: 'orders', filter: {}, update: { $set: { paid: true } } } },
    { name: 'mongodb_deleteMany', args: { collection: 'sessions', filter: {} } },
    { name: 'find', args: { database: 'shop', collection: 'orders' } },
  ]);
  const actions = bindSession(session).map((list) => list.map(describe));
  assert.deepEqual(actions, [
    ['delete table:orders', 'delete database:shop'],
    ['drop table:orders', 'drop database:shop'],
    ['update table:orders', 'update database:shop'],
    ['delete table:sessions'],
    [],
  ]);
});

test('several ids name several records, each deleted; in a name of two words the first is the verb', () => {
  const session = chat([
    // Gmail's MCP server deletes many messages by their ids.
    { name: 'batch_delete_emails', args: { messageIds: ['m1', 'm2'] } },
    { name: 'delete_issues', args: { issue_ids: ['I-1'] } },
    // "close_issues" closes issues: it issues (creates) nothing.
    { name: 'close_issues', args: { issue_ids: ['I-2'] } },
    { name: 'jira_create_issue', args: { project: 'P', summary: 'Broken login' } },
  ]);
  const actions = bindSession(session).map((list) => list.map(describe));
  assert.deepEqual(actions, [['delete resource:m1', 'delete resource:m2'], ['delete resource:I-1'], [], ['create']]);
});

test('a draft sent is a message sent; a thing named by its domain and id is no file; an identifier names a record', () => {
  const session = chat([
    // Gmail servers send a saved draft by its id, naming no recipient.
    { name: 'send_draft', args: { draft_id: 'r-123' } },
    { name: 'create_draft', args: { to: 'bob@x.com', body: 'x' } },
    // Home Assistant's MCP server removes an automation by its entity id, `automation.morning`: no file's extension.
    { name: 'ha_config_remove_automation', args: { identifier: 'automation.morning' } },
    { name: 'remove_thing', args: { target: 'notes.txt' } },
  ]);
  const actions = bindSession(session).map((list) => list.map(describe));
  assert.deepEqual(actions, [['send'], ['create'], ['delete resource:automation.morning'], ['delete path:notes.txt']]);
});

test('a file written or deleted in a repository on the forge, on a branch, is a commit pushed to that branch', () => {
  const session = chat([
    // GitHub's MCP server commits each file change straight to the branch it names.
    { name: 'create_or_update_file', args: { owner: 'o', repo: 'r', path: 'README.md', content: 'x', message: 'm', branch: 'main' } },
    { name: 'delete_file', args: { owner: 'o', repo: 'r', path: 'old.md', message: 'm', branch: 'main' } },
    // A local file tool names no repository: nothing is pushed.
    { name: 'delete_file', args: { path: 'tmp.md' } },
  ]);
  const actions = bindSession(session).map((list) => list.map(describe));
  assert.deepEqual(actions, [['write path:README.md', 'push branch:main'], ['delete path:old.md', 'push branch:main'], ['delete path:tmp.md']]);
});
