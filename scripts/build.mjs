// One build for the three bundles: the VS Code extension, the language server, and the CLI.
// Type-checking is its own step (`npm run typecheck`): esbuild only strips types.
import * as esbuild from 'esbuild';
import { chmodSync } from 'node:fs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const common = {
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

// The bin (dist/cli.js) holds the live hook and little else: parsing the full bundle alone costs more
// than the hook's latency budget. It loads the rest of the CLI and the engine from dist/full.js, a
// separate bundle, when a command needs them; `require('./full')` is left for Node to resolve there.
const fullBundleAsExternal = {
  name: 'full-bundle-external',
  setup(build) {
    build.onResolve({ filter: /^(\.\.?\/)+full$/ }, (args) => (/[\\/]server[\\/]src[\\/]cli[\\/]/.test(args.importer) ? { path: './full.js', external: true } : undefined));
  },
};

const bundles = [
  { entryPoints: ['client/src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  { entryPoints: ['server/src/lsp/main.ts'], outfile: 'dist/server.js' },
  { entryPoints: ['server/src/cli/index.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' }, plugins: [fullBundleAsExternal] },
  { entryPoints: ['server/src/cli/full.ts'], outfile: 'dist/full.js' },
];

function sizeReport(outfile, metafile) {
  const output = metafile.outputs[outfile];
  return `${outfile.padEnd(20)} ${(output.bytes / 1024).toFixed(0).padStart(6)} KiB`;
}

if (watch) {
  const contexts = await Promise.all(bundles.map((b) => esbuild.context({ ...common, ...b })));
  await Promise.all(contexts.map((c) => c.watch()));
  console.log('watching for changes…');
} else {
  const results = await Promise.all(bundles.map((b) => esbuild.build({ ...common, ...b })));
  chmodSync('dist/cli.js', 0o755);
  results.forEach((r, i) => console.log(sizeReport(bundles[i].outfile, r.metafile)));
}
