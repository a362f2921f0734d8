import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, test } from 'node:test';
import { expandFolder, listSessions, projectHint, sessionSources, tildePath } from '../../client/src/sessions/sources';

let home: string;

/** Writes a file under the fake home with a modification time `minutesAgo`, so "newest first" is exact. */
function file(path: string, minutesAgo: number): void {
  const full = join(home, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, '{}\n');
  const when = new Date(Date.UTC(2026, 0, 1, 12, 0) - minutesAgo * 60_000);
  utimesSync(full, when, when);
}

before(() => {
  home = mkdtempSync(join(tmpdir(), 'ghost-lint-home-'));
  // Claude Code: sessions one level below projects/; a subagent's file inside a session's folder is not a session of its own.
  file('.claude/projects/-home-dev-lab/aaa.jsonl', 30);
  file('.claude/projects/-home-dev-lab/bbb.jsonl', 5);
  file('.claude/projects/-home-dev-api/ccc.jsonl', 10);
  file('.claude/projects/-home-dev-lab/bbb/subagents/agent-1.jsonl', 1);
  file('.claude/settings.json', 0);
  // Codex: dated folders, rollout files only; the older flat .json rollouts too.
  file('.codex/sessions/2026/01/01/rollout-2026-01-01T10-00-00-x.jsonl', 20);
  file('.codex/sessions/rollout-2025-06-01-old.json', 500);
  file('.codex/sessions/2026/01/01/notes.jsonl', 0);
  // Gemini CLI: chat recordings under each project's chats/; logs.json holds prompts only.
  file('.gemini/tmp/9f2e/chats/session-2026-01-01T11-00-1.jsonl', 15);
  file('.gemini/tmp/9f2e/logs.json', 0);
  // A folder the user added: any .json/.jsonl/.traj, however deep; node_modules skipped.
  file('runs/eval-1/trace.json', 40);
  file('runs/eval-1/agent.traj', 45);
  file('runs/readme.md', 0);
  file('runs/node_modules/x/package.json', 0);
});
after(() => rmSync(home, { recursive: true, force: true }));

const names = async (kind: string, limit = 50, env: Record<string, string> = {}) => {
  const sources = sessionSources({ agents: ['claude-code', 'codex', 'gemini-cli'], folders: ['~/runs'] }, { home, env });
  const source = sources.find((s) => s.kind === kind);
  assert.ok(source, kind);
  return (await listSessions(source, limit)).map((f) => relative(home, f.path));
};

test('each agent lists its own session files, newest first', async () => {
  assert.deepEqual(await names('claude-code'), ['.claude/projects/-home-dev-lab/bbb.jsonl', '.claude/projects/-home-dev-api/ccc.jsonl', '.claude/projects/-home-dev-lab/aaa.jsonl']);
  assert.deepEqual(await names('codex'), ['.codex/sessions/2026/01/01/rollout-2026-01-01T10-00-00-x.jsonl', '.codex/sessions/rollout-2025-06-01-old.json']);
  assert.deepEqual(await names('gemini-cli'), ['.gemini/tmp/9f2e/chats/session-2026-01-01T11-00-1.jsonl']);
  assert.deepEqual(await names('folder'), ['runs/eval-1/trace.json', 'runs/eval-1/agent.traj']);
});

test('the limit keeps the newest', async () => {
  assert.deepEqual(await names('claude-code', 1), ['.claude/projects/-home-dev-lab/bbb.jsonl']);
});

test("the agents' own variables move their folders, and a missing folder has no sessions", async () => {
  const sources = sessionSources({ agents: ['claude-code', 'codex'], folders: [] }, { home, env: { CLAUDE_CONFIG_DIR: join(home, 'elsewhere'), CODEX_HOME: join(home, '.codex') } });
  assert.deepEqual(
    sources.map((s) => relative(home, s.root)),
    ['elsewhere/projects', '.codex/sessions'],
  );
  assert.deepEqual(await listSessions(sources[0]!, 50), []);
});

test('folders: ~ is the home folder, relative paths are ignored, and labels use ~', () => {
  assert.equal(expandFolder('~/runs', home), join(home, 'runs'));
  assert.equal(expandFolder('runs', home), undefined);
  assert.equal(tildePath(join(home, 'runs'), home), '~/runs');
  assert.equal(tildePath('/srv/runs', home), '/srv/runs');
  assert.deepEqual(
    sessionSources({ agents: [], folders: ['runs', '/srv/runs'] }, { home, env: {} }).map((s) => s.root),
    ['/srv/runs'],
  );
});

test("a Claude Code session's project comes from its folder name", async () => {
  const [source] = sessionSources({ agents: ['claude-code'], folders: [] }, { home, env: {} });
  const [newest] = await listSessions(source!, 1);
  assert.equal(projectHint(newest!), 'home-dev-lab');
});
