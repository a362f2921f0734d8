import type { Action, Verb } from '../actions/actions';
import { simpleCommands } from '../binding/commandLine';
import { narrowingWordsOfToolName, scopeFieldOfToolName, verbsOfToolName } from '../binding/infer';
import { bindShellCommandParsed } from '../binding/shell';
import { bindSql } from '../binding/sql';
import { FIRST_STEP } from '../binding/targetActions';
import type { Scope } from '../constraints/constraints';
import { TextMemo } from '../text/textMemo';

/** What a rule that names a command governs: the verbs and targets the command itself binds to. */
export interface CommandRule {
  readonly verbs: readonly Verb[];
  readonly scope: Scope;
  /** The command runs checks (tests, linters, type checks): it can be the step a prerequisite asks for. */
  readonly checks: boolean;
  /** The command only backs something up (`pg_dump`, `mysqldump shop > shop.sql`): it can be the step a prerequisite asks for. */
  readonly backsUp?: true;
  /** The commands (of a command line) that bind to nothing: a project's own checks, when a sentence says to run them before committing. */
  readonly opaque?: readonly string[];
  /** Said to be run as the project's checks: running one of `opaque` counts as running the tests. */
  readonly projectCheck?: true;
  /** Words of a tool's name that say which things it acts on (`delete_audit_trail`), which no scope says: a rule over the tool states none. */
  readonly narrowedBy?: readonly string[];
  /** Several commands joined (`curl | bash`, `npm ci && npm test`), run as written: no one command's prefix says them. */
  readonly joined?: true;
  /** A SQL statement on what it names (`DROP TABLE users`), read by its own keywords, not as the bare keywords elsewhere are. */
  readonly statement?: true;
}

/**
 * Verbs specific enough that a rule naming a command that does them is about them: "never run `git
 * push --force`" forbids force pushes however they are written. A command that does none of these
 * (`npm install`, `npx`, `bun test`) is governed as the program it runs.
 */
const SPECIFIC: ReadonlySet<Verb> = new Set<Verb>([
  'delete', 'overwrite', 'move', 'drop', 'truncate', 'update', 'alter', 'send', 'pay', 'deploy', 'push', 'force-push', 'rewrite-history',
  'discard-changes', 'commit', 'publish', 'skip-checks',
]);

/**
 * A SQL statement that changes data or schema, as its keywords open it: in capitals, or in lower case
 * only as SQL goes on ("update users set …", never "update the docs").
 */
const SQL_STATEMENT = /^(?:DROP|TRUNCATE|DELETE|UPDATE|INSERT|ALTER)\s|^(?:drop\s+(?:table|database|schema|index|view)|truncate\s|delete\s+from|update\s+\S+\s+set|insert\s+into|alter\s+table)\s/;

/** Programs that do nothing but delete files. */
const DELETERS = /^(?:rm|rmdir|unlink|shred|srm)$/;

/** Verbs that mean something of their own without a target: a force push, a commit, skipping the hooks. */
const UNTARGETED_OK: ReadonlySet<Verb> = new Set<Verb>(['push', 'force-push', 'rewrite-history', 'discard-changes', 'commit', 'publish', 'skip-checks']);

/** Verbs a more specific one stands for within one command: a forced push is about forcing, a commit --no-verify about the hooks. */
const NARROWER: Readonly<Partial<Record<Verb, readonly Verb[]>>> = {
  'force-push': ['push'],
  'skip-checks': ['commit', 'push'],
  'rewrite-history': ['commit'],
};

/** Verbs that also cover another: a push forbidden is a force push forbidden too, as "never push to main" reads. */
const WIDER: Readonly<Partial<Record<Verb, readonly Verb[]>>> = { push: ['force-push'] };

/** Flags that make a command wait on a person: an editor or a prompt. */
const INTERACTIVE_FLAG = /\s(?:-i|--interactive|--patch|--edit)(?=\s|$)|^git\s+(?:add|checkout|reset|stash|restore|commit)\b.*\s-p(?=\s|$)|^git\s.*\s-e(?=\s|$)/;

/**
 * Placeholders people write in a command to mean "any such thing": `git checkout -- <file>`, `git log
 * [options]`, `rm -rf {dir}`. They are read as a target the rule does not name, not as shell syntax (`<`
 * redirects, braces expand).
 */
const PLACEHOLDER = /<[\w.-]+(?:\.\.\.)?>|\[[\w.-]+(?:\.\.\.)?\]|(?<!\$)\{[\w.-]+\}/g;
const STAND_IN = 'ghostlintplaceholder';
/** Git's path separator with nothing after it (`git checkout --`) stands before the paths it is about. */
const BARE_SEPARATOR = /\s--$/;

/** The root or the home folder: a command on it (`rm -rf /`, `rm -rf ~`) is over that very command; every path lies under them. */
const EVERY_PATH = /^(?:\/+|~|\$HOME)\/*\**$/;

/** The target a rule's command names, unless it is its working folder or a placeholder. */
function namedTarget(action: Action): Action['target'] {
  const target = action.target;
  if (!target || (target.kind === 'path' && target.value === '.') || target.value.includes(STAND_IN)) return undefined;
  return target;
}

function scopeOf(actions: readonly Action[]): Scope {
  const scope: { -readonly [K in keyof Scope]: Scope[K] } = {};
  const add = (field: 'paths' | 'branches' | 'environments' | 'databases' | 'tables' | 'recipients', value: string) => {
    scope[field] = [...new Set([...(scope[field] ?? []), value])];
  };
  for (const action of actions) {
    // The working folder a command acts on when it names none (`git reset --hard`) is no target the rule names.
    const target = namedTarget(action);
    if (!target) continue;
    if (target.kind === 'path') add('paths', target.value);
    else if (target.kind === 'branch') add('branches', target.value);
    else if (target.kind === 'environment') add('environments', target.value);
    else if (target.kind === 'database') add('databases', target.value);
    else if (target.kind === 'table') add('tables', target.value);
    else if (target.kind === 'recipient') add('recipients', target.value);
  }
  return scope;
}

/** A tool's name as tools are named (`send_email`, `processPayment`), after an MCP server's prefix (`mcp__outlook__`) if any. */
export const TOOL_NAME_SOURCE = String.raw`(?:mcp__[\w-]+?__)?(?:[a-z]+(?:_[a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+)`;
/** An agent's tool, not a program; written as a call (`send_email(...)`) or not. */
export const TOOL_NAME = new RegExp(`^${TOOL_NAME_SOURCE}(?:\\([^()]*\\))?$`);
/** A call's parentheses after a tool's name: `send_email(...)` is the tool `send_email`. */
const CALL_PARENTHESES = /\([^()]*\)$/;

/**
 * Rules of commands read before, for the whole process: a rule file names the same commands in many
 * sentences, and each sentence is read in several ways. A rule depends on the command's text alone.
 */
const rulesOfCommands = new TextMemo<CommandRule>(1024, 1024 * 1024);

/** Forgets the rules of commands read: for a measurement that must read every text afresh. */
export function forgetCommandRules(): void {
  rulesOfCommands.clear();
}

/** The rule a named command stands for: its specific actions with their targets, else running it. */
export function commandRule(written: string): CommandRule {
  return rulesOfCommands.get(written, ruleOfCommand);
}

function ruleOfCommand(written: string): CommandRule {
  const command = written.replace(PLACEHOLDER, '').replace(/\s+/g, ' ').trim();
  // "never call `send_email` without asking": a tool governs what its name says it does, on any target.
  const toolName = command.replace(CALL_PARENTHESES, '');
  const toolVerbs = TOOL_NAME.test(command) ? verbsOfToolName(toolName) : [];
  const narrowedBy = toolVerbs.length > 0 ? narrowingWordsOfToolName(toolName) : [];
  // (Only a delete acts on files as on other kinds; what the others act on is their kind's already.)
  const field = toolVerbs.includes('delete') ? scopeFieldOfToolName(toolName) : undefined;
  if (toolVerbs.length > 0) return { verbs: toolVerbs, scope: field ? { [field]: ['**'] } : {}, checks: false, ...(narrowedBy.length > 0 && { narrowedBy }) };
  // "never run `DROP TABLE users`": SQL written where a command would be is the statement it is, on what it names.
  if (SQL_STATEMENT.test(command)) {
    const statements = bindSql(command, (start, end) => ({ start, end }), undefined, FIRST_STEP).filter((action) => SPECIFIC.has(action.verb));
    if (statements.length > 0 && statements.every((action) => namedTarget(action) !== undefined)) return { verbs: [...new Set(statements.map((action) => action.verb))], scope: scopeOf(statements), checks: false, statement: true };
  }
  // "never run `rm -rf`": a program that only deletes files, named without a target, is over deleting any.
  // (A placeholder, `rm -rf <dir>`, is a target the sentence does not name: not every deletion.)
  const standingIn = written.replace(PLACEHOLDER, STAND_IN);
  const words = standingIn.trim().split(/\s+/).filter((word) => !/^(?:sudo|env)$/.test(word));
  if (DELETERS.test(words[0] ?? '') && words.slice(1).every((word) => word.startsWith('-'))) return { verbs: ['delete'], scope: {}, checks: false };
  const parsed = standingIn.replace(BARE_SEPARATOR, ` -- ${STAND_IN}`);
  let bound: Action[];
  try {
    bound = bindShellCommandParsed({ command: parsed, spanOf: (start, end) => ({ start, end }), cwd: undefined });
  } catch {
    bound = [];
  }
  const checks = bound.some((action) => action.verb === 'run-tests');
  // (Its dump written to a file is the backup's own output.)
  const backsUp = bound.some((action) => action.verb === 'backup') && bound.every((action) => action.verb === 'backup' || action.verb === 'write' || action.verb === 'overwrite');
  const opaque = opaqueCommands(parsed, bound);
  // "Avoid `git rebase -i`" is about the prompt it opens, which an agent cannot answer, not about rebasing.
  if (INTERACTIVE_FLAG.test(command)) return { verbs: ['execute'], scope: { commands: [command] }, checks, opaque };
  // `git clean -fd` deletes what it discards: the discard says it, without the deletion of the whole folder.
  const discards = bound.some((action) => action.verb === 'discard-changes');
  const actions = bound.filter((action) => SPECIFIC.has(action.verb) && !(discards && action.verb === 'delete'));
  // A deletion or a deploy with no target the command names (`terraform destroy`) would forbid every
  // deletion or deploy: the rule is over the command itself, as written.
  // (So would one on the root or the home folder, under which every path lies.)
  const untargeted = actions.some((action) => (!UNTARGETED_OK.has(action.verb) && !namedTarget(action)) || (action.target?.kind === 'path' && EVERY_PATH.test(action.target.value)));
  // A deploy tool's command that only deploys (`cdk deploy`, `terraform apply`) is deploying, as "never
  // deploy" says it; a project's own target or script (`make deploy`, `./deploy.sh`) is that, as written.
  const program = words[0] ?? '';
  // ("`kubectl scale deployment api --replicas=0`": what it names past its subcommand is the rule's, as written.)
  const deployTool = /^[\w-]+$/.test(program) && !TARGET_RUNNERS.test(program) && words.slice(2).every((word) => word.startsWith('-'));
  if (deployTool && actions.length > 0 && actions.every((action) => action.verb === 'deploy' && !namedTarget(action))) return { verbs: ['deploy'], scope: {}, checks, opaque };
  // `git merge`, `git cherry-pick` make a commit on the way: "never run `git merge`" is over merging, not every commit.
  const simple = simpleCommands(parsed);
  const commandOf = (action: Action) => simple.find((c) => action.span.start >= c.start && action.span.end <= c.end);
  const commitsOnTheWay = actions.length > 0 && actions.every((action) => action.verb === 'commit' && commandOf(action)?.words[0] === 'git' && commandOf(action)?.words[1] !== 'commit');
  const joined = simple.length > 1;
  if (actions.length === 0 || untargeted || commitsOnTheWay) return { verbs: ['execute'], scope: { commands: [command] }, checks, opaque, ...(joined && { joined: true as const }), ...(backsUp && { backsUp: true as const }) };
  const verbs = new Set(actions.map((action) => action.verb));
  for (const verb of [...verbs]) for (const narrower of NARROWER[verb] ?? []) verbs.delete(narrower);
  for (const verb of [...verbs]) for (const wider of WIDER[verb] ?? []) verbs.add(wider);
  const kept = actions.filter((action) => verbs.has(action.verb));
  const scope = scopeOf(kept);
  // "never `git commit -a`": a flag that leaves a routine action what it is narrows the rule to that
  // form of the command; forbidding every commit would be far wider than the sentence.
  const routine = [...verbs].every((verb) => ROUTINE.has(verb));
  const withoutFlags = command.replace(/\s-{1,2}[\w-]+(?:=\S*)?(?=\s|$)/g, '');
  // A chain (`git add -A && git commit -m wip`) is a workflow written out: its flags narrow none of its steps to that form.
  const chain = joined;
  if (routine && !chain && Object.keys(scope).length === 0 && withoutFlags !== command) {
    const plain = commandRule(withoutFlags);
    if (plain.verbs.length === verbs.size && plain.verbs.every((verb) => verbs.has(verb))) return { verbs: ['execute'], scope: { commands: [command] }, checks, opaque };
  }
  return { verbs: [...verbs], scope, checks, opaque };
}

/** Programs that run no check of the code, though binding may know nothing they do: `git pull`, `cd`, `curl`. */
const NEVER_CHECKS = /^(?:git|gh|hg|svn|cd|ls|cat|echo|export|source|set|curl|wget|ssh|scp|docker|kubectl|helm|terraform|aws|gcloud|az|open|code)$/;
/** Runners whose `exec` runs the command after it, installed already: `bundle exec rake`, `pnpm exec vitest`. */
const EXEC_RUNNERS = /^(?:bundle|pnpm|yarn|npm|bun)$/;
/** Subcommands that fetch or install rather than check: `npm ci`, `uv sync`, `pnpm dlx`. */
const SETUP_SUBCOMMANDS = /^(?:install|i|ci|add|update|upgrade|pull|fetch|sync|dlx|exec|x|init|clone)$/;

/** A project's target that rewrites the code rather than checks it: `make format`, `just fmt` (unless run with `--check`). */
const FORMATS = /^(?:format|fmt|reformat|autoformat|prettier|black|isort|format:fix)$/;
/** A target that makes or transforms files, which no check does: `make sops-encrypt`, `just generate`, `task codegen`. */
const PRODUCES = /^(?:encrypt|decrypt|generate|gen|codegen|regenerate|bump|vendor)$/;
/** Runners of a project's own targets, whose target's name is all that says what it does. */
const TARGET_RUNNERS = /^(?:make|just|task|rake|npm|pnpm|yarn|bun)$/;

/** The simple commands of `line` that bind to no action and could be a project's check: `just f`, `flint`, `npm run quality`. */
function opaqueCommands(line: string, bound: readonly Action[]): string[] {
  return simpleCommands(line)
    .filter((command) => !bound.some((action) => action.span.start >= command.start && action.span.end <= command.end))
    .map((command) => command.words)
    .filter((written) => {
      // ("`bundle exec fastlane test`", "`pnpm exec mytool check`": what a runner executes is the command, kept as written.)
      const words = EXEC_RUNNERS.test(written[0] ?? '') && written[1] === 'exec' && written.length > 2 ? written.slice(2) : written;
      return words.length > 0 && !NEVER_CHECKS.test(words[0] as string) && !SETUP_SUBCOMMANDS.test(words[1] ?? '') && !words.some((word) => word.includes(STAND_IN)) && !(TARGET_RUNNERS.test(words[0] as string) && words.slice(1).some((word) => FORMATS.test(word) || word.split(/[-:_]/).some((part) => PRODUCES.test(part))) && !words.includes('--check'));
    })
    .map((words) => words.join(' '));
}

/** Everyday actions a flag can only narrow: a commit, a push, a release. */
const ROUTINE: ReadonlySet<Verb> = new Set<Verb>(['commit', 'push', 'force-push', 'publish']);
