import { type BenchReport, formatBenchMarkdown, formatBenchText } from '../bench/report';
import { type CheckReport, toMarkdown, toSarif } from '../engine/report';
import { type ModelSection, formatModelSection } from '../model/checkReport';
import { type TextFormatOptions, formatText } from './textFormat';

/** The forms a check report is written in: the CLI's `--format` (text, json, sarif) and the editor's export (sarif, json, markdown). */
export type CheckFormat = 'text' | 'json' | 'sarif' | 'markdown';

/**
 * A check report as the CLI prints it and the editor exports it; `model` is the report's model
 * section under `check --model` (in the JSON report and after the text; SARIF and Markdown have none).
 * `text` only affects the text format: the machine formats always carry every result.
 */
export function render(report: CheckReport, format: CheckFormat, model?: ModelSection, text: TextFormatOptions = { notes: true }): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify(model ? { ...report, model } : report, null, 2)}\n`;
    case 'sarif':
      return `${JSON.stringify(toSarif(report), null, 2)}\n`;
    case 'markdown':
      return toMarkdown(report);
    case 'text':
      return model ? `${formatText(report, text)}\n${formatModelSection(model)}` : formatText(report, text);
  }
}

/** The forms a benchmark report is written in: `ghost-lint bench --format` and the editor's export. */
export type BenchFormat = 'text' | 'json' | 'markdown';

export function renderBench(report: BenchReport, format: BenchFormat): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify(report, null, 2)}\n`;
    case 'markdown':
      return formatBenchMarkdown(report);
    case 'text':
      return formatBenchText(report);
  }
}

/** Error- and warning-level results: what makes `check` exit 1 and the editor's export count as problems. */
export function problemCount(report: CheckReport): number {
  return report.summary.errors + report.summary.warnings;
}
