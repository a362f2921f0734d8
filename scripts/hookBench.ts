// Latency of the live guard as the agent sees it: the whole process `node dist/cli.js hook claude-code`
// with the hook's JSON on standard input, on a ~10 MB Claude Code session, against a bare `node -e 0`
// started in the same run (only the ratio means anything on a shared machine), both without
// NODE_EXTRA_CA_CERTS (see HookLatency.nodeWithExtraCaCerts).
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, closeSync, existsSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { claudeCodeSession } from './transcriptGenerator';

const CLI = join(__dirname, '..', 'dist', 'cli.js');
const SESSION_BYTES = 10 * 1024 * 1024;

export interface HookLatency {
  readonly megabytes: number;
  /** Median milliseconds of a bare `node -e 0`. */
  readonly node: number;
  /**
   * The same with NODE_EXTRA_CA_CERTS as this process has it, when it is set: Node then parses that CA
   * bundle at every start. Every process here is run without it, as on most machines; with it, both
   * sides of the ratio would carry the bundle's cost and hide the hook's own.
   */
  readonly nodeWithExtraCaCerts?: number;
  /** No cache yet: the engine reads the whole session. */
  readonly cold: number;
  /** The session grew by one tool call since the last hook call, and no constraint was ever stated. */
  readonly warm: number;
  /**
   * The same, with a constraint in force. The call (`ls build`) binds to no action, so no constraint can
   * govern it: the guard answers from its cached state without reading the new lines.
   */
  readonly warmGoverned: number;
  /** The same, for a call that acts (Claude Code's Write): the guard reads the new lines and judges the call from its cached audit state. */
  readonly warmGovernedBound: number;
  /** The same, for a shell command that acts (`rm -rf build/old-N && mkdir -p build/out`): bound through the shell binder. */
  readonly warmGovernedShell: number;
  /** The three governed cases again as `hook claude-code --server`, answered by a running hook server (the hook `hook install` writes). */
  readonly server: { readonly governed: number; readonly bound: number; readonly shell: number };
  /**
   * The call (a `Write`) right after a session's first rule, on a copy of the session that stated none
   * until then and had one call judged (median of FIRST_RULE_ROUNDS copies): by the hook process alone,
   * which reads the whole file again to bind its earlier calls, and through the hook server after it
   * was idle long enough to bind them (its log says when).
   */
  readonly firstRule: { readonly alone: number; readonly served: number };
}

const FIRST_RULE_ROUNDS = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function elapsed(args: string[], input?: string, env?: NodeJS.ProcessEnv): number {
  const start = performance.now();
  const run = spawnSync(process.execPath, args, { input, encoding: 'utf8', env });
  const took = performance.now() - start;
  if (run.status !== 0) throw new Error(`${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return took;
}

/** Waits (polling every 50 ms, up to 10 s) until `ready` holds; the bench runs its processes synchronously, so it sleeps this thread. */
function waitFor(ready: () => boolean, what: string): void {
  const until = Date.now() + 10_000;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (!ready()) {
    if (Date.now() > until) throw new Error(`hook bench: ${what} did not happen in 10 s`);
    Atomics.wait(pause, 0, 0, 50);
  }
}

export function hookLatency(rounds = 9): HookLatency {
  const folder = mkdtempSync(join(tmpdir(), 'ghost-lint-hook-bench-'));
  const cache = join(folder, 'cache');
  const { NODE_EXTRA_CA_CERTS: extraCaCerts, ...inherited } = process.env;
  const env = { ...inherited, HOME: folder, XDG_CACHE_HOME: cache };
  const body = claudeCodeSession(SESSION_BYTES);
  const plain = join(folder, 'plain.jsonl');
  const governed = join(folder, 'governed.jsonl');
  writeFileSync(plain, body);
  const rule = JSON.stringify({ type: 'user', uuid: 'rule-0', sessionId: 'bench', cwd: '/home/dev/projects/bench', message: { role: 'user', content: 'Never delete anything under data/raw.' } });
  writeFileSync(governed, `${rule}\n${body}`);
  const input = (path: string, tool: { tool_name: string; tool_input: object } = { tool_name: 'Bash', tool_input: { command: 'ls build' } }) =>
    JSON.stringify({ session_id: 'bench', transcript_path: path, cwd: '/home/dev/projects/bench', hook_event_name: 'PreToolUse', ...tool, tool_use_id: 'toolu_next' });
  const write = { tool_name: 'Write', tool_input: { file_path: '/home/dev/projects/bench/build/summary.txt', content: 'done' } };
  let step = 0;
  // One more tool call and its result, as the session grows between two hook calls.
  const grow = (path: string) => {
    step++;
    const base = { sessionId: 'bench', cwd: '/home/dev/projects/bench', timestamp: '2026-09-27T16:00:00.000Z' };
    appendFileSync(
      path,
      `${JSON.stringify({ ...base, type: 'assistant', uuid: `grow-a-${step}`, message: { id: `msg_grow_${step}`, role: 'assistant', content: [{ type: 'tool_use', id: `toolu_grow_${step}`, name: 'Bash', input: { command: 'ls build' } }] } })}\n` +
        `${JSON.stringify({ ...base, type: 'user', uuid: `grow-u-${step}`, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `toolu_grow_${step}`, content: 'step-1' }] } })}\n`,
    );
  };
  const hook = (path: string, tool?: { tool_name: string; tool_input: object }, ...flags: string[]) => elapsed([CLI, 'hook', 'claude-code', ...flags], input(path, tool), env);
  const nodeTimes: number[] = [];
  const bareNode = () => nodeTimes.push(elapsed(['-e', '0'], undefined, env));
  try {
    bareNode();
    const cold: number[] = [];
    for (let i = 0; i < 3; i++) {
      rmSync(cache, { recursive: true, force: true });
      bareNode();
      cold.push(hook(plain));
    }
    const warm: number[] = [];
    for (let i = 0; i < rounds; i++) {
      grow(plain);
      bareNode();
      warm.push(hook(plain));
    }
    hook(governed);
    const warmGoverned: number[] = [];
    for (let i = 0; i < rounds; i++) {
      grow(governed);
      bareNode();
      warmGoverned.push(hook(governed));
    }
    const warmGovernedBound: number[] = [];
    for (let i = 0; i < rounds; i++) {
      grow(governed);
      bareNode();
      warmGovernedBound.push(hook(governed, write));
    }
    const warmGovernedShell: number[] = [];
    for (let i = 0; i < rounds; i++) {
      grow(governed);
      bareNode();
      warmGovernedShell.push(hook(governed, { tool_name: 'Bash', tool_input: { command: `rm -rf build/old-${i} && mkdir -p build/out` } }));
    }
    const stateRule = (path: string) => appendFileSync(path, `${JSON.stringify({ ...JSON.parse(rule), uuid: `rule-${path.length}-${step++}` })}\n`);
    const firstRuleAlone: number[] = [];
    for (let i = 0; i < FIRST_RULE_ROUNDS; i++) {
      const copy = join(folder, `first-rule-alone-${i}.jsonl`);
      writeFileSync(copy, body);
      hook(copy, write);
      stateRule(copy);
      bareNode();
      firstRuleAlone.push(hook(copy, write));
    }
    // The same three cases through the hook server, started here (as a hook call would start it) with its log kept, to count the calls it answered.
    const serverLog = join(folder, 'server.log');
    const logFd = openSync(serverLog, 'w');
    const server = spawn(process.execPath, [CLI, 'hook', 'serve', '--idle-seconds', '120'], { env, stdio: ['ignore', logFd, logFd] });
    closeSync(logFd);
    const answered = () => readFileSync(serverLog, 'utf8').split('\n').filter((line) => line.includes('claude-code:')).length;
    const serverTimes = { governed: [] as number[], bound: [] as number[], shell: [] as number[], firstRule: [] as number[] };
    try {
      const spools = join(cache, 'ghost-lint', 'hook-server');
      waitFor(() => existsSync(spools) && readdirSync(spools).some((name) => existsSync(join(spools, name, 'server.pid'))), 'the hook server starting');
      hook(governed, undefined, '--server');
      for (let i = 0; i < rounds; i++) {
        for (const [times, tool] of [
          [serverTimes.governed, undefined],
          [serverTimes.bound, write],
          [serverTimes.shell, { tool_name: 'Bash', tool_input: { command: `rm -rf build/older-${i} && mkdir -p build/out` } }],
        ] as const) {
          grow(governed);
          bareNode();
          times.push(hook(governed, tool, '--server'));
        }
      }
      for (let i = 0; i < FIRST_RULE_ROUNDS; i++) {
        const copy = join(folder, `first-rule-served-${i}.jsonl`);
        writeFileSync(copy, body);
        hook(copy, write, '--server');
        waitFor(() => readFileSync(serverLog, 'utf8').includes(`prepared ${copy}:`), 'the hook server binding a session while idle');
        stateRule(copy);
        bareNode();
        serverTimes.firstRule.push(hook(copy, write, '--server'));
      }
      // Every call was the server's: a call it could not answer would have been judged by the hook process itself, slower.
      const calls = 1 + 3 * rounds + 2 * FIRST_RULE_ROUNDS;
      if (answered() !== calls) throw new Error(`hook bench: the hook server answered ${answered()} of ${calls} calls:\n${readFileSync(serverLog, 'utf8')}`);
    } finally {
      server.kill();
    }
    const withExtraCaCerts = extraCaCerts === undefined ? [] : Array.from({ length: rounds }, () => elapsed(['-e', '0'], undefined, { ...env, NODE_EXTRA_CA_CERTS: extraCaCerts }));
    return {
      megabytes: body.length / 1024 / 1024,
      node: median(nodeTimes),
      ...(extraCaCerts !== undefined && { nodeWithExtraCaCerts: median(withExtraCaCerts) }),
      cold: median(cold),
      warm: median(warm),
      warmGoverned: median(warmGoverned),
      warmGovernedBound: median(warmGovernedBound),
      warmGovernedShell: median(warmGovernedShell),
      server: { governed: median(serverTimes.governed), bound: median(serverTimes.bound), shell: median(serverTimes.shell) },
      firstRule: { alone: median(firstRuleAlone), served: median(serverTimes.firstRule) },
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
