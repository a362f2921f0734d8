import type { Verb } from '../actions';

/**
 * The words extraction knows, as data. Phrases are written in base forms (lemmas), one space between
 * words; `*` stands for up to two words in between ("back * up" reads "back it up", "back the files
 * up"). Inflected forms (deleting, backed, sends) are folded onto these by the word model.
 */

/** What kind of thing an action's object is; it picks the verbs a word means ("drop" a table vs a file). */
export type TargetContext = 'path' | 'database' | 'recipient' | 'money' | 'branch' | 'environment' | 'device' | 'event';

/** A family of words that mean one action: the verbs it triggers, by what its object is. */
export interface ActionFamily {
  readonly verbs: readonly Verb[];
  readonly by?: Partial<Record<TargetContext, readonly Verb[]>>;
  /** The action is a prerequisite step ("back up", "run the tests") when it appears as the thing to do first. */
  readonly satisfies?: boolean;
}

const MODIFY_FILES: readonly Verb[] = ['delete', 'overwrite', 'write', 'move'];

export const FAMILIES = {
  remove: { verbs: ['delete'], by: { database: ['delete', 'drop', 'truncate'], event: ['cancel', 'delete'] } },
  truncate: { verbs: ['truncate'] },
  modify: { verbs: ['write', 'overwrite'], by: { database: ['update', 'alter'], event: ['reschedule'] } },
  schemaChange: { verbs: ['alter'] },
  overwrite: { verbs: ['overwrite'] },
  write: { verbs: ['write', 'overwrite'], by: { database: ['update'] } },
  move: { verbs: ['move'], by: { event: ['reschedule'] } },
  read: { verbs: ['read'] },
  backup: { verbs: ['backup'], satisfies: true },
  send: { verbs: ['send'] },
  pay: { verbs: ['pay'], by: { path: ['move'] } },
  deploy: { verbs: ['deploy'] },
  push: { verbs: ['push', 'force-push'], by: { environment: ['deploy', 'push'], event: ['reschedule'] } },
  forcePush: { verbs: ['force-push'] },
  rewriteHistory: { verbs: ['rewrite-history'] },
  discard: { verbs: ['discard-changes'], by: { path: ['delete'] } },
  test: { verbs: ['run-tests'], satisfies: true },
  cancel: { verbs: ['cancel'] },
  reschedule: { verbs: ['reschedule'] },
  create: { verbs: ['create'], by: { path: ['write'] } },
  unlock: { verbs: ['unlock', 'open'] },
  open: { verbs: ['open'], by: { device: ['open', 'unlock'], path: ['read'] } },
  disable: { verbs: ['disable'] },
  /** "Leave it alone", "don't touch": any change to the thing. */
  touch: {
    verbs: MODIFY_FILES,
    by: {
      database: ['delete', 'drop', 'truncate', 'update', 'alter'],
      branch: ['push', 'force-push', 'rewrite-history'],
      environment: ['deploy'],
      device: ['unlock', 'open', 'disable'],
      event: ['cancel', 'reschedule'],
    },
  },
} as const satisfies Record<string, ActionFamily>;
export type FamilyName = keyof typeof FAMILIES;

/** Words and phrases for actions, by family. Nouns ("deletion", "snapshot") count as mentions too. */
export const ACTION_WORDS: Readonly<Record<FamilyName, readonly string[]>> = {
  remove: [
    'delete', 'remove', 'rm', 'erase', 'purge', 'wipe', 'wipe * out', 'trash', 'nuke', 'destroy', 'get rid of', 'clear', 'clear * out',
    'clean * out', 'clean * up', 'throw * away', 'throw * out', 'unlink', 'shred', 'prune', 'empty', 'drop', 'deletion', 'removal',
  ],
  truncate: ['truncate'],
  modify: ['modify', 'edit', 'change', 'tweak', 'update', 'mess with', 'tamper with', 'modification', 'edit', 'rewrite'],
  schemaChange: ['alter', 'migrate', 'migration', 'schema change', 'add * column', 'rename * column'],
  overwrite: ['overwrite', 'clobber', 'replace', 'write over'],
  write: ['write', 'write to', 'save'],
  move: ['move', 'rename', 'relocate', 'mv'],
  read: ['read', 'access', 'view', 'cat'],
  backup: [
    'back * up', 'backup', 'copy', 'make * copy', 'keep * copy', 'take * copy', 'save * copy', 'archive', 'dump', 'snapshot',
    'duplicate', 'export',
  ],
  send: ['send', 'send * out', 'email', 'e-mail', 'mail', 'share', 'forward', 'message', 'cc', 'bcc', 'reply', 'post'],
  pay: ['pay', 'pay * out', 'transfer', 'settle', 'wire', 'remit', 'send money', 'purchase', 'buy', 'spend', 'payment', 'reimburse', 'refund'],
  deploy: ['deploy', 'ship', 'release', 'roll * out', 'launch', 'publish', 'go live', 'deployment', 'rollout'],
  push: ['push'],
  forcePush: ['force push', 'force-push', 'push * force', 'push f', 'forcepush'],
  rewriteHistory: ['rewrite * history', 'history rewrite', 'rebase', 'amend', 'squash'],
  discard: ['discard', 'discard * change', 'throw * away * change', 'reset * hard', 'hard reset', 'revert * change'],
  test: ['test', 'run * test', 'run * test suite', 'test suite', 'test run', 'test pass', 'ci', 'ci pass'],
  cancel: ['cancel', 'call * off', 'decline', 'cancellation', 'axe'],
  reschedule: ['reschedule', 'postpone', 'push * back', 'delay', 'move * back'],
  create: ['create', 'schedule', 'book'],
  unlock: ['unlock', 'unbolt', 'unlatch'],
  open: ['open'],
  disable: ['disable', 'turn * off', 'switch * off', 'shut * off', 'deactivate', 'disarm', 'power * off'],
  touch: ['touch', 'mess with', 'tamper with', 'meddle with', 'fiddle with'],
};

/** Word pairs that look like an action but are not one ("move on", "pay attention"): word, then what follows. */
export const NOT_ACTIONS: readonly string[] = [
  'move on', 'move forward', 'move ahead', 'move along', 'pay attention', 'pay * visit', 'pay off', 'settle down', 'settle in',
  'drop by', 'drop in', 'drop off', 'drop * line', 'push back', 'push yourself', 'back * bit', 'back * second', 'back off',
  'clear * head', 'clear * throat', 'clear * mind', 'open up', 'message me', 'reply to me', 'change * mind', 'spend time',
  'copy that', 'test drive', 'release * tension', 'launch into', 'email me', 'send me', 'share * thought', 'post office',
];

/** Words that negate what follows (lemmas; "n't" arrives as "not"). */
export const NEGATIONS: readonly string[] = ['not', 'never', 'no', 'nothing', 'nobody', 'no one', 'none', 'neither', 'nor'];

/** Verbs that forbid their gerund: "avoid deleting", "stop pushing", "refrain from paying". */
export const FORBIDDING_VERBS: readonly string[] = ['avoid', 'refrain from', 'stop', 'quit', 'cease'];

/** Phrases that forbid what precedes or follows: "is forbidden", "is off-limits". */
export const FORBIDDEN_WORDS: readonly string[] = [
  'forbid', 'forbidden', 'prohibit', 'prohibited', 'ban', 'banned', 'off-limits', 'off limits', 'off the table', 'no-go', 'not allow',
  'not allowed', 'not permit', 'not permitted', 'under no circumstance', 'at no time', 'at no point', 'not ok', 'not okay',
];

/** "Leave X alone", "hands off X": keep the thing as it is. */
export const LEAVE_ALONE: readonly string[] = ['leave * alone', 'leave * be', 'hands off', 'stay away from', 'stay out of', 'keep away from', 'keep out of'];
export const READ_ONLY: readonly string[] = ['read-only', 'read only', 'off-limits', 'off limits', 'untouchable', 'sacred', 'frozen'];

/** "Keep the door locked": the state to keep, and the families that would break it. */
export const KEEP_STATES: Readonly<Record<string, FamilyName>> = {
  locked: 'unlock',
  lock: 'unlock',
  shut: 'open',
  closed: 'open',
  close: 'open',
  on: 'disable',
  armed: 'disable',
  enabled: 'disable',
  running: 'disable',
};

/** Asking the person first: phrases that make a rule a confirmation. */
export const ASK_PHRASES: readonly string[] = [
  'ask me', 'ask us', 'ask first', 'ask the user', 'ask for permission', 'ask for approval', 'ask permission', 'ask', 'check with me',
  'check with us', 'check with the user', 'check in with me', 'check in', 'confirm with me', 'confirm with us', 'confirm with the user',
  'consult me', 'consult with me', 'run * by me', 'run * past me', 'clear * with me', 'let me know', 'let me confirm', 'let me approve',
  'let me check', 'let me decide', 'ping me', 'talk to me', 'get my', 'get the user', 'wait for my', 'wait for me', 'get approval',
  'get permission', 'get sign-off', 'get a sign-off', 'get confirmation', 'get explicit', 'seek approval', 'seek my', 'request approval',
  'asking me', 'checking with me', 'confirming with me', 'confirmation from me', 'confirmation from the user',
];

/** Nouns of approval: "my OK", "the user's sign-off", "explicit approval". */
export const APPROVAL_NOUNS: readonly string[] = [
  'ok', 'okay', 'approval', 'permission', 'sign-off', 'signoff', 'sign off', 'go-ahead', 'go ahead', 'consent', 'green light', 'blessing',
  'confirmation', 'authorization', 'authorisation', 'say-so', 'say so', 'agreement', 'approve', 'nod',
];

/** The person approving, said by them: "until I approve", "unless I say so". */
export const APPROVER_VERBS: readonly string[] = [
  'approve', 'say so', 'say', 'confirm', 'agree', 'okay', 'ok', 'sign off', 'allow', 'authorize', 'authorise', 'give', 'tell', 'reply',
  'respond', 'answer', 'decide', 'green-light', 'greenlight', 'ask',
];

/** "needs my OK", "requires a backup": a requirement stated about the action. */
export const REQUIRE_VERBS: readonly string[] = ['need', 'require', 'must be preceded by', 'be subject to', 'have to wait for', 'must wait for', 'depend on'];

/** Words between "before/without" and the action that carry no meaning of their own. */
export const OBLIGATION_WORDS: readonly string[] = [
  'always', 'make sure', 'be sure', 'ensure', 'remember to', 'do not forget to', 'must', 'need to', 'have to', 'should', 'first', 'please',
];

/** Revocations: a rule being taken back. */
export const REVOKE_VERBS: readonly string[] = [
  'scratch', 'forget', 'ignore', 'disregard', 'drop', 'cancel', 'lift', 'remove', 'undo', 'withdraw', 'retract', 'revoke', 'rescind',
  'waive', 'strike', 'never mind', 'nevermind', 'take back', 'throw out', 'scrap', 'delete', 'abandon', 'suspend', 'relax', 'override',
];
export const RULE_NOUNS: readonly string[] = [
  'rule', 'instruction', 'constraint', 'restriction', 'requirement', 'policy', 'ban', 'condition', 'guideline', 'limit', 'request',
  'what i say', 'what i tell you', 'what i mention', 'what i write', 'what i ask', 'that', 'this', 'it', 'earlier', 'before',
];
/** "no longer applies", "is lifted": a rule said to be over. */
export const RULE_ENDED: readonly string[] = [
  'no longer apply', 'not apply', 'no longer stand', 'no longer hold', 'no longer matter', 'be lift', 'be lifted', 'be off', 'be over',
  'be void', 'be cancel', 'be cancelled', 'be canceled', 'be gone', 'be obsolete', 'be no longer', 'be revoke', 'be revoked', 'be suspend',
  'be suspended', 'be not need', 'be not needed',
];
/** "You no longer need to…", "no need to… anymore". */
export const NO_LONGER_NEEDED: readonly string[] = [
  'no longer need to', 'no longer have to', 'no longer need', 'not need to', 'not have to', 'no need to', 'not need', 'no longer required to',
  'not required to', 'not necessary to', 'not necessary', 'no longer necessary', 'not need to bother', 'stop', 'quit',
];
/** Time words that turn a permission into a change of rules: "you can delete temp files now". */
export const FROM_NOW_ON: readonly string[] = ['now', 'anymore', 'any more', 'from now on', 'going forward', 'again', 'no longer', 'any longer', 'henceforth'];
/** Permission: "you can", "feel free to", "it's fine to". */
export const PERMISSIONS: readonly string[] = [
  'you can', 'you may', 'feel free to', 'be fine to', 'be ok to', 'be okay to', 'be free to', 'go ahead and', 'be allow to', 'be allowed to',
  'be permit to', 'be permitted to', 'fine to', 'ok to', 'okay to',
];

/** Signs a sentence is not an instruction to the agent. */
export const HYPOTHETICAL: readonly string[] = [
  'what if', 'suppose', 'supposing', 'imagine', 'hypothetically', 'if i be', 'if i were', 'in theory', 'pretend', 'let us say', 'say you',
  'in a story', 'in the story', 'in the novel', 'in the movie', 'in the book', 'in the game', 'would you ever', 'do you ever',
];
export const REPORTING_VERBS: readonly string[] = ['say', 'tell', 'write', 'recommend', 'suggest', 'advise', 'claim', 'insist', 'warn', 'read', 'hear', 'teach'];
export const ADVICE_OPENERS: readonly string[] = [
  'it be good practice', 'it be a good idea', 'it be wise', 'it be smart', 'good practice be', 'a good rule of thumb', 'rule of thumb',
  'people should', 'one should', 'everyone should', 'most people', 'experts', 'generally',
];
/** Polite request openers; a question that starts with one is a request. */
export const POLITE_REQUESTS: readonly string[] = ['can you', 'could you', 'would you', 'will you', 'would you mind', 'can you please', 'could you please'];

/** Connectors that tie an action to another. */
export const CONNECTORS = {
  before: ['before', 'prior to', 'ahead of', 'until', 'till', 'unless'],
  after: ['after', 'once', 'only after', 'only once', 'only when', 'only if', 'not until', 'only with'],
  without: ['without'],
  condition: ['while', 'when', 'whenever', 'if', 'during', 'as long as', 'each time', 'every time', 'any time', 'because', 'since', 'so that', 'in case'],
  except: ['except', 'except for', 'other than', 'besides', 'apart from', 'aside from', 'but not', 'excluding'],
} as const;

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
export const DATABASE_NOUNS: readonly string[] = ['database', 'db', 'schema', 'datastore', 'data store'];
export const TABLE_NOUNS: readonly string[] = ['table', 'collection'];
export const DATABASE_CONTEXT_WORDS: readonly string[] = ['database', 'db', 'table', 'schema', 'column', 'row', 'record', 'sql', 'index', 'collection', 'migration'];
export const EVENT_CONTEXT_WORDS: readonly string[] = ['calendar', ...EVENT_NOUNS];
export const BRANCH_NOUNS: readonly string[] = ['branch'];
export const WELL_KNOWN_BRANCHES: readonly string[] = ['main', 'master', 'develop', 'trunk', 'gh-pages'];
export const ENVIRONMENT_NAMES: readonly string[] = ['production', 'prod', 'staging', 'stage', 'live', 'development', 'dev', 'qa', 'uat', 'preprod', 'pre-prod', 'sandbox'];
export const ENVIRONMENT_NOUNS: readonly string[] = ['environment', 'env', 'cluster', 'server', 'servers', 'site', 'stack'];
export const FOLDER_NOUNS: readonly string[] = ['folder', 'directory', 'dir', 'repo', 'repository', 'bucket'];
/** Words that name "everything" as an object: a rule over them has no narrower scope. */
export const UNIVERSAL_OBJECTS: readonly string[] = [
  'anything', 'everything', 'all', 'any', 'every', 'each', 'nothing', 'stuff', 'thing', 'something', 'whatever', 'anyone', 'anybody',
  'everyone', 'everybody', 'no one', 'nobody',
];
/** A bare pronoun or demonstrative object points at something said before: alone it names no scope. */
export const ANAPHORS: readonly string[] = ['it', 'that', 'this', 'them', 'those', 'these', 'him', 'her', 'one'];

/** Amount comparators: "over $500" means above 500; "$500 or more" means 500 and above. */
export const ABOVE_WORDS: readonly string[] = [
  'over', 'above', 'more than', 'greater than', 'larger than', 'bigger than', 'higher than', 'exceeding', 'exceed', 'in excess of',
  'upwards of', 'north of', 'beyond', 'past',
];
export const AT_LEAST_WORDS: readonly string[] = ['at least', 'minimum of', 'or more', 'or above', 'or higher', 'and up', 'and above', 'or over'];
export const BELOW_WORDS: readonly string[] = ['under', 'below', 'less than', 'lower than', 'smaller than', 'up to', 'within'];
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', '₩': 'KRW', '₽': 'RUB', '₣': 'CHF' };
export const CURRENCY_WORDS: Readonly<Record<string, string>> = {
  dollar: 'USD', dollars: 'USD', usd: 'USD', buck: 'USD', bucks: 'USD', euro: 'EUR', euros: 'EUR', eur: 'EUR', pound: 'GBP', pounds: 'GBP',
  gbp: 'GBP', quid: 'GBP', yen: 'JPY', jpy: 'JPY', cad: 'CAD', aud: 'AUD', chf: 'CHF', franc: 'CHF', francs: 'CHF', inr: 'INR', rupee: 'INR',
  rupees: 'INR', sek: 'SEK', nok: 'NOK', dkk: 'DKK', krona: 'SEK', kronor: 'SEK', mxn: 'MXN', brl: 'BRL', cny: 'CNY', yuan: 'CNY',
};

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
  'crt', 'ipynb', 'swift', 'lua', 'r', 'scala', 'vue', 'svelte', 'tf', 'tfstate', 'proto', 'graphql', 'gradle', 'pom', 'plist', 'dockerfile',
];
/** Slash pairs that are words, not paths: "and/or", "read/write". */
export const NOT_PATHS: readonly string[] = [
  'and/or', 'he/she', 'his/her', 'him/her', 's/he', 'yes/no', 'on/off', 'read/write', 'input/output', 'pros/cons', 'either/or', 'w/o',
  'n/a', 'tcp/ip', 'client/server', 'true/false', 'male/female', 'am/pm', 'i/o', 'a/b', 'q&a', 'day/night', 'open/close', 'start/stop',
  'this/that', 'now/then', 'etc/etc', 'km/h', 'mi/h',
];
