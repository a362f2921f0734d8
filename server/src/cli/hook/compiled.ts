import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire, wrap } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { hashOf } from './cache';

/*
 * Loading the hook's bundles through V8's code cache, kept in the ghost-lint cache folder: compiling
 * them from source on every tool call costs a large part of the hook's latency budget (the shell
 * parser alone, dist/vendor/mvdan-sh.js, takes twice as long to start without it). A cache that is
 * missing or rejected (another Node version) is written when the process exits, so it holds the
 * functions the call compiled too. Any failure of the cache itself only costs speed.
 */

/** Modules already loaded, by file: a bundle required twice runs once, like Node's own modules. */
const loaded = new Map<string, unknown>();

/**
 * Loads the bundled module `file` through the code cache; undefined when `file` does not exist
 * (running from the sources). Its own `require` loads the bundles kept beside it (`./vendor/…`, the
 * guard's lazily needed parts) the same way.
 */
export function loadCompiled<T>(file: string, cacheFolder: string): T | undefined {
  if (loaded.has(file)) return loaded.get(file) as T;
  if (!existsSync(file)) return undefined;
  const source = readFileSync(file, 'utf8');
  const stat = statSync(file);
  const key = hashOf(Buffer.from(`${file}\0${stat.size}\0${stat.mtimeMs}\0${process.version}\0${process.arch}`, 'utf8'));
  const codeCache = join(cacheFolder, `code-${basename(file)}-${key}.v8`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(codeCache);
  } catch {
    // Not compiled before: compiled from the source below, and kept.
  }
  const script = new Script(wrap(source), { filename: file, ...(cachedData && { cachedData }) });
  if (!cachedData || script.cachedDataRejected) process.once('exit', () => keep(codeCache, script, cacheFolder));
  const own = createRequire(file);
  const requireBeside = Object.assign((id: string): unknown => (id.startsWith('./') ? (loadCompiled(join(dirname(file), id), cacheFolder) ?? own(id)) : own(id)), own);
  const module = { exports: {} as T };
  loaded.set(file, module.exports);
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, requireBeside, module, file, dirname(file));
  loaded.set(file, module.exports);
  return module.exports;
}

/** Writes the code cache, and drops the same bundle's caches of earlier builds. */
function keep(codeCache: string, script: Script, cacheFolder: string): void {
  try {
    mkdirSync(cacheFolder, { recursive: true });
    const temporary = `${codeCache}.${process.pid}.tmp`;
    writeFileSync(temporary, script.createCachedData());
    renameSync(temporary, codeCache);
    const bundle = basename(codeCache).replace(/-[0-9a-f]+\.v8$/, '-');
    for (const name of readdirSync(cacheFolder)) {
      if (name.startsWith(bundle) && name.endsWith('.v8') && name !== basename(codeCache)) rmSync(join(cacheFolder, name), { force: true });
    }
  } catch {
    // The next call compiles again.
  }
}
