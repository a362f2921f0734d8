import { readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { cacheFolder, homeFolder } from './hook/cache';
import { loadCompiled } from './hook/compiled';
import { hookEnvironment } from './hook/environment';
import { type HookAnswer, HookServerUnreachable, askHookServer, startHookServer, wantsHookServer } from './hook/serverClient';
import { HOOK_SERVER_PROTOCOL, hookServerSpool } from './hook/spool';

// The bin (dist/cli.js). A hook call with --server goes to the hook server first; anything else, and
// a call the server does not answer, runs the CLI's launcher (dist/launcher.js: the live hook, and the way
// to every other command), loaded through V8's code cache, since the hook runs before every tool
// call an agent makes.
const argv = process.argv.slice(2);
let input: string | undefined;
const stdin = () => (input ??= readFileSync(0, 'utf8'));
const folder = cacheFolder({ env: process.env, home: homeFolder(process.env, process.platform), platform: process.platform });

/** The server's answer to this hook call, or undefined when it gives none (starting a server if none runs). */
function serverAnswer(): HookAnswer | undefined {
  const spool = hookServerSpool(folder, join(__dirname, 'commands.js'), process.platform);
  if (spool === undefined) return undefined;
  try {
    return askHookServer(spool, { protocol: HOOK_SERVER_PROTOCOL, argv, cwd: process.cwd(), env: hookEnvironment(process.env), stdin: stdin() });
  } catch (e) {
    if (e instanceof HookServerUnreachable && e.absent) startHookServer(__filename);
    // Unreadable input included: the launcher answers it as it does without --server.
    return undefined;
  }
}

const answer = wantsHookServer(argv) ? serverAnswer() : undefined;
if (answer) {
  if (answer.stdout !== '') writeSync(1, answer.stdout);
  if (answer.stderr !== '') writeSync(2, answer.stderr);
  process.exit(answer.exitCode);
}
const launcher = join(__dirname, 'launcher.js');
const loaded = loadCompiled<typeof import('./launcher')>(launcher, folder);
if (!loaded) throw new Error(`ghost-lint is not built: ${launcher} is missing`);
loaded.runLauncher(argv, stdin);
