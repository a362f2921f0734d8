import assert from 'node:assert/strict';
import fc from 'fast-check';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Spool } from '../../server/src/cli/spool';
import { type Server, pidIn, until } from './hookSandbox';

/** A line of a stack trace, which no answer and no server log may hold. */
const STACK_FRAME = /^\s+at .+(:\d+:\d+\)?|\(native\))$/m;

/**
 * Drops `bytes` in the spool as the request `name`, as a client writes one (whole, then renamed), and
 * checks the server's answer: an error, or a command's output with an exit code check or a hook may
 * give, no stack trace and no internal error.
 */
async function dropAndCheckAnswer(spool: Spool, name: string, bytes: Uint8Array): Promise<void> {
  writeFileSync(join(spool.requests, `${name}.tmp`), bytes);
  renameSync(join(spool.requests, `${name}.tmp`), join(spool.requests, `${name}.json`));
  const answerFile = join(spool.answers, `${name}.json`);
  await until(() => existsSync(answerFile), `an answer to ${name}`, 60_000);
  const answer = JSON.parse(readFileSync(answerFile, 'utf8')) as Record<string, unknown>;
  if ('error' in answer) {
    assert.equal(typeof answer.error, 'string');
    return;
  }
  assert.deepEqual(Object.keys(answer).sort(), ['exitCode', 'stderr', 'stdout']);
  assert.ok(Number.isInteger(answer.exitCode) && (answer.exitCode as number) >= 0 && (answer.exitCode as number) <= 2, `exit code ${String(answer.exitCode)}`);
  assert.doesNotMatch(`${answer.stdout as string}${answer.stderr as string}`, STACK_FRAME);
  assert.doesNotMatch(`${answer.stdout as string}${answer.stderr as string}`, /internal error/);
}

/**
 * Drops what may land in `server`'s spool, one request per run: any bytes, any JSON, or a request of
 * the server's own shape (`shaped`, odd in any field, which `encode` writes out, named `name`); every
 * request gets an answer (`dropAndCheckAnswer`) and the server goes on serving, with no stack trace in its log.
 */
export async function fuzzSpool<T>(server: Server, spool: Spool, shaped: fc.Arbitrary<T>, encode: (request: T, name: string) => Uint8Array, parameters: fc.Parameters<unknown>): Promise<void> {
  let sent = 0;
  await fc.assert(
    fc.asyncProperty(spoolRequests(shaped), async (made) => {
      const name = `fuzz-${sent++}`;
      await dropAndCheckAnswer(spool, name, 'shaped' in made ? encode(made.shaped, name) : made.bytes);
      assert.equal(pidIn(spool), server.child.pid, 'the server is still serving');
    }),
    parameters,
  );
  assert.equal(server.child.exitCode, null);
  assert.doesNotMatch(server.log(), STACK_FRAME);
}

function spoolRequests<T>(shaped: fc.Arbitrary<T>): fc.Arbitrary<{ readonly bytes: Uint8Array } | { readonly shaped: T }> {
  return fc.oneof(
    fc.uint8Array({ maxLength: 512 }).map((bytes) => ({ bytes })),
    fc.jsonValue({ maxDepth: 4 }).map((value) => ({ bytes: Buffer.from(JSON.stringify(value) ?? 'null') })),
    shaped.map((request) => ({ shaped: request })),
  );
}
