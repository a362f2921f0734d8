import { join } from 'node:path';
import { cacheFolder, homeFolder } from './hook/cache';
import { loadCompiled } from './hook/compiled';

// The bin (dist/cli.js): loads the CLI's front (dist/front.js: the live hook, and the way to every other
// command) through V8's code cache, since the hook runs before every tool call an agent makes.
const folder = cacheFolder({ env: process.env, home: homeFolder(process.env, process.platform), platform: process.platform });
const front = join(__dirname, 'front.js');
if (!loadCompiled<object>(front, folder)) throw new Error(`ghost-lint is not built: ${front} is missing`);
