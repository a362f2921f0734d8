// `ghost-lint check` on an OpenAI chat JSON file larger than the longest string Node.js holds (1 GiB
// by default; `--gib N` for another size), which check reads in pieces (engine/report/streamedChat.ts):
// written under the system's temporary folder a message at a time, checked by the built CLI in a
// process of its own, then deleted. Prints check's wall time, its peak resident memory, its exit code
// and what it reported. `--in-pieces` reads a file of any size in pieces (as `inPiecesFrom: 0`), to set
// the two reads of a file short enough to read whole side by side. Not part of `npm run bench`: writing
// and reading a gigabyte takes minutes on a shared machine.
// Run: npm run build && npx tsx scripts/largeChatCheck.ts
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const GIB = 1024 * 1024 * 1024;
const COMMANDS_BUNDLE = join(__dirname, '..', 'dist', 'commands.js');

/** Writes an OpenAI chat request of at least `bytes`: its tool, a rule, then shell calls and their results, and at the end a call that breaks the rule. */
function writeLargeChat(file: string, bytes: number): number {
  const fd = openSync(file, 'w');
  let written = 0;
  const write = (text: string): void => {
    written += writeSync(fd, text);
  };
  try {
    const bash = { type: 'function', function: { name: 'bash', description: 'Run a shell command.', parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] } } };
    write(`{"model": "gpt-4.1", "tools": [${JSON.stringify(bash)}], "messages": [\n`);
    write(`${JSON.stringify({ role: 'user', content: 'Never delete anything under data/raw: it is the only copy.' })}`);
    const output = 'build step finished; '.repeat(40);
    let batch: string[] = [];
    for (let step = 0; written < bytes; step++) {
      const id = `call_${step}`;
      batch.push(
        `,\n${JSON.stringify({ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: 'bash', arguments: JSON.stringify({ command: `make -C build/step-${step}` }) } }] })}`,
        `,\n${JSON.stringify({ role: 'tool', tool_call_id: id, content: `${output}${step}` })}`,
      );
      if (batch.length >= 2000) {
        write(batch.join(''));
        batch = [];
      }
    }
    write(batch.join(''));
    write(`,\n${JSON.stringify({ role: 'assistant', content: null, tool_calls: [{ id: 'call_last', type: 'function', function: { name: 'bash', arguments: JSON.stringify({ command: 'rm -rf data/raw/2024' }) } }] })}`);
    write('\n]}\n');
  } finally {
    closeSync(fd);
  }
  return written;
}

const gibArgument = process.argv.indexOf('--gib');
const bytes = Math.round((gibArgument === -1 ? 1 : Number(process.argv[gibArgument + 1])) * GIB);
const inPieces = process.argv.includes('--in-pieces');
const folder = mkdtempSync(join(tmpdir(), 'ghost-lint-large-chat-'));
try {
  const file = join(folder, 'chat.json');
  const size = writeLargeChat(file, bytes);
  const script = `const { runCli } = require(${JSON.stringify(COMMANDS_BUNDLE)}); const { performance } = require('node:perf_hooks');
let out = ''; const start = performance.now();
const code = runCli(['check', ${JSON.stringify(file)}, '--format', 'json', '--no-cache'], { cwd: ${JSON.stringify(folder)}, stdout: (s) => { out += s; }, stderr: () => {}${inPieces ? ', inPiecesFrom: 0' : ''} });
process.stdout.write(JSON.stringify({ ms: performance.now() - start, code, maxRssKb: process.resourceUsage().maxRSS, report: out }))`;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`the check process failed (exit ${run.status}): ${run.stderr.slice(0, 2000)}`);
  const result = JSON.parse(run.stdout) as { ms: number; code: number; maxRssKb: number; report: string };
  const report = JSON.parse(result.report) as { files: { status: string; error?: string; sessions: { toolCalls: number; findings: { ruleId: string }[] }[] }[] };
  const [checked] = report.files;
  const summary = checked?.status === 'analysed' ? `${checked.sessions[0]?.toolCalls ?? 0} tool calls, rules broken: ${checked.sessions.flatMap((s) => s.findings.map((f) => f.ruleId)).join(', ')}` : `input error: ${checked?.error}`;
  process.stdout.write(`OpenAI chat JSON of ${(size / 1024 / 1024).toFixed(0)} MB: check ${(result.ms / 1000).toFixed(1)} s, peak memory ${(result.maxRssKb / 1024).toFixed(0)} MB, exit ${result.code}; ${summary}\n`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
