import assert from 'node:assert/strict';
import type { Action } from '../../server/src/engine/actions';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session, TranscriptFormat } from '../../server/src/engine/session';

/** Parses a fixture that must be one transcript of `format`, and returns its first session. */
export function parseAs(text: string, format: TranscriptFormat): Session {
  const parsed = parseTranscript({ name: 'fixture', text });
  assert.equal(parsed.kind, 'transcript', parsed.kind === 'not-a-transcript' ? parsed.reason : '');
  if (parsed.kind !== 'transcript') throw new Error('unreachable');
  assert.equal(parsed.format, format);
  return parsed.sessions[0]!;
}

/** `verb kind:value`, with a label, `recursive`, and attributes when present: what a test reads at a glance. */
export function describeAction(action: Action): string {
  const target = action.target ? ` ${action.target.kind}:${action.target.value}` : '';
  const label = action.target?.label !== undefined ? ` "${action.target.label}"` : '';
  const recursive = action.target?.recursive ? ' recursive' : '';
  const attributes = Object.keys(action.attributes).length > 0 ? ` ${JSON.stringify(action.attributes)}` : '';
  return `${action.verb}${target}${label}${recursive}${attributes}`;
}
