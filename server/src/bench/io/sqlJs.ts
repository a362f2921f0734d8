import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlJsStatic } from 'sql.js';

/** sql.js's WebAssembly build of SQLite: the build copies it beside the bundles (dist/). */
export const SQL_WASM_FILE = 'sql-wasm.wasm';

/**
 * Where the wasm file is: beside the running bundle (dist/, in the npm package and the extension),
 * else in node_modules when the sources run through tsx.
 */
export function sqlWasmCandidates(bundleFolder: string): string[] {
  const candidates = [join(bundleFolder, SQL_WASM_FILE)];
  try {
    candidates.push(require.resolve(`sql.js/dist/${SQL_WASM_FILE}`));
  } catch {
    // Not installed beside the sources: only the bundle's copy can serve.
  }
  return candidates;
}

/**
 * Initialises sql.js from the first wasm file found, handing it the bytes so it never fetches or
 * guesses a path itself. Shared by the CLI and the language server (both Node, one WebAssembly build).
 */
export async function loadSqlJs(bundleFolder: string): Promise<SqlJsStatic> {
  const candidates = sqlWasmCandidates(bundleFolder);
  let wasm: Buffer | undefined;
  for (const path of candidates) {
    try {
      wasm = readFileSync(path);
      break;
    } catch {
      // Try the next place.
    }
  }
  if (!wasm) throw new Error(`sql.js's ${SQL_WASM_FILE} was not found (looked in ${candidates.join(', ')})`);
  const initSqlJs = require('sql.js') as typeof import('sql.js');
  const bytes = wasm;
  return initSqlJs({ wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer });
}
