import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { GENERATED_SHAPES, type GeneratedTranscript, generateTranscript } from '../../scripts/plantedTranscripts';
import { CheckReportSchema } from '../../server/src/engine/report';
import { runCli } from '../support/cli';

/**
 * The generator's promise, checked by the CLI a user runs: on sessions of every shape, with every
 * wording of every rule, `check` reports exactly the planted violations (rule and call), and counts
 * the turns and tool calls the generator wrote.
 */

const work = mkdtempSync(join(tmpdir(), 'ghost-lint-generated-'));
after(() => rmSync(work, { recursive: true, force: true }));

test('check finds exactly the planted violations in generated sessions of every shape and wording', () => {
  const generated = new Map<string, GeneratedTranscript>();
  for (const shape of GENERATED_SHAPES) {
    // Five seeds give every wording of every rule; the sizes and violation counts vary with them.
    for (let seed = 0; seed < 5; seed++) {
      const session = generateTranscript({ shape, turns: 30 + 45 * seed, seed, violations: 1 + seed });
      const name = `${shape}-${seed}${shape === 'claude-code' || shape === 'codex' ? '.jsonl' : '.json'}`;
      writeFileSync(join(work, name), session.text);
      generated.set(name, session);
    }
  }
  const run = runCli(['check', '--format', 'json', ...generated.keys()], work);
  assert.equal(run.status, 1, run.stderr);
  const report = CheckReportSchema.parse(JSON.parse(run.stdout));
  for (const file of report.files) {
    const session = generated.get(file.path);
    assert.ok(session, file.path);
    assert.equal(file.status, 'analysed', `${file.path}: ${file.error ?? ''}`);
    assert.equal(file.sessions.length, 1, file.path);
    const [reported] = file.sessions;
    assert.equal(reported?.format, session.format, file.path);
    assert.equal(reported?.turns, session.turns, `${file.path}: turns`);
    assert.equal(reported?.toolCalls, session.calls, `${file.path}: tool calls`);
    assert.equal(reported?.constraints, session.constraints.length, `${file.path}: constraints (${session.constraints.join(' | ')})`);
    const violations = reported?.findings.filter((f) => f.level !== 'note').map((f) => ({ callId: f.callId, rule: f.ruleId }));
    assert.deepEqual(violations, session.violations, file.path);
  }
  assert.equal(report.files.length, generated.size);
});

test('the generator reaches the sizes benchmarks ask for, by turns or by bytes', () => {
  for (const shape of GENERATED_SHAPES) {
    const byTurns = generateTranscript({ shape, turns: 1_000 });
    assert.ok(byTurns.turns >= 1_000 && byTurns.turns < 1_010, `${shape}: ${byTurns.turns} turns`);
    const byBytes = generateTranscript({ shape, bytes: 2 * 1024 * 1024 });
    assert.ok(byBytes.text.length >= 2 * 1024 * 1024 && byBytes.text.length < 2.1 * 1024 * 1024, `${shape}: ${byBytes.text.length} characters`);
    // Both: the turns decide the length, the bytes how long tool output is (within a few per cent).
    const both = generateTranscript({ shape, turns: 1_000, bytes: 4 * 1024 * 1024 });
    assert.ok(both.turns >= 1_000 && both.turns < 1_010);
    assert.ok(Math.abs(both.text.length / (4 * 1024 * 1024) - 1) < 0.1, `${shape}: ${both.text.length} characters for 4 MB`);
    assert.equal(generateTranscript({ shape, turns: 200, seed: 9 }).text, generateTranscript({ shape, turns: 200, seed: 9 }).text, 'the same options give the same text');
  }
});
