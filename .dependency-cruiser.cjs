/*
 * The architecture's boundaries, checked on every `npm test` (dependency-cruiser):
 *   engine (pure: no I/O) ← bench (the benchmark: a pure core, and bench/io) ← host (files, policies, reports,
 *   the benchmark driver) ← cli, lsp (shells)
 *   shared (the protocol and its vocabulary: no engine code) ← client, and everything else
 * A rule that fails names the import that broke it.
 */

/** Node's modules that reach outside the process (files, processes, network, threads, the user's home). */
const NODE_IO = '^(node:)?(fs|fs/promises|child_process|net|http|https|http2|dgram|dns|tls|worker_threads|cluster|os|readline|inspector|v8|vm)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'engine-is-pure',
      comment: 'The engine is a pure function of its inputs: the host layer reads files, the shells talk to the world.',
      severity: 'error',
      from: { path: '^server/src/engine/' },
      to: { path: NODE_IO },
    },
    {
      name: 'engine-imports-no-shell',
      comment: 'The engine knows nothing of the layers around it.',
      severity: 'error',
      from: { path: '^server/src/engine/' },
      to: { path: '^(server/src/(host|lsp|cli|model|bench|policy)/|client/|shared/protocol\\.ts$)' },
    },
    {
      name: 'benchmark-core-is-pure',
      comment:
        'The benchmark builds on the engine and the pipeline (the engine imports nothing of it). Its core (server/src/bench/) is pure like the engine; reading and saving cases and runs is bench/io/, through the host.',
      severity: 'error',
      from: { path: '^server/src/bench/', pathNot: '^server/src/bench/io/' },
      to: { path: [NODE_IO, '^server/src/(host|lsp|cli|model|policy|bench/io)/', '^client/'] },
    },
    {
      name: 'engine-folders-through-their-index',
      comment:
        "Around the engine, each of its folders is imported through its index.ts, the folder's public face. Inside the engine a module imports the file it uses: an index loads every module behind it.",
      severity: 'error',
      from: { path: '^(server/src|shared)/', pathNot: '^server/src/engine/' },
      to: { path: '^server/src/engine/[^/]+/', pathNot: '^server/src/engine/[^/]+/index\\.ts$' },
    },
    {
      name: 'host-imports-no-shell',
      comment: 'The host layer serves the CLI and the language server alike.',
      severity: 'error',
      from: { path: '^server/src/host/' },
      to: { path: '^(server/src/(lsp|cli)/|client/)' },
    },
    {
      name: 'lsp-imports-no-cli',
      comment: 'What the CLI and the language server share lives in host/.',
      severity: 'error',
      from: { path: '^server/src/lsp/' },
      to: { path: '^server/src/cli/' },
    },
    {
      name: 'shared-is-plain',
      comment: 'The protocol the client bundles holds no engine or server code.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(server|client)/' },
    },
    {
      name: 'client-holds-no-engine',
      comment: 'The extension asks the language server; it imports only the shared protocol, VS Code and the language client (and Node and its own settings validator).',
      severity: 'error',
      from: { path: '^client/src/' },
      to: {
        pathNot: ['^client/src/', '^shared/', '^(vscode|vscode-languageclient/node)$', '(^|/)node_modules/(@types/vscode|vscode-languageclient|vscode-languageserver-protocol|vscode-jsonrpc|zod)/'],
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'webview-holds-only-shared-types',
      comment: "The transcript view's script runs in a webview: it may import the shared protocol's types, nothing of the extension, the server or Node.",
      severity: 'error',
      from: { path: '^client/webview/' },
      to: { pathNot: ['^client/webview/', '^shared/'] },
    },
    {
      name: 'no-circular',
      comment:
        'Modules that import each other cannot be understood, tested or loaded on their own. A lazy require counts as an import: the live hook is given what it loads on demand (the policy judge of dist/commands.js) by its caller.',
      severity: 'error',
      from: { path: '^(server/src|client/src|client/webview|shared)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(test|scripts)/' },
  },
};
