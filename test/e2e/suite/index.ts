import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';

/*
 * The extension-host test entry: what VS Code's test runner loads (`extensionTestsPath`), whether
 * @vscode/test-electron starts a desktop VS Code or the smoke-test driver runs it in code-server.
 * Mocha's own reporters print through the extension host's console, which code-server forwards
 * unformatted; so each result is printed as one plain line, and written to the file named by
 * GHOST_LINT_E2E_RESULTS when the runner wants them.
 */

interface Result {
  readonly title: string;
  readonly state: 'passed' | 'failed';
  readonly durationMs: number;
  readonly error?: string;
}

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', reporter: 'base', timeout: 60_000, color: false });
  const suiteFolder = join(__dirname, 'suite');
  for (const file of readdirSync(suiteFolder).filter((f) => f.endsWith('.test.js')).sort()) mocha.addFile(join(suiteFolder, file));
  const results: Result[] = [];
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const passed = results.filter((r) => r.state === 'passed').length;
      const summary = `extension host: ${passed} passed, ${results.length - passed} failed`;
      console.log(summary);
      const out = process.env.GHOST_LINT_E2E_RESULTS;
      if (out) writeFileSync(out, `${JSON.stringify({ passed, failed: results.length - passed, results }, null, 2)}\n`);
      if (failures > 0) reject(new Error(summary));
      else resolve();
    });
    runner.on('pass', (test) => {
      results.push({ title: test.fullTitle(), state: 'passed', durationMs: test.duration ?? 0 });
      console.log(`  ✓ ${test.fullTitle()} (${test.duration ?? 0} ms)`);
    });
    runner.on('fail', (test, error: Error) => {
      results.push({ title: test.fullTitle(), state: 'failed', durationMs: test.duration ?? 0, error: error.stack ?? error.message });
      console.log(`  ✗ ${test.fullTitle()}\n${error.stack ?? error.message}`);
    });
  });
}
