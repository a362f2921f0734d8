import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, copyFile, mkdir, readdir, rename } from 'node:fs/promises';
import { delimiter, dirname, join, relative } from 'node:path';
import { type ExtensionContext, window, workspace } from 'vscode';
import type { SettingsStore } from './settings';
import { AGENTS, type Agent } from './settingsSchema';

/** What `ghostLint.installLiveGuard` may be given; anything left out is asked. */
export interface LiveGuardOptions {
  readonly agent?: Agent;
  /** `user`: the agent's settings in your home folder; `project`: the first workspace folder's. */
  readonly scope?: 'user' | 'project';
}

export interface LiveGuardResult {
  readonly agent: Agent;
  readonly scope: 'user' | 'project';
  /** What `ghost-lint hook install` printed. */
  readonly output: string;
}

const AGENT_LABELS: Record<Agent, string> = { 'claude-code': 'Claude Code', codex: 'Codex', 'gemini-cli': 'Gemini CLI' };
/** The bundles in dist/ that are not the CLI's: the extension and the language server. */
const EDITOR_BUNDLES = new Set(['extension.js', 'server.js']);
const INSTALL_TIMEOUT_MS = 60_000;

async function isExecutable(path: string): Promise<boolean> {
  return access(path, constants.X_OK).then(
    () => true,
    () => false,
  );
}

/**
 * The Node.js that will run the guard: the setting, else `node` on PATH, else the extension host's
 * own runtime when it is plain Node (code-server); VS Code's Electron is no Node for an agent to run.
 */
async function guardNode(configured: string): Promise<string | undefined> {
  if (configured !== '') return (await isExecutable(configured)) ? configured : undefined;
  const names = process.platform === 'win32' ? ['node.exe'] : ['node'];
  for (const folder of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of names) if (await isExecutable(join(folder, name))) return join(folder, name);
  }
  return process.versions.electron === undefined ? process.execPath : undefined;
}

/** The CLI's bin and the bundles it loads from beside it (the engine, the guard's judge, their libraries). */
async function cliBundles(dist: string): Promise<string[]> {
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => relative(dist, join(entry.parentPath, entry.name)))
    .filter((file) => !EDITOR_BUNDLES.has(file));
}

/**
 * A copy of the CLI in the extension's global storage, which the agent's hook runs: it stays where
 * it is when the extension is updated or removed (installing again refreshes it). Each file is
 * replaced by a rename, so an agent calling the guard meanwhile never reads half a file.
 */
async function stableCli(context: ExtensionContext): Promise<string> {
  const dist = context.asAbsolutePath('dist');
  const folder = join(context.globalStorageUri.fsPath, 'live-guard');
  for (const file of await cliBundles(dist)) {
    const target = join(folder, file);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(join(dist, file), `${target}.new`);
    await rename(`${target}.new`, target);
  }
  return join(folder, 'cli.js');
}

function run(node: string, args: readonly string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(node, args, { cwd, timeout: INSTALL_TIMEOUT_MS, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) reject(new Error((stderr || error.message).trim()));
      else resolve(`${stdout}${stderr}`.trim());
    });
  });
}

/**
 * Installs the live guard for an agent: `ghost-lint hook install <agent>`, which merges the hook into
 * the agent's settings (keeping a backup) so the agent asks ghost-lint before every tool call.
 */
export async function installLiveGuard(context: ExtensionContext, settings: SettingsStore, options: LiveGuardOptions = {}): Promise<LiveGuardResult | undefined> {
  const agent = options.agent ?? (await window.showQuickPick(AGENTS.map((a) => ({ label: AGENT_LABELS[a], agent: a })), { title: 'ghost-lint: install the live guard', placeHolder: 'For which agent?' }))?.agent;
  if (!agent) return undefined;
  const folder = workspace.workspaceFolders?.[0]?.uri.fsPath;
  const scope =
    options.scope ??
    (
      await window.showQuickPick(
        [
          { label: 'Every project', description: `${AGENT_LABELS[agent]}'s user settings`, scope: 'user' as const },
          ...(folder ? [{ label: 'This workspace only', description: `${AGENT_LABELS[agent]}'s settings in ${folder}`, scope: 'project' as const }] : []),
        ],
        { title: `ghost-lint: install the live guard for ${AGENT_LABELS[agent]}`, placeHolder: 'Where?' },
      )
    )?.scope;
  if (!scope) return undefined;
  if (scope === 'project' && !folder) {
    void window.showWarningMessage('ghost-lint: open a folder to install the live guard for it.');
    return undefined;
  }
  const node = await guardNode(settings.value['liveGuard.nodePath']);
  if (!node) {
    void window.showErrorMessage('ghost-lint: the live guard needs Node.js 20 or later, and none was found on PATH. Set ghostLint.liveGuard.nodePath to its path.');
    return undefined;
  }
  try {
    const cli = await stableCli(context);
    const output = await run(node, [cli, 'hook', 'install', agent, `--${scope}`], folder ?? context.globalStorageUri.fsPath);
    void window.showInformationMessage(`ghost-lint: ${output}`);
    return { agent, scope, output };
  } catch (e) {
    void window.showErrorMessage(`ghost-lint: installing the live guard for ${AGENT_LABELS[agent]} failed: ${(e as Error).message}`);
    return undefined;
  }
}
