import { readCaseTranscript } from '../bench/caseTranscript';
import type { EnvironmentDependencies } from '../bench/environments';
import { type ParsedTranscript, type TranscriptInput, parseTranscript } from '../engine/parse';

/**
 * Reads what `check` and the editor are given: a benchmark case file (JSON or YAML, validated) or a
 * transcript in any other format, by content. Case files are read here, ahead of the adapters, so the
 * live guard's parser, which only ever meets agent sessions, carries neither case validation nor the
 * tokenizer it needs. `caseEnvironment` is what the case environments need (sql.js, loaded by the
 * shell), so that a database case's reference traces are run against its evaluators as `bench` runs them.
 * Every format, cases included, is recognised by content (SPEC section 3); only the editor sets
 * `casesByName`, to check a document named `*.case.json` against the case schema from its first keystroke.
 */
export function parseInput(input: TranscriptInput, caseEnvironment: EnvironmentDependencies = {}, { casesByName = false } = {}): ParsedTranscript {
  return (input.text !== undefined ? readCaseTranscript(input.text, casesByName ? input.name : undefined, caseEnvironment) : undefined) ?? parseTranscript(input);
}
