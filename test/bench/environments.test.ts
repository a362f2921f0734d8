import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BenchCase, CaseEnvironment, CaseTool, Domain, Operation } from '../../server/src/bench/caseSchema';
import { createEnvironment, environmentProblems } from '../../server/src/bench/environments';
import type { CaseEnvironmentInstance } from '../../server/src/bench/types';
import { environmentsForTests } from '../support/environments';

/*
 * The six domain environments behind case tools: state changes, JSON Schema rejection, tool errors and
 * snapshots. Each test builds a tiny case inline; only the fields the environment reads are real.
 */

const environments = environmentsForTests();

/** A tool with a permissive schema unless one is given. */
function tool(name: string, operation: Operation, extra: Partial<CaseTool> = {}): CaseTool {
  return { name, description: name, operation, parameters: { type: 'object', properties: {} }, ...extra };
}

function benchCase(domain: Domain, environment: CaseEnvironment, tools: CaseTool[]): BenchCase {
  return {
    id: `test-${domain}`,
    title: 'test',
    domain,
    constraint: { message: 'm', rule: { kind: 'prohibition', trigger: ['delete'], scope: {} } },
    tools,
    environment,
    history: { task: 't', benign: [] },
    request: { explicit: 'e', implicit: 'i' },
    traces: { safe: [{ tool: tools[0]?.name ?? 'x', arguments: {} }], forgetful: [{ tool: tools[0]?.name ?? 'x', arguments: {} }] },
    evaluators: { completion: [{ called: { tool: 'x', status: 'any' } }], traceSafety: [{ forbid: { tool: 'x', status: 'any' } }], finalState: [] },
  };
}

function environmentOf(domain: Domain, environment: CaseEnvironment, tools: CaseTool[]): CaseEnvironmentInstance {
  return environments.create(benchCase(domain, environment, tools));
}

test('filesystem: files and implied folders change as a disk would; snapshots show them', () => {
  const fs = environmentOf('filesystem', { files: { 'temp/a.csv': 'a,b\n1,2\n', 'temp/old/b.log': 'log', 'README.md': 'hi' } }, [
    tool('ls', 'list'),
    tool('cat', 'read'),
    tool('put', 'write'),
    tool('add', 'append'),
    tool('cp', 'copy'),
    tool('mv', 'move'),
    tool('rm', 'delete', { arguments: { path: 'file_path' } }),
    tool('mkdir', 'make-folder'),
  ]);
  assert.deepEqual(JSON.parse(fs.call('ls', {}).output), [
    { path: 'README.md', type: 'file', size: 2 },
    { path: 'temp', type: 'folder' },
  ]);
  assert.deepEqual(JSON.parse(fs.call('ls', { path: './temp/' }).output), [
    { path: 'temp/a.csv', type: 'file', size: 8 },
    { path: 'temp/old', type: 'folder' },
  ]);
  assert.deepEqual(fs.call('cat', { path: 'temp/../README.md' }), { status: 'ok', output: 'hi' });
  assert.deepEqual(fs.call('cp', { source: 'temp/a.csv', destination: 'backup/' }), { status: 'ok', output: 'Copied temp/a.csv to backup/a.csv' });
  assert.equal(fs.call('put', { path: 'README.md', content: 'new' }).output, 'Overwrote README.md (3 characters)');
  assert.equal(fs.call('add', { path: 'notes.txt', content: 'x' }).status, 'ok');
  assert.equal(fs.call('mv', { source: 'temp/old', destination: 'archive' }).output, 'Moved folder temp/old (1 file) to archive');
  assert.deepEqual(fs.call('rm', { file_path: 'temp/a.csv' }), { status: 'ok', output: 'Deleted temp/a.csv' });
  assert.equal(fs.call('mkdir', { path: 'empty/inner' }).status, 'ok');
  assert.deepEqual(fs.snapshot(), {
    files: { 'README.md': 'new', 'archive/b.log': 'log', 'backup/a.csv': 'a,b\n1,2\n', 'notes.txt': 'x' },
    // temp stays, empty, after its last file went; empty/ holds only an empty folder.
    folders: ['archive', 'backup', 'empty', 'empty/inner', 'temp'],
  });
});

test('filesystem: failures are errors a real tool would give, and the state is unchanged', () => {
  const fs = environmentOf('filesystem', { files: { 'data/x.csv': '1', 'data/y.csv': '2' } }, [tool('rm', 'delete'), tool('cat', 'read'), tool('cp', 'copy'), tool('put', 'write')]);
  assert.deepEqual(fs.call('rm', { path: 'data/missing.csv' }), { status: 'error', output: 'Error: no such file or folder: data/missing.csv' });
  assert.match(fs.call('rm', { path: 'data' }).output, /^Error: data is a folder that is not empty/);
  assert.deepEqual(fs.call('cat', { path: 'data' }), { status: 'error', output: 'Error: data is a folder, not a file' });
  assert.equal(fs.call('cat', { path: '../etc/passwd' }).output, 'Error: ../etc/passwd: outside the working folder');
  assert.equal(fs.call('cp', { source: 'data', destination: 'data/inside' }).output, 'Error: cannot copy data into itself');
  assert.equal(fs.call('put', { path: 'data/x.csv/z', content: '' }).output, 'Error: data/x.csv/z: data/x.csv is a file, not a folder');
  assert.equal(fs.call('rm', { path: 'data', recursive: true }).output, 'Deleted folder data and the 2 files in it');
  assert.deepEqual(fs.snapshot(), { files: {}, folders: [] });
});

test('calls are checked against the tool: unknown tools and arguments outside its JSON Schema are rejected', () => {
  const strict = tool('delete_file', 'delete', {
    arguments: { path: 'file_path' },
    parameters: { type: 'object', properties: { file_path: { type: 'string' } }, required: ['file_path'], additionalProperties: false },
  });
  const fs = environmentOf('filesystem', { files: { 'a.txt': 'a' } }, [strict]);
  assert.deepEqual(fs.call('remove_file', { file_path: 'a.txt' }), { status: 'rejected', output: 'Error: no such tool: remove_file (tools: delete_file)' });
  assert.deepEqual(fs.call('delete_file', { path: 'a.txt' }), { status: 'rejected', output: "Error: invalid arguments for delete_file: arguments must have required property 'file_path'" });
  assert.equal(fs.call('delete_file', { file_path: 7 }).status, 'rejected');
  assert.equal(fs.call('delete_file', 'a.txt').status, 'rejected');
  assert.deepEqual(fs.snapshot(), { files: { 'a.txt': 'a' }, folders: [] });
  // Schema-valid but meaningless to the operation: the tool itself answers with an error naming its parameter.
  const loose = environmentOf('filesystem', { files: {} }, [tool('rm', 'delete', { arguments: { path: 'file_path' } })]);
  assert.deepEqual(loose.call('rm', {}), { status: 'error', output: 'Error: missing argument "file_path"' });
});

test('database: execute changes real SQLite tables, query is read-only, dump records a snapshot', () => {
  const db = environmentOf('database', { sql: ["CREATE TABLE orders (id INTEGER PRIMARY KEY, total REAL, note TEXT); INSERT INTO orders VALUES (1, 9.5, 'a'), (2, 20, NULL);", 'CREATE TABLE logs (line TEXT)'] }, [
    tool('sql', 'query'),
    tool('run', 'execute'),
    tool('backup', 'dump'),
    tool('tables', 'list-tables'),
  ]);
  assert.deepEqual(JSON.parse(db.call('tables', {}).output), [
    { name: 'logs', rows: 0 },
    { name: 'orders', rows: 2 },
  ]);
  assert.deepEqual(JSON.parse(db.call('sql', { sql: 'SELECT id, total FROM orders WHERE total > 10' }).output), [{ id: 2, total: 20 }]);
  assert.deepEqual(db.call('sql', { sql: 'DELETE FROM orders' }), { status: 'error', output: 'Error: only a SELECT can be run here; this tool does not change data' });
  assert.equal(db.call('sql', { sql: 'WITH gone AS (SELECT 1) DELETE FROM orders' }).status, 'error');
  assert.equal(db.call('sql', { sql: 'SELECT * FROM nowhere' }).output, 'Error: no such table: nowhere');
  assert.equal(db.call('backup', { database: 'shop', tables: ['orders'] }).output, 'Dumped shop (1 table: orders; 2 rows) as dump-1');
  assert.equal(db.call('backup', { database: 'shop', tables: ['ghosts'] }).output, 'Error: no such table: ghosts');
  // SQLite's schema-qualified name is the same table (a repair step may name it as the statement did).
  assert.equal(db.call('backup', { database: 'shop', tables: ['main.orders'] }).output, 'Dumped shop (1 table: orders; 2 rows) as dump-2');
  assert.equal(db.call('backup', { database: 'shop', tables: ['main.ghosts'] }).output, 'Error: no such table: main.ghosts');
  assert.equal(db.call('run', { sql: "UPDATE orders SET note = 'x'; DELETE FROM orders WHERE id = 1" }).output, 'OK, 3 rows changed');
  assert.equal(db.call('run', { sql: 'DROP TABLE logs' }).status, 'ok');
  assert.equal(db.call('run', { sql: 'DROP TABLE logs' }).output, 'Error: no such table: logs');
  const snapshot = db.snapshot() as { tables: Record<string, unknown[]>; dumps: { id: string; sql: string }[] };
  assert.deepEqual(snapshot.tables, { orders: [{ id: 2, total: 20, note: 'x' }] });
  assert.equal(snapshot.dumps[0]?.id, 'dump-1');
  assert.match(snapshot.dumps[0]?.sql ?? '', /INSERT INTO "orders" VALUES \(1, 9\.5, 'a'\);/);
  assert.deepEqual(db.query?.('SELECT count(*) FROM orders'), [[1]]);
  assert.throws(() => db.query?.('DROP TABLE orders'), /only a SELECT/);
});

test('email: sending validates addresses; replies and forwards go where they should', () => {
  const mail = environmentOf(
    'email',
    {
      mailbox: {
        address: 'me@acme.io',
        inbox: [{ id: 'msg_1', from: 'Dana@Partner.com', subject: 'Contract', body: 'Draft attached.' }],
        contacts: [{ name: 'Dana', email: 'dana@partner.com' }],
      },
    },
    [tool('send', 'send'), tool('reply', 'reply'), tool('forward', 'forward'), tool('inbox', 'list-messages'), tool('trash', 'delete-message'), tool('open', 'read-message')],
  );
  assert.deepEqual(JSON.parse(mail.call('inbox', {}).output), [{ id: 'msg_1', from: 'dana@partner.com', to: ['me@acme.io'], subject: 'Contract' }]);
  assert.deepEqual(mail.call('send', { to: ['bob@', 'ann@acme.io'], subject: 's', body: 'b' }), { status: 'error', output: 'Error: invalid recipient address: "bob@"' });
  assert.equal(mail.call('send', { to: 'Ann <Ann@acme.io>, lee@acme.io', subject: 'Hi', body: 'b' }).output, 'Message sent_1 sent to ann@acme.io, lee@acme.io');
  assert.equal(mail.call('reply', { message_id: 'msg_1', body: 'Thanks' }).output, 'Message sent_2 sent to dana@partner.com');
  assert.equal(mail.call('forward', { message_id: 'msg_9', to: ['x@y.io'] }).output, 'Error: no such message: msg_9');
  assert.equal(mail.call('forward', { message_id: 'msg_1', to: ['legal@acme.io'], note: 'FYI' }).status, 'ok');
  assert.equal(mail.call('trash', { message_id: 'msg_1' }).status, 'ok');
  assert.equal(mail.call('open', { message_id: 'msg_1' }).output, 'Error: no such message: msg_1');
  const snapshot = mail.snapshot() as { inbox: unknown[]; sent: { to: string[]; subject: string; body: string }[]; deleted: { id: string }[] };
  assert.deepEqual(snapshot.inbox, []);
  assert.deepEqual(snapshot.deleted.map((m) => m.id), ['msg_1']);
  assert.deepEqual(snapshot.sent.map((m) => [m.to, m.subject]), [
    [['ann@acme.io', 'lee@acme.io'], 'Hi'],
    [['dana@partner.com'], 'Re: Contract'],
    [['legal@acme.io'], 'Fwd: Contract'],
  ]);
  assert.match(snapshot.sent[2]?.body ?? '', /^FYI\n\n-+ Forwarded message -+\nFrom: dana@partner.com/);
});

test('calendar and devices: events cancel and move, devices accept only their states, attendees get notified', () => {
  const home = environmentOf(
    'calendar-devices',
    {
      calendar: {
        events: [{ id: 'evt_7f3a', title: 'Board review', start: '2025-03-03T10:00', end: '2025-03-03T11:30', attendees: ['ceo@acme.io', 'cfo@acme.io'] }],
        devices: [{ id: 'front_door', name: 'Front door', state: 'locked', states: ['locked', 'unlocked'] }],
      },
    },
    [tool('events', 'list-events'), tool('cancel', 'cancel-event'), tool('move', 'reschedule-event'), tool('create', 'create-event'), tool('set', 'set-device'), tool('status', 'device-status'), tool('notify', 'notify-attendees')],
  );
  assert.equal(JSON.parse(home.call('events', { date: '2025-03-03' }).output).length, 1);
  assert.equal(JSON.parse(home.call('events', { date: '2025-03-04' }).output).length, 0);
  assert.equal(home.call('move', { event_id: 'evt_7f3a', start: '2025-03-04T09:00' }).output, 'Rescheduled evt_7f3a (Board review) to 2025-03-04T09:00 – 2025-03-04T10:30');
  assert.equal(home.call('notify', { event_id: 'evt_7f3a', message: 'Moved to Tuesday' }).output, 'Notified 2 attendees of evt_7f3a (Board review)');
  assert.equal(home.call('create', { title: 'Retro', start: '2025-03-05T10:00', end: '2025-03-05T09:00' }).output, 'Error: the event must end after it starts');
  assert.equal(JSON.parse(home.call('create', { title: 'Retro', start: '2025-03-05T10:00', end: '2025-03-05T11:00' }).output).id, 'evt_1');
  assert.equal(home.call('cancel', { event_id: 'evt_7f3a', reason: 'conflict' }).output, 'Cancelled evt_7f3a (Board review)');
  assert.equal(home.call('cancel', { event_id: 'evt_7f3a' }).output, 'Error: event evt_7f3a is already cancelled');
  assert.equal(home.call('set', { device_id: 'front_door', state: 'open' }).output, 'Error: Front door accepts locked, unlocked; not "open"');
  assert.equal(home.call('set', { device_id: 'back_door', state: 'locked' }).output, 'Error: no such device: back_door (devices: front_door)');
  assert.equal(home.call('set', { device_id: 'front_door', state: 'Unlocked' }).output, 'Front door is now unlocked');
  assert.deepEqual(JSON.parse(home.call('status', { device_id: 'front_door' }).output).state, 'unlocked');
  const snapshot = home.snapshot() as { events: { id: string; status: string; cancelReason?: string }[]; notifications: { to: string[] }[] };
  assert.deepEqual(snapshot.events.map((e) => [e.id, e.status, e.cancelReason]), [
    ['evt_7f3a', 'cancelled', 'conflict'],
    ['evt_1', 'confirmed', undefined],
  ]);
  assert.deepEqual(snapshot.notifications[0]?.to, ['ceo@acme.io', 'cfo@acme.io']);
});

test('payments: pay checks payee, currency, balance and invoice; approvals stay pending; refunds return money', () => {
  const bank = environmentOf(
    'payments',
    {
      ledger: {
        balance: 1000,
        currency: 'USD',
        payees: [{ id: 'payee_globex', name: 'Globex' }],
        invoices: [{ id: 'inv_1', payee: 'payee_globex', amount: 400 }],
      },
    },
    [tool('pay', 'pay', { arguments: { payee: 'to' } }), tool('approve', 'request-approval'), tool('refund', 'refund'), tool('balance', 'balance'), tool('invoices', 'list-invoices')],
  );
  assert.equal(bank.call('pay', { to: 'Initech', amount: 10 }).output, 'Error: unknown payee: Initech');
  assert.equal(bank.call('pay', { to: 'Globex', amount: 10, currency: 'EUR' }).output, 'Error: the account holds USD; it cannot pay in EUR');
  assert.equal(bank.call('pay', { to: 'Globex', amount: 5000 }).output, 'Error: insufficient funds: the balance is 1000.00 USD');
  assert.equal(bank.call('pay', { to: 'globex', amount: 300, invoice_id: 'inv_1' }).output, 'Error: invoice inv_1 is for 400.00 USD, not 300.00 USD');
  assert.equal(bank.call('pay', { to: 'payee_globex', amount: 400, invoice_id: 'inv_1' }).output, 'Paid 400.00 USD to Globex (pay_1), settling inv_1; balance 600.00 USD');
  assert.equal(bank.call('pay', { to: 'Globex', amount: 400, invoice_id: 'inv_1' }).output, 'Error: invoice inv_1 is already paid');
  assert.equal(bank.call('approve', { payee: 'Globex', amount: 900, reason: 'Q2 retainer' }).status, 'ok');
  assert.equal(bank.call('refund', { payment_id: 'pay_1', amount: 500 }).output, 'Error: only 400.00 USD of payment pay_1 can still be refunded');
  assert.equal(bank.call('refund', { payment_id: 'pay_1', amount: 100 }).status, 'ok');
  assert.deepEqual(JSON.parse(bank.call('balance', {}).output), { balance: 700, currency: 'USD' });
  assert.deepEqual(JSON.parse(bank.call('invoices', { status: 'open' }).output), []);
  const snapshot = bank.snapshot() as { balance: number; payments: unknown[]; approvals: { status: string; amount: number }[] };
  assert.equal(snapshot.balance, 700);
  assert.deepEqual(snapshot.payments, [{ id: 'pay_1', payee: 'payee_globex', amount: 400, currency: 'USD', invoiceId: 'inv_1' }]);
  assert.deepEqual(snapshot.approvals.map((a) => [a.status, a.amount]), [['pending', 900]]);
});

test('code and deployment: tests fail as errors, pushes refuse to drop commits, force-push records what it dropped', () => {
  const repo = environmentOf(
    'code-deployment',
    {
      repository: {
        branches: {
          main: { commits: [{ id: 'a1', message: 'init' }, { id: 'b2', message: 'feature' }], remote: ['a1', 'c3'] },
          broken: { commits: [{ id: 'd4', message: 'wip' }], tests: 'fail' },
        },
        environments: { production: { branch: 'main', commit: 'a1' }, staging: null },
      },
    },
    [tool('test', 'run-tests'), tool('push', 'push'), tool('force', 'force-push'), tool('deploy', 'deploy'), tool('rollback', 'rollback'), tool('commit', 'commit'), tool('branch', 'create-branch'), tool('drop', 'delete-branch')],
  );
  assert.deepEqual(repo.call('test', { environment: 'production', branch: 'broken' }), { status: 'error', output: 'Error: tests failed on broken (d4) for production' });
  assert.equal(repo.call('test', { environment: 'production' }).output, 'All tests passed on main (b2) for production');
  assert.equal(repo.call('test', { environment: 'qa' }).output, 'Error: no such environment: qa (environments: production, staging)');
  assert.equal(repo.call('push', { branch: 'main' }).output, 'Error: push of main rejected (non-fast-forward): the remote has 1 commit the branch lacks');
  assert.equal(repo.call('force', { branch: 'main' }).output, 'Force-pushed main (b2); the remote lost 1 commit: c3');
  assert.match(repo.call('commit', { message: 'fix' }).output, /^\[main [0-9a-f]{7}\] fix$/);
  assert.equal(repo.call('deploy', { environment: 'staging' }).status, 'ok');
  assert.equal(repo.call('rollback', { environment: 'staging' }).output, 'Error: staging has no earlier deployment to roll back to');
  assert.equal(repo.call('deploy', { environment: 'production', branch: 'broken' }).output, 'Deployed broken (d4) to production (dep_2)');
  assert.equal(repo.call('rollback', { environment: 'production' }).output, 'Rolled production back to main (a1) (dep_3)');
  assert.equal(repo.call('branch', { branch: 'broken' }).output, 'Error: branch broken already exists');
  assert.equal(repo.call('drop', { branch: 'main' }).output, 'Error: cannot delete main: it is the checked-out branch');
  assert.equal(repo.call('drop', { branch: 'broken' }).status, 'ok');
  const snapshot = repo.snapshot() as { environments: Record<string, unknown>; forcePushes: unknown[]; testRuns: { passed: boolean }[]; branches: Record<string, { remote: string[] | null }> };
  assert.deepEqual(snapshot.environments.production, { branch: 'main', commit: 'a1' });
  assert.deepEqual(snapshot.forcePushes, [{ branch: 'main', dropped: ['c3'] }]);
  assert.deepEqual(snapshot.testRuns.map((run) => run.passed), [false, true]);
  assert.deepEqual(snapshot.branches.main?.remote, ['a1', 'b2']);
  assert.deepEqual(Object.keys(snapshot.branches), ['main']);
});

test('environment problems name the part and the field; a bad environment cannot be created', () => {
  const problems = (domain: Domain, environment: CaseEnvironment) => environmentProblems({ domain, environment }, { sqlJs: environments.sqlJs() });
  assert.deepEqual(problems('filesystem', {}), ['a filesystem case needs environment.files']);
  assert.deepEqual(problems('filesystem', { files: { 'a.txt': '', 'a.txt/b': '' }, sql: ['SELECT 1'] }), [
    'environment.sql belongs to database cases; a filesystem case uses environment.files',
    'environment.files: "a.txt/b" lies inside "a.txt", which is a file',
  ]);
  assert.deepEqual(problems('database', { sql: ['CREATE TABLE t (a)', 'INSERT INTO nowhere VALUES (1)'] }), ['environment.sql[1]: no such table: nowhere']);
  assert.deepEqual(problems('payments', { ledger: { balance: 10, currency: 'usd', invoices: [{ id: 'i', payee: 'p', amount: 5 }] } }), ['environment.ledger.currency: a three-letter currency code']);
  assert.deepEqual(problems('payments', { ledger: { balance: 10, currency: 'USD', invoices: [{ id: 'i', payee: 'p', amount: 5 }] } }), ['environment.ledger.invoices[0]: unknown payee "p"']);
  assert.deepEqual(problems('email', { mailbox: { address: 'me@acme.io', inbox: [{ id: 'm', from: 'nobody' }] } }), ['environment.mailbox.inbox[0].from: an email address']);
  assert.deepEqual(problems('calendar-devices', { calendar: { devices: [{ id: 'd', name: 'Door', state: 'ajar', states: ['open', 'closed'] }] } }), [
    'environment.calendar.devices[0]: state "ajar" is not one of its states',
  ]);
  assert.deepEqual(problems('code-deployment', { repository: { current: 'dev', branches: { main: { commits: [{ id: 'a', message: 'm' }] } } } }), ['environment.repository.current: no branch "dev"']);
  assert.throws(() => createEnvironment(benchCase('payments', { ledger: { balance: -1, currency: 'USD' } }, [tool('pay', 'pay')])), /case test-payments: environment\.ledger\.balance/);
  assert.throws(() => createEnvironment(benchCase('database', { sql: ['CREATE TABLE t (a)'] }, [tool('q', 'query')])), /needs sql\.js/);
});
