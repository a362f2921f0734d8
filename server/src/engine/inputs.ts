import { readCaseTranscript } from './bench/caseTranscript';
import { type ParsedTranscript, type TranscriptInput, parseTranscript } from './parse';

/**
 * Reads what `check` and the editor are given: a benchmark case file (JSON or YAML, validated) or a
 * transcript in any other format, by content. Case files are read here, ahead of the adapters, so the
 * live guard's parser, which only ever meets agent sessions, carries neither case validation nor the
 * tokenizer it needs.
 */
export function parseInput(input: TranscriptInput): ParsedTranscript {
  return (input.text !== undefined ? readCaseTranscript(input.text, input.name) : undefined) ?? parseTranscript(input);
}
