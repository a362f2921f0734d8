// `npm run test:e2e:electron`: the extension-host suite (test/e2e/suite) in a desktop VS Code that
// @vscode/test-electron downloads, for machines that can reach VS Code's download site; offline,
// `npm run test:e2e` runs the very same suite in code-server. Isolated like the code-server run:
// a sandboxed home, user data and extensions folder, and a fresh copy of the fixture workspace.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { bundleSuite } from '../../test/e2e/support/bundleSuite';
import { REPO_ROOT, createSandbox } from '../../test/e2e/support/environment';

async function main(): Promise<void> {
  if (spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' }).status !== 0) throw new Error('npm run build failed');
  const suite = await bundleSuite();
  const sandbox = createSandbox('electron');
  const results = join(sandbox.root, 'results.json');
  const exitCode = await runTests({
    version: process.env.GHOST_LINT_VSCODE_VERSION ?? 'stable',
    extensionDevelopmentPath: REPO_ROOT,
    extensionTestsPath: suite,
    launchArgs: [sandbox.workspace, '--disable-extensions', '--disable-workspace-trust', `--user-data-dir=${sandbox.userData}`, `--extensions-dir=${sandbox.extensions}`],
    extensionTestsEnv: { ...sandbox.env, GHOST_LINT_E2E_RESULTS: results },
  }).catch((e: Error) => {
    process.stderr.write(`test-electron: ${e.message}\n`);
    return 1;
  });
  const counts = existsSync(results) ? (JSON.parse(readFileSync(results, 'utf8')) as { passed: number; failed: number }) : { passed: 0, failed: 1 };
  process.stdout.write(`e2e (electron): ${counts.passed} passed, ${counts.failed} failed\n`);
  process.exitCode = exitCode === 0 && counts.failed === 0 ? 0 : 1;
}

main().catch((e: Error) => {
  process.stderr.write(`${e.message}\n`);
  process.stdout.write('e2e (electron): 0 passed, 1 failed\n');
  process.exitCode = 1;
});
