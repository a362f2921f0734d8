import { ADAPTERS } from '../adapters';
import { type Adapter, SURE, sniffOnce } from '../adapters/types';
import { readContainer } from '../adapters/containers';
import { type JsonlMemory, type TranscriptDocument, readDocument } from '../session/document';
import type { ParsedTranscript } from '../session/session';

export interface TranscriptInput {
  /** A file name or URI: a hint for messages that picks no format (the editor alone reads a document named `*.case.json` as a case however little it holds: inputs.ts). */
  readonly name: string;
  /** Text of the file; give `bytes` instead for a binary container (an Inspect `.eval` zip). */
  readonly text?: string;
  readonly bytes?: Uint8Array;
  /** An edited document's line parses from its previous version (the editor's): unchanged JSON lines are not parsed again. */
  readonly lines?: JsonlMemory;
}

export type { ParsedTranscript } from '../session/session';

const MIN_SCORE = 0.3;

/** Picks the adapter by content and parses; never throws on malformed input. */
export function parseTranscript(input: TranscriptInput): ParsedTranscript {
  const bytes = input.bytes;
  if (bytes && isZip(bytes)) return readContainer(bytes);
  // The byte-order mark stays, as in the text an editor or the CLI reads: readDocument blanks it, so offsets match the file.
  const text = input.text ?? (bytes ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) : '');
  return parseDocument(readDocument(text, input.lines));
}

/** The adapter that reads a document: the one whose sniff scores highest (the first of equals), if any scores enough; the first sure one. */
export function pickAdapter(doc: TranscriptDocument): Adapter | undefined {
  let best: { score: number; adapter: Adapter } | undefined;
  for (const adapter of ADAPTERS) {
    const score = adapter.kind === 'json' ? (doc.kind === 'json' ? sniffOnce(adapter, doc) : 0) : doc.kind === 'jsonl' ? adapter.sniff(doc) : 0;
    if (score >= MIN_SCORE && (!best || score > best.score)) best = { score, adapter };
    if (best && best.score >= SURE) break;
  }
  return best?.adapter;
}

export function parseDocument(doc: TranscriptDocument): ParsedTranscript {
  const adapter = pickAdapter(doc);
  if (adapter) {
    const sessions = adapter.kind === 'json' && doc.kind === 'json' ? adapter.parse(doc) : adapter.kind === 'jsonl' && doc.kind === 'jsonl' ? adapter.parse(doc) : [];
    return { kind: 'transcript', format: adapter.format, sessions };
  }
  const problems = doc.kind === 'json' ? doc.errors.map((e) => ({ span: e.span, message: e.message })) : [];
  return { kind: 'not-a-transcript', reason: doc.kind === 'json' ? describeJson(doc.root?.type, problems.length) : 'no adapter recognises these JSON lines', problems };
}

function describeJson(rootType: string | undefined, errorCount: number): string {
  if (!rootType) return 'empty or not JSON';
  if (errorCount > 0 && rootType !== 'object' && rootType !== 'array') return 'not JSON';
  return 'JSON, but not a transcript format ghost-lint reads';
}

function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}
