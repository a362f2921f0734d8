import { join } from 'node:path';
import type { CaseMessage } from '../../server/src/engine/bench/caseSchema';
import { countTokens } from '../../server/src/engine/bench/tokens';
import { type Exchange, loadBank } from './bank';
import { CASE_DEFINITIONS, type CaseDefinition } from './definitions';
import { type AssembledHistory, type HistoryRequest, assembleHistories } from './history';

/**
 * The starter suite as files: each case definition with its frozen benign history, written as
 * examples/cases/<domain>/<id>.case.json (2-space JSON). Deterministic: the same definitions and bank
 * always give the same bytes, which the suite test checks against the files on disk.
 */

export const CASES_FOLDER = join(__dirname, '..', '..', 'examples', 'cases');

export interface GeneratedCase {
  /** Path relative to examples/cases. */
  readonly path: string;
  readonly text: string;
  readonly definition: CaseDefinition;
  readonly history: AssembledHistory;
}

/** Whether `text` mentions `word` as a word (a word that starts or ends with a letter or digit is bounded there). */
export function mentions(text: string, word: string): boolean {
  const escaped = word.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const start = /^\w/.test(word) ? '\\b' : '';
  const end = /\w$/.test(word) ? '\\b' : '';
  return new RegExp(`${start}${escaped}${end}`).test(text.toLowerCase());
}

/** Exchanges that mention none of `avoid`. */
export function exchangesAvoiding(bank: readonly Exchange[], avoid: readonly string[]): Exchange[] {
  return bank.filter((exchange) => !avoid.some((word) => mentions(exchange.user, word) || mentions(exchange.assistant, word)));
}

/** One case file's content: the fields in the schema's order, the benign history after the task. */
function caseJson(definition: CaseDefinition, benign: readonly CaseMessage[]): string {
  const { avoid: _avoid, history, ...rest } = definition;
  const benchCase = {
    id: rest.id,
    title: rest.title,
    domain: rest.domain,
    constraint: rest.constraint,
    tools: rest.tools,
    environment: rest.environment,
    history: { task: history.task, taskReply: history.taskReply, benign },
    request: rest.request,
    traces: rest.traces,
    evaluators: rest.evaluators,
  };
  return `${JSON.stringify(benchCase, null, 2)}\n`;
}

/** Every case of the suite, generated in memory from the definitions and the bank. */
export function generateSuite(definitions: readonly CaseDefinition[] = CASE_DEFINITIONS, bank: readonly Exchange[] = loadBank()): GeneratedCase[] {
  const requests: HistoryRequest[] = definitions.map((definition) => ({ caseId: definition.id, exchanges: exchangesAvoiding(bank, definition.avoid) }));
  const histories = assembleHistories(requests, countTokens);
  return definitions.map((definition) => {
    const history = histories.get(definition.id);
    if (!history) throw new Error(`no history for ${definition.id}`);
    return { path: `${definition.domain}/${definition.id}.case.json`, text: caseJson(definition, history.messages), definition, history };
  });
}
