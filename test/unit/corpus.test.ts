import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { chatFigures, figures, formFigures, judge, metamorphicFigures } from '../corpus/compile';
import { atomsOf, classOf, firingProblem, loadCorpus, splitOf } from '../corpus/corpus';
import { SHARED_DIR, sharedPath } from '../support/shared';

/*
 * The real-rules corpus (test/corpus): its sources and annotations are checked here, and extraction's
 * figures on it may not fall below the floors the last measured figures set (scripts/evalRules.ts
 * prints them all). The floors guard against regressions; the goals are in the README.
 */
const corpus = loadCorpus();
const judged = corpus.map(judge);

describe('the real-rules corpus', () => {
  test(`holds at least 300 rule sentences from public sources (${corpus.filter((e) => classOf(e) !== 'not-a-rule').length})`, () => {
    assert.ok(corpus.filter((e) => classOf(e) !== 'not-a-rule').length >= 300);
  });

  test('every annotated rule could govern a call: no scope field its verbs cannot meet', () => {
    const problems = corpus.flatMap((e) => (Array.isArray(e.expect) ? e.expect.flatMap((rule) => firingProblem(rule) ?? []).map((p) => `${e.file}:${e.line} ${p}`) : []));
    assert.deepEqual(problems, []);
  });

  test('is split by source: each source in one half, both halves sizeable, the split fixed by the source name', () => {
    const halves = new Map<string, Set<string>>();
    for (const e of corpus) halves.set(e.sourceKey, new Set([...(halves.get(e.sourceKey) ?? []), e.split]));
    assert.ok([...halves.values()].every((h) => h.size === 1));
    const tune = [...halves.keys()].filter((k) => splitOf(k) === 'tune').length;
    assert.ok(tune >= halves.size * 0.3 && tune <= halves.size * 0.7, `${tune} of ${halves.size} sources in the tuning half`);
    assert.equal(splitOf('sierra-research/tau-bench'), splitOf('sierra-research/tau-bench'));
  });

  test('keeps out the sources held for the final check, and tau-bench’s historical trajectories', (t) => {
    assert.ok(corpus.every((e) => !/historical_trajectories/.test(e.source.path)));
    if (!SHARED_DIR || !existsSync(sharedPath('heldout-sources.txt'))) {
      t.skip('../shared is not beside the checkout: the held-out list cannot be read');
      return;
    }
    const heldOut = new Set(
      readFileSync(sharedPath('heldout-sources.txt'), 'utf8')
        .split('\n')
        .map((line) => line.trim().toLowerCase())
        .filter((line) => line !== '' && !line.startsWith('#')),
    );
    assert.deepEqual(corpus.filter((e) => heldOut.has(e.source.repo.toLowerCase())).map((e) => e.source.repo), []);
  });
});

describe('the judge compares what rules govern, not how they are grouped', () => {
  test('one rule over two targets is two rules over one each', () => {
    const together = atomsOf([{ kind: 'prohibition', trigger: ['execute'], scope: { commands: ['vp vitest', 'vp oxlint'] } }]);
    const apart = atomsOf([
      { kind: 'prohibition', trigger: ['execute'], scope: { commands: ['vp oxlint'] } },
      { kind: 'prohibition', trigger: ['execute'], scope: { commands: ['vp vitest'] } },
    ]);
    assert.deepEqual(together, apart);
    assert.notDeepEqual(together, atomsOf([{ kind: 'prohibition', trigger: ['execute'], scope: { commands: ['vp oxlint'] } }]));
  });
  test('allowed domains stay one scope: each takes addresses out of the other’s reach', () => {
    const both = atomsOf([{ kind: 'prohibition', trigger: ['send'], scope: { allowedDomains: ['acme.io', 'acme.com'] } }]);
    const each = atomsOf([
      { kind: 'prohibition', trigger: ['send'], scope: { allowedDomains: ['acme.io'] } },
      { kind: 'prohibition', trigger: ['send'], scope: { allowedDomains: ['acme.com'] } },
    ]);
    assert.equal(both.length, 1);
    assert.notDeepEqual(both, each);
  });
});

describe('extraction on the corpus, not below its last figures', () => {
  for (const split of ['tune', 'test'] as const) {
    const f = figures(judged, split);
    test(`${split} half: rule sentences ${f.rules.right}/${f.rules.total}, sentences that are no rule read as none ${f.nonRules.right}/${f.nonRules.total}`, () => {
      assert.ok(f.rules.right / f.rules.total >= (split === 'tune' ? 0.72 : 0.66));
      // The fourth harvest, measured blind, brought the test half's figure to 89.6% (251/280).
      assert.ok(f.unresolved.right / f.unresolved.total >= (split === 'tune' ? 0.9 : 0.88), 'a rule the vocabulary cannot say is bound to nothing');
      assert.ok(f.nonRules.right / f.nonRules.total >= 0.98);
      assert.ok(f.documents.notRules * 20 <= Math.max(f.documents.extracted, 20), 'at most 1 in 20 rules read from whole documents is no rule');
    });
  }

  test('the tuning half dressed in the forms files use: rules kept, sentences that are no rule kept silent', () => {
    const forms = formFigures(judged, 'tune');
    const misses = forms.byForm.filter((f) => f.rules < f.rulesTotal || f.nonRules < f.nonRulesTotal).map((f) => `${f.form}: ${f.rules}/${f.rulesTotal}, ${f.nonRules}/${f.nonRulesTotal}`);
    assert.ok(forms.rules.right >= 0.95 * forms.rules.total, misses.join('\n'));
    assert.ok(forms.nonRules.right >= 0.995 * forms.nonRules.total, misses.join('\n'));
  });

  test('the tuning half written as people write in chat: rules kept, sentences that are no rule kept silent', () => {
    const chat = chatFigures(judged, 'tune');
    const misses = chat.byForm.filter((f) => f.rules < f.rulesTotal || f.nonRules < f.nonRulesTotal).map((f) => `${f.form}: ${f.rules}/${f.rulesTotal}, ${f.nonRules}/${f.nonRulesTotal}`);
    assert.ok(chat.rules.right >= 0.95 * chat.rules.total, misses.join('\n'));
    assert.ok(chat.nonRules.right >= 0.995 * chat.nonRules.total, misses.join('\n'));
  });

  test('the metamorphic suite: 100 rules and more, each rewrite compiles to its rule', () => {
    const m = metamorphicFigures();
    assert.ok(m.rules >= 100);
    const rewrites = m.byRewrite.filter((r) => r.rewrite !== 'plain');
    assert.ok(rewrites.length >= 8);
    const right = rewrites.reduce((sum, r) => sum + r.right, 0);
    const total = rewrites.reduce((sum, r) => sum + r.total, 0);
    assert.ok(right / total >= 0.95, m.misses.slice(0, 5).map((miss) => `${miss.rewrite}: ${miss.text}`).join('\n'));
  });
});
