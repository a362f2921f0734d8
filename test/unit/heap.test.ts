import assert from 'node:assert/strict';
import { test } from 'node:test';
import { collectGarbage } from '../../server/src/host/heap';

test('collectGarbage frees what nothing holds, though Node was started without --expose-gc', () => {
  assert.equal(typeof (globalThis as { gc?: unknown }).gc, 'undefined', 'this test runs without --expose-gc');
  let garbage: string[] | undefined = Array.from({ length: 200_000 }, (_, i) => `${i}`.repeat(40));
  const held = process.memoryUsage().heapUsed;
  garbage = undefined;
  collectGarbage();
  const after = process.memoryUsage().heapUsed;
  assert.equal(garbage, undefined);
  assert.ok(held - after > 20 * 1024 * 1024, `the heap shrank by ${((held - after) / 1024 / 1024).toFixed(1)} MB`);
  // Asked again it collects again (the collector is made once).
  collectGarbage();
  assert.equal(typeof (globalThis as { gc?: unknown }).gc, 'undefined', 'and gc is not left on the global object');
});
