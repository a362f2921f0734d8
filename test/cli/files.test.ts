import assert from 'node:assert/strict';
import { test } from 'node:test';
import { asText } from '../../server/src/host/files';

test('a file longer than a string can be is refused with its size and what to do, not an error code', () => {
  // A stand-in for a 600 MB file: decoding one for real would take the test's memory and time.
  const tooLong = {
    length: 600 * 1024 * 1024,
    toString(): string {
      throw Object.assign(new Error('Cannot create a string longer than 0x1fffffe8 characters'), { code: 'ERR_STRING_TOO_LONG' });
    },
  } as unknown as Buffer;
  assert.throws(() => asText(tooLong), /^Error: the file is 600 MB, more text than Node\.js holds in one string \(511 MB\); split the session into smaller files$/);
  assert.equal(asText(Buffer.from('{"a": "é"}')), '{"a": "é"}');
  const failing = { toString: () => { throw new Error('other'); } } as unknown as Buffer;
  assert.throws(() => asText(failing), /^Error: other$/);
});
