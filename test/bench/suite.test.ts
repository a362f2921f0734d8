import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { DOMAINS } from '../../server/src/bench/caseSchema';
import { countTokens } from '../../server/src/bench/tokens';
import { BENIGN_TURNS, validateCase } from '../../server/src/bench/validate';
import { extractConstraints } from '../../server/src/engine/extraction';
import { parseTranscript } from '../../server/src/engine/parse';
import { loadBank } from '../../scripts/cases/bank';
import { PAPER_HISTORY_TOKENS, SHARED_RUN, runsOf } from '../../scripts/cases/history';
import { ALL_CASE_DEFINITIONS, CASES_FOLDER, generateSuite, mentions } from '../../scripts/cases/suite';
import { environmentsForTests } from '../support/environments';

/*
 * The suite (examples/cases): every case validates (its reference traces against its evaluators), the
 * domains and the confirmation kind are covered at SCARBench's scale, the explicit request differs from
 * the implicit one only by the constraint's own sentence (suite-replays.test.ts shows a defence treats
 * both alike), each frozen benign history is in the paper's
 * range and its own, benign text states no constraint and names no target, and the files are exactly
 * what `npm run gen:cases` writes.
 */

interface CaseFile {
  readonly path: string;
  readonly text: string;
}

const caseFiles: CaseFile[] = readdirSync(CASES_FOLDER, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.case.json'))
  .sort()
  .map((name) => ({ path: name.split('\\').join('/'), text: readFileSync(join(CASES_FOLDER, name), 'utf8') }));

const environments = environmentsForTests();

interface CaseJson {
  id: string;
  domain: string;
  constraint: { message: string; rule: { kind: string } };
  request: { explicit: string; implicit: string };
  history: { benign: { role: string; content: string }[] };
}

const parsedCases = caseFiles.map((file) => ({ ...file, benchCase: JSON.parse(file.text) as CaseJson }));

/** What deterministic extraction reads in one user message. */
function extracted(text: string) {
  const parsed = parseTranscript({ name: 'benign.json', text: JSON.stringify([{ role: 'user', content: text }]) });
  assert.equal(parsed.kind, 'transcript');
  const session = parsed.kind === 'transcript' ? parsed.sessions[0] : undefined;
  assert.ok(session);
  return extractConstraints(session);
}

describe('the suite', () => {
  test(`has at least 103 cases, at least 17 per domain, at least 10 confirmations (${caseFiles.length})`, () => {
    assert.ok(caseFiles.length >= 103);
    for (const domain of DOMAINS) {
      const inDomain = parsedCases.filter((c) => c.benchCase.domain === domain);
      assert.ok(inDomain.length >= 17, `${domain}: ${inDomain.length} cases`);
      for (const c of inDomain) assert.ok(c.path.startsWith(`${domain}/`), `${c.path} lies in its domain's folder`);
    }
    const confirmations = parsedCases.filter((c) => c.benchCase.constraint.rule.kind === 'confirmation');
    assert.ok(confirmations.length >= 10, `${confirmations.length} confirmation cases`);
  });

  // One test for every case, so a suite of a hundred cases adds one line to the run, not a hundred.
  test('every case validates with no problems, its reference traces run against its own evaluators', () => {
    const problems = caseFiles.flatMap((file) => {
      const validation = validateCase(file.path, file.text, { environment: { sqlJs: environments.sqlJs() } });
      const placed = validation.benchCase && `${validation.benchCase.domain}/${validation.benchCase.id}.case.json` !== file.path ? [`${file.path}: its id and domain name another file`] : [];
      return [...placed, ...validation.problems.map((p) => `${file.path}: ${p.severity}: ${p.message}`)];
    });
    assert.deepEqual(problems, []);
  });

  test('the explicit and implicit requests differ only in where the constraint is stated: the explicit one adds the constraint\'s own sentence', () => {
    for (const { path, benchCase } of parsedCases) {
      const { explicit, implicit } = benchCase.request;
      assert.ok(explicit.startsWith(`${implicit} `), `${path}: the explicit request begins with the implicit one`);
      const restated = explicit.slice(implicit.length + 1);
      const message = benchCase.constraint.message;
      assert.ok(restated.length > 0 && message.toLowerCase().includes(restated.toLowerCase()), `${path}: "${restated}" is said in the constraint message "${message}"`);
    }
  });

  test("every benign history is 56–160 alternating turns of 6,000–6,176 tokens (the paper's range)", () => {
    for (const { path, benchCase } of parsedCases) {
      const benign = benchCase.history.benign;
      assert.ok(benign.length >= BENIGN_TURNS.min && benign.length <= BENIGN_TURNS.max, `${path}: ${benign.length} turns`);
      benign.forEach((message, index) => assert.equal(message.role, index % 2 === 0 ? 'user' : 'assistant', `${path}: turn ${index}`));
      const tokens = benign.reduce((sum, message) => sum + countTokens(message.content), 0);
      assert.ok(tokens >= PAPER_HISTORY_TOKENS.min && tokens <= PAPER_HISTORY_TOKENS.max, `${path}: ${tokens} tokens`);
    }
  });

  test(`no two cases share a run of ${SHARED_RUN} consecutive exchanges`, () => {
    const owner = new Map<string, string>();
    for (const { path, benchCase } of parsedCases) {
      const exchanges = benchCase.history.benign.filter((m) => m.role === 'user').map((m) => m.content);
      for (const run of new Set(runsOf(exchanges))) {
        const other = owner.get(run);
        assert.equal(other, undefined, `${path} repeats a run of ${other}: ${run}`);
        owner.set(run, path);
      }
    }
  });

  test('benign user messages state no constraint and revoke none (deterministic extraction)', () => {
    for (const { path, benchCase } of parsedCases) {
      for (const message of benchCase.history.benign.filter((m) => m.role === 'user')) {
        const found = extracted(message.content);
        assert.deepEqual([...found.constraints.map((c) => c.text), ...found.revocations.map((r) => r.text)], [], `${path}: "${message.content}"`);
      }
    }
  });

  test("no benign message mentions its case's targets", () => {
    for (const definition of ALL_CASE_DEFINITIONS) {
      const file = parsedCases.find((c) => c.benchCase.id === definition.id);
      assert.ok(file, `${definition.id} has a file`);
      for (const message of file.benchCase.history.benign) {
        for (const word of definition.avoid) assert.ok(!mentions(message.content, word), `${definition.id}: "${message.content}" mentions "${word}"`);
      }
    }
  });
});

describe('the generator', () => {
  test('is deterministic: regenerating in memory gives the files on disk, byte for byte', () => {
    const generated = generateSuite();
    assert.deepEqual(
      generated.map((g) => g.path).sort(),
      caseFiles.map((f) => f.path),
    );
    for (const g of generated) assert.equal(g.text, caseFiles.find((f) => f.path === g.path)?.text, `${g.path} differs from what scripts/generate-cases.ts writes`);
  });

  test('every user question in the bank is benign to extraction, and the bank is several hundred exchanges', () => {
    const bank = loadBank();
    assert.ok(bank.length >= 250, `${bank.length} exchanges`);
    assert.equal(new Set(bank.map((e) => e.user)).size, bank.length, 'each question is asked once');
    for (const exchange of bank) {
      const found = extracted(exchange.user);
      assert.equal(found.constraints.length + found.revocations.length, 0, exchange.user);
    }
  });
});
