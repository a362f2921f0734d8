import { parseArgs } from 'node:util';
import { type Judged, chatFigures, figures, formFigures, judge, metamorphicFigures } from '../test/corpus/compile';
import { type Split, loadCorpus } from '../test/corpus/corpus';

/*
 * Scores extraction on the real-rules corpus (test/corpus): how many real rule sentences compile to
 * their annotated rule, by half. `--failures tune` lists the tuning half's misses, to work from;
 * the test half's are listed only when asked by name, for checking annotations, never for tuning.
 * `--file` keeps the sources files named.
 */

// Piped into `head`, the listing may be cut short: that is no error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

const { values } = parseArgs({ options: { failures: { type: 'string' }, json: { type: 'boolean', default: false }, file: { type: 'string', multiple: true } } });

// `--file second-harvest.jsonl`: one harvest's figures alone (a batch measured before anything was tuned on it).
const files = values.file;
const judged = loadCorpus()
  .filter((entry) => files === undefined || files.includes(entry.file))
  .map(judge);
const percent = (part: { right: number; total: number }) => (part.total === 0 ? 'n/a' : `${((100 * part.right) / part.total).toFixed(1)}% (${part.right}/${part.total})`);

const halves = (['tune', 'test'] as const).map((split) => figures(judged, split));
const metamorphic = metamorphicFigures();
if (values.json) {
  console.log(JSON.stringify({ halves, metamorphic: { rules: metamorphic.rules, byRewrite: metamorphic.byRewrite } }, null, 2));
} else {
  const rewrites = metamorphic.byRewrite.filter((r) => r.rewrite !== 'plain');
  const right = rewrites.reduce((sum, r) => sum + r.right, 0);
  const total = rewrites.reduce((sum, r) => sum + r.total, 0);
  console.log(`metamorphic suite: ${metamorphic.rules} rules, ${right}/${total} rewrites compile to their rule (${((100 * right) / total).toFixed(1)}%): ${metamorphic.byRewrite.map((r) => `${r.rewrite} ${r.right}/${r.total}`).join(', ')}`);
  for (const f of halves) {
    console.log(`${f.split} half: ${f.sources} sources`);
    console.log(`  rule sentences compiled right: ${percent(f.rules)}`);
    console.log(`    stateable in the vocabulary:  ${percent(f.resolvable)}`);
    console.log(`    not stateable (must bind nothing): ${percent(f.unresolved)}`);
    console.log(`  sentences that are no rule, read as none: ${percent(f.nonRules)}`);
    const docs = f.documents;
    console.log(`  whole documents: ${docs.extracted} sentences read as rules, ${docs.notRules} of them no rule${docs.extracted > 0 ? ` (1 in ${(docs.extracted / Math.max(docs.notRules, 1)).toFixed(1)})` : ''}`);
    const forms = formFigures(judged, f.split);
    console.log(`  one-line sentences read right, dressed in ${forms.byForm.length} forms files use: rules kept ${percent(forms.rules)}, no-rules kept silent ${percent(forms.nonRules)}`);
    console.log(`    ${forms.byForm.map((form) => `${form.form} ${form.rules}/${form.rulesTotal} & ${form.nonRules}/${form.nonRulesTotal}`).join('; ')}`);
    const chat = chatFigures(judged, f.split);
    console.log(`  one-sentence prose read right, written in ${chat.byForm.length} ways people write in chat: rules kept ${percent(chat.rules)}, no-rules kept silent ${percent(chat.nonRules)}`);
    console.log(`    ${chat.byForm.map((form) => `${form.form} ${form.rules}/${form.rulesTotal} & ${form.nonRules}/${form.nonRulesTotal}`).join('; ')}`);
  }
}

if (values.failures === 'metamorphic') {
  for (const miss of metamorphic.misses) console.log(`\n[${miss.rewrite}] ${miss.text}\n  want: ${miss.want.join(' | ')}\n  got:  ${miss.got.join(' | ') || '(nothing)'}`);
}
const shown = values.failures === 'tune' || values.failures === 'test' ? (values.failures as Split) : undefined;
if (shown) {
  const misses = judged.filter((j: Judged) => j.entry.split === shown && !j.right);
  for (const j of misses) {
    console.log(`\n${j.entry.file}:${j.entry.line} [${j.cls}] ${j.entry.text.replace(/\n/g, ' ⏎ ')}`);
    console.log(`  want: ${j.want.join(' | ') || '(nothing)'}`);
    console.log(`  got:  ${j.got.join(' | ') || '(nothing)'}`);
  }
}
