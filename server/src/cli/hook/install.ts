import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { type FormattingOptions, type ParseError, applyEdits, modify, parse as parseJsonc, printParseErrorCode } from 'jsonc-parser';
import type * as SmolToml from 'smol-toml' with { 'resolution-mode': 'import' };
import type { CliIo } from '../io';
import { UsageError, type HookSettingsOptions } from '../options';
import type { HookAgent } from './agents';

/*
 * `ghost-lint hook install|uninstall <agent>`: the guard's entry in the agent's own settings file,
 * merged with what is there (a backup is kept first) and removed again exactly. JSON settings are
 * edited in place with jsonc-parser, so comments and formatting survive; Codex's config.toml gets
 * one marked block appended, checked by parsing the result.
 */

// smol-toml ships a CommonJS build for require(); its type declarations are written for its ES module build.
const { parse: parseToml, stringify: stringifyToml } = require('smol-toml') as typeof SmolToml;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const TIMEOUT_SECONDS = 60;
const TOML_MARKER = '# ghost-lint: the live guard (`ghost-lint hook uninstall codex` removes this block)';
const FORMATTING: FormattingOptions = { insertSpaces: true, tabSize: 2, eol: '\n' };

interface Place {
  readonly file: string;
  /** The hook event the entry goes under. */
  readonly event: string;
}

function settingsFile(agent: HookAgent, scope: HookSettingsOptions['scope'], io: CliIo): Place {
  const env = io.env ?? {};
  const home = homedir();
  switch (agent) {
    case 'claude-code':
      return { file: scope === 'project' ? join(io.cwd, '.claude', 'settings.json') : join(env.CLAUDE_CONFIG_DIR ?? join(home, '.claude'), 'settings.json'), event: 'PreToolUse' };
    case 'codex':
      return { file: scope === 'project' ? join(io.cwd, '.codex', 'config.toml') : join(env.CODEX_HOME ?? join(home, '.codex'), 'config.toml'), event: 'PreToolUse' };
    case 'gemini-cli':
      return { file: scope === 'project' ? join(io.cwd, '.gemini', 'settings.json') : join(home, '.gemini', 'settings.json'), event: 'BeforeTool' };
  }
}

function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `"${word.replace(/(["\\$`])/g, '\\$1')}"`;
}

/** The command the agent runs: this very CLI (absolute paths, so no PATH lookup or npx start-up), or `--command`; through the hook server unless --no-server. */
function hookCommand(agent: HookAgent, options: HookSettingsOptions, io: CliIo): string {
  const base = options.command ?? (io.self ?? ['ghost-lint']).map(shellWord).join(' ');
  return `${base} hook ${agent}${options.server ? ' --server' : ''}`;
}

/** Whether a hook command is ghost-lint's own hook for `agent` (whatever path or wrapper runs it). */
function isGhostLintHook(command: unknown, agent: HookAgent): boolean {
  return typeof command === 'string' && new RegExp(`(?:^|\\s)hook\\s+${agent}(?:\\s|$)`).test(command) && /ghost-lint|cli\.js/.test(command);
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The agent's event groups without ghost-lint's hook handlers; groups left empty go too. */
function withoutGhostLintHook(groups: readonly Json[], agent: HookAgent): Json[] {
  const kept: Json[] = [];
  for (const group of groups) {
    if (!isObject(group) || !Array.isArray(group.hooks)) {
      kept.push(group);
      continue;
    }
    const handlers = group.hooks.filter((handler) => !(isObject(handler) && isGhostLintHook(handler.command, agent)));
    if (handlers.length === group.hooks.length) kept.push(group);
    else if (handlers.length > 0) kept.push({ ...group, hooks: handlers });
  }
  return kept;
}

function hasGhostLintHook(groups: readonly Json[], agent: HookAgent): boolean {
  return groups.some((group) => isObject(group) && Array.isArray(group.hooks) && group.hooks.some((handler) => isObject(handler) && isGhostLintHook(handler.command, agent)));
}

function ghostLintHookGroup(agent: HookAgent, command: string): JsonObject {
  if (agent === 'gemini-cli') {
    // Gemini CLI's timeout is in milliseconds; no matcher means every tool.
    return { hooks: [{ name: 'ghost-lint', type: 'command', command, timeout: TIMEOUT_SECONDS * 1000, description: 'Blocks a tool call that breaks a constraint stated earlier in the session' }] };
  }
  return { matcher: '*', hooks: [{ type: 'command', command, timeout: TIMEOUT_SECONDS }] };
}

function readJsonSettings(file: string, text: string): JsonObject {
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, { allowTrailingComma: true });
  const [error] = errors;
  if (error) throw new UsageError(`${file} is not valid JSON (${printParseErrorCode(error.error)} at offset ${error.offset}); fix it first, it was left as it is`);
  if (value === undefined) return {};
  if (!isObject(value)) throw new UsageError(`${file} should hold a JSON object; it was left as it is`);
  return value;
}

function backup(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  const copy = `${file}.ghost-lint-backup`;
  copyFileSync(file, copy);
  return copy;
}

function save(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** Installs or uninstalls in a JSON settings file (Claude Code, Gemini CLI); returns what was done. */
function changeJson(place: Place, agent: HookAgent, install: boolean, command: string): string {
  const existed = existsSync(place.file);
  const text = existed ? readFileSync(place.file, 'utf8') : '';
  const settings = text.trim() === '' ? {} : readJsonSettings(place.file, text);
  const hooks = isObject(settings.hooks) ? settings.hooks : undefined;
  const groups = hooks && Array.isArray(hooks[place.event]) ? (hooks[place.event] as Json[]) : [];
  const others = withoutGhostLintHook(groups, agent);
  if (!install && !hasGhostLintHook(groups, agent)) return `no ghost-lint hook for ${agent} in ${place.file}; nothing changed`;
  let next: Json[] | undefined = install ? [...others, ghostLintHookGroup(agent, command)] : others;
  if (next.length === 0) next = undefined;
  let updated = applyEdits(text.trim() === '' ? '{}\n' : text, modify(text.trim() === '' ? '{}\n' : text, ['hooks', place.event], next, { formattingOptions: FORMATTING }));
  // Uninstalling the last hook of all leaves no empty "hooks" object behind.
  if (next === undefined && hooks && Object.keys(hooks).every((key) => key === place.event)) updated = applyEdits(updated, modify(updated, ['hooks'], undefined, { formattingOptions: FORMATTING }));
  const copy = backup(place.file);
  save(place.file, updated.endsWith('\n') ? updated : `${updated}\n`);
  return `${install ? 'installed the ghost-lint hook for' : 'removed the ghost-lint hook for'} ${agent} ${install ? 'in' : 'from'} ${place.file}${copy ? ` (backup: ${copy})` : ''}`;
}

/** The parsed TOML as plain JSON values, for comparing what changed. */
function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

function tomlGroups(config: unknown): Json[] {
  const hooks = isObject(config) ? config.hooks : undefined;
  return isObject(hooks) && Array.isArray(hooks.PreToolUse) ? (hooks.PreToolUse as Json[]) : [];
}

/** The config with ghost-lint's hook handlers taken out (and tables left empty by that). */
function tomlWithoutGhostLintHook(config: JsonObject): JsonObject {
  const hooks = isObject(config.hooks) ? config.hooks : undefined;
  if (!hooks || !Array.isArray(hooks.PreToolUse)) return config;
  const groups = withoutGhostLintHook(hooks.PreToolUse, 'codex');
  const { PreToolUse: _previous, ...otherEvents } = hooks;
  const nextHooks: JsonObject = groups.length > 0 ? { ...otherEvents, PreToolUse: groups } : otherEvents;
  const { hooks: _hooks, ...rest } = config;
  return Object.keys(nextHooks).length > 0 ? { ...rest, hooks: nextHooks } : rest;
}

const TOML_BLOCK_LINES = 7;

function tomlBlock(command: string): string {
  return `${TOML_MARKER}\n[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = ${JSON.stringify(command)}\ntimeout = ${TIMEOUT_SECONDS}\nstatusMessage = "ghost-lint: checking the call against the session's constraints"\n`;
}

function readToml(file: string, text: string): JsonObject {
  try {
    return plain(parseToml(text)) as JsonObject;
  } catch (e) {
    throw new UsageError(`${file} is not valid TOML (${(e as Error).message.split('\n')[0]}); fix it first, it was left as it is`);
  }
}

/** Installs or uninstalls in Codex's config.toml; returns what was done. */
function changeToml(place: Place, install: boolean, command: string, io: CliIo): string {
  const text = existsSync(place.file) ? readFileSync(place.file, 'utf8') : '';
  const config = readToml(place.file, text);
  const cleaned = tomlWithoutGhostLintHook(config);
  const present = hasGhostLintHook(tomlGroups(config), 'codex');
  if (!install && !present) return `no ghost-lint hook for codex in ${place.file}; nothing changed`;
  const base = present ? removeTomlBlock(text, cleaned) : text;
  let updated: string;
  if (install) {
    const appended = `${base}${base === '' || base.endsWith('\n\n') ? '' : base.endsWith('\n') ? '\n' : '\n\n'}${tomlBlock(command)}`;
    // Appending is exact when the file's hooks are array tables (or absent); otherwise rewrite the whole file.
    updated = parsesTo(appended, (parsed) => JSON.stringify(tomlWithoutGhostLintHook(parsed)) === JSON.stringify(cleaned) && tomlGroups(parsed).some((g) => isObject(g) && Array.isArray(g.hooks) && g.hooks.some((h) => isObject(h) && h.command === command)))
      ? appended
      : rewriteToml(cleaned, command, io, place.file);
  } else {
    updated = base;
  }
  const copy = backup(place.file);
  save(place.file, updated);
  const done = `${install ? 'installed the ghost-lint hook for codex in' : 'removed the ghost-lint hook for codex from'} ${place.file}${copy ? ` (backup: ${copy})` : ''}`;
  return install ? `${done}\nCodex runs a hook from config.toml only once you trust it: run /hooks in Codex and trust the ghost-lint entry.` : done;
}

function parsesTo(text: string, check: (parsed: JsonObject) => boolean): boolean {
  try {
    return check(plain(parseToml(text)) as JsonObject);
  } catch {
    return false;
  }
}

/** The text without the block `install` appended, when it is still there as written; else the whole file rewritten. */
function removeTomlBlock(text: string, cleaned: JsonObject): string {
  const start = text.indexOf(TOML_MARKER);
  if (start !== -1) {
    // The block is as many lines as `tomlBlock` writes; an edited one fails the check below.
    let end = start;
    for (let line = 0; line < TOML_BLOCK_LINES && end !== -1; line++) end = text.indexOf('\n', end) + 1 || -1;
    if (end === -1) end = text.length;
    const without = `${text.slice(0, start).replace(/\n+$/, '\n')}${text.slice(end)}`;
    const tidy = without.trim() === '' ? '' : without;
    if (parsesTo(tidy, (parsed) => JSON.stringify(parsed) === JSON.stringify(cleaned))) return tidy;
  }
  return stringifyToml(cleaned);
}

function rewriteToml(cleaned: JsonObject, command: string, io: CliIo, file: string): string {
  io.stderr(`ghost-lint: ${file} declares its hooks in a form a block cannot be appended to; the file was rewritten whole (comments dropped; the backup keeps them)\n`);
  const hooks = isObject(cleaned.hooks) ? cleaned.hooks : {};
  const groups = Array.isArray(hooks.PreToolUse) ? hooks.PreToolUse : [];
  return stringifyToml({ ...cleaned, hooks: { ...hooks, PreToolUse: [...groups, { hooks: [{ type: 'command', command, timeout: TIMEOUT_SECONDS }] }] } });
}

/** `hook install|uninstall <agent> [--user|--project]`; returns the exit code. */
export function changeHookSettings(io: CliIo, options: HookSettingsOptions): number {
  const place = settingsFile(options.agent, options.scope, io);
  const command = hookCommand(options.agent, options, io);
  const install = options.action === 'install';
  const done = options.agent === 'codex' ? changeToml(place, install, command, io) : changeJson(place, options.agent, install, command);
  io.stdout(`${done}\n`);
  if (install && options.agent === 'gemini-cli') io.stdout('Older Gemini CLI versions run hooks only with "tools": {"enableHooks": true} in settings.json.\n');
  return 0;
}
