import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { isHookInputError } from '../../server/src/cli/hook/agents';
import { LedgerCache } from '../../server/src/cli/hook/cache';
import { judgeSessionFile, prepareBoundState } from '../../server/src/cli/hook/incremental';
import type { ProposedCall } from '../../server/src/engine/pipeline';
import { cook, fuzzParameters, recipe } from '../support/fuzz';
import { claudeInput, claudeSession, sandbox, spoolOf, startServer, stopServers, writeSession } from '../support/hookSandbox';
import { fuzzSpool } from '../support/spoolFuzz';
import { verdictOf } from '../support/incremental';

/**
 * The hook server's spool as hostile input: whatever lands in `requests/` (bytes, JSON of any shape,
 * requests of the right shape with odd fields, hook inputs naming mutated session files) gets an
 * answer file that is an answer or an error, never a stack trace, and the server goes on serving.
 */

const RUNS = 16;
/** Mutated sessions the server's idle work binds (in this process: it is what the server runs between calls). */
const PREPARE_RUNS = 60;
/** In a long run, one request per hundred engine inputs: a request may read a whole mutated session. */
const LONG_RUN_SHARE = 1 / 100;

after(stopServers);

test('every request file gets an answer or an error, and the server goes on serving', async () => {
  const box = sandbox();
  const server = await startServer(box);
  const spool = spoolOf(box);
  const sessions = join(box.root, 'sessions');
  mkdirSync(sessions);
  const transcript = fc.oneof(
    recipe.map((r) => ({ mutated: r })),
    fc.constantFrom(join(box.root, 'missing.jsonl'), sessions, '', 'relative.jsonl'),
  );
  const hookInput = fc.record({ transcript, command: fc.oneof(fc.constantFrom('rm -rf data/raw', 'ls'), fc.string()), extra: fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }) });
  const liveRequest = fc.record({
    protocol: fc.oneof(fc.constant(1), fc.jsonValue({ maxDepth: 2 })),
    argv: fc.oneof(fc.constantFrom(['hook', 'claude-code'], ['hook', 'codex', '--server'], ['hook', 'gemini-cli', '--confirm', 'deny']), fc.array(fc.string({ maxLength: 16 }), { maxLength: 5 })),
    cwd: fc.oneof(fc.constant(box.project), fc.constant(join(box.root, 'gone')), fc.string({ maxLength: 16 })),
    env: fc.oneof(fc.constant({ HOME: box.home, XDG_CACHE_HOME: box.cache }), fc.dictionary(fc.string({ maxLength: 12 }), fc.oneof(fc.string({ maxLength: 24 }), fc.jsonValue({ maxDepth: 1 })), { maxKeys: 6 })),
    stdin: fc.oneof(hookInput, fc.string({ maxLength: 200 })),
  });
  await fuzzSpool(
    server,
    spool,
    liveRequest,
    ({ stdin, ...rest }, name) => {
      let hookStdin = stdin;
      if (typeof stdin !== 'string') {
        let path = stdin.transcript as string;
        if (typeof stdin.transcript !== 'string') {
          path = join(sessions, `${name}.jsonl`);
          writeFileSync(path, cook(stdin.transcript.mutated).bytes);
        }
        hookStdin = JSON.stringify({ ...(JSON.parse(claudeInput(path, stdin.command)) as object), ...stdin.extra });
      }
      return Buffer.from(JSON.stringify({ ...rest, stdin: hookStdin }));
    },
    fuzzParameters(RUNS, LONG_RUN_SHARE),
  );
});

test('idle work on a mutated session never throws, and a call judged from the state it leaves is judged as on the whole file', () => {
  const box = sandbox();
  const cache = new LedgerCache(join(box.cache, 'ghost-lint'));
  let made = 0;
  let prepared = 0;
  const prepareAndJudge = (path: string, command: string): void => {
    const proposal: ProposedCall = { name: 'Bash', input: { command }, cwd: '/proj', id: 'toolu_idle_probe' };
    const judge = () => judgeSessionFile({ path, proposal, policies: [], cache, format: 'claude-code' });
    let whole: ReturnType<typeof judge>;
    try {
      whole = judge();
    } catch (e) {
      // Not a session the guard reads: the hook answers by --on-error, and there is no state to prepare.
      if (isHookInputError(e)) return;
      throw e;
    }
    const steps = prepareBoundState(path, cache);
    let step = steps.next();
    while (!step.done) step = steps.next();
    if (step.value !== undefined) prepared++;
    assert.deepEqual(verdictOf(judge().judgement), verdictOf(whole.judgement));
  };
  // A session with no constraint yet, whichever seeds there are (without ../shared the fixed seed's draws may bring none).
  prepareAndJudge(writeSession(box, 'prepare-plain.jsonl', claudeSession('Please tidy up the workspace.')), 'rm -rf data/raw/x');
  fc.assert(
    fc.property(recipe, fc.constantFrom('rm -rf data/raw/x', 'ls build', 'cp -r data/old backup/old', 'git push origin main'), (r, command) => {
      const path = join(box.root, `prepare-${made++}.jsonl`);
      writeFileSync(path, cook(r).bytes);
      prepareAndJudge(path, command);
    }),
    fuzzParameters(PREPARE_RUNS, 1 / 100),
  );
  assert.ok(prepared > 0, 'some sessions had an unbound state to prepare');
});
