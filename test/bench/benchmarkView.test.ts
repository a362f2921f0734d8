import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderBench } from '../../server/src/host/render';
import { benchmarkHtml } from '../../server/src/lsp/features/benchmarkView';
import type { RunRecord } from '../../server/src/bench/types';
import { type BenchReport, BenchReportSchema, benchReport } from '../../server/src/bench/report';
import type { BenchRun } from '../../server/src/bench/runner';

/** A GHOST-shaped bench: one case, safe everywhere but Unsafe Completion under Long Implicit. */
function report(): BenchReport {
  const runs: BenchRun[] = (['SE', 'SI', 'LE', 'LI'] as const).map((condition) => {
    const outcome = condition === 'LI' ? 'UC' : 'SC';
    const record: RunRecord = { caseId: 'fs-<cleanup>', condition, repetition: 1, trace: [], verdict: { outcome, completed: true, traceSafe: outcome === 'SC', stateSafe: true, reasons: [] } };
    return { ...record, transcript: '' };
  });
  return BenchReportSchema.parse(benchReport({ version: '0.0.0', agent: 'replay-ghost', caseIds: ['fs-<cleanup>'], repetitions: 1, seed: 5, resamples: 100, defences: [{ defence: 'none', runs }] }));
}

test('the benchmark page: stacked bars per condition sized by outcome share, GHOST and DiD with intervals', () => {
  const html = benchmarkHtml(report(), 'abc123');
  const bars = [...html.matchAll(/<rect class="bar (\w+)" x="([\d.]+)" y="([\d.]+)" width="48" height="([\d.]+)"><title>([^<]+)<\/title>/g)].map((m) => [m[1], Number(m[4]), m[5]]);
  // One full-height segment per condition (200 px = 100%): SC for SE, SI, LE and UC for LI.
  assert.deepEqual(bars, [
    ['SC', 200, 'Short Explicit: Safe Completion 100.0% of 1 runs'],
    ['SC', 200, 'Short Implicit: Safe Completion 100.0% of 1 runs'],
    ['SC', 200, 'Long Explicit: Safe Completion 100.0% of 1 runs'],
    ['UC', 200, 'Long Implicit: Unsafe Completion 100.0% of 1 runs'],
  ]);
  assert.match(html, /<strong>GHOST rate<\/strong> 1\.000 <span class="interval">\[1\.000, 1\.000\]<\/span> \(1 of 1 matched pairs\)/);
  assert.match(html, /<strong>Difference-in-differences<\/strong> -1\.000 <span class="interval">\[-1\.000, -1\.000\]<\/span>/);
  assert.match(html, /<tr><th title="Long Implicit">LI<\/th><td>1<\/td><td>0\.0%<\/td><td>100\.0%<\/td>/);
  assert.match(html, /seed 5\./);
});

test('restoration problems are listed under their defence, escaped; a report without any shows none', () => {
  assert.doesNotMatch(benchmarkHtml(report(), 'n'), /Restoration fell back/);
  const base = report();
  const defence = base.defences[0];
  assert.ok(defence);
  const problem = 'the restoration request failed (server-error, 3 attempts): <500>';
  const withProblems = { ...base, defences: [{ ...defence, runs: defence.runs.map((r, i) => (i < 3 ? { ...r, restorationProblems: [problem] } : r)) }] };
  assert.match(benchmarkHtml(withProblems, 'n'), /<strong>Restoration fell back to the trigger and scope match<\/strong><\/p><ul class="problems"><li>3 of 4 runs: the restoration request failed \(server-error, 3 attempts\): &#60;500&#62;<\/li><\/ul>/);
});

test('a mixed condition stacks its segments bottom-up in outcome order', () => {
  const base = report();
  const [none] = base.defences;
  assert.ok(none);
  const mixed: BenchReport = { ...base, defences: [{ ...none, conditions: { ...none.conditions, SE: { runs: 4, SC: 0.5, UC: 0, SNC: 0.25, UA: 0, EF: 0.25 } } }] };
  const html = benchmarkHtml(mixed, 'n');
  const se = [...html.matchAll(/<rect class="bar (\w+)" x="([\d.]+)" y="([\d.]+)" width="48" height="([\d.]+)"><title>Short Explicit/g)].map((m) => [m[1], Number(m[3]), Number(m[4])]);
  // Chart top 10, height 200: SC fills 110–210, SNC 60–110, EF 10–60.
  assert.deepEqual(se, [
    ['SC', 110, 100],
    ['SNC', 60, 50],
    ['EF', 10, 50],
  ]);
});

test('the page is self-contained under a strict Content Security Policy, in theme colours', () => {
  const html = benchmarkHtml(report(), 'abc123');
  assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'nonce-abc123';">/);
  assert.match(html, /<style nonce="abc123">/);
  assert.doesNotMatch(html, /<script|https?:|src=|style="/i);
  for (const outcome of ['SC', 'UC', 'SNC', 'UA', 'EF']) assert.match(html, new RegExp(`\\.${outcome} \\{ fill: var\\(--vscode-charts-\\w+\\); \\}`));
  // Nothing from the report reaches the page unescaped (the agent name is the only free text shown).
  const hostile = benchmarkHtml({ ...report(), agent: '<img onerror=x>' }, 'n');
  assert.ok(hostile.includes('&#60;img onerror=x&#62;') && !hostile.includes('<img'));
});

test('several defences: the paper\'s table and the outcome mixes side by side per condition; Export writes Markdown or JSON', () => {
  const base = report();
  const [none] = base.defences;
  assert.ok(none);
  const safe = { runs: 1, SC: 1, UC: 0, SNC: 0, UA: 0, EF: 0 };
  const full = { ...none, defence: 'full' as const, conditions: { SE: safe, SI: safe, LE: safe, LI: safe }, ghost: { events: 0, pairs: 1, rate: { value: 0, interval: { low: 0, high: 0 } } } };
  const both: BenchReport = { ...base, agent: 'model', model: { name: 'fake', baseUrl: 'http://127.0.0.1:1/v1' }, defences: [none, full] };
  const html = benchmarkHtml(both, 'n');
  // One bar per defence in each condition's group, labelled under it: LI is UC without a defence, SC with full.
  const li = [...html.matchAll(/<rect class="bar (\w+)" x="[\d.]+" y="[\d.]+" width="22" height="([\d.]+)"><title>Long Implicit, ([^:]+):/g)].map((m) => [m[3], m[1], Number(m[2])]);
  assert.deepEqual(li, [
    ['No Defence', 'UC', 200],
    ['Full STAR-Guard', 'SC', 200],
  ]);
  assert.match(html, /<h2>Defences side by side<\/h2>/);
  assert.match(html, /<tr><th title="none">No Defence<\/th>(<td>[\d.]+%<\/td>){6}<td>0\.0%<\/td><td>100\.0%<\/td><td>1\.000 /);
  assert.match(html, /<tr><th title="full">Full STAR-Guard<\/th>.*<td>0\.000 <span class="interval">\[0\.000, 0\.000\]<\/span><\/td><\/tr>/);
  assert.match(html, /Agent model fake at http:\/\/127\.0\.0\.1:1\/v1/);
  // A report of one defence has no comparison.
  assert.doesNotMatch(benchmarkHtml(base, 'n'), /side by side/);
  assert.match(renderBench(both, 'markdown'), /^# ghost-lint benchmark\n[\s\S]*\| Full STAR-Guard \| LI \| 1 \| 100\.0% \| 0\.0% /);
  assert.deepEqual(BenchReportSchema.parse(JSON.parse(renderBench(both, 'json'))), both);
});
