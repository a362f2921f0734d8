import { CONDITIONS, DEFENCE_NAMES, OUTCOMES, type Outcome } from '../../../../shared/bench';
import { type BenchReport, type DefenceReport, agentText, restorationProblemCounts } from '../../bench/report';

/**
 * The benchmark report as a self-contained page for a webview: with several defences, the paper's
 * table and their outcome mixes side by side per condition first; then per defence, stacked bars of
 * the outcome mix per condition (plain inline SVG), the same numbers as a table, and the GHOST rate
 * and the difference-in-differences with their intervals. No script, nothing fetched: the page's Content
 * Security Policy allows only its own style block, and colours come from the theme's CSS variables.
 */

const OUTCOME_NAMES: Record<Outcome, string> = {
  SC: 'Safe Completion',
  UC: 'Unsafe Completion',
  SNC: 'Safe Non-completion',
  UA: 'Unsafe Attempt',
  EF: 'Execution Failure',
};
const CONDITION_NAMES = { SE: 'Short Explicit', SI: 'Short Implicit', LE: 'Long Explicit', LI: 'Long Implicit' } as const;

const CHART = { width: 360, height: 200, bar: 48, gap: 32, left: 40, top: 10 } as const;

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

function estimate(value: number | null, interval: { low: number; high: number } | null): string {
  if (value === null) return 'n/a';
  return `${value.toFixed(3)}${interval ? ` <span class="interval">[${interval.low.toFixed(3)}, ${interval.high.toFixed(3)}]</span>` : ''}`;
}

/** One bar per condition, its segments stacked bottom-up in outcome order; heights are shares of the chart's height. */
function chart(defence: DefenceReport): string {
  const parts: string[] = [];
  for (const tick of [0, 0.5, 1]) {
    const y = CHART.top + CHART.height * (1 - tick);
    parts.push(`<line class="grid" x1="${CHART.left}" x2="${CHART.width}" y1="${y}" y2="${y}"/><text class="axis" x="${CHART.left - 6}" y="${y + 4}" text-anchor="end">${tick * 100}%</text>`);
  }
  CONDITIONS.forEach((condition, i) => {
    const x = CHART.left + CHART.gap / 2 + i * (CHART.bar + CHART.gap);
    parts.push(...stackedBar(defence.conditions[condition], CONDITION_NAMES[condition], { x, width: CHART.bar, base: CHART.top + CHART.height, height: CHART.height }));
    parts.push(`<text class="axis" x="${x + CHART.bar / 2}" y="${CHART.top + CHART.height + 16}" text-anchor="middle">${condition}</text>`);
  });
  const height = CHART.top + CHART.height + 24;
  return `<svg class="chart" role="img" aria-label="Outcome mix per condition, defence ${escape(defence.defence)}" width="${CHART.width}" height="${height}" viewBox="0 0 ${CHART.width} ${height}">${parts.join('')}</svg>`;
}

function table(defence: DefenceReport): string {
  const head = `<tr><th>condition</th><th>runs</th>${OUTCOMES.map((o) => `<th title="${OUTCOME_NAMES[o]}">${o}</th>`).join('')}</tr>`;
  const rows = CONDITIONS.map((c) => {
    const row = defence.conditions[c];
    return `<tr><th title="${CONDITION_NAMES[c]}">${c}</th><td>${row.runs}</td>${OUTCOMES.map((o) => `<td>${percent(row[o])}</td>`).join('')}</tr>`;
  });
  return `<table>${head}${rows.join('')}</table>`;
}

/**
 * One outcome mix as bars stacked bottom-up in outcome order, `width` wide from `x`, on a plot `height`
 * tall whose baseline is at `base`; each bar's title starts with `label`. Returns the SVG parts.
 */
function stackedBar(row: DefenceReport['conditions'][(typeof CONDITIONS)[number]], label: string, box: { x: number; width: number; base: number; height: number }): string[] {
  const parts: string[] = [];
  let bottom = box.base;
  for (const outcome of OUTCOMES) {
    const height = row[outcome] * box.height;
    if (height <= 0) continue;
    bottom -= height;
    parts.push(
      `<rect class="bar ${outcome}" x="${box.x}" y="${bottom.toFixed(2)}" width="${box.width}" height="${height.toFixed(2)}"><title>${label}: ${OUTCOME_NAMES[outcome]} ${percent(row[outcome])} of ${row.runs} runs</title></rect>`,
    );
  }
  return parts;
}

const COMPARISON = { height: 200, top: 10, left: 40, bar: 22, barGap: 4, groupGap: 28 } as const;

/** Every defence's outcome mix side by side, grouped by condition: one bar per defence, labelled under it. */
function comparisonChart(report: BenchReport): string {
  const group = report.defences.length * (COMPARISON.bar + COMPARISON.barGap) - COMPARISON.barGap;
  const width = COMPARISON.left + CONDITIONS.length * (group + COMPARISON.groupGap);
  const parts: string[] = [];
  for (const tick of [0, 0.5, 1]) {
    const y = COMPARISON.top + COMPARISON.height * (1 - tick);
    parts.push(`<line class="grid" x1="${COMPARISON.left}" x2="${width}" y1="${y}" y2="${y}"/><text class="axis" x="${COMPARISON.left - 6}" y="${y + 4}" text-anchor="end">${tick * 100}%</text>`);
  }
  const baseline = COMPARISON.top + COMPARISON.height;
  CONDITIONS.forEach((condition, i) => {
    const start = COMPARISON.left + COMPARISON.groupGap / 2 + i * (group + COMPARISON.groupGap);
    report.defences.forEach((defence, j) => {
      const x = start + j * (COMPARISON.bar + COMPARISON.barGap);
      const label = `${CONDITION_NAMES[condition]}, ${DEFENCE_NAMES[defence.defence]}`;
      parts.push(...stackedBar(defence.conditions[condition], label, { x, width: COMPARISON.bar, base: baseline, height: COMPARISON.height }));
      parts.push(`<text class="tick" x="${x + COMPARISON.bar / 2}" y="${baseline + 12}" text-anchor="middle">${escape(defence.defence)}</text>`);
    });
    parts.push(`<text class="axis" x="${start + group / 2}" y="${baseline + 28}" text-anchor="middle">${condition}</text>`);
  });
  const height = baseline + 36;
  return `<svg class="chart" role="img" aria-label="Outcome mix per condition, defences side by side" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

/** The paper's table: Safe and Unsafe Completion per condition, and GHOST with its interval, one row per defence. */
function paperTable(report: BenchReport): string {
  const head = `<tr><th rowspan="2">defence</th>${CONDITIONS.map((c) => `<th colspan="2" title="${CONDITION_NAMES[c]}">${c}</th>`).join('')}<th rowspan="2">GHOST rate</th></tr><tr>${CONDITIONS.map(() => '<th title="Safe Completion">SC</th><th title="Unsafe Completion">UC</th>').join('')}</tr>`;
  const rows = report.defences.map((d) => {
    const cells = CONDITIONS.map((c) => `<td>${percent(d.conditions[c].SC)}</td><td>${percent(d.conditions[c].UC)}</td>`).join('');
    return `<tr><th title="${escape(d.defence)}">${DEFENCE_NAMES[d.defence]}</th>${cells}<td>${estimate(d.ghost.rate.value, d.ghost.rate.interval)}</td></tr>`;
  });
  return `<table class="paper">${head}${rows.join('')}</table>`;
}

function comparison(report: BenchReport): string {
  if (report.defences.length < 2) return '';
  return [`<section><h2>Defences side by side</h2>`, `<div class="row">${comparisonChart(report)}</div>`, paperTable(report), '</section>'].join('\n');
}

/** The restoration problems of a defence's runs, if any: the constraints those runs saw came from the trigger and scope match alone. */
function restorationProblems(defence: DefenceReport): string {
  const problems = restorationProblemCounts(defence);
  if (problems.length === 0) return '';
  const items = problems.map((p) => `<li>${p.runs} of ${defence.runs.length} runs: ${escape(p.message)}</li>`).join('');
  return `<p><strong>Restoration fell back to the trigger and scope match</strong></p><ul class="problems">${items}</ul>`;
}

function section(defence: DefenceReport): string {
  const ghost = defence.ghost;
  return [
    `<section><h2>Defence: ${escape(defence.defence)} (${DEFENCE_NAMES[defence.defence]})</h2>`,
    `<div class="row">${chart(defence)}${table(defence)}</div>`,
    `<p><strong>GHOST rate</strong> ${estimate(ghost.rate.value, ghost.rate.interval)} (${ghost.events} of ${ghost.pairs} matched pairs)</p>`,
    `<p><strong>Difference-in-differences</strong> ${estimate(defence.differenceInDifferences.value, defence.differenceInDifferences.interval)} <span class="note">(SC<sub>LI</sub> − SC<sub>LE</sub>) − (SC<sub>SI</sub> − SC<sub>SE</sub>)</span></p>`,
    restorationProblems(defence),
    '</section>',
  ].join('\n');
}

const STYLE = `
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); background: var(--vscode-editor-background); }
.row { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
.grid { stroke: var(--vscode-charts-lines); stroke-width: 1; }
.axis { fill: var(--vscode-foreground); font-size: 11px; }
.tick { fill: var(--vscode-descriptionForeground); font-size: 9px; }
.SC { fill: var(--vscode-charts-green); }
.UC { fill: var(--vscode-charts-red); }
.SNC { fill: var(--vscode-charts-blue); }
.UA { fill: var(--vscode-charts-orange); }
.EF { fill: var(--vscode-charts-yellow); }
.legend span { display: inline-flex; align-items: center; gap: 4px; margin-right: 12px; }
.legend svg { width: 12px; height: 12px; }
table { border-collapse: collapse; }
th, td { padding: 2px 8px; text-align: right; border-bottom: 1px solid var(--vscode-charts-lines); }
.interval, .note { color: var(--vscode-descriptionForeground); }
`;

/** The page for `report`; `nonce` admits its one style block under the page's Content Security Policy. */
export function benchmarkHtml(report: BenchReport, nonce: string): string {
  const legend = `<p class="legend">${OUTCOMES.map((o) => `<span><svg viewBox="0 0 12 12" aria-hidden="true"><rect class="${o}" width="12" height="12"/></svg>${o}: ${OUTCOME_NAMES[o]}</span>`).join('')}</p>`;
  const summary = `Agent ${escape(agentText(report))}, ${report.cases.length} case${report.cases.length === 1 ? '' : 's'} × ${CONDITIONS.length} conditions × ${report.repetitions} repetition${report.repetitions === 1 ? '' : 's'}; intervals: ${report.bootstrap.confidence * 100}%, ${report.bootstrap.resamples} case-cluster bootstrap resamples, seed ${report.bootstrap.seed}.`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'nonce-${nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ghost-lint benchmark</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<h1>ghost-lint benchmark</h1>
<p>${summary}</p>
${legend}
${comparison(report)}
${report.defences.map(section).join('\n')}
<p class="note">Export this report as Markdown (the paper's table) or JSON with the title bar's Export button (ghost-lint: Export Benchmark Report…).</p>
</body>
</html>
`;
}
