import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTask } from 'node:timers/promises';
import { test } from 'node:test';
import { emptyAuditState } from '../../server/src/engine/pipeline';
import { type FileKey, LedgerCache, LedgerMemory } from '../../server/src/cli/hook/cache';

/*
 * The hook server's memory of the guard's records: read or written once, not read again while the
 * file is unchanged; written to disk after the current task; read from disk again once another
 * guard process replaced the file.
 */

const keyOf = (path: string, bytes: number): FileKey => ({ path, dev: 1, ino: 2, bytes, head: 'h', edge: `e${bytes}` });

test('a record written through memory is read back without the disk, and reaches the disk after the current task', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'ghost-lint-memory-'));
  const cache = new LedgerCache(folder, new LedgerMemory());
  cache.write(keyOf('/s.jsonl', 10), 'claude-code', true);
  assert.deepEqual(readdirSync(folder), [], 'nothing written before the call is answered');
  assert.equal(cache.read('/s.jsonl')?.bytes, 10);
  await nextTask();
  const [file = ''] = readdirSync(folder);
  assert.ok(file.endsWith('.json'));
  assert.equal((JSON.parse(readFileSync(join(folder, file), 'utf8')) as { bytes: number }).bytes, 10);
  // A cache without memory (a hook process) reads what the server wrote.
  assert.equal(new LedgerCache(folder).read('/s.jsonl')?.bytes, 10);
});

test('a record another process replaced is read from disk again; one it did not touch is not', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'ghost-lint-memory-'));
  const memory = new LedgerMemory();
  const served = new LedgerCache(folder, memory);
  served.writeState(keyOf('/s.jsonl', 10), emptyAuditState('claude-code'));
  await nextTask();
  const first = served.readState('/s.jsonl');
  assert.equal(served.readState('/s.jsonl'), first, 'the same object: not parsed again');
  // A hook process without the server moves the state on.
  new LedgerCache(folder).writeState(keyOf('/s.jsonl', 20), emptyAuditState('claude-code'));
  assert.equal(served.readState('/s.jsonl')?.bytes, 20);
  // A file written over in place, same size and all, but at another time, is read again too.
  const [file] = readdirSync(folder);
  const text = readFileSync(join(folder, file as string), 'utf8');
  const again = served.readState('/s.jsonl');
  writeFileSync(join(folder, file as string), text.replace('"bytes":20', '"bytes":30'));
  assert.notEqual(served.readState('/s.jsonl'), again);
  assert.equal(served.readState('/s.jsonl')?.bytes, 30);
});

test('memory holds 64 records at most: the least recently used goes, written to disk first', () => {
  const folder = mkdtempSync(join(tmpdir(), 'ghost-lint-memory-'));
  const cache = new LedgerCache(folder, new LedgerMemory());
  for (let i = 0; i < 65; i++) cache.write(keyOf(`/s${i}.jsonl`, i), 'claude-code', false);
  // The first record left memory before the current task ended: the records waiting were written then, none lost.
  assert.equal(readdirSync(folder).length, 65);
  assert.equal(new LedgerCache(folder).read('/s0.jsonl')?.bytes, 0);
});
