import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { cook, fuzzParameters, recipe } from '../support/fuzz';
import { sandbox, spoolOf, startServer, stopServers } from '../support/hookSandbox';
import { fuzzSpool } from '../support/spoolFuzz';

/**
 * The check server's spool as hostile input: whatever lands in `requests/` (bytes, JSON of any shape,
 * check requests with odd options, working folders and paths, mutated transcripts among them) gets an
 * answer file that is a check's output or an error, never a stack trace, and the server goes on serving.
 */

const RUNS = 16;
/** In a long run, one request per hundred engine inputs: a request may check a whole mutated session. */
const LONG_RUN_SHARE = 1 / 100;

after(stopServers);

test('every check request file gets an answer or an error, and the server goes on serving', async () => {
  const box = sandbox();
  const server = await startServer(box, [], 'check');
  const spool = spoolOf(box, 'check');
  const sessions = join(box.project, 'sessions');
  mkdirSync(sessions);
  // Any name, but never one that climbs out of the sandbox ("..", "/"): a check of a folder reads all of it.
  const path = fc.oneof(recipe.map((r) => ({ mutated: r })), fc.constantFrom('sessions', 'missing.jsonl', '.', ''), fc.string({ maxLength: 12 }).map((name) => name.replace(/[/\\.]/g, '_')));
  // Options check reads, in any order and with any values; never --output, which would write wherever the fuzz said.
  const option = fc.oneof(
    fc.constantFrom(['--format', 'json'], ['--format', 'sarif'], ['--format', 'text'], ['--notes'], ['--no-cache'], ['--jobs', '1'], ['--jobs', '2'], ['--shard', '1/2'], ['--server'], ['--model']),
    fc.tuple(fc.constantFrom('--format', '--jobs', '--shard', '--policy', '--baseline'), fc.string({ maxLength: 10 })),
  );
  const checkRequest = fc.record({
    protocol: fc.oneof(fc.constant(1), fc.jsonValue({ maxDepth: 2 })),
    argv: fc.oneof(fc.tuple(fc.array(path, { minLength: 1, maxLength: 3 }), fc.array(option, { maxLength: 3 })), fc.array(fc.string({ maxLength: 16 }), { maxLength: 4 })),
    cwd: fc.oneof(fc.constant(box.project), fc.constant(join(box.root, 'gone')), fc.string({ maxLength: 16 })),
  });
  await fuzzSpool(
    server,
    spool,
    checkRequest,
    ({ argv, ...rest }, name) => {
      let args = argv as unknown[];
      if (Array.isArray(argv[0])) {
        const [paths, options] = argv as [(string | { mutated: Parameters<typeof cook>[0] })[], string[][]];
        const named = paths.map((given, at) => {
          if (typeof given === 'string') return given;
          const file = join(sessions, `${name}-${at}.jsonl`);
          writeFileSync(file, cook(given.mutated).bytes);
          return file;
        });
        args = ['check', ...named, ...options.flat()];
      }
      return Buffer.from(JSON.stringify({ ...rest, argv: args }));
    },
    fuzzParameters(RUNS, LONG_RUN_SHARE),
  );
  // Nothing was written outside the sandbox's sessions folder: the project holds only what the test put there.
  assert.deepEqual(readdirSync(box.project), ['sessions']);
});
