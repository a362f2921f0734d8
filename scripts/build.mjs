// One build for the three bundles: the VS Code extension, the language server, and the CLI.
// Type-checking is its own step (`npm run typecheck`): esbuild only strips types.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { TAGGER_MODEL_MODULE, taggerModelSource } from './taggerModel.mjs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

// The engine's build, for the readings `check` keeps between runs (server/src/host/readingCache.ts): a
// digest of the engine's sources and of the tagger it reads with, so a reading is only ever reused by
// the engine that made it. A watching build changes under it, so it keeps none.
function engineDigest() {
  const hash = createHash('sha256');
  const files = readdirSync('server/src/engine', { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    .sort();
  for (const file of files) hash.update(file).update(readFileSync(file));
  hash.update(readFileSync('node_modules/compromise/package.json'));
  return hash.digest('base64url').slice(0, 16);
}

const common = {
  define: { GHOST_LINT_ENGINE_BUILD: watch ? 'undefined' : JSON.stringify(engineDigest()) },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  metafile: true,
  logLevel: 'warning',
  // jsonc-parser's package.json points at a UMD build that esbuild cannot follow; its ESM build bundles cleanly.
  mainFields: ['module', 'main'],
};

// The bin (dist/cli.js) loads the CLI's launcher (dist/launcher.js) through V8's code cache; the launcher holds
// the live hook and little else: parsing the full bundle alone costs more than the hook's latency
// budget. It loads the rest of the CLI and the engine from dist/commands.js, a separate bundle, when a
// command needs them, and the live guard's judge from dist/hook-judge.js; `require('./commands')` and
// `require('./hookJudge')` are left for Node to resolve there.
const commandBundlesAsExternal = {
  name: 'command-bundles-external',
  setup(build) {
    build.onResolve({ filter: /^(\.\.?\/)+(commands|hookJudge)$/ }, (args) =>
      /[\\/]server[\\/]src[\\/]cli[\\/]/.test(args.importer) ? { path: `./${args.path.split('/').pop()}.js`, external: true } : undefined,
    );
  },
};

// Libraries the engine loads on first use only (the shell parser, SQL grammars, the NLP tagger, YAML, unzip,
// the tokenizer and its ranks): the hook, the CLI and the language server keep them in files of their own
// (dist/vendor), so V8 does not compile their 5 MB of source each time one of those processes starts
// (the CLI: 175 → 125 ms and 90 → 68 MB before it reads a file). The extension's bundle needs none.
const VENDOR = {
  'mvdan-sh': 'mvdan-sh',
  'node-sql-parser/build/postgresql': 'sql-postgresql',
  'node-sql-parser/build/mysql': 'sql-mysql',
  'compromise/two': 'compromise',
  yaml: 'yaml',
  fflate: 'fflate',
  fzstd: 'fzstd',
  'js-tiktoken/lite': 'tiktoken',
  'js-tiktoken/ranks/o200k_base': 'tiktoken-o200k',
};
const vendorAsExternal = {
  name: 'vendor-external',
  setup(build) {
    const names = Object.keys(VENDOR).map((name) => name.replace(/[/.-]/g, '\\$&'));
    build.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) => ({ path: `./vendor/${VENDOR[args.path]}.js`, external: true }));
  },
};

// Engine modules the guard needs for some calls only (extraction for a new user message, every adapter
// for a file read from the start): dist/hook-judge.js requires them from bundles of their own.
const LAZY_ENGINE = { 'server/src/engine/extraction/index.ts': 'hook-judge-extraction', 'server/src/engine/parse/index.ts': 'hook-judge-parse' };
// What the guard takes from a lazy bundle whose index is also a face for the shells: extraction's carries the
// model compiler (and zod with it), which the guard never runs. The bundle exports these names only, so the rest is left out.
const LAZY_ENGINE_EXPORTS = { 'server/src/engine/extraction/index.ts': ['extractConstraints'] };
const lazyEntry = (file) =>
  LAZY_ENGINE_EXPORTS[file]
    ? { stdin: { contents: `export { ${LAZY_ENGINE_EXPORTS[file].join(', ')} } from './${file}';`, resolveDir: '.', sourcefile: 'lazy-engine-entry.ts', loader: 'ts' } }
    : { entryPoints: [file] };
// A folder's index, and the module named after its folder that the rest of the engine imports (parse/parse.ts), load as one bundle.
const lazyModules = (index) => [resolve(index), resolve(dirname(index), `${basename(dirname(index))}.ts`)];
const lazyEngineAsExternal = {
  name: 'lazy-engine-external',
  setup(build) {
    build.onResolve({ filter: /^\..*\/(extraction|parse)$/ }, (args) => {
      const base = resolve(args.resolveDir, args.path);
      const found = Object.entries(LAZY_ENGINE).find(([file]) => lazyModules(file).some((module) => [`${base}.ts`, join(base, 'index.ts')].includes(module)));
      return found ? { path: `./${found[1]}.js`, external: true } : undefined;
    });
  },
};

// jsonc-parser's formatter builds some 1,200 indentation strings as its module loads, a millisecond or
// more on every hook call; the hook's bundles only parse, so its modules are taken as free of side
// effects there and the unused formatter is left out.
const jsoncParserWithoutSideEffects = {
  name: 'jsonc-parser-without-side-effects',
  setup(build) {
    build.onResolve({ filter: /^(jsonc-parser$|\.\/)/ }, async (args) => {
      if (args.pluginData?.jsoncParser || !(args.path === 'jsonc-parser' || /[\\/]jsonc-parser[\\/]/.test(args.importer))) return undefined;
      const found = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { jsoncParser: true } });
      return found.errors.length > 0 ? undefined : { path: found.path, sideEffects: false };
    });
  },
};

// The engine is pure: loading one of its modules does nothing but define it. Each folder's index
// re-exports its modules, so a bundle that imports one name through an index would otherwise carry
// every module behind it that builds a value as it loads (a zod schema, a table): the hook's bundles
// would grow by hundreds of kilobytes. Taken as free of side effects, a module no one uses is left out.
const engineWithoutSideEffects = {
  name: 'engine-without-side-effects',
  setup(build) {
    build.onResolve({ filter: /^\./ }, async (args) => {
      if (args.pluginData?.engine || !/[\\/]server[\\/]src[\\/]/.test(args.importer)) return undefined;
      const found = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { engine: true } });
      if (found.errors.length > 0 || found.external || !/[\\/]server[\\/]src[\\/]engine[\\/].*(?<![\\/]index\.ts)$/.test(found.path)) return undefined;
      return { path: found.path, sideEffects: false };
    });
  },
};

// compromise's tagger (`compromise/two`: the full build adds a phrase chunker, run on every sentence, that
// extraction never reads) built from its sources rather than its prebuilt bundle, so that the module that builds its
// word model as it loads is replaced by that model computed here (scripts/taggerModel.mjs): the tagger
// loads in about half the time, the same model in hand.
const taggerWithPrecomputedModel = {
  name: 'tagger-with-precomputed-model',
  setup(build) {
    build.onResolve({ filter: /^compromise\/two$/ }, () => ({ path: resolve('node_modules/compromise/src/two.js') }));
    build.onLoad({ filter: /[\\/]compromise[\\/]src[\\/]2-two[\\/]preTagger[\\/]model[\\/]index\.js$/ }, async (args) =>
      args.path === TAGGER_MODEL_MODULE ? { contents: await taggerModelSource(), loader: 'js' } : undefined,
    );
  },
};
// What a vendor bundle exports: the module's CommonJS exports, or an ES module's default export (compromise's sources).
const VENDOR_EXPORTS = { 'compromise/two': '.default' };

const bundles = [
  // The extension holds no engine (it asks the language server), and is minified even in development: the language
  // client alone is some 800 KB of source that VS Code would parse on every activation. The source map keeps traces readable.
  { entryPoints: ['client/src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'], minify: true },
  // The transcript view's script runs in its webview: a browser bundle that imports only the shared protocol's types.
  { entryPoints: ['client/webview/transcriptView.ts'], outfile: 'dist/transcriptView.js', platform: 'browser', format: 'iife', target: 'es2022', minify: true, sourcemap: false },
  { entryPoints: ['server/src/lsp/main.ts'], outfile: 'dist/server.js', plugins: [vendorAsExternal, engineWithoutSideEffects] },
  { entryPoints: ['server/src/cli/bin.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' }, plugins: [commandBundlesAsExternal, engineWithoutSideEffects] },
  { entryPoints: ['server/src/cli/commands.ts'], outfile: 'dist/commands.js', plugins: [vendorAsExternal, engineWithoutSideEffects] },
  // The hook's own bundles are minified even in development: it reads and loads them on every tool call.
  { entryPoints: ['server/src/cli/launcher.ts'], outfile: 'dist/launcher.js', plugins: [commandBundlesAsExternal, jsoncParserWithoutSideEffects, engineWithoutSideEffects], minify: true },
  { entryPoints: ['server/src/cli/hookJudge.ts'], outfile: 'dist/hook-judge.js', plugins: [vendorAsExternal, lazyEngineAsExternal, jsoncParserWithoutSideEffects, engineWithoutSideEffects], minify: true },
  ...Object.entries(LAZY_ENGINE).map(([file, name]) => ({ ...lazyEntry(file), outfile: `dist/${name}.js`, plugins: [vendorAsExternal, jsoncParserWithoutSideEffects, engineWithoutSideEffects], minify: true })),
  ...Object.entries(VENDOR).map(([module, file]) => ({
    stdin: { contents: `module.exports = require(${JSON.stringify(module)})${VENDOR_EXPORTS[module] ?? ''};`, resolveDir: '.', loader: 'js' },
    outfile: `dist/vendor/${file}.js`,
    ...(module === 'compromise/two' && { plugins: [taggerWithPrecomputedModel] }),
    sourcemap: false,
    // Read (and hashed by V8 against its code cache) whenever a call needs them: smaller is faster.
    minify: true,
    keepNames: true,
  })),
];

// sql.js's SQLite (WebAssembly) runs the benchmark's database cases in the CLI and the language server;
// they load it from beside their bundle (server/src/bench/io/sqlJs.ts).
function copySqlWasm() {
  mkdirSync('dist', { recursive: true });
  copyFileSync('node_modules/sql.js/dist/sql-wasm.wasm', 'dist/sql-wasm.wasm');
}

function sizeReport(outfile, metafile) {
  const output = metafile.outputs[outfile];
  if (!output) return `${outfile.padEnd(20)}`;
  return `${outfile.padEnd(20)} ${(output.bytes / 1024).toFixed(0).padStart(6)} KiB`;
}

copySqlWasm();
if (watch) {
  const contexts = await Promise.all(bundles.map((b) => esbuild.context({ ...common, ...b })));
  await Promise.all(contexts.map((c) => c.watch()));
  console.log('watching for changes…');
} else {
  const results = await Promise.all(bundles.map((b) => esbuild.build({ ...common, ...b })));
  chmodSync('dist/cli.js', 0o755);
  results.forEach((r, i) => console.log(sizeReport(bundles[i].outfile, r.metafile)));
}
