import { type Action, type ActionAttributes, type TargetKind, type Verb, attributesOf, makeAction } from '../actions/actions';
import type { ToolCall } from '../session/session';
import { simpleCommands } from './commandLine';
import { bindShellCommand } from './shell';
import { bindSql } from './sql';
import { namedTarget, normalizePath } from './targets';
import { patchActions, patchViaShell } from './applyPatch';
import { CallArguments, type LocatedString, NAME_CACHE_LIMIT, type Names, parseAmount, wholeSpan } from './callArguments';
import { commandFromArgv, commandSource } from './embeddedCommands';
import { FIRST_STEP, targetActions } from './targetActions';
import type { BindingContext } from './types';
import { wordTable } from '../text';

/*
 * Built-in knowledge of well-known tools (SPEC section 5): which argument of which tool holds a command,
 * SQL, a patch, or the target of an action. The knowledge is the TOOL_SPECS table; the code below only
 * turns a call's arguments (callArguments.ts) into actions: targets (targetActions.ts), commands
 * (embeddedCommands.ts, shell.ts), SQL (sql.ts) and patches (applyPatch.ts).
 */

/** What binding a call reads beyond the BindingContext. */
export interface BindingFacts {
  /** The text every span points into. */
  readonly text: string;
  /** Paths earlier successful calls read or wrote: files known to exist when this call ran. */
  readonly existingPaths: ReadonlySet<string>;
}

/** The call does `verbs` to the target named by the arguments `from` (each one present, each list element). */
interface TargetEffect {
  readonly kind: 'target';
  readonly verbs: readonly Verb[];
  readonly target: TargetKind;
  readonly from: Names;
  /** Covers what is inside (a folder removed with its contents). */
  readonly recursive?: boolean;
  /** A copy or move: where it went (attributes.destination, and a `write` of it). */
  readonly destination?: Names;
  readonly amount?: Names;
  readonly currency?: Names;
  /** A push: an argument that, when true, makes it a force-push. */
  readonly force?: Names;
  /** Only when this argument has one of these values (str_replace_editor's `command`). */
  readonly when?: { readonly argument: string; readonly values: readonly string[] };
  /**
   * The tool replaces a whole file: also `overwrite` when the file existed (its own result says it was
   * updated or overwritten, or, without such a result, an earlier successful call read or wrote it).
   */
  readonly overwriteWhenExisting?: boolean;
  /** The verb comes from the words of these arguments (a device's new state): `unlocked` → unlock. */
  readonly verbFrom?: Names;
}

/** A command string, or an argv array, for the shell binder; `cwd` names a working-folder override. */
interface ShellEffect {
  readonly kind: 'shell';
  readonly from: Names;
  readonly cwd?: Names;
}

interface SqlEffect {
  readonly kind: 'sql';
  readonly from: Names;
  readonly database?: Names;
}

interface PatchEffect {
  readonly kind: 'patch';
  readonly from: Names;
}

/** A forge operation as the `gh` command that does it: rules over `gh pr merge` govern the forge's merge tool too. */
interface ForgeEffect {
  readonly kind: 'forge';
  readonly command: string;
  /** The pull request's or issue's number, appended as `gh` takes it. */
  readonly number: Names;
  readonly when?: { readonly argument: string; readonly values: readonly string[] };
}

/**
 * Home Assistant's `HassTurnOn` and `HassTurnOff` (the tools its MCP server offers): what turning a device
 * on or off does depends on its domain. Turning a cover (a garage door, a gate) on opens it; turning a lock
 * off unlocks it (turning it on locks it); turning anything else off disables it.
 */
interface SwitchEffect {
  readonly kind: 'switch';
  readonly on: boolean;
}

type Effect = TargetEffect | ShellEffect | SqlEffect | PatchEffect | ForgeEffect | SwitchEffect;

export interface ToolSpec {
  /** Tool names, compared without case (`Write` and `write` alike), after any MCP server prefix. */
  readonly names: Names;
  /** Empty: the tool is known to have no effect worth binding (search, listing, planning). */
  readonly effects: readonly Effect[];
}

const FILE = ['file_path', 'path', 'filename', 'file_name', 'file', 'absolute_path', 'target_file', 'paths', 'files'];
const FOLDER = ['path', 'directory', 'dir', 'dir_path', 'folder', 'folder_path'];
const COPY_SOURCE = ['source', 'src', 'source_path', 'from_path', 'path', 'file_path'];
const COPY_DESTINATION = ['destination', 'dest', 'destination_path', 'dest_path', 'target_path', 'to_path', 'new_path', 'to', 'target'];
const RECIPIENTS = ['to', 'cc', 'bcc', 'recipients', 'recipient', 'email', 'emails', 'address', 'addresses', 'channel', 'phone_number'];
const PAYEE = ['recipient', 'payee', 'to', 'account', 'iban', 'to_account', 'destination_account', 'beneficiary', 'vendor', 'merchant'];
const AMOUNT = ['amount', 'value', 'sum', 'total'];
const CURRENCY = ['currency', 'currency_code'];
const DATABASE = ['database', 'db', 'database_name', 'db_name'];
const TABLE = ['table', 'table_name'];
const EVENT = ['event_id', 'event', 'meeting_id', 'calendar_event_id', 'appointment_id', 'id'];
const DEVICE = ['device', 'device_id', 'lock', 'lock_id', 'door', 'door_id', 'entity_id', 'name', 'garage', 'gate', 'alarm', 'camera'];
const ENVIRONMENT = ['environment', 'env', 'stage', 'target_environment', 'target'];
const BRANCH = ['branch', 'branch_name', 'ref', 'refspec'];
const PR_NUMBER = ['pullNumber', 'pull_number', 'pr_number', 'number', 'pull_request_number', 'merge_request_iid', 'mr_iid', 'iid'];
const ISSUE_NUMBER = ['issue_number', 'issueNumber', 'number', 'issue_iid', 'iid'];
const FORGE_SUBJECT = ['title', 'head', 'body', 'repo', 'owner', 'project_id'];
const forge = (command: string, number: Names, when?: ForgeEffect['when']): ForgeEffect => ({ kind: 'forge', command, number, ...(when && { when }) });
const SHELL: ShellEffect = { kind: 'shell', from: ['command', 'cmd'], cwd: ['workdir', 'working_directory', 'directory', 'dir_path', 'cwd'] };

const write = (from: Names, extra: Partial<TargetEffect> = {}): TargetEffect => ({ kind: 'target', verbs: ['write'], target: 'path', from, ...extra });
const read = (from: Names): TargetEffect => ({ kind: 'target', verbs: ['read'], target: 'path', from });

export const TOOL_SPECS: readonly ToolSpec[] = [
  // Shells: Claude Code Bash; Codex shell, container.exec, local_shell (action.command, working_directory),
  // shell_command, exec_command (cmd); Gemini CLI run_shell_command (directory); OpenHands execute_bash;
  // SWE-agent and Inspect bash (cmd); Cursor run_terminal_cmd; Desktop Commander start_process.
  {
    names: ['bash', 'shell', 'container.exec', 'local_shell', 'shell_command', 'exec_command', 'run_shell_command', 'execute_bash', 'execute_command', 'run_command', 'run_terminal_cmd', 'terminal', 'start_process'],
    effects: [SHELL],
  },
  // Codex apply_patch: a freeform patch (custom tool `input`) or a function with `input`/`patch`.
  { names: ['apply_patch'], effects: [{ kind: 'patch', from: ['input', 'patch'] }] },
  // Claude Code's file tools, Gemini CLI's write_file/replace, OpenHands' and SWE-agent's editors.
  { names: ['write', 'write_file', 'write_to_file', 'save_file'], effects: [write(FILE, { overwriteWhenExisting: true })] },
  { names: ['overwrite_file'], effects: [{ kind: 'target', verbs: ['write', 'overwrite'], target: 'path', from: FILE }] },
  { names: ['create', 'create_file', 'new_file'], effects: [write(FILE, { overwriteWhenExisting: true })] },
  {
    // (Roo Code's apply_diff and search_and_replace edit the file at `path` too.)
    names: ['edit', 'multiedit', 'edit_file', 'replace', 'replace_in_file', 'str_replace', 'append_to_file', 'append_file', 'insert', 'patch_file', 'search_replace', 'apply_diff', 'search_and_replace'],
    effects: [write(FILE)],
  },
  { names: ['notebookedit', 'edit_notebook'], effects: [write(['notebook_path', ...FILE])] },
  {
    names: ['str_replace_editor', 'str_replace_based_edit_tool', 'text_editor', 'edit_tool'],
    effects: [
      write(['path', 'file_path'], { when: { argument: 'command', values: ['create', 'str_replace', 'insert', 'undo_edit', 'write'] } }),
      { ...read(['path', 'file_path']), when: { argument: 'command', values: ['view'] } },
    ],
  },
  { names: ['read', 'read_file', 'read_many_files', 'read_text_file', 'open', 'open_file', 'view_file', 'cat'], effects: [read(FILE)] },
  // Known to have no effect worth binding: search, listing, fetching, planning, subagents, sessions.
  {
    names: [
      'glob', 'grep', 'ls', 'list_directory', 'list_dir', 'list_files', 'find_file', 'find_files', 'search_files', 'file_search', 'search_file',
      'search_dir', 'search_file_content', 'grep_files', 'codebase_search', 'task', 'agent', 'todowrite', 'todoread', 'write_todos', 'update_plan',
      'webfetch', 'websearch', 'web_fetch', 'web_search', 'google_web_search', 'bashoutput', 'killshell', 'killbash', 'write_stdin',
      'view_image', 'exitplanmode', 'askuserquestion', 'slashcommand', 'skill', 'save_memory', 'think', 'finish', 'submit', 'goto',
      'scroll_up', 'scroll_down', 'filemap', 'execute_ipython_cell', 'python',
    ],
    effects: [],
  },
  // Files, by the names benchmarks and MCP servers use.
  { names: ['delete_file', 'remove_file', 'delete', 'rm', 'unlink', 'delete_path', 'trash_file'], effects: [{ kind: 'target', verbs: ['delete'], target: 'path', from: FILE }] },
  {
    names: ['delete_directory', 'remove_directory', 'rmdir', 'delete_folder', 'remove_folder', 'delete_dir'],
    effects: [{ kind: 'target', verbs: ['delete'], target: 'path', from: FOLDER, recursive: true }],
  },
  {
    names: ['backup_file', 'backup', 'back_up_file', 'backup_path', 'create_backup', 'archive_file'],
    effects: [
      { kind: 'target', verbs: ['backup'], target: 'path', from: FILE, destination: COPY_DESTINATION },
      { kind: 'target', verbs: ['backup'], target: 'database', from: DATABASE, destination: COPY_DESTINATION },
    ],
  },
  { names: ['copy_file', 'copy', 'cp'], effects: [{ kind: 'target', verbs: ['backup'], target: 'path', from: COPY_SOURCE, destination: COPY_DESTINATION }] },
  {
    names: ['copy_directory', 'copy_folder', 'copy_dir'],
    effects: [{ kind: 'target', verbs: ['backup'], target: 'path', from: [...COPY_SOURCE, ...FOLDER], destination: COPY_DESTINATION, recursive: true }],
  },
  {
    names: ['move_file', 'move', 'mv', 'rename_file', 'rename', 'move_directory', 'move_path'],
    effects: [{ kind: 'target', verbs: ['move'], target: 'path', from: [...COPY_SOURCE, 'old_path'], destination: COPY_DESTINATION }],
  },
  // Messages.
  {
    names: ['send_email', 'send_mail', 'email', 'reply_to_email', 'forward_email', 'send_message', 'send_direct_message', 'send_channel_message', 'send_sms', 'send_text', 'share_file'],
    effects: [{ kind: 'target', verbs: ['send'], target: 'recipient', from: RECIPIENTS }],
  },
  // Money.
  {
    names: ['send_money', 'transfer', 'transfer_money', 'transfer_funds', 'pay', 'make_payment', 'pay_invoice', 'pay_bill', 'send_payment', 'wire_transfer', 'schedule_transaction', 'create_payment'],
    effects: [{ kind: 'target', verbs: ['pay'], target: 'account', from: PAYEE, amount: AMOUNT, currency: CURRENCY }],
  },
  // Databases.
  {
    names: ['execute_sql', 'run_sql', 'run_query', 'sql', 'query', 'query_database', 'execute_query', 'db_query', 'sql_query', 'database_query', 'read_query', 'write_query'],
    effects: [{ kind: 'sql', from: ['sql', 'query', 'statement', 'sql_query'], database: DATABASE }],
  },
  {
    names: ['create_snapshot', 'snapshot_database', 'take_snapshot', 'backup_database', 'dump_database', 'create_db_snapshot', 'export_database', 'create_database_backup'],
    effects: [{ kind: 'target', verbs: ['backup'], target: 'database', from: [...DATABASE, 'instance'], destination: ['destination', 'path', 'file', 'output'] }],
  },
  { names: ['drop_table'], effects: [{ kind: 'target', verbs: ['drop'], target: 'table', from: TABLE }] },
  { names: ['drop_database'], effects: [{ kind: 'target', verbs: ['drop'], target: 'database', from: DATABASE }] },
  { names: ['truncate_table'], effects: [{ kind: 'target', verbs: ['truncate'], target: 'table', from: TABLE }] },
  { names: ['delete_rows', 'delete_records'], effects: [{ kind: 'target', verbs: ['delete'], target: 'table', from: TABLE }] },
  // Calendars.
  {
    names: ['cancel_event', 'delete_event', 'cancel_meeting', 'delete_meeting', 'cancel_calendar_event', 'delete_calendar_event', 'remove_event'],
    effects: [{ kind: 'target', verbs: ['cancel'], target: 'event', from: EVENT }],
  },
  {
    names: ['reschedule_event', 'move_event', 'reschedule_meeting', 'reschedule_calendar_event', 'move_meeting'],
    effects: [{ kind: 'target', verbs: ['reschedule'], target: 'event', from: EVENT }],
  },
  {
    names: ['create_event', 'create_calendar_event', 'add_event', 'schedule_meeting', 'create_meeting'],
    effects: [{ kind: 'target', verbs: ['create'], target: 'event', from: ['title', 'summary', 'subject'] }],
  },
  // Devices.
  { names: ['unlock_door', 'unlock', 'unlock_device', 'unlock_lock'], effects: [{ kind: 'target', verbs: ['unlock'], target: 'device', from: DEVICE }] },
  { names: ['open_door', 'open_garage', 'open_garage_door', 'open_gate'], effects: [{ kind: 'target', verbs: ['open'], target: 'device', from: DEVICE }] },
  {
    names: ['disable_alarm', 'disarm_alarm', 'disarm', 'disable_camera', 'turn_off_camera', 'disable_device', 'disable_security_system'],
    effects: [{ kind: 'target', verbs: ['disable'], target: 'device', from: [...DEVICE, 'system'] }],
  },
  { names: ['hassturnon'], effects: [{ kind: 'switch', on: true }] },
  { names: ['hassturnoff'], effects: [{ kind: 'switch', on: false }] },
  {
    names: ['set_device_state', 'set_lock_state', 'control_device', 'set_state'],
    effects: [{ kind: 'target', verbs: [], target: 'device', from: DEVICE, verbFrom: ['state', 'action', 'value', 'mode', 'command', 'status'] }],
  },
  // Deployment and git.
  { names: ['deploy', 'deploy_service', 'deploy_app', 'deploy_to', 'release', 'promote', 'rollout'], effects: [{ kind: 'target', verbs: ['deploy'], target: 'environment', from: ENVIRONMENT }] },
  { names: ['git_push', 'push', 'push_branch'], effects: [{ kind: 'target', verbs: ['push'], target: 'branch', from: BRANCH, force: ['force', 'force_push', 'forced'] }] },
  { names: ['force_push', 'git_force_push'], effects: [{ kind: 'target', verbs: ['push', 'force-push'], target: 'branch', from: BRANCH }] },
  // Forges: GitHub's and GitLab's MCP servers, as the `gh` command each tool is.
  { names: ['merge_pull_request', 'merge_merge_request'], effects: [forge('gh pr merge', PR_NUMBER)] },
  { names: ['create_pull_request', 'create_merge_request'], effects: [forge('gh pr create', [])] },
  { names: ['close_pull_request'], effects: [forge('gh pr close', PR_NUMBER)] },
  { names: ['update_pull_request', 'update_merge_request'], effects: [forge('gh pr close', PR_NUMBER, { argument: 'state', values: ['closed', 'close'] })] },
  { names: ['create_issue'], effects: [forge('gh issue create', [])] },
  { names: ['close_issue'], effects: [forge('gh issue close', ISSUE_NUMBER)] },
  { names: ['update_issue'], effects: [forge('gh issue close', ISSUE_NUMBER, { argument: 'state', values: ['closed', 'close'] })] },
  { names: ['add_issue_comment', 'create_issue_comment'], effects: [forge('gh issue comment', ISSUE_NUMBER)] },
  { names: ['add_pull_request_comment', 'create_pull_request_comment', 'add_pull_request_review_comment'], effects: [forge('gh pr comment', PR_NUMBER)] },
];

/** Words of a device's new state, and the verb that state means. */
const STATE_VERBS: Readonly<Record<string, Verb>> = wordTable({
  unlock: 'unlock',
  unlocked: 'unlock',
  open: 'open',
  opened: 'open',
  disarm: 'disable',
  disarmed: 'disable',
  disable: 'disable',
  disabled: 'disable',
  off: 'disable',
});

/** The tool's own name, without an MCP server prefix (`mcp__server__tool`) or a `functions.` namespace. */
export function baseToolName(name: string): string {
  const parts = name.split('__');
  return (parts[parts.length - 1] ?? name).replace(/^functions\./, '');
}

const SPECS_BY_NAME: ReadonlyMap<string, ToolSpec> = new Map(TOOL_SPECS.flatMap((spec) => spec.names.map((name) => [name, spec] as const)));

/** Specs by tool name as calls write it: a session calls the same few tools thousands of times. */
const specsByCallName = new Map<string, ToolSpec | undefined>();

function toolSpec(name: string): ToolSpec | undefined {
  if (specsByCallName.has(name)) return specsByCallName.get(name);
  if (specsByCallName.size >= NAME_CACHE_LIMIT) specsByCallName.clear();
  const spec = SPECS_BY_NAME.get(baseToolName(name).toLowerCase().replace(/-/g, '_'));
  specsByCallName.set(name, spec);
  return spec;
}

/**
 * Binds a call with built-in knowledge. Undefined when the table does not know the tool, or knows it as
 * effectful but found none of the arguments it expects (inference may still read them); an empty list
 * when the tool is known to do nothing worth binding.
 */
export function bindBuiltin(args: CallArguments, context: BindingContext, facts: BindingFacts): Action[] | undefined {
  const spec = toolSpec(args.call.name);
  if (!spec) return undefined;
  if (spec.effects.length === 0) return [];
  const actions = spec.effects.flatMap((effect) => bindEffect(effect, args, context, facts));
  return actions.length > 0 ? actions : undefined;
}

function bindEffect(effect: Effect, args: CallArguments, context: BindingContext, facts: BindingFacts): Action[] {
  switch (effect.kind) {
    case 'shell':
      return bindShellEffect(effect, args, context);
    case 'sql':
      return bindSqlArguments(args, effect.from, effect.database ?? []);
    case 'patch':
      return args.stringsOf(effect.from).flatMap((patch) => patchActions(patch, context));
    case 'target':
      return bindTargetEffect(effect, args, context, facts);
    case 'forge':
      return bindForgeEffect(effect, args);
    case 'switch':
      return bindSwitchEffect(effect, args, context);
  }
}

const COVER_DOMAINS = new Set(['cover', 'valve']);
const COVER_CLASSES = new Set(['garage', 'gate', 'door', 'shutter', 'blind', 'curtain', 'awning', 'shade', 'window']);
const COVER_NAMES = /\b(?:garage|gates?|blinds?|shutters?|curtains?|awnings?|shades?)\b/i;

function bindSwitchEffect(effect: SwitchEffect, args: CallArguments, context: BindingContext): Action[] {
  const slot = (name: string) => args.stringsOf([name]).map((value) => value.value.toLowerCase());
  const domains = slot('domain');
  const name = args.first(['name'])?.value ?? '';
  // The domain says what the device is; without one, its name may ("the garage door", "front door lock").
  const lock = domains.includes('lock') || (domains.length === 0 && /\block\b/i.test(name));
  const cover = !lock && (domains.some((d) => COVER_DOMAINS.has(d)) || slot('device_class').some((c) => COVER_CLASSES.has(c)) || (domains.length === 0 && COVER_NAMES.test(name)));
  const verb: Verb | undefined = effect.on ? (cover ? 'open' : undefined) : lock ? 'unlock' : cover ? undefined : 'disable';
  if (verb === undefined) return [];
  const named = targetActions({ verbs: [verb], kind: 'device', values: args.stringsOf(['name', 'area']).slice(0, 1) }, context, 'builtin');
  return named.length > 0 ? named : [makeAction(verb, undefined, {}, args.call.inputSpan ?? args.call.span, FIRST_STEP, 'builtin')];
}

function bindForgeEffect(effect: ForgeEffect, args: CallArguments): Action[] {
  if (effect.when) {
    const selector = args.find(effect.when.argument)?.value;
    if (typeof selector !== 'string' || !effect.when.values.includes(selector.toLowerCase())) return [];
  }
  const number = args.stringsOf(effect.number)[0];
  // The span of what names the pull request or issue, else of any argument: the call's own words.
  const located = number ?? args.stringsOf(FORGE_SUBJECT)[0];
  if (!located) return [];
  const command = number ? `${effect.command} ${number.value}` : effect.command;
  return [makeAction('execute', namedTarget('command', command), {}, wholeSpan(located), FIRST_STEP, 'builtin')];
}

function bindShellEffect(effect: ShellEffect, args: CallArguments, context: BindingContext): Action[] {
  const folder = args.first(effect.cwd ?? []);
  const cwd = folder ? normalizePath(folder.value, context.cwd) : context.cwd;
  const scoped: BindingContext = { ...context, cwd };
  for (const name of effect.from) {
    const found = args.find(name);
    if (!found) continue;
    if (Array.isArray(found.value)) {
      if (found.value[0] === 'apply_patch' || found.value[0] === 'applypatch') {
        const body = found.value[1];
        return typeof body === 'string' ? patchActions(args.located([...found.path, 1], body), scoped) : [];
      }
      const command = commandFromArgv(args, found.path, found.value);
      return command ? bindCommand(command, scoped) : [];
    }
    if (typeof found.value === 'string') return bindCommand(args.located(found.path, found.value), scoped);
  }
  return [];
}

/** SQL a keyword starts (after comments): what a `query` argument holds when it is not a search. */
const SQL_START = /^\s*(?:(?:--[^\n]*\n|\/\*[\s\S]*?\*\/)\s*)*\(?\s*(?:select|insert|update|delete|drop|alter|create|truncate|with|replace|merge|upsert|grant|revoke|rename|vacuum|pragma|attach|detach|copy|explain|begin|commit)\b/i;

/** The SQL statements held by the arguments `from`, against the database the arguments `database` name. */
export function bindSqlArguments(args: CallArguments, from: Names, database: Names): Action[] {
  const databaseName = args.first(database)?.value;
  return args
    .stringsOf(from)
    .filter((sql) => SQL_START.test(sql.value))
    .flatMap((sql) => bindSql(sql.value, sql.spanOf, databaseName, FIRST_STEP));
}

/**
 * A shell command: Codex's heredoc apply_patch by its patch, anything else by the shell binder; and
 * every simple command it runs as an `execute` of that program with its words.
 */
export function bindCommand(command: LocatedString, context: BindingContext): Action[] {
  const bind = (text: LocatedString) => {
    const effects = patchViaShell(text, context) ?? bindShellCommand(commandSource(text, context.cwd, context.branch));
    return [...effects, ...executions(text)];
  };
  return context.commands ? context.commands.actionsOf(command, context.cwd, context.branch, bind) : bind(command);
}

/** Variables that turn a repository's hooks off for one command: pre-commit's SKIP, husky's HUSKY=0. */
const HOOKS_OFF = /^(?:SKIP=.|HUSKY=0|HUSKY_SKIP_HOOKS=[1t]|PRE_COMMIT_ALLOW_NO_CONFIG=)/;

/**
 * Each simple command of a command line as the program it runs, what rules over named commands judge;
 * and a git command run with its hooks turned off by a variable, which the shell binder does not see.
 */
function executions(text: LocatedString): Action[] {
  const actions: Action[] = [];
  for (const command of simpleCommands(text.value)) {
    const span = text.spanOf(command.start, command.end);
    const step = { order: command.order, chain: command.chain };
    const target = namedTarget('command', command.words.join(' '));
    actions.push(makeAction('execute', command.wrappers.length > 0 ? { ...target, wrappers: command.wrappers } : target, {}, span, step, 'shell'));
    if (command.words[0] === 'git' && command.assignments.some((assignment) => HOOKS_OFF.test(assignment))) actions.push(makeAction('skip-checks', undefined, {}, span, step, 'shell'));
  }
  return actions;
}

function bindTargetEffect(effect: TargetEffect, args: CallArguments, context: BindingContext, facts: BindingFacts): Action[] {
  if (effect.when) {
    const selector = args.find(effect.when.argument)?.value;
    if (typeof selector !== 'string' || !effect.when.values.includes(selector)) return [];
  }
  const verbs = effect.verbFrom ? stateVerbs(args, effect.verbFrom) : [...effect.verbs];
  if (verbs.length === 0) return [];
  const force = effect.force !== undefined && args.isTrue(effect.force);
  if (force) verbs.push('force-push');
  const amount = effect.amount ? amountOf(args, effect.amount, effect.currency ?? []) : {};
  const values = args.stringsOf(effect.from);
  const destination = effect.destination ? args.first(effect.destination) : undefined;
  const actions = targetActions(
    {
      verbs,
      kind: effect.target,
      values,
      recursive: effect.recursive,
      attributes: attributesOf(amount.amount, amount.currency, force || verbs.includes('force-push') ? true : undefined, undefined),
      destination,
    },
    context,
    'builtin',
  );
  // A payment with an amount and no payee still pays: thresholds apply to it.
  if (actions.length === 0 && effect.amount && amount.amount !== undefined) {
    const amountArgument = args.first(effect.amount);
    if (amountArgument) for (const verb of verbs) actions.push({ verb, attributes: amount, span: wholeSpan(amountArgument), step: FIRST_STEP, basis: 'builtin' });
  }
  return effect.overwriteWhenExisting ? withOverwrites(actions, args.call, facts) : actions;
}

/** The amount and currency of a payment: the currency argument, else the amount's own symbol or code. */
export function amountOf(args: CallArguments, amountNames: Names, currencyNames: Names): ActionAttributes {
  const raw = amountNames.map((name) => args.find(name)?.value).find((value) => value !== undefined);
  const parsed = parseAmount(raw);
  const currency = args.first(currencyNames)?.value.trim().toUpperCase() ?? parsed.currency;
  return attributesOf(parsed.amount, currency, undefined, undefined);
}

function stateVerbs(args: CallArguments, names: Names): Verb[] {
  const state = args.first(names)?.value.toLowerCase() ?? '';
  const verbs = state.split(/[^a-z]+/).flatMap((word) => STATE_VERBS[word] ?? []);
  return [...new Set(verbs)];
}

const RESULT_SAYS_OVERWRITTEN = /has been updated|\boverwr(?:ote|itten|ite)\b|\breplaced\b/i;
const RESULT_SAYS_CREATED = /\bcreated\b|\bnew file\b/i;

/** A write to a file that existed already (its result says so, or an earlier call touched it) overwrites it too. */
export function withOverwrites(actions: Action[], call: ToolCall, facts: BindingFacts): Action[] {
  const resultText = call.result?.status === 'ok' ? call.result.text : undefined;
  return actions.flatMap((action) => {
    if (action.verb !== 'write' || action.target?.kind !== 'path') return [action];
    const existed =
      resultText !== undefined && RESULT_SAYS_OVERWRITTEN.test(resultText)
        ? true
        : resultText !== undefined && RESULT_SAYS_CREATED.test(resultText)
          ? false
          : facts.existingPaths.has(action.target.value);
    return existed ? [action, { ...action, verb: 'overwrite' as const }] : [action];
  });
}
