import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Action } from '../../server/src/engine/actions';
import { bindSql } from '../../server/src/engine/binding/sql';
import { contentSpan, parseEmbeddedJson, parseJsonAt, prop, subSpanOfValue } from '../../server/src/engine/json';
import { marked, slice } from '../support/fixture';

const identity = (start: number, end: number) => ({ start, end });

/** `verb kind:value @order.chain`. */
function describe(action: Action): string {
  assert.equal(action.basis, 'sql');
  assert.deepEqual(action.attributes, {});
  return `${action.verb} ${action.target?.kind}:${action.target?.value} @${action.step.order}.${action.step.chain}`;
}

function bind(sql: string, database?: string): string[] {
  return bindSql(sql, identity, database, { order: 0, chain: 0 }).map(describe);
}

test('DROP TABLE and DROP VIEW drop tables; DROP DATABASE and DROP SCHEMA drop databases; DROP INDEX a resource', () => {
  assert.deepEqual(bind('DROP TABLE users'), ['drop table:users @0.0']);
  assert.deepEqual(bind('DROP TABLE IF EXISTS public.users, "Orders" CASCADE'), ['drop table:public.users @0.0', 'drop table:Orders @0.0']);
  assert.deepEqual(bind('DROP VIEW active_users'), ['drop table:active_users @0.0']);
  assert.deepEqual(bind('DROP MATERIALIZED VIEW mv'), ['drop table:mv @0.0']);
  assert.deepEqual(bind('DROP DATABASE prod'), ['drop database:prod @0.0']);
  assert.deepEqual(bind('DROP DATABASE IF EXISTS `shop`'), ['drop database:shop @0.0']);
  assert.deepEqual(bind('DROP SCHEMA analytics CASCADE'), ['drop database:analytics @0.0']);
  assert.deepEqual(bind('DROP INDEX idx_users_email'), ['drop resource:idx_users_email @0.0']);
  assert.deepEqual(bind('DROP INDEX CONCURRENTLY IF EXISTS idx_a'), ['drop resource:idx_a @0.0']);
});

test('TRUNCATE, DELETE, UPDATE, ALTER TABLE, INSERT and SELECT', () => {
  assert.deepEqual(bind('TRUNCATE TABLE a, b'), ['truncate table:a @0.0', 'truncate table:b @0.0']);
  assert.deepEqual(bind('TRUNCATE ONLY audit RESTART IDENTITY'), ['truncate table:audit @0.0']);
  assert.deepEqual(bind('DELETE FROM "public"."users" WHERE id = 1'), ['delete table:public.users @0.0']);
  assert.deepEqual(bind('DELETE FROM `shop`.`orders`'), ['delete table:shop.orders @0.0']);
  assert.deepEqual(bind('UPDATE accounts SET balance = 0 WHERE id IN (SELECT id FROM closed)'), ['update table:accounts @0.0']);
  assert.deepEqual(bind('ALTER TABLE orders ADD COLUMN shipped_at TIMESTAMP'), ['alter table:orders @0.0']);
  assert.deepEqual(bind('ALTER TABLE ONLY public.t RENAME COLUMN a TO b'), ['alter table:public.t @0.0']);
  assert.deepEqual(bind("INSERT INTO events (kind) VALUES ('x')"), ['write table:events @0.0']);
  assert.deepEqual(bind('REPLACE INTO kv VALUES (1, 2)'), ['write table:kv @0.0']);
  assert.deepEqual(bind('SELECT * FROM a JOIN b ON a.id = b.id'), ['read table:a @0.0', 'read table:b @0.0']);
  assert.deepEqual(bind('CREATE TABLE t (a int); BEGIN; COMMIT'), []);
});

test('what only the MySQL grammar parses: multi-table DELETE and UPDATE, WITH … DELETE', () => {
  assert.deepEqual(bind('DELETE t1 FROM t1 JOIN t2 ON t1.id = t2.id WHERE t2.gone = 1'), ['delete table:t1 @0.0']);
  assert.deepEqual(bind('UPDATE a JOIN b ON a.id = b.id SET a.x = b.y'), ['update table:a @0.0', 'update table:b @0.0']);
  assert.deepEqual(bind('WITH old AS (SELECT id FROM t WHERE stale) DELETE FROM t WHERE id IN (SELECT id FROM old)'), ['delete table:t @0.0']);
});

test('statements no dialect parses are read from their leading keywords', () => {
  // SQLite and PostgreSQL syntax neither grammar accepts.
  assert.deepEqual(bind('INSERT OR REPLACE INTO kv VALUES (1)'), ['write table:kv @0.0']);
  assert.deepEqual(bind('UPDATE OR IGNORE t SET a = 1'), ['update table:t @0.0']);
  assert.deepEqual(bind("DELETE FROM files WHERE name GLOB 'tmp*'"), ['delete table:files @0.0']);
  assert.deepEqual(bind('INSERT INTO t DEFAULT VALUES'), ['write table:t @0.0']);
  assert.deepEqual(bind('DROP TEMPORARY TABLE IF EXISTS scratch_1, "scratch 2"'), ['drop table:scratch_1 @0.0', 'drop table:scratch 2 @0.0']);
  assert.deepEqual(bind('WITH x AS (SELECT 1) UPDATE ONLY "S"."T" SET a = (SELECT 2) RETURNING *'), ['update table:S.T @0.0']);
  // Nothing recognisable: nothing bound.
  assert.deepEqual(bind('VACUUM; PRAGMA foreign_keys = ON; garbage ;; ;'), []);
});

test('several statements: each its own order, all in the chain given', () => {
  const actions = bindSql('DELETE FROM logs; SELECT 1; DROP TABLE tmp', identity, undefined, { order: 3, chain: 5 });
  assert.deepEqual(actions.map(describe), ['delete table:logs @3.5', 'drop table:tmp @5.5']);
});

test('the connection database: a statement on its tables also does the verb to it', () => {
  assert.deepEqual(bind('DELETE FROM x; DROP DATABASE y; TRUNCATE a, b', 'app'), [
    'delete table:x @0.0',
    'delete database:app @0.0',
    'drop database:y @1.0',
    'truncate table:a @2.0',
    'truncate table:b @2.0',
    'truncate database:app @2.0',
  ]);
});

test('splitting respects quotes, comments and dollar quoting', () => {
  assert.deepEqual(bind("-- a; comment\nDELETE FROM logs WHERE msg = 'a;b' /* c; */; DROP TABLE \"x;y\""), ['delete table:logs @0.0', 'drop table:x;y @1.0']);
  assert.deepEqual(bind('CREATE FUNCTION f() RETURNS void AS $body$ BEGIN DELETE FROM a; END $body$ LANGUAGE plpgsql; TRUNCATE b'), ['truncate table:b @1.0']);
  assert.deepEqual(bind("UPDATE t SET note = 'it''s; fine'; DELETE FROM u"), ['update table:t @0.0', 'delete table:u @1.0']);
});

test('a statement too long to parse (a bulk INSERT) is still read', () => {
  const rows = Array.from({ length: 3000 }, (_, i) => `(${i}, 'row ${i}')`).join(', ');
  assert.deepEqual(bind(`INSERT INTO big VALUES ${rows}; DELETE FROM big`), ['write table:big @0.0', 'delete table:big @1.0']);
});

test('spans: each statement, without its semicolon or comments, mapped through spanOf', () => {
  const { text, spans } = marked("/* setup */ ⟦DELETE FROM logs⟧ ;\n  -- next\n⟦DROP TABLE tmp⟧;  ");
  const actions = bindSql(text, identity, undefined, { order: 0, chain: 0 });
  assert.deepEqual(
    actions.map((action) => action.span),
    spans,
  );
});

test('spans: SQL inside OpenAI stringified arguments maps to the raw escaped source', () => {
  const { text, spans } = marked(String.raw`{"arguments": "{\"sql\": \"⟦DROP TABLE \\\"Users\\\"⟧;\\n⟦DELETE FROM logs WHERE msg = 'a\\\\b'⟧\", \"db\": \"prod\"}"}`);
  const sqlNode = prop(parseEmbeddedJson(text, prop(parseJsonAt(text).root, 'arguments')!).root, 'sql');
  assert.ok(sqlNode && typeof sqlNode.value === 'string');
  assert.equal(sqlNode.value, "DROP TABLE \"Users\";\nDELETE FROM logs WHERE msg = 'a\\b'");
  const content = contentSpan(text, sqlNode);
  const actions = bindSql(sqlNode.value, (start, end) => subSpanOfValue(text, content, 2, start, end), 'prod', { order: 0, chain: 0 });
  assert.deepEqual(actions.map(describe), ['drop table:Users @0.0', 'drop database:prod @0.0', 'delete table:logs @1.0', 'delete database:prod @1.0']);
  assert.deepEqual(
    actions.map((action) => action.span),
    [spans[0], spans[0], spans[1], spans[1]],
  );
  assert.equal(slice(text, actions[0]!.span), String.raw`DROP TABLE \\\"Users\\\"`);
});

test('never throws, whatever the text', () => {
  const pieces = ['DROP', 'TABLE', 'DATABASE', 'DELETE', 'FROM', 'UPDATE', 'INSERT', 'INTO', 'WITH', 'x', '"y', "'z", '`', '$$', '$a$', ';', ',', '.', '(', ')', '--', '/*', '*/', '\n', 'é', 'IF', 'EXISTS'];
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 16 }), (parts) => {
      const sql = parts.join(' ');
      for (const action of bindSql(sql, identity, 'db', { order: 0, chain: 0 })) {
        assert.ok(action.span.start >= 0 && action.span.start <= action.span.end && action.span.end <= sql.length);
      }
    }),
    { seed: 20261129, numRuns: 300 },
  );
  fc.assert(
    fc.property(fc.string({ maxLength: 80 }), (sql) => {
      bindSql(sql, identity, undefined, { order: 0, chain: 0 });
    }),
    { seed: 11, numRuns: 300 },
  );
});
