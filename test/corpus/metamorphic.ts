import type { Verb } from '../../server/src/engine/actions';
import type { Scope } from '../../server/src/engine/constraints';
import type { ExpectedRule } from './corpus';

/*
 * The metamorphic suite: rules written plainly, each rewritten the ways people write rules (a reason
 * after a comma, chat shorthand, a typo, the passive, the agent in the third person, a condition the
 * session cannot settle, a noun for the action, markdown), every rewrite still the same rule.
 */

/** An action as each rewrite needs it said. */
interface Action {
  readonly base: string;
  readonly gerund: string;
  readonly participle: string;
  /** "No … " with the action as a noun: "deletions of", "force pushes to". */
  readonly noun: string;
  /** A misspelling of the base form, one edit away. */
  readonly typo: string;
  readonly verbs: readonly Verb[];
}

const action = (base: string, gerund: string, participle: string, noun: string, typo: string, verbs: readonly Verb[]): Action => ({ base, gerund, participle, noun, typo, verbs });

const DELETE = action('delete', 'deleting', 'deleted', 'deletions of', 'delte', ['delete']);
const REMOVE = action('remove', 'removing', 'removed', 'removal of', 'remvoe', ['delete']);
const MODIFY = action('modify', 'modifying', 'modified', 'modifications to', 'modfiy', ['write', 'overwrite']);
const EDIT = action('edit', 'editing', 'edited', 'edits to', 'eidt', ['write', 'overwrite']);
const OVERWRITE = action('overwrite', 'overwriting', 'overwritten', 'overwrites of', 'overwirte', ['overwrite']);
const PUSH = action('push to', 'pushing to', 'pushed to', 'pushes to', 'puhs to', ['push', 'force-push']);
const FORCE_PUSH = action('force-push to', 'force-pushing to', 'force-pushed to', 'force pushes to', 'force-psuh to', ['force-push']);
const DEPLOY = action('deploy to', 'deploying to', 'deployed to', 'deploys to', 'delpoy to', ['deploy']);
const DROP = action('drop', 'dropping', 'dropped', 'drops of', 'dorp', ['drop']);
const TRUNCATE = action('truncate', 'truncating', 'truncated', 'truncation of', 'trunacte', ['truncate']);
const UNLOCK = action('unlock', 'unlocking', 'unlocked', 'unlocking of', 'unlokc', ['unlock', 'open']);
const CANCEL = action('cancel', 'cancelling', 'cancelled', 'cancellations of', 'cancle', ['cancel']);
const RUN = action('run', 'running', 'run', 'runs of', 'rnu', ['execute']);
const WIPE = action('wipe', 'wiping', 'wiped', 'wipes of', 'wpie', ['delete']);
const PURGE = action('purge', 'purging', 'purged', 'purges of', 'prgue', ['delete']);
const MOVE = action('move', 'moving', 'moved', 'moves of', 'mvoe', ['move']);
const SEND = action('send email to', 'sending email to', 'emailed', 'emails to', 'sedn email to', ['send']);
const PAY = action('pay', 'paying', 'paid', 'payments of', 'apy', ['pay']);
const DISABLE = action('disable', 'disabling', 'disabled', 'disabling of', 'disalbe', ['disable']);
const RESCHEDULE = action('reschedule', 'rescheduling', 'rescheduled', 'rescheduling of', 'rescheudle', ['reschedule']);

/** A rule to rewrite: the action, its object as a phrase and as the thing itself, and what it compiles to. */
interface Base {
  readonly kind: ExpectedRule['kind'];
  readonly action: Action;
  /** The object after the verb: "anything in data/raw". */
  readonly object: string;
  /** The same in markdown: "anything in `data/raw`". */
  readonly code: string;
  /** The thing as a subject, for the passive: "data/raw". */
  readonly thing: string;
  readonly scope: Scope;
  /** Prerequisites: the step, said as an instruction ("back it up") and as a gerund ("backing it up"). */
  readonly step?: { readonly base: string; readonly gerund: string; readonly verbs: readonly Verb[] };
  /** Verbs of the compiled rule when they are not the action's own (a command's). */
  readonly verbs?: readonly Verb[];
}

/** Objects naming paths: as written after the verb, in markdown, as a passive's subject, and the scope. */
const PATHS: readonly (readonly [string, string, string, string])[] = [
  ['anything in data/raw', 'anything in `data/raw`', 'nothing in data/raw', 'data/raw'],
  ['the files in logs/', 'the files in `logs/`', 'the files in logs/', 'logs'],
  ['anything under infra/terraform', 'anything under `infra/terraform`', 'nothing under infra/terraform', 'infra/terraform'],
  ['the migrations/ folder', 'the `migrations/` folder', 'the migrations/ folder', 'migrations'],
  ['any file in secrets/', 'any file in `secrets/`', 'no file in secrets/', 'secrets'],
  ['config.yaml', '`config.yaml`', 'config.yaml', '**/config.yaml'],
  ['the .env file', 'the `.env` file', 'the .env file', '**/.env'],
  ['package-lock.json', '`package-lock.json`', 'package-lock.json', '**/package-lock.json'],
];

function pathBases(act: Action, kind: ExpectedRule['kind']): Base[] {
  return PATHS.map(([object, code, thing, path]) => ({ kind, action: act, object, code, thing, scope: { paths: [path] } }));
}

const BRANCHES = ['main', 'master', 'develop', 'release'];
const ENVIRONMENTS = ['production', 'staging'];
const TABLES = ['users', 'orders', 'payments'];
const DEVICES = ['the front door', 'the garage door', 'the back door'];
const COMMANDS: readonly [string, Verb[], Scope][] = [
  ['`npm install`', ['execute'], { commands: ['npm install'] }],
  ['`npx`', ['execute'], { commands: ['npx'] }],
  ['`terraform destroy`', ['execute'], { commands: ['terraform destroy'] }],
  ['`git push --force`', ['force-push'], {}],
  ['`rm -rf`', ['delete'], {}],
];

const STEPS = {
  backup: { base: 'back it up', gerund: 'backing it up', verbs: ['backup'] as Verb[] },
  tests: { base: 'run the tests', gerund: 'running the tests', verbs: ['run-tests'] as Verb[] },
};

/** At least 100 rules, of the three kinds, over paths, branches, environments, tables, devices and commands. */
export function metamorphicBases(): Base[] {
  const bases: Base[] = [
    ...pathBases(DELETE, 'prohibition'),
    ...pathBases(MODIFY, 'prohibition'),
    ...pathBases(OVERWRITE, 'prohibition').slice(5),
    ...pathBases(EDIT, 'confirmation').slice(0, 5),
    ...pathBases(REMOVE, 'confirmation').slice(0, 5),
    ...pathBases(DELETE, 'prerequisite').slice(0, 5).map((b) => ({ ...b, step: STEPS.backup })),
    ...BRANCHES.flatMap((branch) => [
      { kind: 'prohibition' as const, action: PUSH, object: branch, code: `\`${branch}\``, thing: branch, scope: { branches: [branch] } },
      { kind: 'prohibition' as const, action: FORCE_PUSH, object: branch, code: `\`${branch}\``, thing: branch, scope: { branches: [branch] } },
      { kind: 'confirmation' as const, action: PUSH, object: branch, code: `\`${branch}\``, thing: branch, scope: { branches: [branch] } },
      { kind: 'prerequisite' as const, action: PUSH, object: branch, code: `\`${branch}\``, thing: branch, scope: { branches: [branch] }, step: STEPS.tests },
    ]),
    ...ENVIRONMENTS.flatMap((environment) => [
      { kind: 'prohibition' as const, action: DEPLOY, object: environment, code: `\`${environment}\``, thing: environment, scope: { environments: [environment] } },
      { kind: 'confirmation' as const, action: DEPLOY, object: environment, code: `\`${environment}\``, thing: environment, scope: { environments: [environment] } },
      { kind: 'prerequisite' as const, action: DEPLOY, object: environment, code: `\`${environment}\``, thing: environment, scope: { environments: [environment] }, step: STEPS.tests },
    ]),
    ...TABLES.flatMap((table) => [
      { kind: 'prohibition' as const, action: DROP, object: `the ${table} table`, code: `the \`${table}\` table`, thing: `the ${table} table`, scope: { tables: [table] } },
      { kind: 'prohibition' as const, action: TRUNCATE, object: `the ${table} table`, code: `the \`${table}\` table`, thing: `the ${table} table`, scope: { tables: [table] } },
      { kind: 'confirmation' as const, action: DROP, object: `the ${table} table`, code: `the \`${table}\` table`, thing: `the ${table} table`, scope: { tables: [table] } },
    ]),
    ...DEVICES.flatMap((device) => [
      { kind: 'prohibition' as const, action: UNLOCK, object: device, code: device, thing: device, scope: { devices: [device.replace(/^the /, '')] } },
      { kind: 'confirmation' as const, action: UNLOCK, object: device, code: device, thing: device, scope: { devices: [device.replace(/^the /, '')] } },
    ]),
    ...['the board meeting', 'the investor call'].flatMap((event) => [
      { kind: 'prohibition' as const, action: CANCEL, object: event, code: event, thing: event, scope: { events: [event.replace(/^the /, '').replace(/ (meeting|call)$/, '')] } },
      { kind: 'confirmation' as const, action: CANCEL, object: event, code: event, thing: event, scope: { events: [event.replace(/^the /, '').replace(/ (meeting|call)$/, '')] } },
    ]),
    ...pathBases(WIPE, 'prohibition').slice(0, 4),
    ...pathBases(PURGE, 'confirmation').slice(0, 3),
    ...pathBases(MOVE, 'prohibition').slice(0, 3),
    { kind: 'prohibition', action: SEND, object: 'anyone outside acme.io', code: 'anyone outside `acme.io`', thing: 'anyone outside acme.io', scope: { allowedDomains: ['acme.io'] } },
    { kind: 'confirmation', action: SEND, object: 'anyone outside acme.io', code: 'anyone outside `acme.io`', thing: 'anyone outside acme.io', scope: { allowedDomains: ['acme.io'] } },
    { kind: 'prohibition', action: SEND, object: 'k.ito@gmail.com', code: '`k.ito@gmail.com`', thing: 'k.ito@gmail.com', scope: { recipients: ['k.ito@gmail.com'] } },
    { kind: 'prohibition', action: PAY, object: 'anything over $500', code: 'anything over **$500**', thing: 'nothing over $500', scope: { amountAbove: 500, currency: 'USD' } },
    { kind: 'confirmation', action: PAY, object: 'anything over $1,000', code: 'anything over **$1,000**', thing: 'nothing over $1,000', scope: { amountAbove: 1000, currency: 'USD' } },
    { kind: 'confirmation', action: PAY, object: 'any invoice over 200 euros', code: 'any invoice over 200 euros', thing: 'no invoice over 200 euros', scope: { amountAbove: 200, currency: 'EUR' } },
    { kind: 'prohibition', action: DISABLE, object: 'the alarm', code: 'the alarm', thing: 'the alarm', scope: { devices: ['alarm'] } },
    { kind: 'confirmation', action: DISABLE, object: 'the security cameras', code: 'the security cameras', thing: 'the security cameras', scope: { devices: ['security cameras'] } },
    { kind: 'prohibition', action: RESCHEDULE, object: 'the board review', code: 'the board review', thing: 'the board review', scope: { events: ['board review'] } },
    { kind: 'confirmation', action: RESCHEDULE, object: 'my dentist appointment', code: 'my dentist appointment', thing: 'my dentist appointment', scope: { events: ['dentist'] } },
    ...COMMANDS.flatMap(([command, verbs, scope]) => [
      { kind: 'prohibition' as const, action: RUN, object: command, code: command, thing: command, scope, verbs },
      { kind: 'confirmation' as const, action: RUN, object: command, code: command, thing: command, scope, verbs },
    ]),
  ];
  return bases;
}

/** What a base compiles to. */
export function expectedOf(base: Base): ExpectedRule[] {
  const trigger = [...(base.verbs ?? base.action.verbs)];
  return [{ kind: base.kind, trigger, scope: base.scope, ...(base.step && { requires: [...base.step.verbs] }) }];
}

export const REWRITES = ['plain', 'trailing clause', 'shorthand', 'typo', 'passive', 'third person', 'qualifier', 'nominalisation', 'markdown'] as const;
export type Rewrite = (typeof REWRITES)[number];

const REASONS = ['the team relies on it', 'it took a week to set up', 'finance reconciles it nightly', "it's the only copy we have"];

/** The base written one way. */
export function rewrite(base: Base, how: Rewrite, index: number): string {
  const { action: a, object, code, thing } = base;
  const reason = REASONS[index % REASONS.length] as string;
  // A sentence opens with a capital, but not a file name or a command ("config.yaml must never…").
  const Thing = /^[a-z]+(?:\s|$)/.test(thing) ? thing.charAt(0).toUpperCase() + thing.slice(1) : thing;
  // The passive of a phrase that ends in a preposition keeps it: "main must never be pushed to".
  const participle = a.participle;
  switch (base.kind) {
    case 'prohibition':
      switch (how) {
        case 'plain': return `Never ${a.base} ${object}.`;
        case 'trailing clause': return `Don't ${a.base} ${object}, ${reason}.`;
        case 'shorthand': return `pls dont ${a.base} ${object} thx`;
        case 'typo': return `Never ${a.typo} ${object}.`;
        case 'passive': return `${Thing} must never be ${participle}.`;
        case 'third person': return `The agent must never ${a.base} ${object}.`;
        case 'qualifier': return `While I'm out this week, never ${a.base} ${object}.`;
        case 'nominalisation': return `No ${a.noun} ${object}.`;
        case 'markdown': return `- **Never** ${a.base} ${code}.`;
      }
      break;
    case 'confirmation':
      switch (how) {
        case 'plain': return `Ask me before ${a.gerund} ${object}.`;
        case 'trailing clause': return `Check with me before you ${a.base} ${object}, ${reason}.`;
        case 'shorthand': return `pls ask me b4 u ${a.base} ${object}`;
        case 'typo': return `Ask me befroe ${a.gerund} ${object}.`;
        case 'passive': return `${Thing} must not be ${participle} without my approval.`;
        case 'third person': return `Don't ${a.base} ${object} without asking Priya first.`;
        case 'qualifier': return `On Mondays, never ${a.base} ${object} unless I say so.`;
        case 'nominalisation': return `No ${a.noun} ${object} without my OK.`;
        case 'markdown': return `- **Ask first** before ${a.gerund} ${code}.`;
      }
      break;
    case 'prerequisite': {
      const step = base.step ?? STEPS.backup;
      switch (how) {
        case 'plain': return `Before you ${a.base} ${object}, ${step.base} first.`;
        case 'trailing clause': return `Always ${step.base} before ${a.gerund} ${object}, ${reason}.`;
        case 'shorthand': return `pls ${step.base} b4 u ${a.base} ${object}`;
        case 'typo': return `Alwyas ${step.base} before ${a.gerund} ${object}.`;
        case 'passive': return `${Thing} must never be ${participle} without ${step.gerund} first.`;
        case 'third person': return `The agent must ${step.base} before ${a.gerund} ${object}.`;
        case 'qualifier': return `This week, ${step.base} before you ${a.base} ${object}.`;
        case 'nominalisation': return `No ${a.noun} ${object} without ${step.gerund} first.`;
        case 'markdown': return `- Always **${step.base}** before ${a.gerund} ${code}.`;
      }
    }
  }
  throw new Error(`no rewrite ${how} for a ${base.kind}`);
}
