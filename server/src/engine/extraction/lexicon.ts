import type { Verb } from '../actions/actions';
import { wordTable } from '../text';

/**
 * The words extraction knows, as data. Phrases are written in base forms (lemmas), one space between
 * words; `*` stands for up to two words in between ("back * up" reads "back it up", "back the files
 * up"). Inflected forms (deleting, backed, sends) are folded onto these by the word model.
 */

/** What kind of thing an action's object is; it picks the verbs a word means ("drop" a table vs a file). */
export type TargetContext = 'path' | 'database' | 'recipient' | 'money' | 'branch' | 'environment' | 'device' | 'event' | 'resource' | 'repository';

/** A family of words that mean one action: the verbs it triggers, by what its object is. */
export interface ActionFamily {
  readonly verbs: readonly Verb[];
  readonly by?: Partial<Record<TargetContext, readonly Verb[]>>;
  /** The action is a prerequisite step ("back up", "run the tests") when it appears as the thing to do first. */
  readonly satisfies?: boolean;
}

const MODIFY_FILES: readonly Verb[] = ['delete', 'overwrite', 'write', 'move'];
/** What changes a git repository itself ("git operations must be read-only", "don't touch git"): its history, its remote, its work not yet committed. */
const GIT_WRITES: readonly Verb[] = ['commit', 'push', 'force-push', 'rewrite-history', 'discard-changes'];

export const FAMILIES = {
  remove: { verbs: ['delete'], by: { database: ['delete', 'drop', 'truncate'], event: ['cancel', 'delete'], resource: ['delete'] } },
  truncate: { verbs: ['truncate'], by: { database: ['truncate'] } },
  /** Changes made on a branch land on it as commits: "never make changes directly on `main`". */
  modify: { verbs: ['write', 'overwrite'], by: { database: ['update', 'alter'], event: ['reschedule'], resource: ['update'], repository: GIT_WRITES, branch: ['commit', 'push', 'force-push'] } },
  schemaChange: { verbs: ['alter'], by: { database: ['alter'], path: ['write', 'overwrite'] } },
  /** A database overwritten or recreated is dropped first ("never drop, truncate, or recreate the database"); no file is. */
  overwrite: { verbs: ['overwrite'], by: { database: ['drop'] } },
  write: { verbs: ['write', 'overwrite'], by: { database: ['update'], resource: ['update'], repository: GIT_WRITES } },
  move: { verbs: ['move'], by: { event: ['reschedule'] } },
  read: { verbs: ['read'], satisfies: true },
  backup: { verbs: ['backup'], satisfies: true },
  /** Money sent is a payment: "don't send more than 1,000 euros". */
  send: { verbs: ['send'], by: { money: ['pay'] } },
  pay: { verbs: ['pay'], by: { path: ['move'] } },
  deploy: { verbs: ['deploy'] },
  push: { verbs: ['push', 'force-push'], by: { environment: ['deploy', 'push'], event: ['reschedule'] } },
  forcePush: { verbs: ['force-push'] },
  rewriteHistory: { verbs: ['rewrite-history'] },
  /** Git's destructive commands, named as a kind: what they lose is local work, a remote's history, or the branch's own. */
  destructiveGit: { verbs: ['discard-changes', 'force-push', 'rewrite-history'] },
  discard: { verbs: ['discard-changes'], by: { path: ['delete'] } },
  test: { verbs: ['run-tests'], satisfies: true },
  cancel: { verbs: ['cancel'] },
  reschedule: { verbs: ['reschedule'] },
  create: { verbs: ['create'], by: { path: ['write'], resource: ['create'] } },
  unlock: { verbs: ['unlock', 'open'] },
  open: { verbs: ['open'], by: { device: ['open', 'unlock'], path: ['read'] } },
  disable: { verbs: ['disable'] },
  /** Committing lands on a branch through a push too: "never commit to main" covers pushing to it. */
  commit: { verbs: ['commit'], by: { branch: ['commit', 'push', 'force-push'] } },
  /** Merging lands on a branch through a push; elsewhere it names no action of ours. */
  land: { verbs: [], by: { branch: ['commit', 'push', 'force-push'] } },
  /** Working on a branch is committing to it ("never work directly on main"); on anything else ("an issue") it names no action. */
  workOn: { verbs: [], by: { branch: ['commit', 'push', 'force-push'] } },
  /** An upgrade of a record ("upgrading cabin class") updates it; of a machine or a tool it names no action of ours, and never every file write. */
  upgrade: { verbs: [], by: { database: ['update'], resource: ['update'], path: ['write', 'overwrite'] } },
  /** Promoting to an environment deploys there ("never promote untested changes to production"); a person promoted names no action of ours. */
  promote: { verbs: [], by: { environment: ['deploy'] } },
  /** Resetting a database drops or empties it; a counter or a setting reset names no action of ours. */
  reset: { verbs: [], by: { database: ['drop', 'truncate'] } },
  install: { verbs: ['install'] },
  publish: { verbs: ['publish'] },
  skipChecks: { verbs: ['skip-checks'] },
  /** A command named in the sentence; its verbs are the command's own (see commands.ts). */
  command: { verbs: [] },
  /** SQL's statements written as its keywords ("no DROP or DELETE"): DROP drops; UPDATE and INSERT change rows. */
  sqlDrop: { verbs: ['drop'], by: { database: ['drop'] } },
  sqlRowChange: { verbs: ['update'], by: { database: ['update'] } },
  /** A DELETE changes rows and deletes them, as a DELETE statement binds ("no DELETE statements" must catch one). */
  sqlDelete: { verbs: ['delete', 'update'], by: { database: ['delete', 'update'] } },
  /** Commands as a kind, none named: "never run commands without asking" is over running any. */
  runCommands: { verbs: ['execute'] },
  /** "Leave it alone", "don't touch": any change to the thing. */
  touch: {
    verbs: MODIFY_FILES,
    by: {
      database: ['delete', 'drop', 'truncate', 'update', 'alter'],
      branch: ['push', 'force-push', 'rewrite-history'],
      environment: ['deploy'],
      device: ['unlock', 'open', 'disable'],
      event: ['cancel', 'reschedule'],
      repository: GIT_WRITES,
    },
  },
} as const satisfies Record<string, ActionFamily>;
export type FamilyName = keyof typeof FAMILIES;

/** Words and phrases for actions, by family. Nouns ("deletion", "snapshot") count as mentions too. `**` is a longer gap (up to six words). */
export const ACTION_WORDS: Readonly<Record<FamilyName, readonly string[]>> = {
  remove: [
    'delete', 'remove', 'rm', 'erase', 'purge', 'wipe', 'wipe * out', 'trash', 'nuke', 'destroy', 'get rid of', 'clear', 'clear * out',
    'clean * out', 'clean * up', 'throw * away', 'throw * out', 'unlink', 'rmdir', 'shred', 'prune', 'empty', 'drop', 'deletion', 'removal', 'blow * away',
  ],
  truncate: ['truncate', 'truncation'],
  modify: ['modify', 'edit', 'change', 'tweak', 'update', 'mutate', 'modification', 'rewrite', 'hand-edit', 'hand edit', 'exchange', 'process * return', 'process * exchange', 'apply * fix', 'apply * patch'],
  upgrade: ['upgrade', 'downgrade'],
  schemaChange: [
    'alter', 'migrate', 'migration', 'schema change', 'schema migration', 'change * schema', 'modify * schema', 'alter * schema', 'update * schema',
    'touch * schema', 'add * column', 'rename * column', 'drop * column', 'create * table', 'create * schema', 'create * database',
  ],
  overwrite: ['overwrite', 'clobber', 'replace', 'write over', 'regenerate', 'recreate', 're-generate', 'rebuild * snapshot', 'override * file'],
  write: ['write', 'write to', 'save', 'store', 'add * file', 'generate * code', 'generate * file', 'insert', 'implement * code'],
  move: ['move', 'rename', 'relocate', 'mv'],
  read: ['read', 'reread', 'access', 'view', 'inspect', 'examine'],
  backup: [
    'back * up', 'backup', 'copy', 'make * copy', 'keep * copy', 'take * copy', 'save * copy', 'archive', 'dump', 'snapshot',
    'duplicate', 'export', 'tar * up', 'zip * up', 'tarball',
  ],
  send: ['send', 'send * out', 'email', 'e-mail', 'mail', 'share', 'forward', 'message', 'cc', 'bcc', 'reply', 'post', 'tweet', 'dm', 'direct message'],
  pay: [
    'pay', 'pay * out', 'transfer', 'settle', 'wire', 'remit', 'send money', 'send * money', 'purchase', 'buy', 'spend', 'payment',
    'make * payment', 'make * purchase', 'reimburse', 'refund', 'charge', 'move * money', 'move * fund', 'financial transaction',
    'monetary transaction', 'make * transaction', 'initiate * transaction', 'cost * money',
    // Money given back to an account or a customer: "issue a credit", "apply a credit to the account".
    'issue * credit', 'apply * credit', 'grant * credit', 'issue * compensation', 'grant * compensation',
    // A shop's checkout, never git's ("proceed to checkout").
    'proceed to checkout', 'complete * checkout', 'go through checkout',
  ],
  // ("never apply resources directly": what `kubectl apply` does to a cluster.)
  deploy: ['deploy', 'ship', 'release', 'roll * out', 'launch', 'go live', 'deployment', 'rollout', 'run against', 'apply * manifest', 'apply * resource', 'apply * change to * cluster', 'apply * infrastructure change', 'apply * infrastructure', 'apply * change to * infrastructure'],
  push: ['push', 'remote-affecting * operation', 'upstream-affecting * operation', 'remote-affecting * command', 'upstream-affecting * command', 'remote affecting * operation',
    'upstream affecting * operation', 'remote git operation'],
  forcePush: ['force push', 'force-push', 'push * force', 'push f', 'forcepush', 'force * push'],
  rewriteHistory: ['rewrite * history', 'change * history', 'modify * history', 'alter * history', 'edit * history', 'rebase', 'amend', 'squash', 'fixup', 'force * rewrite', 'history-rewriting * command', 'history-rewriting * operation', 'history rewrite', 'history rewriting', 'history-rewriting'],
  destructiveGit: [
    'destructive git command', 'destructive git operation', 'destructive git action', 'dangerous git command', 'dangerous git operation',
    'irreversible git command', 'irreversible git operation', 'destructive git',
  ],
  discard: [
    'discard', 'discard * change', 'throw * away * change', 'reset * hard', 'hard reset', 'revert * change', 'revert', 'reset * working tree',
    'reset * working copy', 'reset * worktree', 'reset * work tree', 'reset * checkout', 'reset * local change', 'reset * change', 'wipe * local change',
    'overwrite * uncommitted change', 'overwrite * uncommitted work', 'overwrite * local change', 'lose * uncommitted change',
    'lose * uncommitted work', 'lose * local change', 'throw * away * uncommitted',
  ],
  test: [
    'test', 'run * test', 'run * test suite', 'run * suite', 'test suite', 'test suite pass', 'test run', 'test * pass', 'test * green', 'ci', 'ci * pass',
    'ci * green', 'build * green', 'build * pass', 'passing test', 'green build', 'lint', 'linter', 'run * linter', 'run * lint', 'type check',
    'typecheck', 'type-check', 'run * check', 'pre-commit hook', 'pre-commit check', 'pass * hook',
    // "run all of these checks", "run each of the tests".
    'run * of * check', 'run * of * test',
    // The build said to succeed is a check too: "make sure everything builds", "the build succeeds", "green CI".
    'build * succeed', 'everything * build', 'green ci', 'passing ci', 'ci * succeed', 'passing build', 'successful build', 'clean build',
    // Checks, or everything, said to pass: "only commit when all checks pass", "not until everything is green".
    'check * pass', 'check * green', 'check * succeed', 'everything * pass', 'everything * green', 'everything * succeed',
    // All the commands just listed, said to pass: "all commands must pass without errors".
    'all command * pass', 'all command * succeed',
    // The errors a check reports, said to be fixed: "fix linting errors before committing" is the check made to pass.
    'linting error', 'linting warning', 'lint error', 'lint warning', 'linter error', 'linter warning', 'type error', 'typing error', 'type-check error', 'typecheck error',
    'build error', 'compile error', 'compiler error', 'compilation error', 'test failure',
    // A project's gate of checks: "pass the quality gate before committing".
    'quality gate', 'quality check',
    // Validating the work is checking it: "validate your changes before pushing".
    // (Bare "validate" only before the action it precedes: "validate user input" is the product's code.)
    'validate', 'validate * change', 'validate * code', 'validate * work',
    // The steps or commands listed around the sentence, said to pass: "commit only when the above steps succeed".
    'these command * pass', 'these command * succeed', 'these step * pass', 'these step * succeed', 'above step * pass', 'above step * succeed',
    'above command * pass', 'above command * succeed', 'step above * pass', 'step above * succeed', 'command above * pass', 'command above * succeed',
    'of the above * pass', 'of the above * succeed',
    // The checks just named, said to pass: "run `pnpm lint` and `pnpm test` and make sure both pass".
    'both pass', 'they pass', 'they both pass', 'they all pass', 'all pass', 'ensure it pass', 'both * green', 'they * green',
    // Validation said to pass, or run: "push only after local validation passes", "run YAML validation before committing".
    'validation * pass', 'validation * succeed', 'run * validation',
  ],
  cancel: ['cancel', 'call * off', 'decline', 'cancellation', 'axe'],
  reschedule: ['reschedule', 'rebook', 'postpone', 'push * back', 'delay', 'move * back'],
  create: ['create', 'schedule', 'book', 'reserve', 'make * reservation', 'place * order', 'introduce', 'file * dispute', 'open * dispute', 'file * claim', 'issue * ticket'],
  unlock: ['unlock', 'unbolt', 'unlatch'],
  open: ['open'],
  disable: ['disable', 'turn * off', 'switch * off', 'shut * off', 'deactivate', 'disarm', 'power * off'],
  touch: ['touch', 'mess with', 'tamper with', 'meddle with', 'fiddle with'],
  commit: ['commit', 'make * commit', 'create * commit', 'git commit', 'check in'],
  land: ['merge'],
  workOn: ['work on', 'work directly on'],
  promote: ['promote', 'promotion'],
  reset: ['reset', 'reinitialize', 'reinitialise', 're-initialize', 'reinit'],
  install: [
    'install', 'uninstall', 'installation', 'add * dependency', 'add * package', 'add * library', 'add * dep', 'update * dependency', 'upgrade * dependency', 'bump * dependency',
    'remove * dependency', 'update * package', 'upgrade * package', 'install * package', 'new dependency', 'new package', 'dependency change',
    'dependency update', 'dependency upgrade', 'introduce * dependency', 'downgrade * dependency', 'downgrade * package', 'remove * package',
    'introduce * library', 'introduce * package', 'introduce * framework', 'add * framework', 'new library', 'new framework',
    // "avoid external deps", "no third-party packages": a dependency from outside is one added.
    'external dependency', 'external dep', 'external package', 'external library', 'third-party dependency', 'third-party package', 'third-party library', '3rd-party dependency', '3rd-party package', '3rd-party library', 'introduce * third-party library', 'introduce * third-party dependency', 'introduce * third-party package', 'introduce * 3rd-party library', 'introduce * 3rd-party dependency', 'introduce * 3rd-party package',
    'change * dependency', 'modify * dependency', 'touch * dependency', 'alter * dependency', 'edit * dependency',
    // What a package manager does to a machine's software: "ask before software updates", "no system upgrades".
    'software update', 'software upgrade', 'update * software', 'upgrade * software', 'system update', 'system upgrade',
  ],
  publish: ['publish', 'npm publish', 'create * release', 'cut * release', 'tag * release', 'upload * package'],
  skipChecks: [
    'bypass * hook', 'skip * hook', 'disable * hook', 'bypass * check', 'skip * check', 'skip * pre-commit', 'bypass * pre-commit', 'no-verify', 'noverify',
    'bypass * verification', 'skip * verification', 'bypass * validation', 'skip * validation', 'skip * linting', 'bypass * linting', 'skip * linter', 'bypass * linter', 'circumvent * hook', 'ignore * hook', 'bypass * ci', 'skip * ci', 'bypass * ci check', 'skip * ci check', 'bypass * branch protection', 'circumvent * branch protection', 'bypass * gate', 'skip * gate', 'circumvent * gate',
  ],
  command: [],
  sqlDrop: [],
  sqlRowChange: [],
  sqlDelete: [],
  // Written out, no gap: a word between ("destructive commands", "the `lint` command") names a kind or the command.
  runCommands: ['run command', 'run any command', 'run shell command', 'run any shell command', 'run terminal command', 'execute command', 'execute any command', 'execute shell command', 'run arbitrary command', 'command execution', 'shell execution'],
};

/**
 * Operations on a code forge said in words, and the `gh` command each is: "never merge PRs" governs
 * `gh pr merge` (and the forge tools bound to it).
 */
export const FORGE_OPERATIONS: Readonly<Record<string, readonly string[]>> = wordTable({
  'gh pr merge': ['merge * pr', 'merge * pull request', 'merge * mr', 'merge * merge request'],
  'gh pr create': [
    'open * pr', 'open * pull request', 'create * pr', 'create * pull request', 'raise * pr', 'raise * pull request', 'submit * pr', 'submit * pull request',
    'file * pr', 'make * pr', 'make * pull request', 'send * pr', 'send * pull request', 'put up * pr', 'post * pr', 'post * pull request', 'open * merge request', 'create * merge request',
    'pr', 'pull request', 'pr creation', 'pull request creation', 'creation of * pr', 'creation of * pull request',
  ],
  'gh pr close': ['close * pr', 'close * pull request'],
  // A review's verdict given on the forge: "do not approve or request changes on any pull request".
  'gh pr review --approve': ['approve * pr', 'approve * pull request', 'approve * merge request'],
  'gh pr review --request-changes': ['request changes on * pr', 'request changes on * pull request'],
  'gh pr comment': ['reply to * pr', 'reply to * pull request', 'comment on * pr', 'comment on * pull request', 'post * comment on * pr', 'leave * comment on * pr', 'post * comment on * pull request', 'leave * comment on * pull request', 'comment in * pr', 'post * comment in * pr', 'leave * comment in * pr'],
  'gh issue create': ['open * issue', 'create * issue', 'file * issue', 'raise * issue'],
  'gh issue close': ['close * issue'],
  // A repository deleted is the forge's: "never delete repositories" is no file deleted.
  'gh repo delete': ['delete * repository', 'delete * repo', 'remove * repository', 'remove * repo'],
  'gh issue comment': ['reply to * issue', 'comment on * issue', 'post * comment on * issue', 'leave * comment on * issue', 'comment in * issue', 'post * comment in * issue', 'leave * comment in * issue'],
  // Infrastructure destroyed is Terraform's destroy: "do not apply or destroy infrastructure".
  'terraform destroy': ['destroy * infrastructure', 'destroy * infra', 'tear down * infrastructure'],
  // A tag is git's own: "create git tags", "cut a release tag".
  'git tag': ['create * tag', 'cut * tag'],
  // Pulling and staging are git's, said in words: "pulling from GitHub", "stage the files".
  'git pull': ['pull from', 'pull * update', 'pull * latest'],
  'git add': ['stage * file', 'stage * change'],
  // A repository's remotes are git's own: "ask before adding, removing, or renaming git remotes".
  'git remote add': ['add * git remote', 'add * remote repository'],
  'git remote remove': ['remove * git remote', 'delete * git remote'],
  'git remote rename': ['rename * git remote'],
  // git's settings changed are its config: "don't change git settings".
  'git config': ['change * git setting', 'modify * git setting', 'edit * git setting', 'update * git setting', 'alter * git setting', 'override * git setting', 'change * git config', 'modify * git config', 'edit * git config', 'update * git config', 'alter * git config', 'override * git config', 'touch * git config'],
  // "do not stash automatically": setting work aside is git's stash.
  'git stash': ['stash'],
  // Changing the checked-out branch is either of git's two commands for it.
  'git checkout | git switch': ['switch * branch', 'change * branch', 'check out * branch', 'checkout * branch'],
  // A branch made is git's branch command or either checkout that makes one: "never create branches".
  'git branch | git checkout -b | git switch -c': ['create * branch', 'make * branch', 'cut * branch', 'start * branch'],
});

/** Word pairs that look like an action but are not one ("move on", "pay attention"). */
export const NOT_ACTIONS: readonly string[] = [
  'introduce yourself', 'introduce myself', 'introduce ourselves', 'introduce themselves', 'move on', 'move forward',
  // A build or a command stopped is no booking cancelled: "NEVER CANCEL: Build takes ~30 seconds".
  'cancel * build', 'cancel * command', 'cancel * job', 'cancel * process', 'cancel * run', 'cancel * test', 'cancel * task', 'cancel * workflow',
  // Renaming what code declares is an edit of the code, not a file moved.
  'rename * code', 'rename * variable', 'rename * function', 'rename * symbol', 'rename * method', 'rename * identifier', 'rename * class',
  'rename * type', 'rename * parameter', 'rename * export',
  // "before completing any change": finishing one's work on it, not making one.
  'complete * change', 'finish * change', 'wrap up * change', 'move ahead', 'move along', 'check in with', 'check in on', 'check back in', 'pay attention', 'pay * visit', 'pay off', 'settle down', 'settle in',
  'drop by', 'drop in', 'drop off', 'drop * line', 'push back on', 'push yourself to', 'push yourself too', 'push yourself hard', 'back * bit', 'back * second', 'back * minute',
  'back off', 'clear * head', 'clear * throat', 'clear * mind', 'open up', 'change * mind', 'spend time', 'copy that', 'test drive',
  'release * tension', 'launch into', 'share * thought', 'share * opinion', 'post office', 'blog post', 'commit message', 'empty promise',
  // A channel something came or went by is no message sent: "requests received via email", "confirmed by email".
  'by email', 'via email', 'over email', 'through email', 'by e-mail', 'via e-mail', 'by mail', 'via mail', 'by message', 'via message',
  'make sure', 'be sure', 'email me', 'email us', 'send me', 'send us', 'message me', 'message us', 'text me', 'write me', 'write to me',
  'reply to me', 'forward me', 'forward to me', 'transfer me', 'transfer us', 'transfer him', 'transfer her', 'transfer them', 'transfer the call',
  'transfer * to * agent', 'transfer * to * human', 'transfer * to * representative', 'transfer * to * department', 'transfer * to * supervisor',
  'in charge', 'take charge', 'free of charge', 'no charge', 'charge * battery', 'charge * phone', 'charge * device', 'charge * laptop', 'charge * car',
];

/** Names the agent goes by in rules about it: "nothing gets deleted by an agent", "Claude must never…". */
export const AGENT_NAMES: readonly string[] = ['agent', 'agents', 'assistant', 'assistants', 'ai', 'bot', 'bots', 'claude', 'codex', 'copilot', 'gemini', 'llm', 'llms', 'model', 'cursor', 'cline'];
/** Words that negate what follows ("n't" arrives as "not"). */
export const NEGATIONS: readonly string[] = ['not', 'never', 'no', 'nothing', 'nobody', 'no one', 'none', 'nor', 'under no circumstance', 'at no time', 'at no point'];
/** Verbs that forbid their gerund: "avoid deleting", "stop pushing", "refrain from paying". */
export const FORBIDDING_VERBS: readonly string[] = ['avoid', 'prevent', 'refrain from', 'stop', 'quit', 'cease', 'hold off on', 'hold off'];
/** Words that say an action is fine, which "not" or "never" before them forbid: "it's never OK to push". */
export const ACCEPTABLE_WORDS: readonly string[] = ['ok', 'okay', 'acceptable', 'appropriate', 'permissible'];
/** Phrases that forbid the action they name: "forbidden to…", "… is not allowed", "… is off-limits". */
export const FORBIDDEN_WORDS: readonly string[] = [
  'forbid * from', 'prohibit * from', 'ban * from', 'bar * from', 'prohibition on', 'prohibition of', 'ban on', 'forbidden from', 'banned from', 'prohibited from',
  'barred from', 'forbid', 'forbidden', 'prohibit', 'prohibited', 'ban', 'banned', 'denied', 'default deny', 'denylist', 'deny list', 'blocklist', 'blacklisted', 'blocked', 'off the table', 'no-go', 'not allow', 'not permit',
  ...ACCEPTABLE_WORDS.flatMap((word) => [`not ${word}`, `never ${word}`]), 'unacceptable', 'out of the question', 'never happen', 'never occur', 'not happen', 'not occur',
  // "`cdk deploy` is human-only": for the people, so not for the agent.
  'human-only', 'humans-only', 'human only', 'humans only', 'for humans only',
];
/** "Leave X alone", "hands off X": keep the thing as it is. */
export const LEAVE_ALONE: readonly string[] = ['leave ** alone', 'leave ** be', 'hands off', 'stay away from', 'stay out of', 'stay off', 'keep away from', 'keep out of', 'keep off', 'keep your hands off'];
export const READ_ONLY: readonly string[] = ['read-only', 'read only', 'off-limits', 'off limits', 'untouchable', 'frozen', 'not to be touch'];
/** "Keep the door locked": the state to keep, and the family of actions that would break it. */
export const KEEP_STATES: Readonly<Record<string, FamilyName>> = wordTable({
  locked: 'unlock',
  shut: 'open',
  closed: 'open',
  on: 'disable',
  armed: 'disable',
  enabled: 'disable',
  running: 'disable',
  'as is': 'touch',
  'as it be': 'touch',
  untouched: 'touch',
  intact: 'touch',
  unchanged: 'touch',
});

/** States a thing must never be left in, and the action that puts it there: "never leave the door unlocked". */
export const NEVER_LEFT_STATES: Readonly<Record<string, FamilyName>> = wordTable({
  unlocked: 'unlock',
  open: 'open',
  opened: 'open',
  off: 'disable',
  disarmed: 'disable',
  disabled: 'disable',
});

/** Who a service agent's policy serves, named in the third person as the one who approves. */
export const PEOPLE_SERVED: readonly string[] = ['customer', 'client', 'patient', 'caller', 'guest', 'member', 'traveler', 'traveller', 'passenger', 'requester', 'buyer'];
const PERSON_AFTER_THE = new RegExp(`\\bthe (?=(?:user|${PEOPLE_SERVED.join('|')})\\b)`, 'g');
/** Each phrase, and also as rule files write it without the article: "unless user asks", "if customer confirms". */
const withArticleOptional = (phrases: readonly string[]): string[] => [...phrases, ...phrases.map((p) => p.replace(PERSON_AFTER_THE, '')).filter((bare, i) => bare !== phrases[i])];
/** Nouns of approval: "my OK", "the user's sign-off", "explicit approval". */
export const APPROVAL_NOUNS: readonly string[] = [
  'instruction', 'request', 'direction', 'ask', 'say so', 'authorisation', 'sign off', 'thumbs up', 'ack', 'acknowledgement', 'acknowledgment',
  'ok', 'okay', 'approval', 'permission', 'sign-off', 'signoff', 'go-ahead', 'consent', 'green light', 'blessing', 'confirmation',
  'authorization', 'authorisation', 'say-so', 'agreement', 'review', 'verification', 'command', 'human gate', 'human in the loop', 'human-in-the-loop', 'pre-approval', 'preapproval',
];
/** Asking the person first: a main clause with one of these makes a confirmation. */
export const ASK_PHRASES: readonly string[] = withArticleOptional([
  'ask me', 'ask us', 'ask first', 'ask the user', 'ask for permission', 'ask for approval', 'ask permission', 'ask', 'check with me',
  'check with us', 'check with the user', 'check in with me', 'confirm with me', 'confirm with us', 'confirm with the user', 'consult me',
  'consult with me', 'run * by me', 'run * past me', 'clear * with me', 'let me know', 'let me confirm', 'let me approve', 'let me check',
  'tell me', 'tell us', 'tell the user', 'warn me', 'warn us', 'warn the user', 'notify me', 'notify the user', 'alert me', 'alert the user', 'inform me', 'inform the user', 'let me decide', 'let me review', 'let me see', 'let me look', 'show me', 'ping me', 'loop me in', 'loop the user in', 'loop in the user', 'talk to me', 'get my', 'get the user', 'wait for my', 'wait for me', 'get approval', 'get permission',
  'get sign-off', 'get confirmation', 'get explicit', 'seek approval', 'seek my', 'request approval', 'asking me', 'checking with me',
  'confirming with me', 'consulting me', 'asking first', 'asking the user', 'get a yes', 'get a * yes', 'get an explicit yes', 'get a clear yes', 'get my yes', 'a yes from me', 'a yes from the user',
  // Verifying a thing with the person is asking them: "without verifying it with me".
  'verify * with me', 'verifying * with me', 'verify * with the user', 'verifying * with the user', 'check * with me', 'checking * with me',
  // "without discussing it first", "not without consulting the team": talking it over first is asking.
  'discuss * first', 'discussing * first', 'discuss * with me', 'discuss * with the user', 'discussing * with me', 'discussing * with the user',
  'consult the user', 'consulting the user', 'check with the team', 'checking with the user',
  // Showing the person what will be done, for their yes, is asking them: "present the plan for approval before editing".
  'show * to me', 'present * to me', 'present * for approval', 'present * for review',
  // Clarifying what the person wants is asking them: "clarify user intent before creating events".
  'prompt the user', 'prompt me', 'clarify with me', 'clarify with the user', 'clarify * with the user', 'clarify * intent', 'clarifying * intent', 'confirm * intent', 'confirming * intent', 'confirm intent', 'confirming intent', 'clarify intent', 'clarifying intent',
  // The person by the role a policy gives them: "check with the patient", "confirm with the customer".
  ...PEOPLE_SERVED.flatMap((person) => [`check with the ${person}`, `checking with the ${person}`, `confirm with the ${person}`, `confirm ** with the ${person}`, `ask the ${person}`, `asking the ${person}`]),
  // "confirm the new plan and its price with them": them is the person just named.
  'confirm ** with them', 'check with them', 'confirm ** with the user', 'confirm ** with me', 'confirm ** with us',
  // "confirm first": confirming, with no one named, is with the person the agent works for.
  'confirm first',
  // "Confirm all outbound actions before sending": the actions confirmed are the person's to approve.
  'confirm * actions', 'confirm * operations',
  // Getting or waiting for an approval is asking for it: "get a thumbs up from me", "obtain the user's OK".
  ...['get', 'obtain', 'seek', 'request', 'wait for', 'receive', 'prompt for'].flatMap((verb) => APPROVAL_NOUNS.map((noun) => `${verb} * ${noun}`)),
]);
/**
 * People who may do an action the agent leaves to them: "leave the commit to me", "releases are done
 * by the maintainers", "only humans merge PRs".
 */
export const DELEGATES: readonly string[] = [
  'me', 'us', 'my', 'our', 'myself', 'ourselves', 'user', 'users', 'human', 'humans', 'maintainer', 'maintainers', 'owner', 'owners', 'developer', 'developers',
  'reviewer', 'reviewers', 'team', 'lead', 'admin', 'admins', 'administrator', 'administrators', 'operator', 'operators', 'manager', 'managers',
  'people', 'person', 'engineer', 'engineers', 'author', 'authors', 'committer', 'committers', 'contributor', 'contributors', ...PEOPLE_SERVED,
  // The project's automation, which the agent leaves such actions to as it would to a person: "only CI deploys".
  'ci', 'pipeline', 'pipelines', 'workflow', 'workflows', 'automation',
];
/** What an action is to the person it is left to: "committing is the user's job". */
export const DELEGATED_ROLES: readonly string[] = ['job', 'responsibility', 'call', 'decision', 'task', 'domain', 'prerogative', 'business'];
/** How an action is said to be someone else's: "done by the maintainers", "reserved for admins", "left to me". */
export const DELEGATED_BY: readonly string[] = [
  'done by', 'handled by', 'performed by', 'made by', 'owned by', 'managed by', 'run by', 'taken care of by', 'reserved for', 'left to', 'up to',
];
/** Words before an approval noun that make it the person's: "my OK", "explicit approval". */
export const APPROVAL_OWNERS: readonly string[] = [
  'me', 'us', 'user', "user's", 'my', 'our', 'explicit', 'written', 'prior', 'express', 'direct', 'personal', 'final', 'human', 'their', 'his', 'her', 'clear', 'specific',
  // "requires HITL approval": a human in the loop, as agent builders write it.
  'hitl',
  // "without the customer's consent": the person a policy serves, by their role.
  'customer', "customer's", 'client', "client's", 'patient', "patient's", 'caller', "caller's", 'guest', "guest's", 'member', "member's", 'traveler', "traveler's", 'passenger', "passenger's",
  // "without manager approval": a person whose yes the agent must get, by their role in a policy. (A
  // repository's owners and reviewers approve in its settings, which a document describes.)
  'manager', "manager's", 'supervisor', "supervisor's",
];
/** Verbs of asking for or granting an action: "unless explicitly asked", "unless the user requests it", "until Priya approves". */
export const REQUEST_VERBS: readonly string[] = [
  'ask', 'request', 'instruct', 'tell', 'direct', 'approve', 'authorize', 'authorise', 'permit', 'allow', 'confirm', 'say', 'want', 'agree',
  'okay', 'greenlight', 'sign', 'order', 'require', 'prompt', 'specify', 'mention', 'demand', 'insist',
];
/** Adverbs that make a request the explicit kind an exception needs. */
export const EXPLICITLY: readonly string[] = ['explicitly', 'specifically', 'expressly', 'directly', 'clearly', 'personally', 'first'];
/** Who may grant an exception besides "me": the user, a named person, the maintainers. */
export const GRANTERS: readonly string[] = ['user', 'users', 'i', 'we', 'you', 'someone', 'somebody', 'human', 'owner', 'maintainer', 'maintainers', 'admin', 'lead', 'manager', 'team', 'they', 'he', 'she', 'customer', 'requester', 'operator', 'reviewer'];
/** The person approving, said in a subordinate clause: "until I approve", "unless I say so", "unless you have my OK". */
export const APPROVER_CLAUSES: readonly string[] = withArticleOptional([
  'i * approve', 'i * say so', 'i * say', 'i * confirm', 'i * agree', 'i * okay', 'i * sign off', 'i * allow', 'i * authorize',
  'i * authorise', 'i * give', 'i * tell you', 'i * review', 'i * check', 'i * look at', 'i * see', 'i * sign', 'i * get back to you', 'i * reply', 'i * respond', 'i * decide', 'i * green light', 'i * greenlight', 'you * have my',
  'you * get my', 'you * ask me', 'you * check with me', 'you * confirm with me', 'you hear from me', 'we * approve', 'we * say so',
  'we * confirm', 'the user * approve', 'the user * confirm', 'the user * say so', 'the user * agree', 'a human * approve',
  ...PEOPLE_SERVED.flatMap((person) => [`the ${person} * approve`, `the ${person} * confirm`, `the ${person} * agree`, `the ${person} * say yes`]),
  'the user * say yes', 'i * say yes', 'you * get a yes', 'the user * use the word', 'i * use the word', 'the user * type', 'i * type',
]);
/** "I want to approve every payment over $500", "let me sign off on any deploy". */
export const PERSON_APPROVES: readonly string[] = withArticleOptional([
  'i * want to approve', 'i * need to approve', 'i * have to approve', 'i * must approve', 'i * like to approve', 'i * get to approve',
  'i * want to sign off on', 'i * need to sign off on', 'i * want to see', 'i * need to see', 'i * like to see', 'i * want to review',
  'i * need to review', 'i * like to review', 'i * want to okay', 'i * want to check', 'i * want to be ask about', 'i * will approve',
  'let me approve', 'let me review', 'let me see', 'let me sign off on', 'let me okay',
  // The person named in the third person, as policies for agents say it: "the user needs to confirm the order id".
  ...['user', 'customer', 'client', 'requester'].flatMap((person) =>
    ['need to', 'must', 'have to', 'should'].flatMap((must) => ['confirm', 'approve'].map((verb) => `the ${person} * ${must} ${verb}`)),
  ),
  // The agent to get the person's yes: "ask the user to confirm any deletion", "get a human to approve payments".
  ...['user', 'customer', 'client', 'requester', 'human', 'operator'].flatMap((person) =>
    ['confirm', 'approve'].flatMap((verb) => [`ask the ${person} to * ${verb}`, `ask a ${person} to * ${verb}`, `get the ${person} to * ${verb}`, `get a ${person} to * ${verb}`]),
  ),
  'ask me to confirm', 'ask me to approve',
]);
/** A governed action that must be approved first: "every payment over $500 must be approved by me". */
export const APPROVED_PARTICIPLES: readonly string[] = [
  'be * approve', 'be * confirm', 'be * okay', 'be * authorize', 'be * authorise', 'be * sign off', 'be * clear with me', 'be * clear by me',
  'be * vet by me', 'be * review by me', 'be * review by a human', 'be * review by * user', 'get * approve', 'go through me', 'go through the user', 'go through a human', 'be run by me', 'be * green light',
  // "deploys are gated on my approval": the action waits on the person's say-so.
  'be * gate on my', 'be * gate behind my', 'be * gate on * user', 'be * gate behind * user',
];
/** Verbs of checking done with a command: "validate syntax with `…`", "lint using `…`". */
export const CHECKING_VERBS: readonly string[] = ['validate', 'check', 'verify', 'lint', 'format', 'typecheck'];
/** "needs my OK", "requires a backup": a requirement stated about the action. */
export const REQUIRE_VERBS: readonly string[] = ['need', 'require', 'must be precede by', 'be subject to', 'have to wait for', 'must wait for', 'depend on', 'call for', 'warrant', 'demand'];
/** A main clause may start with these when a leading "before…" clause has no comma. */
export const OBLIGATIONS: readonly string[] = ['always', 'make sure', 'be sure', 'ensure', 'remember to', 'do not forget to', 'you must', 'you should', 'you need to', 'you have to', 'first', 'please'];

/** Revocations: a rule being taken back. */
export const REVOKE_VERBS: readonly string[] = [
  'scratch', 'forget', 'ignore', 'disregard', 'drop', 'cancel', 'lift', 'remove', 'undo', 'withdraw', 'retract', 'revoke', 'rescind',
  'waive', 'strike', 'never mind', 'nevermind', 'take back', 'throw out', 'scrap', 'delete', 'abandon', 'suspend', 'relax', 'override',
  'discard', 'void',
];
export const RULE_NOUNS: readonly string[] = [
  'rule', 'instruction', 'constraint', 'restriction', 'requirement', 'policy', 'ban', 'condition', 'guideline', 'limit', 'what i say',
  'what i tell you', 'what i write', 'what i ask', 'what i mention', 'what i just say',
];
/** What a rule's topic follows: "the rule about…", "the ban on…". */
export const TOPIC_MARKERS: readonly string[] = ['about', 'on', 'regarding', 'concerning', 're', 'for', 'around', 'against', 'with', 'of', 'that'];
/** "no longer applies", "is lifted": a rule said to be over. */
export const RULE_ENDED: readonly string[] = [
  'no longer apply', 'not apply', 'no longer stand', 'no longer hold', 'no longer matter', 'be lift', 'be over', 'be void', 'be cancel',
  'be gone', 'be obsolete', 'be revoke', 'be suspend', 'be off', 'be no longer', 'be not need', 'be history', 'be done', 'be remove',
];
/** "You no longer need to…", "there's no need to… anymore". */
export const NO_LONGER_NEEDED: readonly string[] = [
  'no longer need to', 'no longer have to', 'no longer need', 'not need to', 'not need', 'not have to', 'no need to', 'no need for', 'no longer require to',
  'not require to', 'not necessary to', 'no longer necessary to', 'no longer bother', 'not bother', 'not need to bother',
];
/** "Stop asking me before…": giving up a step the rules asked for. */
export const STOP_DOING: readonly string[] = ['stop', 'quit', 'no more'];
/** Time words that turn a permission into a change of rules: "you can delete temp files from now on". */
export const FROM_NOW_ON: readonly string[] = ['now', 'anymore', 'any more', 'from now on', 'going forward', 'again', 'no longer', 'any longer', 'henceforth', 'from here on', 'moving forward'];
/** Permission: "you can", "feel free to", "it's fine to". */
export const PERMISSIONS: readonly string[] = [
  'you can', 'you may', 'feel free to', 'you be free to', 'you be allow to', 'you be permit to', 'you be welcome to', 'it be fine to',
  'it be ok to', 'it be okay to', 'go ahead and', 'you have permission to', 'you have my permission to',
];

/** Signs a sentence is not an instruction to the agent. */
export const HYPOTHETICAL: readonly string[] = [
  'what if', 'suppose', 'supposing', 'imagine', 'hypothetically', 'if i be you', 'if i be', 'in theory', 'pretend', 'let us say', 'say you',
  'in a story', 'in the story', 'in the novel', 'in the movie', 'in the book', 'in the film', 'in the game', 'would you ever', 'do you ever',
  'have you ever', 'wonder if', 'wonder whether',
];
/** What held once, or holds elsewhere, is no rule here: "it used to be that…", "in the old days we never…", "in other projects we…". */
export const NOT_IN_FORCE: readonly string[] = [
  'used to be', 'we used to', 'i used to', 'they used to', 'it used to', 'we never used to', 'i never used to', 'we always used to', 'i always used to', 'in the old days', 'back in the day', 'back then',
  'in other projects', 'in other repos', 'in other repositories', 'at my old job', 'at my last job', 'at my previous job',
];
/** Verbs that report someone else's words ("the docs say never…"). */
export const REPORTING_VERBS: readonly string[] = ['say', 'tell', 'write', 'recommend', 'suggest', 'advise', 'claim', 'insist', 'warn', 'teach', 'mention', 'state'];
/** Verbs that put something before the user rather than act on it ("Show proposed changes, wait for approval"). */
export const PRESENTING_VERBS: readonly string[] = ['show', 'present', 'list', 'describe', 'explain', 'summarize', 'summarise', 'propose', 'outline', 'preview', 'display'];
/** Instructions meant for someone else: "tell Bob never to…", "remind the intern to…". */
export const PASS_ON_VERBS: readonly string[] = ['tell', 'remind', 'ask', 'instruct', 'warn', 'teach'];
export const ADVICE_OPENERS: readonly string[] = [
  'it be good practice', 'it be a good idea', 'it be always a good idea', 'it be wise', 'it be smart', 'good practice be', 'a good rule of thumb',
  'rule of thumb', 'people should', 'one should', 'everyone should', 'most people', 'expert', 'generally speak', 'in general people',
  'it be important to', 'they say',
];
/** Polite request openers: a question that starts with one is a request. */
export const POLITE_REQUESTS: readonly string[] = ['can you', 'could you', 'would you', 'will you', 'would you mind', 'can you please', 'could you please', 'would you please', 'will you please'];
/** Words that start a question when they open a sentence: "should I…", "do you…". */
export const QUESTION_OPENERS: readonly string[] = ['should', 'can', 'could', 'would', 'will', 'do', 'does', 'did', 'is', 'are', 'am', 'was', 'were', 'have', 'has', 'may', 'might', 'shall', 'what', 'why', 'how', 'who', 'which'];
/** Words to skip at the start of a sentence or clause. */
export const OPENERS: readonly string[] = [
  'please', 'also', 'and', 'so', 'oh', 'ok', 'okay', 'alright', 'hey', 'hi', 'btw', 'by the way', 'heads up', 'fyi', 'one more thing', 'note',
  'remember', 'important', 'reminder', 'just', 'actually', 'really', 'seriously', 'kindly', 'from now on', 'going forward', 'in general',
  'in future', 'in the future', 'as a rule', 'for the record', 'ps', 'then', 'now', 'finally', 'lastly', 'plus', 'again', 'and also',
  'also please', 'one thing', 'rule', 'quick note', 'to be clear', 'for this project', 'in this repo', 'in this project', 'moving forward',
  'let us', 'stop and', 'pause and', 'halt and', 'sorry', 'oops', 'wait', 'hmm', 'well', 'right', 'yeah', 'yes', 'sure',
  // Labels of a callout: "Warning: never push to main".
  'warning', 'caution', 'critical', 'attention', 'notice',
];
/** After "and", "so", "then": these start a new clause ("…, and never push to main"). */
export const CLAUSE_STARTERS: readonly string[] = [
  'never', 'always', 'ask', 'please', 'make', 'keep', 'leave', 'also', 'only', 'before', 'after', 'if', 'when', 'whenever', 'check', 'get',
  'let', 'you', 'we', 'i', 'then', 'stay', 'hands', 'nothing', 'remember', 'ensure', 'under',
];
/** Doing it unasked: "never commit automatically", "don't push on your own". Such a rule wants the person's say-so. */
export const ON_OWN_ACCORD: readonly string[] = [
  'automatically', 'proactively', 'proactive', 'unprompted', 'unasked', 'unilaterally', 'on your own', 'of your own accord',
  'on its own', 'by yourself', 'on your own initiative', 'autonomously', 'without being asked', 'without being told',
  // "Never make unsolicited edits": what nobody asked for is done unasked.
  'unsolicited', 'unrequested', 'uninvited',
];
/** Words that never name a target: function words, comparators, fillers. */
export const FUNCTION_WORDS: readonly string[] = [
  'in', 'on', 'at', 'to', 'from', 'of', 'for', 'with', 'by', 'about', 'under', 'over', 'above', 'below', 'into', 'onto', 'inside', 'within',
  'outside', 'across', 'through', 'beyond', 'between', 'than', 'more', 'less', 'greater', 'larger', 'bigger', 'higher', 'lower', 'smaller',
  'exceed', 'exceeding', 'excess', 'least', 'most', 'upwards', 'north', 'past', 'up', 'out', 'off', 'and', 'or', 'nor', 'but', 'if', 'then',
  'that', 'which', 'who', 'whom', 'whose', 'where', 'what', 'not', 'no', 'yes', 'ok', 'okay', 'else', 'other', 'another', 'such', 'own',
  'as', 'like', 'just', 'only', 'ever', 'even', 'also', 'too', 'first', 'please', 'here', 'there', 'now', 'today', 'tonight', 'tomorrow',
  'week', 'day', 'weekend', 'month', 'away', 'home', 'etc', 'sure', 'before', 'after', 'without', 'until', 'unless', 'directly', 'again',
  'single', 'whatsoever', 'whatever', 'automatically', 'manually', 'yourself', 'mine', 'ours', 'yours', 'sign', 'okay', 'explicit',
  'explicitly', 'prior', 'written', 'express', 'personal', 'final', 'approval', 'permission', 'consent', 'confirmation', 'go-ahead',
  'circumstance', 'time', 'case', 'point', 'cost', 'worth', 'total', 'value', 'amount', 'sum', 'address', 'addresses', 'domain',
  'people', 'person', 'folk', 'recipient', 'anyone', 'somebody', 'someone', 'ever', 'behalf', 'pass', 'passing', 'green', 'successful',
  'successfully', 'clean', 'good', 'fine', 'done', 'finished', 'first', 'straight', 'directly', 'existing', 'origin',
  'upstream', 'remote', 'the', 'a', 'an', 'against', 'among', 'toward', 'towards', 'upon', 'per', 'via', 'behind', 'near', 'around',
  'along', 'beside', 'regarding', 'concerning', 'there', 'matching', 'named', 'called', 'located', 'stored', 'listed', 'uncommitted', 'unsaved',
  'unstaged', 'staged', 'pending', 'local', 'locally', 'remotely', 'existing', 'proactively', 'unnecessarily', 'unprompted',
  // How lasting an action is, not what it acts on: "no permanent deletes", "irreversibly overwrites".
  'permanent', 'permanently', 'irreversible', 'irreversibly', 'forever',
  // Changes the agent is about to make, which every change it makes is first: "confirm all proposed edits".
  'proposed', 'planned', 'intended',
  'thanks', 'thank', 'cheers', 'pls', 'please', 'kindly', 'lol', 'btw', 'though', 'tho', 'ok', 'okay',
];
/**
 * Words that describe what a path holds rather than narrow it: "generated files in `src/gen/`",
 * "the vendored code (`third_party/`)". They are read so only beside a path the sentence writes out.
 */
export const DESCRIPTIVE: readonly string[] = [
  'generated', 'auto-generated', 'autogenerated', 'vendored', 'compiled', 'built', 'derived', 'managed', 'third-party', 'external', 'golden',
  'snapshot', 'fixture', 'config', 'configuration', 'source', 'dependency', 'lock', 'lockfile', 'grammar', 'schema', 'migration', 'test',
  'documentation', 'docs', 'page', 'pages', 'asset', 'assets', 'template', 'templates', 'artifact', 'artifacts', 'binary', 'binaries', 'build',
  'application', 'app', 'agent', 'rule', 'rules', 'settings', 'infrastructure', 'infra', 'backend', 'frontend',
];
/** Nouns that do not narrow a rule: "files", "email", "any meeting". */
export const GENERIC_OBJECTS: readonly string[] = [
  'file', 'folder', 'directory', 'dir', 'content', 'stuff', 'thing', 'item', 'data', 'email', 'e-mail', 'mail', 'message', 'invoice', 'bill',
  'payment', 'money', 'fund', 'transfer', 'meeting', 'event', 'appointment', 'calendar', 'entry', 'code', 'change', 'commit', 'branch',
  'repo', 'repository', 'record', 'row', 'table', 'database', 'db', 'schema', 'column', 'contact', 'account', 'work', 'document', 'doc',
  'history', 'kind', 'sort', 'type', 'purchase', 'expense', 'deploy',
  'deployment', 'release', 'update', 'project', 'workspace', 'machine', 'computer', 'disk', 'place', 'location', 'one', 'lot', 'bunch',
  'piece', 'part', 'transaction', 'order', 'vendor', 'supplier', 'payee', 'inbox', 'attachment', 'output', 'result', 'device',
  'home', 'house', 'schedule', 'invite', 'invitation', 'draft', 'reply', 'note', 'report', 'summary', 'site', 'server', 'host', 'instance', 'cluster', 'service', 'app',
  'application', 'software', 'environment', 'env', 'channel', 'slack', 'thread', 'dm', 'dependency', 'package', 'library', 'dep', 'module', 'commit', 'change', 'remote', 'origin', 'command',
  'script', 'tool', 'operation', 'action', 'usage', 'invocation', 'source', 'hook', 'suite', 'lockfile', 'lock file', 'content', 'resource', 'asset', 'artifact', 'object',
  // A button is named by the action it does ("the delete button").
  'button',
];
/**
 * Things a project or a person has one of: "the database", "the inbox" name it, not something said
 * before. ("The repo" is one too, but deleting it is not deleting any file in it.)
 */
export const ONE_PER_PROJECT: readonly string[] = ['database', 'db', 'inbox', 'calendar', 'remote', 'lockfile'];
/** What a project deploys or publishes, said generically: "deploy the app", "publish the package" are every deploy and publish. */
export const SHIPPED_PRODUCTS: readonly string[] = ['app', 'apps', 'application', 'site', 'website', 'project', 'package', 'packages', 'library', 'frontend', 'backend', 'crate', 'gem', 'extension', 'plugin', 'build', 'builds'];
/** A bare pronoun or demonstrative object points at something said before: alone it names no scope. */
export const ANAPHORS: readonly string[] = ['it', 'that', 'this', 'them', 'those', 'these', 'him', 'her'];
/** Determiners that make an object a particular thing: "the invoice", "that email". */
export const DEFINITE_DETERMINERS: readonly string[] = ['the', 'that', 'this', 'those', 'these', 'my', 'our', 'his', 'her', 'their', 'its', 'your'];
/** Words that name "everything" as an object: a rule over them has no narrower scope. */
export const UNIVERSAL_OBJECTS: readonly string[] = [
  'anything', 'everything', 'all', 'any', 'every', 'each', 'nothing', 'something', 'whatever', 'anyone', 'anybody', 'everyone',
  'everybody', 'nobody', 'one',
];
/** Filler words between a negation and its action, or before a subject: "don't ever", "must not", "please never". */
export const SKIPPABLE: readonly string[] = [
  'ever', 'to', 'be', 'get', 'again', 'please', 'even', 'just', 'actually', 'so', 'much', 'go', 'try', 'attempt', 'should', 'must',
  'may', 'might', 'can', 'could', 'will', 'would', 'shall', 'do', 'have', 'ought', 'really', 'also', 'automatically', 'accidentally',
  'directly', 'manually', 'yet', 'always', 'never', 'first', 'allow', 'allowed', 'permit', 'permitted', 'suppose', 'supposed', 'going',
  'gonna', ...ACCEPTABLE_WORDS, 'under', 'circumstance', 'any', 'case', 'at', 'time', 'point', 'all', 'here', 'there', 'not', 'need', 'want',
  'like', 'expect', 'wish', 'let', 'unilaterally', 'blindly', 'silently', 'quietly', 'casually', 'simply', 'immediately', 'later',
  'now', 'further', 'more', 'kindly', 'run', 'execute', 'use', 'perform', 'do', 'git', 'dare', 'invoke', 'call', 'type', 'directly',
  'start', 'spawn', 'direct', 'proactively', 'autonomously', 'unprompted', 'make', 'permanently', 'irreversibly',
  // Light verbs before an action said as a noun: "never issue a refund", "do not initiate a transfer".
  'issue', 'process', 'initiate', 'conduct', 'trigger', 'implement', 'introduce', 'apply',
  // "never take actions such as `git push`": taking an action is doing it.
  'take',
];
/**
 * Light verbs only as verbs: "never submit payment", "never complete the purchase", "never handle refunds",
 * "never interact with checkout" (its "with" read with it); "the complete test suite" narrows.
 */
export const VERB_ONLY_SKIPPABLE: readonly string[] = ['submit', 'complete', 'finalize', 'finalise', 'handle', 'interact', 'deal'];
/** Who may stand between a negation and its action: "don't you dare delete", "I don't want anyone to push". */
export const NEGATION_LISTENERS: readonly string[] = ['you', 'anyone', 'anybody', 'yourself', 'i'];
/** Verbs after "I don't …" that make it an instruction: "I don't want you to delete…". */
export const WANT_VERBS: readonly string[] = ['want', 'like', 'need', 'expect', 'allow', 'wish', 'let', 'permit'];
/** Sending going "outside": the domain named is the allowed one. */
export const OUTSIDE_WORDS: readonly string[] = ['outside', 'outside of', 'except', 'except for', 'other than', 'besides', 'not at', 'not from', 'beyond', 'external to', 'apart from', 'aside from', 'non'];
/** "Nothing goes to…": sending, said with "go". */
export const SEND_OUT: readonly string[] = ['go', 'go out', 'leave', 'get out', 'get send', 'be send', 'get share', 'be share'];

/** Words besides actions and rule nouns that may start something the grammar reads (the cheap first look). */
export const GATE_WORDS: readonly string[] = ['said', 'told', 'mentioned', 'nothing', 'keep', 'stay', 'remain', 'locked', 'approve', 'approval', 'permission', 'sign-off', ...Object.keys(NEVER_LEFT_STATES)];


/**
 * Programs a rule may name as a command to run or not to run. A code span that starts with one is a
 * command ("`npm install`", "`git push --force`"); the ones marked distinctive name a program even
 * without backticks ("don't use npm or yarn").
 */
export const PROGRAMS: readonly string[] = [
  'git', 'gh', 'npm', 'npx', 'pnpm', 'pnpx', 'yarn', 'bun', 'bunx', 'node', 'deno', 'tsc', 'eslint', 'prettier', 'jest', 'vitest', 'mocha',
  'playwright', 'cypress', 'pip', 'pip3', 'pipx', 'python', 'python3', 'poetry', 'pipenv', 'pdm', 'uv', 'uvx', 'conda', 'mamba', 'pytest',
  'tox', 'nox', 'ruff', 'black', 'mypy', 'flake8', 'cargo', 'rustup', 'rustc', 'go', 'gofmt', 'make', 'cmake', 'ninja', 'bazel', 'gradle',
  'gradlew', 'mvn', 'dotnet', 'msbuild', 'docker', 'docker-compose', 'podman', 'kubectl', 'helm', 'terraform', 'tofu', 'pulumi', 'aws', 'az',
  'gcloud', 'firebase', 'vercel', 'netlify', 'fly', 'flyctl', 'heroku', 'sudo', 'rm', 'mv', 'cp', 'chmod', 'chown', 'curl', 'wget', 'ssh',
  'scp', 'rsync', 'psql', 'mysql', 'sqlite3', 'redis-cli', 'mongo', 'mongosh', 'prisma', 'alembic', 'rake', 'rails', 'bundle', 'gem',
  'composer', 'php', 'artisan', 'mix', 'brew', 'apt', 'apt-get', 'yum', 'dnf', 'pre-commit', 'prek', 'husky', 'lerna', 'nx', 'turbo', 'vite',
  'webpack', 'esbuild', 'swift', 'xcodebuild', 'pod', 'flutter', 'dart', 'ng', 'just', 'task', 'bash', 'sh', 'zsh', 'eval', 'kill',
  'pkill', 'killall', 'shutdown', 'reboot', 'dd', 'mkfs', 'find', 'xargs', 'tar', 'zip', 'unzip', 'sed', 'awk', 'perl', 'ruby', 'java',
  'vi', 'vim', 'nvim', 'nano', 'emacs', 'less', 'more', 'top', 'htop', 'watch', 'tail', 'cat', 'grep', 'ls', 'mkdir', 'touch', 'ln',
  // Programs binding knows what they do (its command table), whose names are no English word.
  'cdk', 'serverless', 'sls', 'pg_dump', 'mysqldump', 'mariadb', 'mariadb-dump', 'pylint', 'pyright', 'golangci-lint', 'shellcheck', 'rubocop',
  'phpstan', 'psalm', 'stylelint', 'hadolint', 'tflint', 'tfsec', 'checkov', 'ktlint', 'swiftlint', 'clang-tidy', 'cppcheck', 'isort', 'phpunit', 'rspec', 'ctest',
  'twine', 'rmdir', 'unlink', 'shred', 'sendmail', 'mutt', 'mailx', 'hatch', 'doas', 'nohup', 'gzip', 'cd', 'pushd', 'popd',
  // Programs that administer a machine or a cluster, written as code in operations' rule files.
  'systemctl', 'launchctl', 'crontab', 'iptables', 'ufw', 'chgrp', 'ansible', 'ansible-playbook', 'fdisk', 'parted', 'mkswap', 'swapon',
  'swapoff', 'wipefs', 'umount', 'kustomize', 'argocd', 'talosctl', 'eksctl', 'minikube', 'vagrant',
];
export const DISTINCTIVE_PROGRAMS: readonly string[] = [
  'npm', 'npx', 'pnpm', 'pnpx', 'yarn', 'bunx', 'pip', 'pip3', 'pipx', 'poetry', 'pipenv', 'conda', 'pytest', 'cargo', 'rustup', 'kubectl',
  'terraform', 'helm', 'sudo', 'docker', 'docker-compose', 'gcloud', 'brew', 'apt-get', 'gradle', 'gradlew', 'mvn', 'tsc', 'eslint', 'prettier',
  'vitest', 'pre-commit', 'prek', 'husky', 'prisma', 'alembic', 'psql', 'sqlite3', 'uvx', 'ruff', 'mypy', 'flake8', 'webpack', 'xcodebuild', 'dotnet', 'uv',
  'chmod', 'chown', 'chgrp', 'mkfs', 'shred', 'systemctl', 'launchctl', 'crontab', 'iptables', 'ansible-playbook',
  'wget', 'curl', 'rsync', 'scp', 'ssh', 'deno', 'pnpx', 'mongosh', 'redis-cli', 'pg_dump', 'mysqldump', 'flyctl', 'pkill', 'killall',
  // Checkers whose names are no English word.
  'pylint', 'pyright', 'golangci-lint', 'shellcheck', 'rubocop', 'phpstan', 'stylelint', 'hadolint', 'tflint', 'tfsec', 'checkov', 'ktlint', 'swiftlint',
];
/** Programs that do one job, any one of which a rule may name as the only one to use ("use pnpm only"). */
export const INTERCHANGEABLE_PROGRAMS: readonly (readonly string[])[] = [
  ['npm', 'yarn', 'pnpm', 'bun'],
  ['pip', 'pip3', 'poetry', 'conda', 'uv', 'pipenv', 'pdm'],
  ['npx', 'pnpx', 'bunx', 'yarn dlx', 'pnpm dlx'],
  ['jest', 'vitest', 'mocha'],
  ['docker', 'podman'],
];

/** Noun heads that name a kind of target, so a phrase like "the front door" is a device. */
export const DEVICE_NOUNS: readonly string[] = [
  'door', 'lock', 'gate', 'garage', 'window', 'alarm', 'thermostat', 'camera', 'light', 'oven', 'stove', 'heater', 'heating', 'sprinkler',
  'safe', 'vault', 'car', 'sensor', 'detector', 'security system', 'blind', 'shutter', 'boiler', 'valve', 'fan', 'ac', 'air conditioning',
  'furnace', 'doorbell', 'deadbolt', 'hatch', 'shed',
];
/** Words a device phrase may end with that add nothing to its name ("front door lock" is the front door). */
export const DEVICE_GENERIC_TAILS: readonly string[] = ['lock', 'system', 'device', 'unit', 'control', 'controller'];
export const EVENT_NOUNS: readonly string[] = [
  'meeting', 'event', 'appointment', 'call', 'review', 'sync', 'standup', 'stand-up', 'interview', '1:1', 'one-on-one', 'dinner', 'lunch',
  'breakfast', 'reservation', 'booking', 'session', 'demo', 'offsite', 'retro', 'presentation', 'conference', 'class', 'invite',
  'invitation', 'catch-up', 'check-in', 'party', 'webinar', 'workshop', 'briefing', 'huddle',
];
/** Event heads too generic to name an event: "any meeting with the board" names the board. */
export const GENERIC_EVENT_NOUNS: readonly string[] = ['meeting', 'event', 'appointment', 'call', 'invite', 'invitation', 'booking', 'reservation', 'session', '1:1', 'one-on-one', 'anything', 'something', 'calendar'];
/** The records an agent policy is about (retail, travel, support): what its actions act on, never a name. */
export const RECORD_NOUNS: readonly string[] = [
  'order', 'orders', 'flight', 'flights', 'reservation', 'reservations', 'booking', 'bookings', 'item', 'items', 'ticket', 'tickets',
  'subscription', 'subscriptions', 'passenger', 'passengers', 'baggage', 'bag', 'bags', 'seat', 'seats', 'shipment', 'shipments',
  'cart', 'product', 'products', 'listing', 'listings', 'claim', 'claims', 'case', 'cases', 'policy', 'policies',
  'plan', 'plans', 'address', 'addresses', 'exchange', 'exchanges', 'return', 'returns', 'account', 'accounts', 'dispute', 'disputes',
  'travel', 'trip', 'trips', 'hotel', 'hotels', 'rental', 'rentals', 'accommodation', 'accommodations',
];
/** Words before "class" that make it the sort of a record ("cabin class", "fare class"), not a lesson. */
export const RECORD_SORT_WORDS: readonly string[] = ['cabin', 'fare', 'membership', 'service', 'travel'];
export const DATABASE_NOUNS: readonly string[] = ['database', 'db', 'schema', 'datastore', 'data store'];
export const TABLE_NOUNS: readonly string[] = ['table', 'collection'];
/** What changes are when they already exist: "no uncommitted changes" is a state, never an act of writing. */
export const WORK_STATES: readonly string[] = ['uncommitted', 'unsaved', 'unstaged', 'staged', 'unpushed'];
/** What a database holds, row by row: deleting them is a DELETE ("delete records from the database"). */
export const ROW_NOUNS: readonly string[] = ['row', 'record', 'entry', 'data', 'document'];
export const DATABASE_CONTEXT_WORDS: readonly string[] = ['database', 'db', 'table', 'schema', 'column', 'row', 'record', 'sql', 'index', 'collection', 'migration', 'statement', 'query', 'dml', 'ddl'];
export const EVENT_CONTEXT_WORDS: readonly string[] = ['calendar', ...EVENT_NOUNS];
export const BRANCH_NOUNS: readonly string[] = ['branch'];
/** Files named by their kind, as the globs of the files of that kind: "env files" are `.env`, `.env.local`…; "Excel files" are both of Excel's extensions. */
export const FILE_KINDS: readonly { readonly globs: readonly string[]; readonly phrases: readonly string[] }[] = [
  { globs: ['**/.env*'], phrases: ['env file', 'environment file', 'dotenv file', 'environment variable file', 'env var file', 'env config'] },
  { globs: ['**/*.sql'], phrases: ['sql dump', 'sql file', 'sql script'] },
  { globs: ['**/*.ipynb'], phrases: ['jupyter notebook', 'ipynb file', 'notebook file'] },
  { globs: ['**/*.xlsx', '**/*.xls'], phrases: ['excel file', 'excel spreadsheet', 'excel workbook'] },
  { globs: ['**/*.xlsx'], phrases: ['xlsx file'] },
  { globs: ['**/*.xls'], phrases: ['xls file'] },
  { globs: ['**/*.csv'], phrases: ['csv file'] },
  { globs: ['**/*.pdf'], phrases: ['pdf file', 'pdf document'] },
  { globs: ['**/*.json'], phrases: ['json file'] },
  { globs: ['**/*.yaml', '**/*.yml'], phrases: ['yaml file'] },
  { globs: ['**/*.yml'], phrases: ['yml file'] },
  { globs: ['**/*.md'], phrases: ['markdown file', 'markdown document', 'markdown doc'] },
  // Folders known by their name, written bare: "never nuke node_modules in CI".
  { globs: ['**/node_modules'], phrases: ['node_modules'] },
  { globs: ['**/__pycache__'], phrases: ['__pycache__'] },
];

export const WELL_KNOWN_BRANCHES: readonly string[] = ['main', 'master', 'develop', 'trunk'];
export const ENVIRONMENT_NAMES: readonly string[] = ['production', 'prod', 'staging', 'stage', 'live', 'development', 'dev', 'qa', 'uat', 'preprod', 'pre-prod', 'sandbox', 'test', 'mainnet', 'testnet'];
export const ENVIRONMENT_NOUNS: readonly string[] = ['environment', 'env', 'cluster', 'server', 'servers', 'site', 'stack', 'host', 'hosts', 'instance', 'instances', 'clusters', 'environments'];
/** Words before "call" that make it a program's call, no phone call: "an API call", "tool calls". */
export const PROGRAM_CALL_WORDS: readonly string[] = ['api', 'tool', 'function', 'method', 'rpc', 'http', 'network', 'system', 'webhook', 'service', 'sdk'];
/** Words that sort the people an event is with, naming none of them: "meetings with external attendees". */
export const PARTY_SORT_WORDS: readonly string[] = ['external', 'internal', 'outside', 'other', 'several', 'multiple', 'many', 'more', 'new', 'unknown'];
export const FOLDER_NOUNS: readonly string[] = ['folder', 'directory', 'dir', 'repo', 'repository', 'bucket', 'subdirectory', 'subfolder', 'subdir'];
/** Folder nouns that speak of any folder of that name, wherever it is: "`generated` subdirectories". */
export const ANY_DEPTH_FOLDER_NOUNS: readonly string[] = ['subdirectory', 'subfolder', 'subdir', 'subdirectories', 'subfolders', 'subdirs', 'directories', 'folders', 'dirs'];
/** Amount comparators: "over $500" means above 500; "$500 or more" means 500 and above. */
export const ABOVE_WORDS: readonly string[] = [
  'over', 'above', 'more than', 'greater than', 'larger than', 'bigger than', 'higher than', 'exceeding', 'exceed', 'in excess of',
  'upwards of', 'north of', 'beyond', 'past',
];
export const AT_LEAST_WORDS: readonly string[] = ['at least', 'minimum of', 'or more', 'or above', 'or higher', 'and up', 'and above', 'or over'];
export const BELOW_WORDS: readonly string[] = ['under', 'below', 'less than', 'lower than', 'smaller than', 'up to', 'within'];
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = wordTable({ $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', '₩': 'KRW', '₽': 'RUB', '₣': 'CHF' });
export const CURRENCY_WORDS: Readonly<Record<string, string>> = wordTable({
  dollar: 'USD', dollars: 'USD', usd: 'USD', buck: 'USD', bucks: 'USD', euro: 'EUR', euros: 'EUR', eur: 'EUR', pound: 'GBP', pounds: 'GBP',
  gbp: 'GBP', quid: 'GBP', yen: 'JPY', jpy: 'JPY', cad: 'CAD', aud: 'AUD', chf: 'CHF', franc: 'CHF', francs: 'CHF', inr: 'INR', rupee: 'INR',
  rupees: 'INR', sek: 'SEK', nok: 'NOK', dkk: 'DKK', krona: 'SEK', kronor: 'SEK', mxn: 'MXN', brl: 'BRL', cny: 'CNY', yuan: 'CNY',
});

/** Top-level domains, to tell "acme.io" (a domain) from "notes.md" (a file). */
export const TOP_LEVEL_DOMAINS: readonly string[] = [
  'com', 'org', 'net', 'io', 'co', 'ai', 'dev', 'app', 'edu', 'gov', 'mil', 'int', 'biz', 'info', 'me', 'us', 'uk', 'de', 'fr', 'jp', 'cn',
  'nl', 'se', 'no', 'dk', 'fi', 'it', 'es', 'ch', 'at', 'be', 'ca', 'au', 'nz', 'in', 'br', 'mx', 'ru', 'pl', 'eu', 'tech', 'cloud', 'xyz',
  'email', 'team', 'company', 'corp', 'inc', 'ltd', 'gmbh', 'law', 'health', 'bank', 'finance', 'legal', 'studio', 'agency', 'example',
  'test', 'local', 'internal',
];
/** File extensions, to tell "config.yaml" (a file) from "acme.io" (a domain). */
export const FILE_EXTENSIONS: readonly string[] = [
  'txt', 'md', 'csv', 'tsv', 'json', 'jsonl', 'yaml', 'yml', 'toml', 'ini', 'cfg', 'conf', 'env', 'log', 'xml', 'html', 'css', 'js', 'ts',
  'tsx', 'jsx', 'mjs', 'cjs', 'py', 'rb', 'go', 'rs', 'java', 'kt', 'c', 'h', 'cpp', 'hpp', 'cs', 'php', 'sh', 'bash', 'zsh', 'sql', 'db',
  'sqlite', 'sqlite3', 'parquet', 'pkl', 'pickle', 'npy', 'npz', 'h5', 'hdf5', 'bin', 'dat', 'zip', 'tar', 'gz', 'tgz', 'bz2', 'xz', '7z',
  'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'png', 'jpg', 'jpeg', 'gif', 'svg', 'mp3', 'mp4', 'wav', 'lock', 'bak', 'key', 'pem',
  'crt', 'ipynb', 'swift', 'lua', 'r', 'scala', 'vue', 'svelte', 'tf', 'tfstate', 'tfvars', 'hcl', 'proto', 'graphql', 'gradle', 'pom', 'plist', 'dockerfile',
  'jsonc', 'json5', 'mdx', 'properties', 'kts',
];
/** Slash pairs that are words, not paths: "and/or", "read/write". */
export const NOT_PATHS: readonly string[] = [
  'and/or', 'he/she', 'his/her', 'him/her', 's/he', 'yes/no', 'on/off', 'read/write', 'input/output', 'pros/cons', 'either/or',
  // Chat shorthand: "w/" is with, "w/o" without, "b/c" because.
  'w/', 'w/o', 'w/out', 'b/c', 'b/4',
  'n/a', 'tcp/ip', 'client/server', 'true/false', 'male/female', 'am/pm', 'i/o', 'a/b', 'q&a', 'day/night', 'open/close', 'start/stop',
  'this/that', 'now/then', 'etc/etc', 'km/h', 'mi/h',
];

/** Connectors that tie an action to a step, an approval or a condition. */
export const CONNECTORS = {
  before: ['before', 'prior to', 'ahead of'],
  until: ['until', 'till', 'unless'],
  after: ['after', 'once', 'only after', 'only once', 'only when', 'only if', 'only with', 'only on', 'only upon', 'not until'],
  without: ['without', 'w/o'],
  whenever: ['if', 'when', 'whenever', 'each time', 'every time', 'any time', 'anytime', 'in case'],
  condition: ['while', 'whilst', 'during', 'as long as', 'because', 'since', 'so that', 'when', 'whenever', 'if', 'in case', 'so', 'as part of', 'in the course of', 'even', 'even in', 'even when', 'even if'],
  except: ['except', 'except for', 'other than', 'besides', 'apart from', 'aside from', 'but not', 'excluding'],
} as const;

/**
 * Every word that can make a sentence a rule or a change of rules, for the cheap first look. Asking
 * ("check with me") needs a connector or an approval noun besides, so those are the cues; a
 * permission ("you can") changes rules only with a time word ("now", "anymore").
 */
export const RULE_CUE_PHRASES: readonly string[] = [
  ...NEGATIONS, 'dont', 'cannot', ...FORBIDDING_VERBS, ...FORBIDDEN_WORDS, ...LEAVE_ALONE, ...READ_ONLY, ...Object.keys(KEEP_STATES), 'keep', 'stay',
  'remain', ...APPROVAL_NOUNS, 'approve', 'confirm', 'sign', ...APPROVED_PARTICIPLES, ...REQUIRE_VERBS, 'always', 'make sure', 'ensure', 'must', 'should', ...REVOKE_VERBS,
  ...RULE_NOUNS.filter((p) => !p.startsWith('what ')), 'said', 'told', ...FROM_NOW_ON, ...STOP_DOING, ...CONNECTORS.before,
  ...CONNECTORS.until, ...CONNECTORS.after, ...CONNECTORS.without, ...CONNECTORS.whenever, ...CONNECTORS.except, 'only', 'nothing',
  'instead of', 'rather than', 'prefer', 'exclusively', 'solely', 'have to', "don'ts", 'don’ts', 'donts', 'avoid',
  // An action left to someone else: "leave the commit to me", "I'll push myself", "committing is the user's job".
  // ("the user will handle the commit": the work taken on.)
  'leave', 'myself', 'ourselves', 'themselves', 'manually', 'will handle', 'will take care of', ...DELEGATED_ROLES, ...DELEGATED_BY,
  // The obligations a main clause opens with; "please" alone is every request's word, not a rule's.
  ...OBLIGATIONS.filter((obligation) => obligation !== 'please'),
  // A heading over things to leave as they are: "Protected files" + "`.env`".
  'protected',
];

/** Words for a database itself, which "database tables" only place. */
export const DATABASE_WORDS: readonly string[] = ['database', 'databases', 'db', 'dbs'];
/** What a payment goes by, which every payment has: "a refund to their gift card". */
export const PAYMENT_INSTRUMENTS: readonly string[] = ['card', 'cards', 'credit', 'debit', 'gift', 'certificate', 'certificates', 'voucher', 'vouchers', 'method', 'methods', 'paypal', 'balance', 'wallet'];
/** Kinds of message a send is: "posting comments", "sending notifications". */
export const MESSAGE_KINDS: readonly string[] = [
  'comment', 'comments', 'post', 'posts', 'tweet', 'tweets', 'notification', 'notifications', 'sms', 'dm', 'dms', 'chat', 'chats', 'text', 'texts', 'reply', 'replies',
  'announcement', 'announcements', 'invite', 'invites', 'newsletter', 'newsletters', 'communication', 'communications',
];
/** Where every push and forge operation goes: "push to GitHub", "on the GitHub repository". */
export const FORGE_HOSTS: readonly string[] = ['git', 'github', 'gitlab', 'bitbucket', 'remote', 'codeberg', 'gitea', 'origin'];
/** A remote's own name, one of several, which narrows a push in a way no scope says. */
export const REMOTE_NAMES: readonly string[] = ['upstream'];
/** Things of git or a forge that no create rule is about: "create branches". */
export const REPOSITORY_THINGS: readonly string[] = [
  'branch', 'branches', 'tag', 'tags', 'repo', 'repos', 'repository', 'repositories', 'stash', 'worktree', 'worktrees', 'remote', 'remotes', 'fork', 'forks',
  'label', 'labels', 'milestone', 'milestones', 'gist', 'gists', 'workflow', 'workflows',
];
/** Where a package is published, which every publish has: "publish to PyPI". */
export const PACKAGE_REGISTRIES: readonly string[] = ['npm', 'pypi', 'crates.io', 'rubygems', 'nuget', 'maven', 'jsr', 'hex', 'packagist'];
/** Waiting for, getting or needing an approval, before its noun: "wait for approval", "actions that warrant confirmation". */
export const SEEKING_APPROVAL: readonly string[] = ['wait for', 'await', 'get', 'obtain', 'need', 'require', 'warrant', 'ask for', 'request', 'seek', 'have'];
