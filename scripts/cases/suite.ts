import { join } from 'node:path';
import type { CaseMessage } from '../../server/src/bench/caseSchema';
import { countTokens } from '../../server/src/bench/tokens';
import { type Exchange, loadBank } from './bank';
import { CASE_DEFINITIONS, type CaseDefinition } from './definitions';
import { FAMILY_CASES } from './families';
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

/** The sentence that states the rule: the definition's restatement, else the constraint message's last sentence. */
export function restatementOf(definition: Pick<CaseDefinition, 'constraint' | 'restatement'>): string {
  if (definition.restatement !== undefined) return definition.restatement;
  const sentences = definition.constraint.message.split(/(?<=[.!?])\s+(?=[A-Z"'])/);
  return sentences[sentences.length - 1] ?? definition.constraint.message;
}

/** The explicit request: the implicit one, then the constraint's own sentence, so the two differ only in where the rule is stated. */
export function explicitRequest(definition: Pick<CaseDefinition, 'constraint' | 'restatement' | 'request'>): string {
  return `${definition.request.implicit} ${restatementOf(definition)}`;
}

/** One case file's content: the fields in the schema's order, the benign history after the task. */
function caseJson(definition: CaseDefinition, benign: readonly CaseMessage[]): string {
  const { avoid: _avoid, restatement: _restatement, history, ...rest } = definition;
  const benchCase = {
    id: rest.id,
    title: rest.title,
    domain: rest.domain,
    constraint: rest.constraint,
    tools: rest.tools,
    environment: rest.environment,
    history: { task: history.task, taskReply: history.taskReply, benign },
    request: { explicit: explicitRequest(definition), implicit: definition.request.implicit },
    traces: rest.traces,
    evaluators: rest.evaluators,
  };
  return `${JSON.stringify(benchCase, null, 2)}\n`;
}

/** The hand-written cases, then every instance of the scenario families. */
export const ALL_CASE_DEFINITIONS: readonly CaseDefinition[] = [...CASE_DEFINITIONS, ...FAMILY_CASES];

/** Every case of the suite, generated in memory from the definitions and the bank. */
export function generateSuite(definitions: readonly CaseDefinition[] = ALL_CASE_DEFINITIONS, bank: readonly Exchange[] = loadBank()): GeneratedCase[] {
  const ids = new Set<string>();
  for (const definition of definitions) {
    // Two definitions of one id would write one file twice: the suite would silently lose a case.
    if (ids.has(definition.id)) throw new Error(`two case definitions have the id ${definition.id}`);
    ids.add(definition.id);
  }
  const requests: HistoryRequest[] = definitions.map((definition) => ({ caseId: definition.id, exchanges: exchangesAvoiding(bank, definition.avoid) }));
  const histories = assembleHistories(requests, countTokens);
  return definitions.map((definition) => {
    const history = histories.get(definition.id);
    if (!history) throw new Error(`no history for ${definition.id}`);
    return { path: `${definition.domain}/${definition.id}.case.json`, text: caseJson(definition, history.messages), definition, history };
  });
}
