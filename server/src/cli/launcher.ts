import { writeSync } from 'node:fs';
import { join } from 'node:path';
import { homeFolder } from './hook/cache';
import { loadCompiled } from './hook/compiled';
import { type PolicyJudge, isLiveHook, runLiveHook } from './hook/live';

/** The full CLI (dist/commands.js) through the code cache kept in `cacheFolder`; from the sources (tests), a plain require. */
function loadCommands(cacheFolder: string): typeof import('./commands') {
  return loadCompiled<typeof import('./commands')>(join(__dirname, 'commands.js'), cacheFolder) ?? (require('./commands') as typeof import('./commands'));
}

/** A hook process holds no engine: the policy judge comes from the full CLI, loaded only for a call a workspace policy applies to. */
const policyJudge = (cacheFolder: string): PolicyJudge => loadCommands(cacheFolder).judgeHookCallWithPolicies;

/**
 * The CLI's launcher (dist/launcher.js), run by the bin with real process I/O: the live hook (`hook
 * <agent>`) runs from this small bundle; every other command loads the full CLI from dist/commands.js.
 * An unexpected error prints one line, not a stack. `stdin` is the bin's, which may have read it
 * already for the hook server.
 */
export function runLauncher(argv: readonly string[], stdin: () => string): void {
  if (isLiveHook(argv)) {
    const reply = runLiveHook(argv, { stdin, env: process.env, cwd: process.cwd(), home: homeFolder(process.env, process.platform), platform: process.platform, policyJudge });
    // Written to the descriptors directly: setting up process.stdout's stream costs the hook several milliseconds, and an allow writes nothing.
    if (reply.stdout !== '') writeSync(1, reply.stdout);
    if (reply.stderr !== '') writeSync(2, reply.stderr);
    // Nothing is left to run: exiting now skips the event loop (where V8 would start a collection) and tearing the heap down.
    process.exit(reply.exitCode);
  }
  const internalError = (e: unknown) => {
    process.stderr.write(`ghost-lint: internal error: ${(e as Error).message}\n`);
    process.exitCode = 2;
  };
  try {
    const { runCli } = require('./commands') as typeof import('./commands');
    const exitCode = runCli(argv, {
      cwd: process.cwd(),
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
      stdin,
      env: process.env,
      self: [process.execPath, process.argv[1] ?? 'ghost-lint'],
    });
    // `bench` and `hook serve` answer later (bench loads sql.js and may wait on a model).
    if (typeof exitCode === 'number') process.exitCode = exitCode;
    else exitCode.then((code) => (process.exitCode = code), internalError);
  } catch (e) {
    internalError(e);
  }
}
