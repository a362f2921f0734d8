import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fnv1a32, fnv1a32CodePoints, fnv1a64CodePoints, hex32, seededBasis } from '../../server/src/engine/text';

// Published FNV-1a test vectors (Fowler, Noll and Vo's reference list).
test('FNV-1a, 32 and 64 bits: the reference vectors', () => {
  assert.equal(hex32(fnv1a32('')), '811c9dc5');
  assert.equal(hex32(fnv1a32('a')), 'e40c292c');
  assert.equal(hex32(fnv1a32('foobar')), 'bf9cf968');
  assert.equal(fnv1a64CodePoints('').toString(16), 'cbf29ce484222325');
  assert.equal(fnv1a64CodePoints('a').toString(16), 'af63dc4c8601ec8c');
  assert.equal(fnv1a64CodePoints('foobar').toString(16), '85944171f73967e8');
});

test('code units and code points agree on the BMP and differ past it; a seed changes the hash', () => {
  assert.equal(fnv1a32CodePoints('naïve'), fnv1a32('naïve'));
  assert.notEqual(fnv1a32CodePoints('😀'), fnv1a32('😀'));
  assert.equal(seededBasis(0), fnv1a32(''));
  assert.notEqual(fnv1a32('x', seededBasis(1)), fnv1a32('x'));
  // A seed past 2^31 (a bench seed may be up to 2^32 - 1) still gives an unsigned basis.
  assert.ok(seededBasis(4_294_967_295) >= 0);
  assert.equal(hex32(0x7f), '0000007f');
});
