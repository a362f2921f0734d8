import { performance } from 'node:perf_hooks';
import { DEBOUNCE_MS } from '../server/src/lsp/analysisScheduler';
import { ServerUnderTest } from '../test/support/lsp';
import { WORK_REQUESTS } from './plantedTranscripts';

/**
 * A 10,000-turn Claude Code session for the language-server bench, shaped like a long working day:
 * a rule stated at the start, then rounds of a request, a reply and four tool calls with results
 * (reads, edits, shell commands, writes), and a deletion near the end that breaks the rule.
 */
export function longClaudeCodeSession(turns = 10_000): string {
  const sessionId = '3e0c7a52-9d41-4b8e-a7f2-5c6d7e8f9a0b';
  const cwd = '/home/dev/projects/service';
  const requests = WORK_REQUESTS;
  const lines: string[] = [];
  let parent: string | null = null;
  const push = (record: Record<string, unknown>): void => {
    const uuid = `00000000-0000-4000-8000-${String(lines.length).padStart(12, '0')}`;
    lines.push(JSON.stringify({ parentUuid: parent, isSidechain: false, userType: 'external', cwd, sessionId, version: '2.0.14', gitBranch: 'main', type: record.type, uuid, timestamp: new Date(Date.UTC(2026, 8, 27, 9, 0, lines.length)).toISOString(), ...record }));
    parent = uuid;
  };
  const user = (content: unknown) => push({ type: 'user', message: { role: 'user', content } });
  // Each assistant line is its own API response (its own message id), so each line is one turn.
  const assistant = (id: string, block: object) => push({ type: 'assistant', message: { id, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [block] } });
  user('Before you delete anything in tmp/, back it up first.');
  let round = 0;
  while (lines.length < turns - 4) {
    round++;
    const id = (n: number) => `msg_${String(round * 5 + n).padStart(20, '0')}`;
    user(requests[round % requests.length]);
    assistant(id(0), { type: 'text', text: `On it: round ${round}.` });
    const tools: [string, Record<string, unknown>, string][] = [
      ['Read', { file_path: `${cwd}/src/module${round % 40}.ts` }, `export const value${round} = ${round};`],
      ['Edit', { file_path: `${cwd}/src/module${round % 40}.ts`, old_string: `value${round}`, new_string: `total${round}` }, 'The file has been updated.'],
      ['Bash', { command: `npm test -- --grep module${round % 40}`, description: 'Run the tests' }, `ok ${round} passing`],
      ['Write', { file_path: `${cwd}/notes/round${round}.md`, content: `Round ${round} done.` }, 'File created successfully.'],
    ];
    tools.forEach(([name, input, output], i) => {
      if (lines.length >= turns - 4) return;
      const toolId = `toolu_${String(round * 4 + i).padStart(20, '0')}`;
      assistant(id(i + 1), { type: 'tool_use', id: toolId, name, input });
      user([{ tool_use_id: toolId, type: 'tool_result', content: output, is_error: false }]);
    });
  }
  user('Clear out the old cache in tmp/ now.');
  assistant('msg_final', { type: 'tool_use', id: 'toolu_final', name: 'Bash', input: { command: 'rm tmp/cache.db', description: 'Remove the old cache' } });
  user([{ tool_use_id: 'toolu_final', type: 'tool_result', content: '', is_error: false }]);
  return `${lines.join('\n')}\n`;
}

export interface LspLatency {
  readonly turns: number;
  readonly megabytes: number;
  /** From opening the document to its first diagnostics. */
  readonly firstMs: number;
  /**
   * Edit to diagnostics of that version, less the debounce: the median and the 95th percentile over
   * the edits typed once the server's code is compiled (after the first `edits`).
   */
  readonly p50Ms: number;
  readonly p95Ms: number;
  /** The same over the first `edits` after the server started, while V8 still compiles the code edits run. */
  readonly firstEditsP50Ms: number;
  readonly firstEditsP95Ms: number;
  readonly edits: number;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * The built server over stdio, as the editor drives it: open the 10,000-turn session (time to its
 * first diagnostics), then type into one request in the middle of it, one edit at a time, and time
 * each edit to the diagnostics of its version, less the debounce the server waits on purpose. The
 * first `edits` after the server starts run code V8 has not compiled yet (the first is several
 * times slower than the rest); they are reported on their own, and the next `edits` as the latency
 * of typing.
 */
export async function lspLatency(edits = 30): Promise<LspLatency> {
  const text = longClaudeCodeSession();
  const server = new ServerUnderTest();
  await server.initialize();
  const uri = 'file:///bench/long-session.jsonl';
  const opened = performance.now();
  await server.open(uri, text);
  const firstMs = performance.now() - opened;
  // Type over one character of a request halfway through, back and forth.
  const at = text.indexOf('Explain what the cache layer does', text.length / 2) + 'Explain'.length;
  const lines = text.slice(0, at).split('\n');
  const position = { line: lines.length - 1, character: lines.at(-1)?.length ?? 0 };
  const latencies: number[] = [];
  for (let version = 2; version <= 2 * edits + 1; version++) {
    const published = server.diagnostics(uri, (p) => p.version === version);
    const sent = performance.now();
    await server.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ range: { start: position, end: { line: position.line, character: position.character + 1 } }, text: version % 2 ? ' ' : '_' }],
    });
    await published;
    latencies.push(performance.now() - sent - DEBOUNCE_MS);
  }
  await server.stop();
  const first = latencies.slice(0, edits);
  const typing = latencies.slice(edits);
  return {
    turns: text.split('\n').length - 1,
    megabytes: text.length / 1024 / 1024,
    firstMs,
    p50Ms: percentile(typing, 50),
    p95Ms: percentile(typing, 95),
    firstEditsP50Ms: percentile(first, 50),
    firstEditsP95Ms: percentile(first, 95),
    edits,
  };
}
