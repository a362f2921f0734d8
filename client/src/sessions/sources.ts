import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { Agent } from '../settingsSchema';

/*
 * Where agents keep their sessions on this machine, and the session files found there. File names
 * only narrow the search: whether a file is a transcript, and of which format, the language server
 * decides from its content.
 */

export interface SessionSource {
  /** An agent, or a folder the user added. */
  readonly kind: Agent | 'folder';
  readonly label: string;
  /** Absolute folder searched. */
  readonly root: string;
  /** Folder levels below the root that hold session files. */
  readonly maxDepth: number;
  /** Whether a file (path relative to the root, forward slashes) is one of this source's sessions. */
  readonly accepts: (relativePath: string) => boolean;
}

export interface SessionFile {
  readonly path: string;
  readonly source: SessionSource;
  readonly modifiedMs: number;
  readonly size: number;
}

export interface SourceEnvironment {
  readonly home: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

const TRANSCRIPT_FILE = /\.(jsonl?|traj)$/i;
const SKIPPED_FOLDERS = new Set(['node_modules', '.git']);

/** A folder setting as an absolute path: `~` is the home folder; a relative path has no meaning here. */
export function expandFolder(folder: string, home: string): string | undefined {
  const expanded = folder === '~' ? home : folder.startsWith('~/') ? join(home, folder.slice(2)) : folder;
  return isAbsolute(expanded) ? expanded : undefined;
}

/** Folder shown with `~` for the home folder. */
export function tildePath(path: string, home: string): string {
  const rel = relative(home, path);
  return rel === '' ? '~' : rel.startsWith('..') || isAbsolute(rel) ? path : `~${sep}${rel}`;
}

function agentSource(agent: Agent, { home, env }: SourceEnvironment): SessionSource {
  switch (agent) {
    case 'claude-code':
      // <project>/<session>.jsonl; subagents' files sit deeper, inside their session's folder.
      return { kind: agent, label: 'Claude Code', root: join(env.CLAUDE_CONFIG_DIR ?? join(home, '.claude'), 'projects'), maxDepth: 1, accepts: (p) => /^[^/]+\/[^/]+\.jsonl$/.test(p) };
    case 'codex':
      // sessions/YYYY/MM/DD/rollout-*.jsonl, and the older flat rollout-*.json files.
      return { kind: agent, label: 'Codex', root: join(env.CODEX_HOME ?? join(home, '.codex'), 'sessions'), maxDepth: 3, accepts: (p) => /(^|\/)rollout-[^/]*\.jsonl?$/.test(p) };
    case 'gemini-cli':
      // tmp/<project hash>/chats/session-*.json(l): the chat recordings.
      return { kind: agent, label: 'Gemini CLI', root: join(home, '.gemini', 'tmp'), maxDepth: 2, accepts: (p) => /^[^/]+\/chats\/session-[^/]*\.jsonl?$/.test(p) };
  }
}

/** The sources the settings ask for: the agents' folders, then the user's own folders. */
export function sessionSources(settings: { readonly agents: readonly Agent[]; readonly folders: readonly string[] }, environment: SourceEnvironment): SessionSource[] {
  const agents = [...new Set(settings.agents)].map((agent) => agentSource(agent, environment));
  const folders = settings.folders.flatMap((folder) => {
    const root = expandFolder(folder, environment.home);
    return root ? [{ kind: 'folder' as const, label: tildePath(root, environment.home), root, maxDepth: 8, accepts: (p: string) => TRANSCRIPT_FILE.test(p) }] : [];
  });
  return [...agents, ...folders];
}

async function entries(folder: string): Promise<Dirent[]> {
  try {
    return await readdir(folder, { withFileTypes: true });
  } catch {
    // A source folder that does not exist (the agent is not installed) simply has no sessions.
    return [];
  }
}

async function collect(source: SessionSource, folder: string, depth: number, out: SessionFile[]): Promise<void> {
  for (const entry of await entries(folder)) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (depth < source.maxDepth && !SKIPPED_FOLDERS.has(entry.name)) await collect(source, path, depth + 1, out);
      continue;
    }
    if (!entry.isFile() || !source.accepts(relative(source.root, path).split(sep).join('/'))) continue;
    try {
      const info = await stat(path);
      out.push({ path, source, modifiedMs: info.mtimeMs, size: info.size });
    } catch {
      // Deleted between listing and stat.
    }
  }
}

/** A source's session files, newest first, at most `limit`. */
export async function listSessions(source: SessionSource, limit: number): Promise<SessionFile[]> {
  const found: SessionFile[] = [];
  await collect(source, source.root, 0, found);
  return found.sort((a, b) => b.modifiedMs - a.modifiedMs || a.path.localeCompare(b.path)).slice(0, limit);
}

/** The project a Claude Code session belongs to, from its folder's name (the working folder with `/` as `-`). */
export function projectHint(file: SessionFile): string | undefined {
  if (file.source.kind !== 'claude-code') return undefined;
  const folder = relative(file.source.root, file.path).split(sep)[0];
  return folder?.replace(/^-+/, '');
}
