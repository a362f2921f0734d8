import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { REPO_ROOT } from './environment';

/** Where the bundled extension-host suite goes: `extensionTestsPath` is index.js in it. */
export const SUITE_OUT = join(REPO_ROOT, 'out', 'test');

/** Bundles test/e2e/suite to out/test (index.js and suite/*.test.js); vscode and mocha are left to the extension host's require. */
export async function bundleSuite(): Promise<string> {
  rmSync(SUITE_OUT, { recursive: true, force: true });
  const source = join(REPO_ROOT, 'test', 'e2e', 'suite');
  const tests = readdirSync(source).filter((f) => f.endsWith('.test.ts'));
  await esbuild.build({
    entryPoints: [{ in: join(source, 'index.ts'), out: 'index' }, ...tests.map((f) => ({ in: join(source, f), out: `suite/${f.replace(/\.ts$/, '')}` }))],
    outdir: SUITE_OUT,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  return join(SUITE_OUT, 'index.js');
}
