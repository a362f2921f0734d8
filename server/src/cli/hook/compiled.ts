import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { bytesHash64 } from '../../engine/text';
import { replaceFile } from './cache';

/*
 * Loading the hook's bundles through V8's code cache, kept in the ghost-lint cache folder: compiling
 * them from source on every tool call costs a large part of the hook's latency budget (the shell
 * parser alone, dist/vendor/mvdan-sh.js, takes twice as long to start without it). A cache holds the
 * functions the process that wrote it had compiled by its exit, so it is written again by a process
 * that took a route through the bundle (`coverRoute`) the cache was not written after: a cache left
 * by a call that read the whole session would otherwise miss the functions every later call needs.
 * A cache that is missing or rejected (another Node version) is written when the process exits too.
 * Any failure of the cache itself only costs speed.
 */

/** A bundle loaded in this process. */
interface LoadedBundle {
  exports: unknown;
  readonly script: Script;
  readonly codeCache: string;
  readonly cacheFolder: string;
  /** The routes the kept cache was written after, with those this process takes. */
  readonly routes: Set<string>;
  keepAtExit: boolean;
}

/**
 * Bundles loaded in this process, by file: a bundle required twice runs once, like Node's own
 * modules. Shared by the copy of this module each bundle carries (dist/cli.js loads dist/launcher.js,
 * which loads dist/hook-judge.js), so a bundle can name routes of its own cache.
 */
const LOADED = Symbol.for('ghost-lint.loadedBundles');
const loaded = ((globalThis as Record<symbol, unknown>)[LOADED] ??= new Map<string, LoadedBundle>()) as Map<string, LoadedBundle>;

/** Node's own module wrapper (node:module's `wrap`, which costs a quarter of a millisecond to load). */
const wrap = (source: string): string => `(function (exports, require, module, __filename, __dirname) { ${source}\n});`;

/** A cache file: a line of the routes it was written after (comma-separated), then V8's data. */
const ROUTES_END = 0x0a;

function readCodeCache(codeCache: string): { routes: string[]; data: Buffer } | undefined {
  let content: Buffer;
  try {
    content = readFileSync(codeCache);
  } catch {
    // Not compiled before: compiled from the source, and kept.
    return undefined;
  }
  const end = content.indexOf(ROUTES_END);
  if (end === -1) return undefined;
  const line = content.toString('latin1', 0, end);
  return { routes: line === '' ? [] : line.split(','), data: content.subarray(end + 1) };
}

/**
 * Loads the bundled module `file` through the code cache; undefined when `file` does not exist
 * (running from the sources). Its own `require` loads the bundles kept beside it (`./vendor/…`, the
 * guard's lazily needed parts) the same way.
 */
export function loadCompiled<T>(file: string, cacheFolder: string): T | undefined {
  const known = loaded.get(file);
  if (known) return known.exports as T;
  if (!existsSync(file)) return undefined;
  const source = readFileSync(file, 'utf8');
  const stat = statSync(file);
  // Named by where the bundle is installed, then by its build: a build replaces only its own install's cache.
  const place = bytesHash64(Buffer.from(file, 'utf8'));
  const build = bytesHash64(Buffer.from(`${stat.size}\0${stat.mtimeMs}\0${process.version}\0${process.arch}`, 'utf8'));
  const codeCache = join(cacheFolder, `code-${basename(file)}-${place}-${build}.v8`);
  const cached = readCodeCache(codeCache);
  const script = new Script(wrap(source), { filename: file, ...(cached && { cachedData: cached.data }) });
  const accepted = cached !== undefined && !script.cachedDataRejected;
  // The bundles sit in one folder (the vendor ones below it, requiring only Node's own modules): this module's require resolves their requires as their own would.
  const requireBeside = Object.assign((id: string): unknown => (id.startsWith('./') ? (loadCompiled(join(dirname(file), id), cacheFolder) ?? require(id)) : require(id)), require);
  const module = { exports: {} as T };
  const bundle: LoadedBundle = { exports: module.exports, script, codeCache, cacheFolder, routes: new Set(accepted ? cached.routes : []), keepAtExit: false };
  if (!accepted) keepAtExit(bundle);
  loaded.set(file, bundle);
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, requireBeside, module, file, dirname(file));
  bundle.exports = module.exports;
  return module.exports;
}

/**
 * Notes that this process took `route` through the bundle `file` (a name for a part of its code that
 * only some calls run). A cache not yet written after that route is written again at exit, holding
 * the functions the route compiled; a file not loaded through the cache (the sources) is left alone.
 */
export function coverRoute(file: string, route: string): void {
  const bundle = loaded.get(file);
  if (!bundle || bundle.routes.has(route)) return;
  bundle.routes.add(route);
  keepAtExit(bundle);
}

function keepAtExit(bundle: LoadedBundle): void {
  if (bundle.keepAtExit) return;
  bundle.keepAtExit = true;
  process.once('exit', () => keep(bundle));
}

/**
 * Writes the code cache, and drops the caches of earlier builds installed at the same place; another
 * install sharing the cache folder (the extension's and a global CLI) keeps its own.
 */
function keep({ script, codeCache, cacheFolder, routes }: LoadedBundle): void {
  try {
    replaceFile(codeCache, Buffer.concat([Buffer.from(`${[...routes].join(',')}\n`, 'latin1'), script.createCachedData()]));
    const bundle = basename(codeCache).replace(/-[0-9a-f]+\.v8$/, '-');
    for (const name of readdirSync(cacheFolder)) {
      if (name.startsWith(bundle) && name.endsWith('.v8') && name !== basename(codeCache)) rmSync(join(cacheFolder, name), { force: true });
    }
  } catch {
    // The next call compiles again.
  }
}
