// `npm run test:e2e`: the extension tested in a real VS Code (code-server, driven by Debian's Chromium),
// offline. Installs what it needs (scripts/e2e/setup.sh), packages the .vsix, installs it into a
// sandboxed code-server, then runs (a) the extension-host suite (test/e2e/suite, the same one
// scripts/e2e/electron.ts runs in a downloaded VS Code) and (b) the GUI tests (test/e2e/gui).
// Ends with "e2e: N passed, N failed" and a non-zero exit code on any failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { version } from '../../package.json';
import { bundleSuite } from '../../test/e2e/support/bundleSuite';
import { ARTIFACTS, REPO_ROOT, RUNS, checkInstalled, createSandbox, installVsix, launchBrowser, startCodeServer, stopLeftoverServers } from '../../test/e2e/support/environment';

interface Phase {
  readonly name: string;
  readonly passed: number;
  readonly failed: number;
  readonly seconds: number;
}

/** Bounds on each phase as a whole (every wait inside them is bounded too). */
const SUITE_TIMEOUT_MS = 5 * 60_000;
const GUI_TIMEOUT_MS = 6 * 60_000;

const seconds = (since: number) => Math.round((Date.now() - since) / 100) / 10;

function step(name: string, command: string, args: readonly string[]): void {
  const started = Date.now();
  process.stdout.write(`\n== ${name}\n`);
  const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${name} failed (exit ${result.status ?? result.signal})`);
  process.stdout.write(`== ${name}: done in ${seconds(started)} s\n`);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** (a) The extension-host suite, run by code-server's smoke-test driver against the installed .vsix. */
async function extensionHost(vsix: string, suite: string): Promise<Phase> {
  const started = Date.now();
  process.stdout.write('\n== extension-host suite (vscode API, in code-server)\n');
  const sandbox = createSandbox('extension-host');
  const extension = installVsix(sandbox, vsix);
  const resultsFile = join(sandbox.root, 'results.json');
  const server = await startCodeServer(sandbox, { smokeTestDriver: true, env: { GHOST_LINT_E2E_RESULTS: resultsFile } });
  const browser = await launchBrowser(sandbox);
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    let exit: (code: number) => void = () => undefined;
    const exited = new Promise<number>((resolve) => {
      exit = resolve;
    });
    await page.exposeFunction('codeAutomationExit', (code: number) => exit(code));
    await page.exposeFunction('codeAutomationLog', (_type: string, args: unknown[]) => {
      const line = (Array.isArray(args) ? args : [args]).map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
      if (/^( {2}[✓✗]|extension host:)/.test(line)) process.stdout.write(`${line}\n`);
    });
    const remote = (path: string) => `vscode-remote://127.0.0.1:${server.port}${path}`;
    await page.goto(
      server.url(sandbox.workspace, [
        ['extensionDevelopmentPath', remote(extension)],
        ['extensionTestsPath', remote(suite)],
      ]),
    );
    const code = await withTimeout(exited, SUITE_TIMEOUT_MS, 'the extension-host suite');
    if (!existsSync(resultsFile)) throw new Error(`the suite exited with ${code} and wrote no results`);
    const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as { passed: number; failed: number; results: { title: string; state: string; error?: string }[] };
    for (const failure of results.results.filter((r) => r.state === 'failed')) process.stdout.write(`\nFAILED ${failure.title}\n${failure.error ?? ''}\n`);
    return { name: 'extension host', passed: results.passed, failed: results.failed + (code !== 0 && results.failed === 0 ? 1 : 0), seconds: seconds(started) };
  } catch (e) {
    process.stdout.write(`extension-host suite: ${(e as Error).message}\n${server.output().slice(-4000)}\n`);
    return { name: 'extension host', passed: 0, failed: 1, seconds: seconds(started) };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** (b) The GUI tests: node's test runner over test/e2e/gui, each file driving its own code-server. */
function gui(vsix: string): Promise<Phase> {
  const started = Date.now();
  process.stdout.write('\n== GUI tests (playwright-core in Chromium)\n');
  const tap = join(ARTIFACTS, 'gui.tap');
  const files = readdirSync(join(REPO_ROOT, 'test', 'e2e', 'gui'))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => join('test', 'e2e', 'gui', f));
  const args = ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tap}`, ...files];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: 'inherit', env: { ...process.env, GHOST_LINT_E2E_VSIX: vsix } });
    const timer = setTimeout(() => child.kill('SIGTERM'), GUI_TIMEOUT_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
      const count = (label: string) => Number(new RegExp(`^# ${label} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
      const failed = count('fail') + count('cancelled') + (code !== 0 && count('fail') + count('cancelled') === 0 ? 1 : 0);
      resolve({ name: 'GUI', passed: count('pass'), failed, seconds: seconds(started) });
    });
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  // The previous run's sandboxes and failure screenshots go; this run's stay for a look afterwards.
  rmSync(RUNS, { recursive: true, force: true });
  rmSync(ARTIFACTS, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  const phases: Phase[] = [];
  try {
    step('setup (npm registry and Debian packages, cached in .cache/e2e)', 'bash', [join('scripts', 'e2e', 'setup.sh')]);
    const missing = checkInstalled();
    if (missing) throw new Error(missing);
    step('package the .vsix', 'npm', ['run', 'package', '--silent']);
    const suite = await bundleSuite();
    const vsix = join(REPO_ROOT, `ghost-lint-${version}.vsix`);
    phases.push(await extensionHost(vsix, suite));
    phases.push(await gui(vsix));
  } catch (e) {
    process.stdout.write(`\ne2e: ${(e as Error).message}\n`);
    phases.push({ name: 'preparation', passed: 0, failed: 1, seconds: seconds(started) });
  }
  const leftovers = stopLeftoverServers();
  if (leftovers > 0) process.stdout.write(`stopped ${leftovers} code-server process group(s) left running\n`);
  process.stdout.write('\n');
  for (const phase of phases) process.stdout.write(`${phase.name}: ${phase.passed} passed, ${phase.failed} failed (${phase.seconds} s)\n`);
  const passed = phases.reduce((n, p) => n + p.passed, 0);
  const failed = phases.reduce((n, p) => n + p.failed, 0);
  process.stdout.write(`total ${seconds(started)} s\n`);
  process.stdout.write(`e2e: ${passed} passed, ${failed} failed\n`);
  process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
}

void main();
