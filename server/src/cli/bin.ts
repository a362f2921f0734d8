import { readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { cacheFolder, homeFolder } from './hook/cache';
import { loadCompiled } from './hook/compiled';
import { hookEnvironment } from './hook/environment';
import { SPOOL_PROTOCOL, serverSpool } from './spool';
import { type ServedOutput, ServerUnreachable, askServer, startServer, wantsCheckServer, wantsHookServer } from './spoolClient';

// The bin (dist/cli.js). A hook call with --server goes to the hook server first, a check with
// --server to the check server; anything else, and a request a server does not answer, runs the CLI's
// launcher (dist/launcher.js: the live hook, and the way to every other command), loaded through V8's
// code cache, since the hook runs before every tool call an agent makes.
const argv = process.argv.slice(2);
let input: string | undefined;
const stdin = () => (input ??= readFileSync(0, 'utf8'));
const folder = cacheFolder({ env: process.env, home: homeFolder(process.env, process.platform), platform: process.platform });
const serverBundle = join(__dirname, 'commands.js');

/** What a server answered, or undefined when it gives no answer (starting one if none runs: `serve` is its command). */
function served(ask: () => ServedOutput, serve: readonly string[]): ServedOutput | undefined {
  try {
    return ask();
  } catch (e) {
    if (e instanceof ServerUnreachable && e.absent) startServer(__filename, serve);
    // Unreadable input included: the launcher answers it as it does without --server.
    return undefined;
  }
}

function hookServerAnswer(): ServedOutput | undefined {
  const spool = serverSpool('hook', folder, serverBundle, process.platform);
  if (spool === undefined) return undefined;
  return served(() => askServer('hook', spool, { protocol: SPOOL_PROTOCOL, argv, cwd: process.cwd(), env: hookEnvironment(process.env), stdin: stdin() }), ['hook', 'serve']);
}

function checkServerAnswer(): ServedOutput | undefined {
  const spool = serverSpool('check', folder, serverBundle, process.platform, process.env);
  if (spool === undefined) return undefined;
  return served(() => askServer('check', spool, { protocol: SPOOL_PROTOCOL, argv, cwd: process.cwd() }), ['check-server']);
}

const answer = wantsHookServer(argv) ? hookServerAnswer() : wantsCheckServer(argv) ? checkServerAnswer() : undefined;
if (answer) {
  if (answer.stdout !== '') writeSync(1, answer.stdout);
  if (answer.stderr !== '') writeSync(2, answer.stderr);
  process.exit(answer.exitCode);
}
const launcher = join(__dirname, 'launcher.js');
const loaded = loadCompiled<typeof import('./launcher')>(launcher, folder);
if (!loaded) throw new Error(`ghost-lint is not built: ${launcher} is missing`);
loaded.runLauncher(argv, stdin);
