import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Action, Target } from '../../server/src/engine/actions';
import { type Scope, actionInScope, compileScope, pathInScope } from '../../server/src/engine/constraints';
import { commandMatches, commandWords, simpleCommands } from '../../server/src/engine/binding/commandLine';

const CWD = '/home/dev/project';

function act(verb: Action['verb'], target?: Target, attributes: Action['attributes'] = {}): Action {
  return { verb, ...(target && { target }), attributes, span: { start: 0, end: 0 }, step: { order: 0, chain: 0 }, basis: 'builtin' };
}

describe('paths', () => {
  const cases: [target: string, scope: string, inScope: boolean][] = [
    ['/home/dev/project/temp/a.csv', 'temp', true],
    ['/home/dev/project/temp/a.csv', 'temp/', true],
    ['/home/dev/project/temp/a.csv', 'temp/**', true],
    ['/home/dev/project/temp/a.csv', 'temp/*.csv', true],
    ['/home/dev/project/temp/a.log', 'temp/*.csv', false],
    ['/home/dev/project/temporary/a.csv', 'temp', false],
    // `rm -rf data` touches a scope `data/raw` (SPEC section 5)
    ['/home/dev/project/data', 'data/raw', true],
    ['/home/dev/project', 'data/raw/**', true],
    ['/home/dev/project/data/processed', 'data/raw', false],
    ['/home/dev/project/data/raw/2026-08', './data/raw', true],
    ['/home/dev/project/data/raw/*.bin', 'data/raw', true],
    ['/home/dev/project/data/*', 'data/raw', true],
    ['/etc/passwd', 'temp', false],
    ['/srv/temp/a.csv', '/srv/temp', true],
    // A folder named at any depth holds what is inside it.
    ['/home/dev/project/packages/a/node_modules/lodash/index.js', '**/node_modules', true],
    ['/home/dev/project/packages/a/node_modules_backup/index.js', '**/node_modules', false],
    ['/home/dev/project/src/generated/api.ts', '**/generated', true],
    ['/home/dev/project/docs/a.md', '**/*.md', true],
    ['/home/dev/project/docs/a.mdx', '**/*.md', false],
  ];
  for (const [target, scope, expected] of cases) {
    test(`${target} ${expected ? 'is' : 'is not'} in scope ${scope}`, () => assert.equal(pathInScope(target, scope, CWD), expected));
  }
});

describe('a session that says no working folder (an OpenAI chat log)', () => {
  const cases: [target: string, scope: string, expected: boolean][] = [
    ['/home/dev/app/src/gen/api.ts', 'src/gen', true],
    ['/home/dev/app/src/gen', 'src/gen', true],
    ['/home/dev/app/src/general/api.ts', 'src/gen', false],
    ['/home/dev/app/lib/api.ts', 'src/gen', false],
    ['/srv/app/reports/2025/q1.csv', 'reports/*/q1.csv', true],
    ['/srv/app/reports/2025/q2.csv', 'reports/*/q1.csv', false],
    ['src/gen/api.ts', 'src/gen', true],
    ['/etc/passwd', '/etc', true],
    ['/home/dev/app/packages/a/generated/x.ts', '**/generated', true],
    ['/home/dev/app/golden/q1.sql.out', '**/*.sql.out', true],
    ['/home/dev/app/golden/q1.sql', '**/*.sql.out', false],
    ['generated/x.ts', '**/generated', true],
  ];
  for (const [target, scope, expected] of cases) {
    test(`${target} ${expected ? 'is' : 'is not'} in scope ${scope}: a relative scope holds an absolute path that contains it as whole folders`, () => assert.equal(pathInScope(target, scope, undefined), expected));
  }
});

describe('other targets', () => {
  test('recipients outside the allowed domain are in scope; subdomains are inside it', () => {
    const scope = { allowedDomains: ['acme.io'] };
    assert.equal(actionInScope(act('send', { kind: 'recipient', value: 'bob@kpmg.com' }), scope, CWD), true);
    assert.equal(actionInScope(act('send', { kind: 'recipient', value: 'ann@acme.io' }), scope, CWD), false);
    assert.equal(actionInScope(act('send', { kind: 'recipient', value: 'ann@eu.acme.io' }), scope, CWD), false);
  });

  test('amount thresholds: strictly above, same currency, unknown amounts not judged', () => {
    const scope = { amountAbove: 500, currency: 'USD' };
    assert.equal(actionInScope(act('pay', undefined, { amount: 500.01, currency: 'usd' }), scope, CWD), true);
    assert.equal(actionInScope(act('pay', undefined, { amount: 500 }), scope, CWD), false);
    assert.equal(actionInScope(act('pay', undefined, { amount: 900, currency: 'EUR' }), scope, CWD), false);
    assert.equal(actionInScope(act('pay'), scope, CWD), false);
  });

  test('named things match by the words of their label', () => {
    const scope = { events: ['board meetings'] };
    assert.equal(actionInScope(act('cancel', { kind: 'event', value: 'evt_7f3a', label: 'Q3 Board Meeting' }), scope, CWD), true);
    assert.equal(actionInScope(act('cancel', { kind: 'event', value: 'evt_1111', label: 'Team lunch' }), scope, CWD), false);
    assert.equal(actionInScope(act('unlock', { kind: 'device', value: 'front_door' }), { devices: ['front door'] }, CWD), true);
  });

  test('a scope that names targets does not cover other kinds; an empty scope covers all', () => {
    assert.equal(actionInScope(act('force-push', { kind: 'branch', value: 'main' }), { paths: ['temp'] }, CWD), false);
    assert.equal(actionInScope(act('force-push', { kind: 'branch', value: 'feature/x' }), {}, CWD), true);
    assert.equal(actionInScope(act('force-push'), { branches: ['main'] }, CWD), false);
    assert.equal(actionInScope(act('force-push', { kind: 'branch', value: 'release/1.2' }), { branches: ['release/*'] }, CWD), true);
    assert.equal(actionInScope(act('deploy', { kind: 'environment', value: 'prod' }), { environments: ['production'] }, CWD), true);
  });
});

describe('compiled scopes', () => {
  test('one scope meets calls in different folders in turn, resolved against each', () => {
    const scope = { paths: ['temp/**'] };
    const under = (folder: string) => act('delete', { kind: 'path', value: `${folder}/temp/a.csv` });
    for (let round = 0; round < 2; round++) {
      assert.equal(actionInScope(under('/srv/one'), scope, '/srv/one'), true);
      assert.equal(actionInScope(under('/srv/one'), scope, '/srv/two'), false);
      assert.equal(actionInScope(under('/srv/two'), scope, '/srv/two'), true);
      assert.equal(actionInScope(act('delete', { kind: 'path', value: 'temp/a.csv' }), scope, undefined), true);
    }
  });

  test('a chat channel is a recipient by its name; a device by the words of its id, dots included', () => {
    const channel: Scope = { recipients: ['#general'] };
    assert.equal(actionInScope(act('send', { kind: 'recipient', value: '#general' }), channel, CWD), true);
    assert.equal(actionInScope(act('send', { kind: 'recipient', value: '#random' }), channel, CWD), false);
    assert.equal(actionInScope(act('send', { kind: 'recipient', value: 'ann@general.com' }), channel, CWD), false);
    const door: Scope = { devices: ['front door'] };
    assert.equal(actionInScope(act('unlock', { kind: 'device', value: 'lock.front_door' }), door, CWD), true);
    assert.equal(actionInScope(act('unlock', { kind: 'device', value: 'lock.back_door' }), door, CWD), false);
  });

  test("an environment's name as a database scope covers that environment's databases, and their tables", () => {
    const prod: Scope = { databases: ['prod'] };
    const on = (target: Target) => actionInScope(act('drop', target), prod, CWD);
    assert.equal(on({ kind: 'database', value: 'app_production' }), true);
    assert.equal(on({ kind: 'database', value: 'prod-eu' }), true);
    assert.equal(on({ kind: 'database', value: 'app_staging' }), false);
    assert.equal(on({ kind: 'table', value: 'users', database: 'orders-prod' }), true);
    assert.equal(on({ kind: 'table', value: 'users', database: 'orders-dev' }), false);
    // Any other name is matched as before: by its words, not by its parts' environments.
    assert.equal(actionInScope(act('drop', { kind: 'database', value: 'orders_archive' }), { databases: ['orders'] }, CWD), true);
    assert.equal(actionInScope(act('drop', { kind: 'database', value: 'ledger' }), { databases: ['orders'] }, CWD), false);
  });

  test('"**" as the tables, databases or events is any of them, never a file (a DELETE statement\'s rows, a read-only database, meetings)', () => {
    const anyTable: Scope = { tables: ['**'] };
    assert.equal(actionInScope(act('delete', { kind: 'table', value: 'users' }), anyTable, CWD), true);
    assert.equal(actionInScope(act('delete', { kind: 'table', value: 'shop.orders', database: 'prod' }), anyTable, CWD), true);
    assert.equal(actionInScope(act('delete', { kind: 'path', value: `${CWD}/users` }), anyTable, CWD), false);
    assert.equal(actionInScope(act('delete', { kind: 'table', value: 'users' }), { tables: ['orders'] }, CWD), false);
    const anyDatabase: Scope = { tables: ['**'], databases: ['**'] };
    assert.equal(actionInScope(act('drop', { kind: 'database', value: 'prod' }), anyDatabase, CWD), true);
    assert.equal(actionInScope(act('delete', { kind: 'path', value: `${CWD}/notes.txt` }), anyDatabase, CWD), false);
    const anyEvent: Scope = { events: ['**'] };
    assert.equal(actionInScope(act('delete', { kind: 'event', value: 'evt_123' }), anyEvent, CWD), true);
    assert.equal(actionInScope(act('delete', { kind: 'path', value: `${CWD}/notes.txt` }), anyEvent, CWD), false);
  });

  test('a scope rules out a target kind only when it admits no target of that kind', () => {
    const scopes: Scope[] = [
      {},
      { paths: ['temp'] },
      { paths: ['db/app.sqlite'], databases: ['db/app.sqlite'] },
      { databases: ['prod'] },
      { tables: ['users'] },
      { recipients: ['@kpmg.com'] },
      { allowedDomains: ['acme.io'] },
      { branches: ['main'] },
      { environments: ['production'] },
      { devices: ['front door'] },
      { events: ['board meeting'] },
      { accounts: ['ACME Ltd'] },
      { amountAbove: 100 },
      { amountAbove: 100, accounts: ['ACME Ltd'] },
    ];
    const targets: (Target | undefined)[] = [
      undefined,
      { kind: 'path', value: `${CWD}/temp/a.csv` },
      { kind: 'path', value: `${CWD}/db/app.sqlite` },
      { kind: 'database', value: 'prod' },
      { kind: 'database', value: `${CWD}/db/app.sqlite` },
      { kind: 'table', value: 'users' },
      { kind: 'table', value: 'orders', database: 'prod' },
      { kind: 'recipient', value: 'bob@kpmg.com' },
      { kind: 'recipient', value: 'ann@acme.io' },
      { kind: 'branch', value: 'main' },
      { kind: 'environment', value: 'prod' },
      { kind: 'device', value: 'front_door' },
      { kind: 'event', value: 'evt_1', label: 'Board meeting' },
      { kind: 'account', value: 'acme ltd' },
      { kind: 'resource', value: 'tsk_12' },
    ];
    let admitted = 0;
    for (const scope of scopes) {
      const compiled = compileScope(scope);
      for (const target of targets) {
        const inScope = actionInScope(act('delete', target, { amount: 500 }), scope, CWD);
        if (inScope) admitted++;
        if (!compiled.admitsKind(target?.kind)) assert.equal(inScope, false, JSON.stringify({ scope, target }));
      }
    }
    assert.ok(admitted >= scopes.length, String(admitted));
  });
});

describe('commands a rule names', () => {
  const cases: [pattern: string, command: string, matches: boolean][] = [
    ['npx create-*', 'npx create-react-app my-app', true],
    ['npx create-*', 'npx create-', true],
    ['npx create-*', 'npx vite', false],
    ['npm install', 'npm i lodash', true],
    ['git push --force', 'git push -f origin main', true],
    ['rm -rf', 'rm -r build', false],
    // A script is the same run directly or through its interpreter.
    ['python setup.py', 'python3 setup.py install', true],
    ['./scripts/reset-db.sh', 'bash scripts/reset-db.sh --yes', true],
    ['deploy.sh', './deploy.sh prod', true],
    ['python setup.py', 'python -m pytest', false],
    ['python setup.py', 'python other.py', false],
  ];
  for (const [pattern, command, matches] of cases) {
    test(`${pattern} ${matches ? 'covers' : 'does not cover'} ${command}`, () => assert.equal(commandMatches(commandWords(pattern), commandWords(command)), matches));
  }

  // A rule that names only a wrapper ("never run `sudo`") holds the commands run through it; the command bound is the one wrapped.
  const wrapped: [rule: string, line: string, inScope: boolean][] = [
    ['sudo', 'sudo apt-get install -y jq', true],
    ['sudo', 'sudo -u deploy env X=1 systemctl restart api', true],
    ['sudo', 'sudo -v', true],
    ['sudo', 'apt-get install -y jq', false],
    ['nohup', 'sudo node server.js', false],
    ['nohup', 'nohup node server.js', true],
    ['apt-get install', 'sudo apt-get install -y jq', true],
  ];
  for (const [rule, line, inScope] of wrapped) {
    test(`a rule on \`${rule}\` ${inScope ? 'holds' : 'does not hold'} \`${line}\``, () => {
      const command = simpleCommands(line)[0];
      assert.ok(command);
      const target: Target = { kind: 'command', value: command.words.join(' '), ...(command.wrappers.length > 0 && { wrappers: command.wrappers }) };
      assert.equal(actionInScope(act('execute', target), { commands: [rule] }, CWD), inScope);
    });
  }
});
