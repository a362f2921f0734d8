import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { LedgerCache } from '../../server/src/cli/hook/cache';
import { judgeSessionFile, readSession } from '../../server/src/cli/hook/incremental';
import { extractConstraints } from '../../server/src/engine/extraction';
import { type ProposedCall, judgeProposedCall } from '../../server/src/engine/pipeline';
import { parseTranscript } from '../../server/src/engine/parse';
import type { ToolCall } from '../../server/src/engine/session';
import { linesOf, replayBothWays, verdictOf } from '../support/incremental';
import { NEEDS_SHARED, SHARED_DIR, sharedPath } from '../support/shared';

/*
 * The live guard's incremental judgement against the whole-file one on every transcript of
 * ../shared/transcripts/dev and on the real JSON Lines sessions beside it: each session grown line by
 * line, and at every length the call about to be made (as its agent's hook proposes it) and each call
 * of the session proposed anew, judged both ways with equal decisions, reasons and findings. Through
 * the guard's own file reader and cache too (hook/incremental.ts), with the file appended to in place.
 */

const DEV = SHARED_DIR ? sharedPath('transcripts', 'dev') : '';
const REAL = SHARED_DIR ? ['claude-code', 'codex-cli', 'gemini-cli'].map((folder) => sharedPath('transcripts', 'real', folder)) : [];

/** The session file's calls, read whole. */
function callsOf(path: string): readonly ToolCall[] {
  const parsed = parseTranscript({ name: path, text: readFileSync(path, 'utf8') });
  return parsed.kind === 'transcript' ? (parsed.sessions[0]?.calls ?? []) : [];
}

/** Probes every session gets, whatever its calls: a deletion and a force-push, as Claude Code and Codex name their shell tools. */
const PROBES: readonly ProposedCall[] = [
  { name: 'Bash', input: { command: 'rm -rf data/raw' }, cwd: '/home/dev/projects/lab-notebook' },
  { name: 'shell_command', input: { command: 'git push --force origin main' }, cwd: '/home/dev/src/payments-api' },
];

/**
 * Calls proposed anew, as recorded (with and without the id: Gemini CLI's hook gives none), in their
 * own cwd: a spread of the session's calls (every one would make the replay slow), and the probes.
 */
function proposalsFrom(calls: readonly ToolCall[]): ProposedCall[] {
  const spread = calls.filter((_, i) => i % Math.max(1, Math.ceil(calls.length / 6)) === 0);
  return [
    ...spread.flatMap((c) => [
      { id: c.id, name: c.name, input: c.input, ...(c.cwd !== undefined && { cwd: c.cwd }) },
      { name: c.name, input: c.input, ...(c.cwd !== undefined && { cwd: c.cwd }) },
    ]),
    ...PROBES,
  ];
}

/** At each length, the call on the next line (with its id, as the hook is asked before the line is written) and every call anew. */
function proposalsAt(lines: readonly string[], calls: readonly ToolCall[]): (length: number) => ProposedCall[] {
  const anew = proposalsFrom(calls);
  return (length) => {
    const upcoming = calls.find((c) => (lines[length] ?? '').includes(JSON.stringify(c.id)));
    return [...(upcoming ? [{ id: upcoming.id, name: upcoming.name, input: upcoming.input, ...(upcoming.cwd !== undefined && { cwd: upcoming.cwd }) }] : []), ...anew];
  };
}

function jsonlFiles(folder: string): string[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => join(folder, f));
}

describe('incremental judgement equals the whole-file judgement', NEEDS_SHARED, () => {
  for (const path of SHARED_DIR ? [...jsonlFiles(DEV), ...REAL.flatMap(jsonlFiles)] : []) {
    test(`${path.split('/').slice(-2).join('/')}: grown line by line, every call judged both ways`, () => {
      const lines = linesOf(readFileSync(path, 'utf8'));
      const calls = callsOf(path);
      const counts = replayBothWays(path, lines, proposalsAt(lines, calls));
      assert.ok(counts.judged >= lines.length, JSON.stringify(counts));
    });
  }

  test('through the guard file reader and its cache: each dev session appended to in place, the next call judged before its line is written', () => {
    const work = mkdtempSync(join(tmpdir(), 'ghost-lint-incremental-'));
    const cache = new LedgerCache(join(work, 'cache'));
    let judged = 0;
    for (const source of readdirSync(DEV).filter((f) => f !== 'expected.json')) {
      const lines = linesOf(readFileSync(join(DEV, source), 'utf8'));
      const path = join(work, source);
      const calls = callsOf(join(DEV, source));
      const proposals = proposalsAt(lines, calls);
      const judgeBothWays = (label: string, asked: readonly ProposedCall[]) => {
        const content = readFileSync(path);
        const session = readSession(content, path, { name: '', input: {} }, 'claude-code');
        const extraction = extractConstraints(session);
        for (const proposal of asked) {
          const want = verdictOf(judgeProposedCall(session, proposal, { extraction }));
          const got = judgeSessionFile({ path, proposal, policies: [], cache, format: 'claude-code' });
          assert.deepEqual(verdictOf(got.judgement), want, `${source}, ${label}, ${proposal.name} ${proposal.id ?? ''}`);
          judged++;
        }
      };
      if (!source.endsWith('.jsonl')) {
        // A JSON transcript is not appended to: it is read whole, every call proposed against it.
        writeFileSync(path, lines.join(''));
        judgeBothWays('whole', proposalsFrom(calls));
        continue;
      }
      writeFileSync(path, '');
      for (let length = 0; length <= lines.length; length++) {
        if (length > 0) appendFileSync(path, lines[length - 1] ?? '');
        judgeBothWays(`${length} lines`, proposals(length).slice(0, 6));
      }
    }
    assert.ok(judged > 500, `${judged} judgements`);
  });
});
