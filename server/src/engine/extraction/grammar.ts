import { VERBS, type Verb } from '../actions/actions';
import { type ConstraintRule, SCOPE_TARGET_FIELDS, type Scope, unmeetableField } from '../constraints/constraints';
import { type CommandRule, TOOL_NAME, commandRule } from './commands';
import { BETWEEN_LISTED, type Entity, KNOWN_PROGRAMS, NO_SUBCOMMANDS, amountEntities, commandEntities, isRecord, listedNameWords, phraseEntities, textEntities } from './entities';
import * as L from './lexicon';
import type { FamilyName, TargetContext } from './lexicon';
import { type Phrase, compile, findAll, findFirst, matchAt, startsWith, wordSet } from './match';
import { GLOSSED_SCRIPT } from './glosses';
import { readable } from './normalize';
import { PROTECTED_KIND, type Sentence } from './sentences';
import { baseForms } from './baseForms';
import { type Word } from './words';
import { wordTable } from '../text';

/** What one clause says, as far as extraction understands it. */
export type Reading =
  | { readonly kind: 'constraint'; readonly rule: ConstraintRule; readonly checks?: readonly string[] }
  | { readonly kind: 'revocation'; readonly topic?: { readonly verbs: readonly Verb[]; readonly scope: Scope } }
  /** A rule was stated, but not in a way the vocabulary can say exactly: it governs nothing, and says why. */
  | { readonly kind: 'unresolved'; readonly reason: string };

type Form = 'base' | 'gerund' | 'past' | 'third';

/** An action word or phrase: words [start, end); a named command is one too, with the rule it stands for. */
interface Mention {
  readonly family: FamilyName;
  readonly start: number;
  readonly end: number;
  readonly form: Form;
  readonly command?: CommandRule;
  /** A command said as an operation in words ("merge PRs"), which is an action of its own beside others. */
  readonly saidInWords?: true;
  /** Words inside the phrase's gaps ("run the full test suite": the, full): they may narrow it. */
  readonly gaps?: readonly number[];
  /** A passive phrase's thing, said before it ("CI checks must not be bypassed"): its noun and the words that sort it. */
  readonly thing?: Range;
}

/** Words [from, to). */
interface Range {
  readonly from: number;
  readonly to: number;
}

/** A rule before its scope is compiled: the actions it governs and where its targets are written. */
interface Draft {
  readonly kind: ConstraintRule['kind'];
  readonly triggers: readonly Mention[];
  readonly requires?: readonly Mention[];
  /** Where the governed action's object is written (its targets). */
  readonly regions: readonly Range[];
  /** Where a prerequisite step's object is written: its targets count, its other words do not narrow the rule. */
  readonly stepRegions?: readonly Range[];
  /** "only ever send to acme.io": the domains named are the allowed ones. */
  readonly allowListed?: boolean;
  /** An example of a category ("actions that update the database (booking, modifying flights…)"): its object describes, it does not narrow. */
  readonly example?: boolean;
  /** Where the rule holds, said apart from its object ("On main, never force push", "… when on main"): the targets named there narrow it. */
  readonly whereRegions?: readonly Range[];
}

/** A frame's reading of a clause: drafts of rules, nothing at all, or a rule it found and cannot state (a note). */
type Outcome = { readonly drafts: readonly Draft[] } | 'nothing' | { readonly unresolved: string };

// ---- the compiled lexicon ------------------------------------------------------------------------

interface ActionPhrase {
  readonly phrase: Phrase;
  readonly family: FamilyName;
}
const ACTIONS_BY_FIRST = new Map<string, ActionPhrase[]>();
for (const [family, phrases] of Object.entries(L.ACTION_WORDS) as [FamilyName, readonly string[]][]) {
  for (const phrase of compile(phrases)) {
    const first = phrase[0] as string;
    ACTIONS_BY_FIRST.set(first, [...(ACTIONS_BY_FIRST.get(first) ?? []), { phrase, family }]);
  }
}

const P = {
  notActions: compile(L.NOT_ACTIONS),
  negations: compile(L.NEGATIONS),
  forbidding: compile(L.FORBIDDING_VERBS),
  forbidden: compile(L.FORBIDDEN_WORDS),
  leaveAlone: compile(L.LEAVE_ALONE),
  readOnly: compile(L.READ_ONLY),
  ask: compile(L.ASK_PHRASES),
  approvalNouns: compile(L.APPROVAL_NOUNS),
  approverClauses: compile(L.APPROVER_CLAUSES),
  personApproves: compile(L.PERSON_APPROVES),
  approvedBy: compile(L.APPROVED_PARTICIPLES),
  require: compile(L.REQUIRE_VERBS),
  revoke: compile(L.REVOKE_VERBS),
  ruleNouns: compile(L.RULE_NOUNS),
  ruleEnded: compile(L.RULE_ENDED),
  noLonger: compile(L.NO_LONGER_NEEDED),
  stopDoing: compile(L.STOP_DOING),
  permissions: compile(L.PERMISSIONS),
  hypothetical: compile(L.HYPOTHETICAL),
  notInForce: compile(L.NOT_IN_FORCE),
  advice: compile(L.ADVICE_OPENERS),
  polite: compile(L.POLITE_REQUESTS),
  openers: compile(L.OPENERS),
  obligations: compile(L.OBLIGATIONS),
  before: compile(L.CONNECTORS.before),
  until: compile(L.CONNECTORS.until),
  after: compile(L.CONNECTORS.after),
  without: compile(L.CONNECTORS.without),
  whenever: compile(L.CONNECTORS.whenever),
  condition: compile(L.CONNECTORS.condition),
  except: compile(L.CONNECTORS.except),
  topicMarkers: compile(L.TOPIC_MARKERS),
  insteadOf: compile(['instead of', 'rather than', 'in place of', 'over', 'and not', 'but not', 'never']),
  putAside: compile(['instead of', 'rather than', 'in place of']),
  outside: compile(L.OUTSIDE_WORDS),
  sendOut: compile(L.SEND_OUT),
  onOwnAccord: compile(L.ON_OWN_ACCORD),
  delegatedBy: compile(L.DELEGATED_BY),
  takeCareOf: compile(['take care of']),
  contexts: {
    database: compile(L.DATABASE_CONTEXT_WORDS),
    event: compile(L.EVENT_CONTEXT_WORDS),
    device: compile(L.DEVICE_NOUNS),
    file: compile(['file', 'files', 'document', 'documents', 'folder', 'folders', 'directory', 'directories']),
    record: compile([...L.RECORD_NOUNS, ...L.RECORD_SORT_WORDS.map((sort) => `${sort} class`)]),
    calendar: compile(['calendar', 'calendars', 'meeting', 'meetings', 'schedule', 'agenda', 'time', 'date', 'tomorrow', 'today']),
    git: compile(['git', 'version control', 'vcs']),
  },
  /** What "git" is the kind of when it names the repository itself: "git operations", "the git history". */
  gitItself: wordSet(['operation', 'operations', 'command', 'commands', 'action', 'actions', 'repository', 'repo', 'history', 'state', 'tree', 'mode', 'access']),
};
const KEEP_STATE_PHRASES = Object.entries(L.KEEP_STATES).map(([state, family]) => ({ phrase: compile([state])[0] as Phrase, family }));
const SKIP = wordSet(L.SKIPPABLE);
const VERB_ONLY_SKIP = wordSet(L.VERB_ONLY_SKIPPABLE);
const ROW_NOUNS = wordSet(L.ROW_NOUNS);
const WORK_STATES = wordSet(L.WORK_STATES);
const DATABASE_WORDS = wordSet(L.DATABASE_WORDS);
const RECORDS = wordSet(L.RECORD_NOUNS);
const PARTY_SORTS = new Set(L.PARTY_SORT_WORDS);
const PROGRAM_CALLS = new Set(L.PROGRAM_CALL_WORDS);
const PAYMENT_INSTRUMENTS = wordSet(L.PAYMENT_INSTRUMENTS);
const MESSAGE_KINDS = wordSet(L.MESSAGE_KINDS);
const GENERIC_EVENT_WORDS = wordSet(L.GENERIC_EVENT_NOUNS);
const FORGE_HOSTS = wordSet(L.FORGE_HOSTS);
const REMOTES = wordSet([...L.FORGE_HOSTS, ...L.REMOTE_NAMES]);
const REPOSITORY_THINGS = wordSet(L.REPOSITORY_THINGS);
const REGISTRIES = wordSet(L.PACKAGE_REGISTRIES);
/** Waiting for, getting or needing an approval: "wait for an explicit push instruction", "warrant confirmation". */
const SEEKING_APPROVAL = compile(L.SEEKING_APPROVAL);
const LISTENERS = wordSet(L.NEGATION_LISTENERS);
const UNIVERSAL = wordSet(L.UNIVERSAL_OBJECTS);
const ANAPHOR = wordSet(L.ANAPHORS);
const DEFINITE = wordSet(L.DEFINITE_DETERMINERS);
const GENERIC = wordSet(L.GENERIC_OBJECTS);
const ONE_PER_PROJECT = wordSet(L.ONE_PER_PROJECT);
const SHIPPED_PRODUCTS = wordSet(L.SHIPPED_PRODUCTS);
/** "deploy the app", "publish the package": the project's own product, which every deploy or publish ships. */
const shipsProduct = (families: ReadonlySet<FamilyName>, w: Word | undefined) => (families.has('deploy') || families.has('publish')) && has(SHIPPED_PRODUCTS, w);
const RECORD_SORTS = wordSet(L.RECORD_SORT_WORDS);
const DESCRIPTIVE = wordSet(L.DESCRIPTIVE);
/** Generic words that stay broad even before another noun: "code changes" are changes. */
const BROAD = wordSet(['code', 'source', 'any', 'all', 'new', 'existing', 'local', 'current', 'slack', 'email', 'e-mail', 'chat']);
const FUNCTION = wordSet(L.FUNCTION_WORDS);
const REPORTING = wordSet(L.REPORTING_VERBS);
const PRESENTING = wordSet(L.PRESENTING_VERBS);
const PASS_ON = wordSet(L.PASS_ON_VERBS);
const ME = wordSet(['me', 'us', 'user', 'human', 'owner', 'my', 'our', 'myself', 'ourselves', 'you', ...L.AGENT_NAMES]);
const AGENT_NAMES = wordSet(L.AGENT_NAMES);
const OWNERS = wordSet(L.APPROVAL_OWNERS);
const REQUEST = wordSet(L.REQUEST_VERBS);
const EXPLICITLY = wordSet(L.EXPLICITLY);
const GRANTERS = wordSet(L.GRANTERS);
const DELEGATES = wordSet(L.DELEGATES);
const DELEGATED_ROLES = wordSet(L.DELEGATED_ROLES);
const WANT = wordSet(L.WANT_VERBS);
const BE_OR_GET = wordSet(['be', 'get']);
// (A slash between spaces lists too: "Commit / PR only when asked".)
const COORDINATORS = wordSet(['or', 'and', 'nor', '/']);
const CLAUSE_STARTERS = wordSet(L.CLAUSE_STARTERS);
const CHECKING = wordSet(L.CHECKING_VERBS);
const CLAUSE_JOINERS = wordSet(['and', 'so', 'then', 'plus', 'also']);
const SUBORDINATORS = wordSet(['if', 'when', 'whenever', 'before', 'after', 'unless', 'once', 'while', 'until', 'as', 'since', 'because', 'although', 'though', 'where', 'wherever', 'in case', 'even']);
const CONTRASTS = wordSet(['but', 'however', 'although', 'though', 'whereas', 'yet']);
// ("…, especially Hugo template changes": what a rule stresses after a comma is within it, no narrowing.)
const CLAUSE_OPENERS = wordSet(['as', 'not', 'even', 'and', 'but', 'so', 'because', 'since', 'which', 'who', 'though', 'although', 'unless', 'except', 'then', 'be', 'please', 'always', 'instead', 'especially', 'particularly', 'notably']);
const INSTRUMENT = wordSet(['with', 'using', 'via', 'to', 'into', 'onto', 'through', 'somewhere']);
const ONLY = wordSet(['only', 'solely', 'exclusively']);
/** "acceptable", "unacceptable": whether an action is fine, said of it. */
const ACCEPTABLE = wordSet([...L.ACCEPTABLE_WORDS, 'unacceptable']);
const KEEP = wordSet(['keep', 'leave']);
const STAY = wordSet(['stay', 'remain', 'kept', 'keep']);
const DB_FILE = /\.(db|sqlite3?|duckdb)$/i;
const STRONG_TIME = compile(L.FROM_NOW_ON.filter((w) => w !== 'now'));
/** What an agent makes in a session: "your changes" are all of them. */
const AGENT_WORK = wordSet(['change', 'work', 'code', 'commit', 'edit', 'fix', 'patch', 'branch', 'pr']);
const CAPITALIZED = /^[A-Z][\w&'.-]*$/;
/** The one-word ways of saying an action is done unasked ("proactive", "unprompted"). */
const ON_OWN_ACCORD_WORDS = wordSet(L.ON_OWN_ACCORD.filter((phrase) => !phrase.includes(' ')));
/** Words that point at things named elsewhere: "the following changes", "these files", "the above", "do not open another". */
const POINTERS = wordSet(['following', 'these', 'those', 'above', 'below', 'aforementioned', 'said', 'such', 'another']);

const has = (set: ReadonlySet<string>, w: Word | undefined) => w !== undefined && w.forms.some((f) => set.has(f));
/** A filler word between a cue and its action (see SKIPPABLE). */
const skips = (w: Word | undefined) => has(SKIP, w) || (has(VERB_ONLY_SKIP, w) && w?.tags.has('Verb') === true);
const endsWithComma = (w: Word | undefined) => w !== undefined && w.post.includes(',');
/** Punctuation after a word that closes a clause: ; : ( ) dashes. */
const closesClause = (w: Word | undefined) => w !== undefined && /[;:()\u2014\u2013]|\s-\s|\s-$|^-\s/.test(w.post);
const inRange = (r: Range, i: number) => i >= r.from && i < r.to;

// ---- mentions ------------------------------------------------------------------------------------

function formOf(word: Word, lemma: string): Form {
  // Of words joined by a slash ("remote/upstream", "create/update"), the one the lemma is of.
  const norm = word.norm.includes('/') ? (word.norm.split('/').find((part) => part.startsWith(lemma.slice(0, -1)) || lemma.startsWith(part)) ?? word.norm) : word.norm;
  if (norm === lemma) return 'base';
  if (norm.endsWith('ing')) return 'gerund';
  if (norm === `${lemma}s` || norm === `${lemma}es` || (lemma.endsWith('y') && norm === `${lemma.slice(0, -1)}ies`)) return 'third';
  return 'past';
}

/**
 * "Never push to main or drop tables", "deploy to prod or run migrations": an action's word after the name
 * of a branch or an environment and "or" starts the next action, whatever the tagger makes of it; before
 * "branches" or "environments" it sorts them ("main or release branches").
 */
function actionAfterPlaceName(words: readonly Word[], at: number): boolean {
  const place = words[at - 2];
  const named = has(WELL_KNOWN_BRANCH, place) || ENVIRONMENT_NAME.has(place?.norm ?? '');
  return named && has(COORDINATORS, words[at - 1]) && /^(to|on|into|onto|in)$/.test(words[at - 3]?.norm ?? '') && !/^(branch(?:es)?|env(?:ironment)?s?)$/.test(words[at + 1]?.norm ?? '');
}

/** Prepositions the tagger may take for nouns ("checks in order"). */
const PREPOSITIONS = /^(in|on|at|of|for|to|by|with|from|into|onto|per|via)$/;

/** A noun that modifies the noun right after it ("history file", "deployment plan"), in one phrase. */
function modifiesNextNoun(words: readonly Word[], i: number): boolean {
  const [word, next] = [words[i] as Word, words[i + 1]];
  // "every commit action" is a commit: a category noun after the action names no other thing.
  // ("run the checks in order": the tagger may call a preposition before a noun a noun.)
  return word.tags.has('Noun') && !/[,;:.!?)]/.test(word.post) && next?.tags.has('Noun') === true && !next.tags.has('Pronoun') && !has(CATEGORY_NOUNS, next) && !PREPOSITIONS.test(next.norm);
}

/** "the archived tickets": a participle between a determiner and a noun, an adjective of the noun. */
function participleBeforeNoun(words: readonly Word[], i: number, end = i + 1): boolean {
  const [previous, word, next] = [words[i - 1], words[i] as Word, words[end]];
  // After a determiner, a verb or a preposition: "the archived tickets", "affect shared state", "on shared drives".
  // A gerund there is an action ("such as pushing commits"); only a participle in -ed describes.
  const opens = previous !== undefined && (previous.tags.has('Determiner') || (/ed$/.test(word.norm) && (previous.tags.has('Preposition') || (previous.tags.has('Verb') && !previous.tags.has('Auxiliary') && !previous.tags.has('Copula') && !previous.tags.has('Modal')))));
  return /(?:ed|ing)$/.test(word.norm) && opens && next?.tags.has('Noun') === true && !next.tags.has('Pronoun') && !/[,;:.!?]/.test((words[end - 1] as Word).post);
}

/** Verbs of talking and thinking: their object is an action spoken of, not done. */
const TALK_VERBS = wordSet(['propose', 'suggest', 'describe', 'discuss', 'explain', 'summarize', 'summarise', 'outline', 'recommend', 'consider', 'present', 'mention', 'report', 'document', 'plan', 'list']);

function talkedAbout(words: readonly Word[], i: number): boolean {
  const word = words[i] as Word;
  if (!word.tags.has('Noun') || word.tags.has('Verb')) return false;
  for (let j = i - 1; j >= Math.max(0, i - 3); j--) {
    const before = words[j] as Word;
    // ("When proposing deletions, wait for confirmation": what is proposed for the person's yes is what the yes is for.)
    if (has(TALK_VERBS, before) && before.tags.has('Verb')) return !(/^(propose|proposing|suggest|suggesting)$/.test(before.norm) && yesAwaited(words, i));
    // "before submitting your changes": changes handed over for review, not made.
    if (before.forms.includes('submit') && /^(change|changes|edit|edits)$/.test(word.norm)) return true;
    // ("Before drafting any reply, read the thread": a message drafted or composed is not sent.)
    if (/^(draft|drafting|drafts|drafted|compose|composing|prepare|preparing)$/.test(before.norm) && /^(reply|replies|email|emails|message|messages|response|responses|post|posts)$/.test(word.norm)) return true;
    if (!(before.tags.has('Determiner') || before.tags.has('Adjective') || before.tags.has('Possessive'))) return false;
  }
  return false;
}

/** The person's yes waited for after `from`: "wait for confirmation", "do not assume approval", "get my OK". */
function yesAwaited(words: readonly Word[], from: number): boolean {
  return findAll(words, P.approvalNouns, from + 1, words.length).some((found) => personsApproval(words, found, from + 1));
}

/** Action words of the sentence, longest phrase first, leaving out words inside paths and emails. */
function findMentions(words: readonly Word[], covered: ReadonlySet<number>): Mention[] {
  const mentions: Mention[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as Word;
    // ("clearly labeled": an adverb in "-ly" says how; its root, "clear", is no action here.)
    if (covered.has(i) || word.text === '' || (/ly$/.test(word.norm) && word.tags.has('Adverb') && !word.tags.has('Verb'))) continue;
    const notAction = startsWith(words, P.notActions, i);
    if (notAction !== undefined) {
      i = notAction - 1;
      continue;
    }
    let best: { end: number; family: FamilyName; lemma: string; gaps: number[] } | undefined;
    for (const form of word.forms) {
      for (const candidate of ACTIONS_BY_FIRST.get(form) ?? []) {
        const gaps: number[] = [];
        const end = matchAt(words, i, candidate.phrase, words.length, gaps);
        // A phrase never runs through a path or a command: its words are the entity's.
        if (end === undefined || gaps.some((gap) => covered.has(gap)) || (end > i + 1 && covered.has(end - 1))) continue;
        // "change the history file": a phrase's last noun that modifies the next one is no object of it.
        // ("issue credit cards": nor is the phrase's own noun, unless it is an action's word, "force-push rule".)
        const ownNoun = end > i + 1 && /^\s+$/.test((words[end - 1] as Word).post) && !(words[end - 1] as Word).forms.some((f) => ACTIONS_BY_FIRST.get(f)?.some((a) => a.phrase.length === 1));
        if ((gaps.length > 0 || ownNoun) && modifiesNextNoun(words, end - 1)) continue;
        if (!best || end > best.end) best = { end, family: candidate.family, lemma: form, gaps };
      }
    }
    if (!best) continue;
    // ("any command with `--delete`": a flag written is an option of some command, no action of its own, unless it is one: `--no-verify`.)
    // (`--amend` rewrites the last commit, whatever else the command does.)
    if (FLAG_WRITTEN.test(word.pre) && !INSTRUMENT_FAMILIES.has(best.family) && !(best.family === 'rewriteHistory' && word.norm === 'amend')) continue;
    // ("yanking releases", "monitoring deployments": an action said as a noun after a gerund no action or light
    // verb of ours is that verb's object, no action done.)
    const before = words[i - 1];
    const objectOfOtherVerb = best.end === i + 1 && word.tags.has('Noun') && !word.tags.has('Verb') && before !== undefined && before.tags.has('Gerund') && !covered.has(i - 1) && mentions.at(-1)?.end !== i - 1 && !skips(before) && !has(TALK_VERBS, before) && !before.forms.some((f) => ACTIONS_BY_FIRST.has(f)) && !/^(avoiding|stopping|preventing|forbidding|allowing|permitting|approving|authorizing|blocking|requiring|needing|asking|confirming|including|regarding|concerning|involving|failing|passing|pending|remaining|existing|missing|outstanding|upcoming|ongoing|running)$/.test(before.norm);
    if (objectOfOtherVerb) continue;
    // "destructive git commands (`git reset --hard`, …)": the kind's examples in a parenthesis are the actions, as after "destructive commands".
    // (So are those introduced after it: "destructive git commands such as `reset --hard`".)
    const introduced = words[best.end]?.norm === 'such' && words[best.end + 1]?.norm === 'as' ? best.end + 2 : /^(like|including|e\.?g\.?)$/.test(words[best.end]?.norm ?? '') ? best.end + 1 : undefined;
    if (best.family === 'destructiveGit' && (((/\(/.test((words[best.end - 1] as Word).post) || /\(/.test(words[best.end]?.pre ?? '')) && covered.has(best.end)) || (introduced !== undefined && covered.has(introduced)))) continue;
    // "Never run full system upgrades (`apt upgrade -y`, `yum update -y`)": what is run is the commands the
    // parenthesis lists; the noun they are named by only sorts them.
    const listedCommands = (/\(/.test((words[best.end - 1] as Word).post) || /\(/.test(words[best.end]?.pre ?? '')) && covered.has(best.end);
    // (The tagger may take the noun for a verb: "run package upgrades".)
    let runAt = i - 1;
    while (runAt >= Math.max(0, i - 4) && !/^(run|running|execute|executing)$/.test((words[runAt] as Word).norm)) runAt--;
    if (listedCommands && runAt >= Math.max(0, i - 4) && !words.slice(runAt, i).some((w) => /[,;:.!?()]/.test(w.post))) continue;
    // "commands that rewrite history": a kind said by what its members do, which is the action.
    // ("commands to serve the site": a kind said by what they are for.)
    // ("any command that matches these patterns:", "commands that appear below": a kind its list gives, no action of its members.)
    const listedBelow = /^(match|matches|appear|appears|start|starts|begin|begins)$/.test(words[best.end + 1]?.norm ?? '');
    if (best.family === 'runCommands' && ((/^(that|which)$/.test(words[best.end]?.norm ?? '') && !listedBelow) || (words[best.end]?.norm === 'to' && words[best.end + 1]?.tags.has('Infinitive') === true))) continue;
    // "the archived tickets", "any deleted files": a participle between a determiner and its noun describes the thing.
    // ("delete generated files", "backed up files": a phrase that opens with one describes too.)
    if (best.end === i + 1 ? participleBeforeNoun(words, i) : /ed$/.test(word.norm) && (participleBeforeNoun(words, i) || participleBeforeNoun(words, i, best.end))) continue;
    // ("NEVER try to "create" an approval manually": an approval made is the person's yes asked for, no record or file made.)
    const madeThing = /^(a|an|the|any)$/.test(words[best.end]?.norm ?? '') ? best.end + 1 : best.end;
    if (best.family === 'create' && startsWith(words, P.approvalNouns, madeThing) !== undefined) continue;
    // ("Read the schemas before writing queries": a query written is composed, not run; no data is changed.)
    if (best.family === 'write' && best.end === i + 1 && /^(writing|composing)$/.test(word.norm) && /^(queries|query|sql|statements?)$/.test(words[i + 1]?.norm ?? '')) continue;
    // "validate user input": validating a thing of the product's; only "validate before pushing" is a check.
    if (best.family === 'test' && best.end === i + 1 && word.forms.includes('validate') && !/[,;:.!?)]/.test(word.post) && !/^(before|prior|first|locally)$/.test(words[i + 1]?.norm ?? '')) continue;
    // "update the docs and tests", "add tests": tests written or changed are code, not a run of them.
    if (best.family === 'test' && best.end === i + 1 && testsWorkedOn(words, i)) continue;
    // ("request a reviewer with a test hub", "a test account": "test" sorting another thing, no run of the checks.)
    if (best.family === 'test' && best.end === i + 1 && word.norm === 'test' && modifiesNextNoun(words, i) && !TEST_THINGS.test(words[i + 1]?.norm ?? '')) continue;
    // "Feature tested in browser", "manually test the flow": a person's trying it, no run of the checks.
    if (best.family === 'test' && best.end === i + 1 && testedByHand(words, i)) continue;
    // "requires written approval", "signed consent": a participle before an approval says what sort it is.
    if (best.end === i + 1 && formOf(word, best.lemma) === 'past' && !/[,;:.!?]/.test(word.post) && startsWith(words, P.approvalNouns, i + 1) !== undefined) continue;
    // "before proposing changes", "summarise the deletions": an action named as what is talked about, not done.
    if (talkedAbout(words, i)) continue;
    // "a clear action", "clean code": an adjective before its noun describes the thing; no action is done.
    // ("auto-commit code changes": after a prefix that makes a verb of it, the word is the action.)
    const verbPrefix = words[i - 1]?.post === '-' && /^(auto|force|hand|re|over|double)$/.test(words[i - 1]?.norm ?? '');
    // (Not across a comma: "if anything is deleted, ask first". Nor after another action and "or": "never read or open `.env`".)
    const afterAction = has(COORDINATORS, words[i - 1]) && mentions.at(-1)?.end === i - 1;
    if (best.end === i + 1 && word.tags.has('Adjective') && !word.tags.has('Verb') && !verbPrefix && !afterAction && words[i + 1]?.tags.has('Noun') === true && !/[,;:.!?]/.test(word.post) && !words[i - 1]?.tags.has('Negative') && !/^(never|not|no|only|always)$/.test(words[i - 1]?.norm ?? '')) continue;
    // ("`dist` or other generated files": a participle right before the thing its phrase acts on describes that thing.)
    if (best.end === i + 2 && formOf(word, best.lemma) === 'past' && words[i + 1]?.tags.has('Noun') === true && !/[,;:.!?]/.test(word.post) && !has(BE_OR_GET, words[i - 1]) && !words[i - 1]?.tags.has('Negative') && !/^(never|not|no|only|always)$/.test(words[i - 1]?.norm ?? '')) continue;
    // "state-changing actions", "file-modifying tools": a participle joined to a noun describes a kind of thing.
    const joinedTo = words[i - 1];
    if (best.end === i + 1 && /(ing|ed)$/.test(word.norm) && joinedTo !== undefined && joinedTo.post === '-' && !/^(auto|self|force|pre|re|non|hand|over|double|co|un|mis)$/.test(joinedTo.norm)) continue;
    // A phrase's form is its verb's: "force-pushed" is past, as "pushed" is; "force pushing" a gerund, and
    // "force-pushing" too, which the tagger reads as a noun of a hyphenated word.
    const last = words[best.end - 1] as Word;
    const gerund = /ing$/.test(last.norm) && (last.tags.has('Gerund') || last.tags.has('Hyphenated'));
    const inflected = best.end - i > 1 && formOf(word, best.lemma) === 'base' ? (/ed$/.test(last.norm) ? 'past' : gerund ? 'gerund' : undefined) : undefined;
    const form = inflected ?? formOf(word, best.lemma);
    mentions.push({ family: best.family, start: i, end: best.end, form, ...(best.gaps.length > 0 && { gaps: best.gaps }) });
    i = best.end - 1;
  }
  return withPassivePhrases(words, withSharedPhrases(words, mentions));
}

/**
 * A phrase said in the passive, its thing first: "hooks must not be skipped", "new dependencies must
 * not be added", "releases must never be created". The participle after "be" is the phrase's action
 * when the phrase's last word is the passive's subject, a few words before with no clause between.
 */
function withPassivePhrases(words: readonly Word[], mentions: readonly Mention[]): Mention[] {
  const result = [...mentions];
  const mentioned = (i: number) => result.some((m) => i >= m.start && i < m.end);
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (!/^(be|been|being|is|are|was|were|get|gets|got)$/.test(words[i - 1]?.norm ?? '') || !/ed$|en$/.test(word.norm)) continue;
    let subject = i - 2;
    while (subject >= 0 && i - subject <= 6 && !/[,;:.!?]/.test((words[subject] as Word).post) && !(words[subject] as Word).tags.has('Noun')) subject--;
    const thing = words[subject];
    if (!thing || i - subject > 6 || /[,;:.!?]/.test(thing.post) || words.slice(subject + 1, i).some((w) => /[,;:.!?]/.test(w.post))) continue;
    const phrase = word.forms
      .flatMap((form) => ACTIONS_BY_FIRST.get(form) ?? [])
      .find((c) => c.phrase.length === 3 && typeof c.phrase[2] === 'string' && thing.forms.includes(c.phrase[2]));
    if (!phrase) continue;
    const at = result.findIndex((m) => m.start === i && m.end === i + 1);
    let from = subject;
    while (from > 0 && ((words[from - 1] as Word).tags.has('Noun') || (words[from - 1] as Word).tags.has('Adjective')) && !/[,;:.!?]/.test((words[from - 1] as Word).post)) from--;
    const mention: Mention = { family: phrase.family, start: i, end: i + 1, form: 'past', thing: { from, to: subject + 1 } };
    if (at !== -1) result[at] = mention;
    else if (!mentioned(i)) result.push(mention);
  }
  return result.sort((a, b) => a.start - b.start);
}

/** What "test" before it names a run of the checks, or a part of one: "test suite", "test run", "test command". */
const TEST_THINGS = /^(suites?|runs?|pass(?:es)?|coverage|commands?|scripts?|targets?|cases?|results?|jobs?|steps?|stages?|workflows?|matrix|files?|runners?|harness)$/;

/** A test done by hand: "manually test", "tested in the browser", "test it on a device". */
function testedByHand(words: readonly Word[], at: number): boolean {
  if (/^(manually|hand)$/.test(words[at - 1]?.norm ?? '')) return true;
  const after = words.slice(at + 1, at + 5).map((w) => w.norm).join(' ');
  return /^(?:\S+ )?(?:manually|by hand|in (?:the |a )?browser|on (?:a |the )?(?:real )?device)/.test(after);
}

/** Whether the word `at` ("tests") is the object of a verb that writes or changes code, back over its fellow objects. */
function testsWorkedOn(words: readonly Word[], at: number): boolean {
  // ("Write tests and run them before committing": the tests written are then run.)
  const runLater = words.some((w, k) => k > at && /^(run|running|execute|executing)$/.test(w.norm) && /^(them|it|those|these)$/.test(words[k + 1]?.norm ?? ''));
  if (runLater) return false;
  // ("Fix failing tests before committing": failing tests fixed are the checks made to pass, a run of them.)
  const failing = /^(failing|failed|broken|red)$/.test(words[at - 1]?.norm ?? '');
  for (let k = at - 1; k >= Math.max(0, at - 6); k--) {
    const w = words[k] as Word;
    if (/^(add|adding|added|write|writing|update|updating|updated|fix|fixing|modify|modifying|change|changing|edit|editing|refresh|refreshing|rewrite|rewriting|create|creating|extend|extending)$/.test(w.norm)) return !(failing && /^(fix|fixing)$/.test(w.norm));
    if (!(w.tags.has('Determiner') || w.tags.has('Noun') || w.tags.has('Adjective') || has(COORDINATORS, w) || endsWithComma(w)) || /[.;:!?]/.test(w.post)) return false;
  }
  return false;
}

/**
 * Verbs listed before a phrase that holds its object share that object: "add, remove, or upgrade
 * dependencies" is three dependency changes, though only "upgrade dependencies" is written whole.
 */
function withSharedPhrases(words: readonly Word[], mentions: readonly Mention[]): Mention[] {
  const result = [...mentions];
  for (const phrase of mentions) {
    if (phrase.end - phrase.start < 2) continue;
    let verb = phrase.start - 1;
    for (;;) {
      // A coordinator ("or", "and") or a comma between this verb and the next.
      const joined = has(COORDINATORS, words[verb]) ? verb - 1 : endsWithComma(words[verb]) ? verb : undefined;
      if (joined === undefined || joined < 0) break;
      verb = joined;
      const word = words[verb] as Word;
      // The verb said as if written before the phrase's object, without the comma that listed it.
      const rest = [{ ...word, post: '' }, ...words.slice(phrase.start + 1, phrase.end)];
      const shared = [...word.forms].flatMap((form) => (ACTIONS_BY_FIRST.get(form) ?? []).map((c) => ({ ...c, form }))).find((c) => c.phrase.length > 1 && matchAt(rest, 0, c.phrase, rest.length) === rest.length);
      // (The tagger may take a gerund for an adjective, "removing or upgrading packages": an action found there is a verb.)
      if (!shared || !(word.tags.has('Verb') || mentions.some((m) => m.start === verb))) break;
      const at = result.findIndex((m) => m.start === verb);
      const mention: Mention = { family: shared.family, start: verb, end: verb + 1, form: formOf(word, shared.form) };
      if (at === -1) result.push(mention);
      else if ((result[at] as Mention).end === verb + 1) result[at] = mention;
      else break;
      verb--;
      if (verb < 0 || !endsWithComma(words[verb]) && !has(COORDINATORS, words[verb])) break;
    }
  }
  return result.sort((a, b) => a.start - b.start);
}

/** Forge operations said in words ("merging pull requests", "close issues"), as the command each is. */
// (Longest first, as for actions: "PR creation" is the phrase, not "PR" with a word left over.)
const FORGE_PHRASES = Object.entries(L.FORGE_OPERATIONS)
  .flatMap(([commands, phrases]) => compile(phrases).map((phrase) => ({ phrase, command: anyOfCommands(commands) })))
  .sort((a, b) => b.phrase.length - a.phrase.length);

/** The forge phrases by their first word, as positions in `FORGE_PHRASES`: at a word, only those it opens are tried, in their order. */
const FORGE_OPENERS = new Map<string, number[]>();
const FORGE_ANYWHERE: number[] = [];
FORGE_PHRASES.forEach(({ phrase }, k) => {
  const first = phrase[0];
  if (typeof first !== 'string') FORGE_ANYWHERE.push(k);
  else FORGE_OPENERS.set(first, [...(FORGE_OPENERS.get(first) ?? []), k]);
});

function forgePhrasesAt(word: Word): (typeof FORGE_PHRASES)[number][] {
  // (Most words open none: nothing is made for them.)
  let at: Set<number> | undefined;
  const add = (token: string) => {
    for (const k of FORGE_OPENERS.get(token) ?? []) (at ??= new Set(FORGE_ANYWHERE)).add(k);
  };
  add(word.norm);
  for (const form of word.forms) add(form);
  const found: readonly number[] = at ? [...at].sort((a, b) => a - b) : FORGE_ANYWHERE;
  return found.map((k) => FORGE_PHRASES[k] as (typeof FORGE_PHRASES)[number]);
}

/** "git checkout | git switch": an operation git does with either command, each bound as written. */
function anyOfCommands(written: string): CommandRule {
  const rules = written.split(' | ').map(commandRule);
  if (rules.length === 1) return rules[0] as CommandRule;
  return {
    verbs: [...new Set(rules.flatMap((rule) => rule.verbs))],
    scope: { commands: rules.flatMap((rule) => rule.scope.commands ?? []) },
    checks: rules.some((rule) => rule.checks),
  };
}

/** SQL's statements by their keywords, and the family of what each does. */
const SQL_KEYWORDS: Readonly<Record<string, FamilyName>> = wordTable({ DROP: 'sqlDrop', TRUNCATE: 'truncate', DELETE: 'sqlDelete', UPDATE: 'sqlRowChange', INSERT: 'sqlRowChange', ALTER: 'schemaChange' });
/** Words after a keyword that say it is SQL's: "DELETE statements", "DROP TABLE", "DELETE FROM". */
const SQL_AFTER = /^(statements?|query|queries|commands?|operations?|clauses?|from|table|tables|database|databases|schema|column|sql)$/;

/**
 * SQL keywords written as SQL writes them, in capitals ("never run DROP or TRUNCATE", "no `DELETE`
 * statements"): one beside another, or before a word of SQL's. Their words elsewhere keep their
 * plain meaning ("DELETE the file" shouts).
 */
function sqlKeywordMentions(words: readonly Word[]): Mention[] {
  const keywordAt = (i: number) => {
    const text = words[i]?.text.replace(/`/g, '') ?? '';
    return SQL_KEYWORDS[text] !== undefined ? text : undefined;
  };
  const keywords = words.flatMap((_, i) => (keywordAt(i) !== undefined ? [i] : []));
  return keywords
    // (Alone, in capitals and written as code, "ask before running `DROP`", it is SQL's too.)
    .filter((i) => keywords.length > 1 || SQL_AFTER.test(words[i + 1]?.norm ?? '') || words[i - 1]?.norm === 'sql' || (/`/.test(words[i]?.pre ?? '') && /^[A-Z]+$/.test(words[i]?.text ?? '')))
    // ("DROP TABLE statements": the keyword's object keyword, in capitals, is part of the statement, no table's name.)
    // (With a name after it, "DROP TABLE users", the keyword is the name's head.)
    .map((i) => ({ family: SQL_KEYWORDS[keywordAt(i) as string] as FamilyName, start: i, end: sqlObjectKeyword(words, i + 1) ? i + 2 : i + 1, form: 'base' as const }));
}

/** "TABLE" of "DROP TABLE statements": SQL's object keyword with no name after it. */
function sqlObjectKeyword(words: readonly Word[], at: number): boolean {
  const next = words[at + 1];
  return /^(TABLE|DATABASE|SCHEMA|INDEX|COLUMN|VIEW)$/.test(words[at]?.text ?? '') && !/[,;:.!?]/.test(words[at - 1]?.post ?? '') && (next === undefined || /[,;:.!?]/.test(words[at]?.post ?? '') || /^(statements?|queries|query|commands?|operations?|calls?|or|and)$/.test(next.norm));
}

function forgeMentions(words: readonly Word[], covered: ReadonlySet<number>): Mention[] {
  const mentions: Mention[] = [];
  for (let i = 0; i < words.length; i++) {
    if (covered.has(i)) continue;
    const chained = forgeChain(words, i);
    if (chained) {
      mentions.push(chained);
      i = chained.end - 1;
      continue;
    }
    // "push or pull", "stage and commit": a git verb beside its companion is git's own.
    const word = words[i] as Word;
    const companions = GIT_COMPANIONS.filter((c) => word.forms.includes(c.verb));
    const beside = (at: number) => companions.some((c) => (words[at] as Word | undefined)?.forms.includes(c.beside) === true);
    const companion = companions[0];
    const adjacent = (has(COORDINATORS, words[i - 1]) && beside(i - 2)) || (has(COORDINATORS, words[i + 1]) && beside(i + 2));
    // Further along a list ("push, pull, or rebase"), only where the list has no object of its own, which may narrow it.
    const members = adjacent ? [] : listMembers(words, i);
    const afterList = Math.max(i, ...members) + 1;
    const inList = members.some(beside) && !(words[afterList]?.tags.has('Noun') || words[afterList]?.tags.has('Adjective') || words[afterList]?.tags.has('Determiner'));
    if (companion && !/^requests?$/.test(words[i + 1]?.norm ?? '') && (adjacent || inList)) {
      mentions.push({ family: 'command', start: i, end: i + 1, form: formOf(word, companion.verb), command: { verbs: ['execute'], scope: { commands: [...companion.commands] }, checks: false }, saidInWords: true });
      continue;
    }
    const submitted = submittedForReview(words, i);
    if (submitted !== undefined) {
      mentions.push({ family: 'command', start: i, end: submitted, form: formOf(word, 'submit'), command: OPEN_PULL_REQUEST, saidInWords: true });
      i = submitted - 1;
      continue;
    }
    for (const { phrase, command } of forgePhrasesAt(word)) {
      const gaps: number[] = [];
      const end = matchAt(words, i, phrase, words.length, gaps);
      // "create commits or pull requests": a gap never runs across a list.
      if (end === undefined || gaps.some((g) => has(COORDINATORS, words[g]) || endsWithComma(words[g]))) continue;
      // "the PR isn't approved": a particular pull request is a thing, not the opening of one.
      if (end - i <= 2 && !words[i]?.tags.has('Verb') && has(DEFINITE, words[i - 1])) continue;
      // ("until a maintainer approves the pull request": a review someone else gives is their yes, no act of the agent's.)
      if (words[i]?.forms.includes('approve') === true && /^(approves|approved)$/.test(words[i]?.norm ?? '')) continue;
      // "respond to existing pull requests", "comment on PRs": pull requests that are there already, or another act's object.
      // ("prior to PR creation": the act said as a noun is no object.)
      const saysAct = phrase.includes('creation');
      if (end - i <= 2 && !saysAct && !words[i]?.tags.has('Verb') && /^(existing|open|opened|other|to|on|in|into|for|of|from|about|with)$/.test(words[i - 1]?.norm ?? '')) continue;
      // ("mark PRs as ready", "label PRs": the object of a verb that is no opening of one.)
      const before = words[i - 1];
      // ("never push, open PRs, …": after a comma the verb before is another item of a list.)
      // ("DO NOT auto-stage files": a prefix joined by a hyphen makes the operation's verb of the next word; no verb of its own.)
      if (end - i <= 2 && !words[i]?.tags.has('Verb') && before?.tags.has('Verb') === true && before.post !== '-' && !endsWithComma(before) && !before.tags.has('Auxiliary') && !before.tags.has('Modal') && !before.tags.has('Copula') && !/^(open|create|raise|submit|file|make|send|put|no|do|any)$/.test(before.norm) && !skips(before)) continue;
      // ("before a PR can be merged", "until the issue is closed": the thing of a passive forge verb is that operation's.)
      const passive = end - i <= 2 && !words[i]?.tags.has('Verb') ? passiveForgeVerb(words, end) : undefined;
      if (passive !== undefined) {
        const operation = forgeOperation(words[passive] as Word, words.slice(i, end));
        if (operation) {
          mentions.push({ family: 'command', start: i, end: passive + 1, form: 'base', command: operation, saidInWords: true });
          i = passive;
          break;
        }
      }
      const verb = typeof phrase[0] === 'string' ? phrase[0] : '';
      // "never close stale issues", "code-agent PRs are not allowed": a kind of the thing narrows the operation.
      const kinds = [...gaps, ...(FORGE_NOUN.test(words[i]?.norm ?? '') && !covered.has(i - 1) && !/[/&+]/.test(words[i]?.pre ?? '') ? [i - 1] : [])].flatMap((k) => (words[k] && modifiesOperation(words[k] as Word) ? [(words[k] as Word).text.replace(/[*_`]/g, '')] : []));
      const found = slashedAlternatives(words, i, end, command);
      mentions.push({ family: 'command', start: i, end, form: formOf(words[i] as Word, verb), command: kinds.length > 0 ? { ...found, narrowedBy: kinds } : found, saidInWords: true });
      i = end - 1;
      break;
    }
  }
  return mentions;
}

/**
 * "comment on issues/PRs": a phrase that ends on things joined by a slash is each thing's operation;
 * the first phrase found is widened by the others that read the same words.
 */
function slashedAlternatives(words: readonly Word[], start: number, end: number, found: CommandRule): CommandRule {
  if (!words[end - 1]?.tags.has('SlashedTerm')) return found;
  const others = FORGE_PHRASES.filter(({ phrase }) => matchAt(words, start, phrase, words.length) === end).map(({ command }) => command);
  const commands = unique([...(found.scope.commands ?? []), ...others.flatMap((command) => command.scope.commands ?? [])]);
  // (Every forge operation is a command run: only the commands differ.)
  return { ...found, scope: { commands } };
}

/** What a check reports, said of it: "lint errors", "type errors", "test failures". */
const CHECK_RESULTS = /^(errors?|warnings?|issues?|failures?|problems?)$/;
const OPEN_PULL_REQUEST = commandRule('gh pr create');
const CHECK_WORDS = /^(tests?|testing|lint|linting|linters?|checks?|typecheck|typechecks?|type-check)$/;

/**
 * "Run `cargo test` before submitting", "tests must pass before submitting your changes": work
 * submitted, with nothing or only the changes as its object, is handed in for review as a pull request.
 * Where it ends, or undefined.
 */
function submittedForReview(words: readonly Word[], i: number): number | undefined {
  const word = words[i] as Word;
  const after = words[i - 1]?.norm === 'before' || (words[i - 1]?.norm === 'to' && words[i - 2]?.norm === 'prior');
  if (!after || word.norm !== 'submitting') return undefined;
  // Bare, only where the sentence names a check ("tests must pass before submitting"): "before submitting,
  // confirm the order" hands in something else.
  if (i + 1 === words.length || /[,;:.!?)]/.test(word.post)) return words.some((w) => CHECK_WORDS.test(w.norm) || (/`/.test(w.pre) && /test|lint|check|fmt|clippy/.test(w.norm))) ? i + 1 : undefined;
  let end = i + 1;
  while (/^(any|all|your|the|these|those|my|our|its|their)$/.test(words[end]?.norm ?? '')) end++;
  return /^(changes?|work|code|patch|patches)$/.test(words[end]?.norm ?? '') ? end + 1 : undefined;
}

/** The other members of the list a word is in: "push, pull, or rebase" for "pull". */
function listMembers(words: readonly Word[], at: number): number[] {
  const members: number[] = [];
  // A member before: a comma on it, or a coordinator after it ("push, pull", "push or pull").
  for (let p = at - 1; p >= 0; ) {
    const member = has(COORDINATORS, words[p]) ? p - 1 : endsWithComma(words[p]) ? p : -1;
    if (member < 0) break;
    members.push(member);
    p = member - 1;
  }
  // A member after: a comma on this one, a coordinator, or both ("pull, or rebase").
  for (let k = at; ; ) {
    const next = has(COORDINATORS, words[k + 1]) ? k + 2 : endsWithComma(words[k]) ? (has(COORDINATORS, words[k + 1]) ? k + 2 : k + 1) : -1;
    if (next < 0 || next >= words.length) break;
    members.push(next);
    k = next;
  }
  return members;
}

/** Git verbs that are git's only beside their companion: "push or pull", "stage and commit". */
const GIT_COMPANIONS = [
  { verb: 'pull', beside: 'push', commands: ['git pull'] },
  { verb: 'stage', beside: 'commit', commands: ['git add'] },
  // "push or merge", "before any commit or merge": a merge beside them lands work, locally or on the forge.
  { verb: 'merge', beside: 'push', commands: ['git merge', 'gh pr merge'] },
  { verb: 'merge', beside: 'commit', commands: ['git merge', 'gh pr merge'] },
] as const;
/** Where a passive forge verb is right after `at`: "can be merged", "is closed", "gets merged". */
function passiveForgeVerb(words: readonly Word[], at: number): number | undefined {
  let k = at;
  if (/^(can|could|may|might|must|should|will|would|shall)$/.test(words[k]?.norm ?? '')) k++;
  if (!/^(be|is|are|was|were|gets|get|got|been)$/.test(words[k]?.norm ?? '')) return undefined;
  k++;
  const participle = words[k];
  return participle !== undefined && /ed$/.test(participle.norm) && isForgeVerb(participle.norm) ? k : undefined;
}

/** The forge operation a verb says on an object's words ("merge" and "PRs"), and how many of the words it took. */
function forgePhraseOf(verb: Word, object: readonly Word[]): { command: CommandRule; end: number } | undefined {
  // (The verb as if said right before the object, without the mark that may end its own place: "before merging.")
  const said = [{ ...verb, post: ' ' }, ...object];
  for (const { phrase, command } of FORGE_PHRASES) {
    const end = matchAt(said, 0, phrase, said.length);
    if (end !== undefined) return { command, end };
  }
  return undefined;
}
const forgeOperation = (verb: Word, object: readonly Word[]) => forgePhraseOf(verb, object)?.command;

const FORGE_VERBS = new Set(FORGE_PHRASES.map(({ phrase }) => phrase[0]).filter((t): t is string => typeof t === 'string'));
const FORGE_OBJECTS = wordSet(['pr', 'prs', 'issue', 'issues', 'mr', 'mrs', 'pull', 'merge', 'branch', 'branches', 'remote', 'remotes']);
const isForgeVerb = (word: string) => baseForms(word).some((form) => FORGE_VERBS.has(form));

/**
 * Forge operations said as a list sharing their words: "create, close or comment on PRs or issues",
 * "creating/closing/commenting on PRs": one mention of every operation the verbs and objects make.
 */
function forgeChain(words: readonly Word[], start: number): Mention | undefined {
  const verbs: Word[] = [];
  let at = start;
  while (at < words.length) {
    const w = words[at] as Word;
    const parts = w.norm.includes('/') ? w.norm.split('/') : [w.norm];
    if (!parts.every(isForgeVerb)) break;
    // Each verb as if said alone before the objects, without the comma that listed it.
    verbs.push(...parts.map((part) => ({ ...w, norm: part, forms: baseForms(part), post: '' })));
    at++;
    const joined = has(COORDINATORS, words[at]) ? at + 1 : endsWithComma(w) ? at : undefined;
    if (joined === undefined || !isForgeVerb((words[joined] as Word | undefined)?.norm.split('/')[0] ?? '')) break;
    at = joined;
  }
  // The objects: the first within a few words, and those listed after it ("PRs or issues").
  const first = words.findIndex((w, k) => k >= at && k < at + 4 && has(FORGE_OBJECTS, w));
  if (first === -1) return undefined;
  const objects = [first];
  // ("pull requests or issues": an object of two words ends after its second.)
  const objectEnd = (k: number) => (/^(pull|merge)$/.test(words[k]?.norm ?? '') && /^requests?$/.test(words[k + 1]?.norm ?? '') ? k + 2 : k + 1);
  for (let k = objectEnd(first); k + 1 < words.length && (has(COORDINATORS, words[k]) || endsWithComma(words[k - 1])); ) {
    const next = has(COORDINATORS, words[k]) ? k + 1 : k;
    if (!has(FORGE_OBJECTS, words[next])) break;
    objects.push(next);
    k = objectEnd(next);
  }
  // "create commits or pull requests": the verb's second object is the forge's; the mention is that object.
  const afterOtherObject = verbs.length === 1 && objects.length === 1 && first > at && has(COORDINATORS, words[first - 1]);
  if (afterOtherObject) {
    const found = forgePhraseOf(verbs[0] as Word, words.slice(first, first + 2));
    if (!found) return undefined;
    return { family: 'command', start: first, end: first + found.end - 1, form: formOf(words[start] as Word, (verbs[0] as Word).forms.find((f) => FORGE_VERBS.has(f)) ?? ''), command: found.command, saidInWords: true };
  }
  if (verbs.length < 2 && objects.length < 2) return undefined;
  const commands = new Set<string>();
  let end = at;
  // Verbs listed after the chain that are no forge verbs ("create, switch, or delete branches") share the object, not a phrase's gap.
  let between = at;
  while (between < first && (has(COORDINATORS, words[between]) || ((words[between] as Word).tags.has('Verb') && !(words[between] as Word).tags.has('Noun')))) between++;
  for (const verb of verbs) {
    for (const object of objects) {
      // The verb, the words before the first object ("on"), then this object.
      const said = [verb, ...words.slice(between, first), ...words.slice(object, object + 2)];
      for (const { phrase, command } of FORGE_PHRASES) {
        const matched = matchAt(said, 0, phrase, said.length);
        if (matched === undefined) continue;
        for (const written of command.scope.commands ?? []) commands.add(written);
        end = Math.max(end, object + matched - 1 - (first - between));
        break;
      }
    }
  }
  if (commands.size === 0 || end <= at) return undefined;
  const rule: CommandRule = { verbs: ['execute'], scope: { commands: [...commands] }, checks: false };
  return { family: 'command', start, end, form: formOf(words[start] as Word, (verbs[0] as Word).forms.find((f) => FORGE_VERBS.has(f)) ?? ''), command: rule, saidInWords: true };
}

/** A named command as a mention: its words, and the rule it stands for. */
function commandMention(words: readonly Word[], command: Entity, inside: (w: Word, e: Entity) => boolean): Mention[] {
  const first = words.findIndex((w) => inside(w, command));
  if (first === -1) return [];
  let end = first + 1;
  while (end < words.length && inside(words[end] as Word, command)) end++;
  // ("Use `user__confirm` before deletions": a tool that asks the person is how to ask, no action of its own.)
  if (asksPerson(command.value.replace(/\(.*$/, ''))) return [];
  // ("pip/conda": programs joined by a slash, any of them.)
  const rule = command.kind === 'command' && command.anyOf ? anyOfCommands(command.anyOf.join(' | ')) : commandRule(command.value);
  // "prettier must pass", "`cargo fmt --check` passes": a command said to pass is run as a check.
  // ("All PRs must pass `make validatepr`": so is one a thing must pass.)
  const saidToPass = words.slice(end, end + 3).some((w, k) => /^(pass|passes|passing|succeed|succeeds)$/.test(w.norm) && words.slice(end, end + k).every((b) => b.tags.has('Modal') || b.tags.has('Auxiliary') || /^(always|all|cleanly|still)$/.test(b.norm))) || (/^(pass|passes|passing)$/.test(words[first - 1]?.norm ?? '') && /^(must|should|to|always)$/.test(words[first - 2]?.norm ?? ''));
  return [{ family: 'command', start: first, end, form: 'base', command: saidToPass && rule.verbs.every((verb) => verb === 'execute') ? { ...rule, checks: true } : rule }];
}

// ---- the sentence as a whole ---------------------------------------------------------------------

/**
 * A single mark of italics against a word's start or end ("_Do not …_"), or marks of emphasis around the whole
 * sentence ("**_Never …_**"); doubled marks inside it may be a name's ("__init__.py").
 */
const EMPHASIS_MARK = /(?<![\w*/._])[*_](?![*_])(?=[A-Za-z`])|(?<=[A-Za-z.!?)`])(?<![*_])[*_](?![\w*/_])|^\s*(?:[-*+]\s+|\d{1,2}[.)]\s+)?[*_]{1,3}(?=[A-Za-z`])[^\n]*[^\s*_][*_]{1,3}[.!?]?\s*$/;

/** A backslash that escapes a mark: "\`a.json\`", "\*.md". */
const ESCAPED_MARK = /\\[`*_#[\]]/;

/**
 * How the entities of a sentence are found: in its text as written, or, for text glossed into
 * English (Chinese, Japanese, Korean), in the gloss the words were read from, their offsets taken back to the text as
 * written ("禁止跳过 pre-commit 钩子" names the hooks of pre-commit, as "never skip pre-commit hooks" does).
 */
function glossedEntities(sentence: Sentence): (find: (text: string, base: number) => Entity[]) => Entity[] {
  // (So is text with escaped marks: code spans' accents as a prompt kept in a template string has them, Markdown's "\*.md";
  // and text with marks of emphasis, which its words were read without: "_Do not edit npm lockfiles_.")
  if (!GLOSSED_SCRIPT.test(sentence.text) && !ESCAPED_MARK.test(sentence.text) && !EMPHASIS_MARK.test(sentence.text)) return (find) => find(sentence.text, sentence.start);
  const { text, original } = readable(sentence.text);
  return (find) => find(text, 0).map((e) => ({ ...e, start: sentence.start + original(e.start), end: sentence.start + original(e.end) }));
}

/** Everything frames need about one sentence. */
class SentenceView {
  readonly words: readonly Word[];
  readonly entities: readonly Entity[];
  readonly covered: ReadonlySet<number>;
  readonly mentions: readonly Mention[];
  /** Words that cannot be part of a target's name: inside text entities, or action words used as verbs. */
  readonly blocked: ReadonlySet<number>;
  /** Why the last draft compiled to nothing, for the note that says so. */
  unresolved: string | undefined = undefined;

  constructor(readonly sentence: Sentence) {
    this.words = sentence.words;
    // "the feature/login branch": a slashed name before "branch" is a branch, not a path.
    const entitiesOf = glossedEntities(sentence);
    let textual = entitiesOf((text, base) => textEntities(text, base)).map((e): Entity => {
      const next = this.words.find((w) => w.start >= e.end);
      return e.kind === 'path' && next?.forms.includes('branch') ? { ...e, kind: 'branch' as const, value: e.value.replace(/^\*\*\//, '') } : e;
    });
    // "main/master" is two branches, "production/live" two environments, not a path.
    const joinedKind = (e: Entity) => {
      const names = e.value.split('/');
      if (e.kind !== 'path' || names.length < 2) return undefined;
      if (names.every((part) => WELL_KNOWN_BRANCH.has(part))) return 'branch' as const;
      return names.every((part) => ENVIRONMENT_NAME.has(part)) && names.some((part) => DEPLOYED_ENVIRONMENT.test(part)) ? ('environment' as const) : undefined;
    };
    const parts = (e: Entity) => {
      let at = e.start;
      const kind = joinedKind(e) as 'branch' | 'environment';
      return e.value.split('/').map((value) => {
        const part = { kind, value: kind === 'environment' ? value.toLowerCase() : value, start: at, end: at + value.length };
        at += value.length + 1;
        return part;
      });
    };
    // "any file listed in `.gitignore`", "files in `.dockerignore`": the file that lists targets is not one of them.
    textual = textual.filter((e) => !(e.kind === 'path' && listsTargets(sentence.text.slice(0, e.start - sentence.start), e.value)));
    const pairs = textual.filter((e) => joinedKind(e) !== undefined);
    textual = [...textual.filter((e) => !pairs.includes(e)), ...pairs.flatMap(parts)];
    // A command names a program and its words: a path inside it (`./deploy.sh`) is part of the command.
    // ("npm or yarn lockfiles": the programs name the files, no command.)
    // ("protected branches (`main`, `release`)": a name listed after its sort is that sort's, no program run.)
    const listedNames = listedNameWords(this.words);
    const namesListedThing = (at: { start: number; end: number }) => this.words.some((w, i) => listedNames.has(i) && at.start >= w.start && at.end <= w.end);
    const commands = entitiesOf(commandEntities).filter((c) => !textual.some((e) => e.kind === 'path' && e.start <= c.start && e.end >= c.end && e.end - e.start > c.end - c.start) && !namesListedThing(c));
    const lexical = [...textual.filter((e) => !commands.some((c) => e.start >= c.start && e.end <= c.end)), ...commands];
    this.entities = [...lexical, ...entitiesOf((text, base) => amountEntities(text, base, this.words))];
    const inside = (w: Word, e: Entity) => (w.start < e.end && w.end > e.start) || (w.text === '' && w.start > e.start && w.start < e.end);
    const covered = new Set<number>();
    this.words.forEach((w, i) => {
      if (lexical.some((e) => inside(w, e))) covered.add(i);
    });
    this.covered = covered;
    const forge = forgeMentions(this.words, covered);
    const overlapsForge = (m: Mention) => forge.some((f) => m.start < f.end && m.end > f.start);
    // "the user replies YES", "once the customer pays": the person's own act, not one the agent does.
    // ("The user deploys the app themselves" is still the person's act, which the agent then leaves alone: kept for that reading.)
    const themselves = (m: Mention) => this.words.slice(m.end, m.end + 6).some((w) => /^(themselves|himself|herself|manually|personally)$/.test(w.norm));
    const personsOwn = (m: Mention) => m.form === 'third' && has(SERVED, this.words[m.start - 1]) && !this.words[m.start - 1]?.tags.has('Possessive') && !themselves(m);
    const named = commands.flatMap((c) => commandMention(this.words, c, inside));
    // ("never run `DROP TABLE users`": a statement written whole is read as one, on the table it names.)
    const statements = named.filter((m) => m.command?.statement === true);
    const sql = sqlKeywordMentions(this.words).filter((k) => !statements.some((m) => k.start < m.end && k.end > m.start));
    const overlapsSql = (m: Mention) => sql.some((k) => m.start < k.end && m.end > k.start);
    // ("main or release branches", "the deploy branch": an action's word before "branch" names the branch, no action,
    // in a noun's place: after an article or a preposition, or listed after a branch's name. "Never delete
    // branches" and "create commits or push branches" still act.)
    const nounPlace = (at: number) => {
      const w = this.words[at];
      const listedAfterBranch = has(COORDINATORS, w) && (has(WELL_KNOWN_BRANCH, this.words[at - 1]) || /`/.test(this.words[at - 1]?.pre ?? ''));
      return w !== undefined && (w.tags.has('Determiner') || w.tags.has('Preposition') || w.norm === 'to' || listedAfterBranch);
    };
    const namesBranch = (m: Mention) => m.end === m.start + 1 && /^branch(?:es)?$/.test(this.words[m.end]?.norm ?? '') && !/[,;:.!?)]/.test((this.words[m.start] as Word).post) && nounPlace(m.start - 1);
    this.mentions = [...findMentions(this.words, covered).filter((m) => !overlapsForge(m) && !personsOwn(m) && !overlapsSql(m) && !namesBranch(m) && !(m.end === m.start + 1 && listedNames.has(m.start))), ...forge, ...sql, ...named.filter((m) => !overlapsSql(m))].sort((a, b) => a.start - b.start);
    // Action words used as verbs ("run DROP TABLE") cannot name a target; "the test database" can.
    const blocked = new Set(covered);
    for (const m of this.mentions) {
      for (let i = m.start; i < m.end; i++) {
        const w = this.words[i] as Word;
        // ("Do not, under any circumstances, drop tables": after an aside the tagger may take the verb for a noun.)
        const afterAside = i === m.start && /,\s*$/.test(this.words[i - 1]?.post ?? '') && this.words.slice(0, i).some((b) => b.tags.has('Negative'));
        // ("- Making reservations": a capitalized gerund opening an action is the action, which the tagger takes for a name.)
        const capitalizedGerund = i === m.start && /ing$/.test(w.norm) && w.tags.has('ProperNoun');
        if (/^[A-Z]{2,}$/.test(w.text) || (w.tags.has('Verb') && !w.tags.has('Noun')) || afterAside || capitalizedGerund || (i === m.start && actionAfterPlaceName(this.words, i))) blocked.add(i);
      }
    }
    this.blocked = blocked;
  }

  /** Phrase entities over a range: databases, tables, branches, environments, devices, events, folders. */
  phraseEntitiesIn(range: Range): Entity[] {
    return phraseEntities(this.words, range.from, range.to, this.blocked);
  }

  mentionsIn(range: Range): Mention[] {
    return this.mentions.filter((m) => m.start >= range.from && m.start < range.to);
  }

  mentionAt(index: number): Mention | undefined {
    return this.mentions.find((m) => m.start === index);
  }

  isMentionWord(index: number): boolean {
    return this.mentions.some((m) => index >= m.start && index < m.end);
  }

  /** Text entities whose first character lies in the words of `range`. */
  textEntitiesIn(range: Range): Entity[] {
    const first = this.words[range.from];
    const last = this.words[range.to - 1];
    if (!first || !last || range.to <= range.from) return [];
    // Up to the next word: punctuation after the last word may open the next entity ("or `vp oxlint`").
    // A colon or semicolon after it closes the range ("dumps**: `.gitignore` …").
    const next = this.words[range.to];
    const closed = /[:;]/.exec(last.post);
    const limit = closed ? last.end + closed.index + 1 : next ? next.start : last.end + last.post.length;
    // Marks before the first word (a backtick, a dot the tagger left out of ".env.example") are the range's too.
    const from = range.from === 0 ? Number.NEGATIVE_INFINITY : first.start - first.pre.length;
    return this.entities.filter((e) => e.start >= from && e.start < limit);
  }

  /** Whether words of a kind of target ("table", "meeting", "door") appear in the ranges. */
  contextWord(kind: keyof typeof P.contexts, ranges: readonly Range[]): boolean {
    // ("file a claim", "file disputes": "file" opening an action's phrase is its verb, no file.)
    const isVerb = (at: number) => kind === 'file' && this.mentions.some((m) => m.start === at && m.end > at + 1);
    return ranges.some((r) => findAll(this.words, P.contexts[kind], r.from, r.to).some((found) => !isVerb(found.start)));
  }
}

/** Said before a path that lists files rather than being one: "listed in", "matched by", or "files in" an ignore file. */
const LISTED_IN = /\b(?:listed|named|mentioned|referenced|specified|declared|matched|ignored|excluded)\s+(?:in|by)\s+(?:the\s+|your\s+|a\s+)?\W*$/i;
const FILES_IN = /\b(?:files?|paths?|folders?|directories|entries)\s+(?:in|from)\s+(?:the\s+|your\s+)?\W*$/i;
const listsTargets = (before: string, path: string) => LISTED_IN.test(before) || (FILES_IN.test(before) && /ignore$/i.test(path));

/** Skips discourse openers ("please", "also", "heads up", "from now on") from `at`. */
function skipOpeners(words: readonly Word[], at: number, to: number): number {
  let position = at;
  for (;;) {
    // ("…, wait for confirmation": "wait" opens the clause's own verb, not an interjection.)
    if (words[position]?.norm === 'wait' && /^(for|until|till)$/.test(words[position + 1]?.norm ?? '')) return position;
    const end = startsWith(words, P.openers, position, to) ?? timeFrameEnd(words, position, to);
    if (end === undefined || end === position) return position;
    position = end;
  }
}

/** Words that say where the person is, in a time frame: "while I'm out", "while we're away". */
const AWAY = /^(?:out|away|gone|off|offline|busy|travel(?:l)?ing|vacation|holiday|holidays|leave|pto|ooo|asleep|sleeping|back|around|here|there)$/;

/**
 * "While I'm out this week, …", "Until Monday, …", "For now, …": a time frame put first, then a comma, is a
 * condition the session cannot settle, taken to hold; the rule is read from after it. Only a frame of times,
 * people and where they are: one that names a thing or an action ("While in `src/`, …", "During deploys, …") sorts the rule.
 */
function timeFrameEnd(words: readonly Word[], at: number, to: number): number | undefined {
  if (!/^(?:while|until|till|during|for|this|these|today|tonight|tomorrow|on)$/.test(words[at]?.norm ?? '')) return undefined;
  for (let k = at; k < Math.min(to, at + 8); k++) {
    const w = words[k] as Word;
    const framing = timeWordAt(words, k) || AWAY.test(w.norm) || has(FUNCTION, w) || (k === at && !w.tags.has('Verb')) || ['Pronoun', 'Determiner', 'Preposition', 'Copula', 'Conjunction'].some((t) => w.tags.has(t));
    if (!framing || /[`'"]/.test(w.pre)) return undefined;
    if (endsWithComma(w)) return k > at || timeWordAt(words, k) ? k + 1 : undefined;
    if (/[;:.!?]/.test(w.post)) return undefined;
  }
  return undefined;
}

/** Whether the sentence is a question; a polite request ("could you…?") is not, and reads from after its opener. */
// (Chat often leaves the comma out: "dont touch infra/ ok?".)
const TAG_QUESTION = /(?:,\s*(?:ok|okay|k|kk|right|yeah|yes|alright|all right|got it|understood|capisce|clear|yes\?|deal|cool)|\s(?:ok|okay|k|kk|yeah|alright|got it|understood|capisce))\s*\?+["'”’)\]]*\s*$/i;

/** A sentence that ends by quoting the question to ask: 'Ask the user: "Should I delete these files?"', 'ALWAYS confirm before deletion: "Are you sure?"'. */
const QUESTION_TO_ASK = /\b(?:ask(?:ing)?|confirm(?:ing|ation)?|prompt(?:ing)?)\b[^"“?]{0,40}["“][^"”]*\?["”]\W*$/i;

function questionStart(words: readonly Word[], text: string): 'not-a-question' | 'question' | number {
  const start = skipOpeners(words, 0, words.length);
  const polite = startsWith(words, P.polite, start);
  // "…, ok?" asks for a nod, not a question: the sentence before it still says what it says.
  // ('Ask: "Send this email?"': a question quoted as the one to ask is no question put to the agent.)
  const asked = /\?["'”’)\]]*\s*$/.test(text) && !TAG_QUESTION.test(text) && !QUESTION_TO_ASK.test(text);
  if (polite !== undefined) return polite;
  if (asked) return 'question';
  // "Should I delete…", "do you back up…" without a question mark ("do me a favor" is no question: "me" is no subject).
  const first = words[start];
  const second = words[start + 1];
  if (first && second && L.QUESTION_OPENERS.includes(first.norm) && (second.tags.has('Pronoun') || second.tags.has('Noun')) && !/^(not|me|us|him|them)$/.test(second.norm)) return 'question';
  return 'not-a-question';
}

/** Someone else's words or instructions for someone else: "the docs say never…", "tell Bob to…". */
function passedOnOrReported(view: SentenceView, from: number): boolean {
  const words = view.words;
  const start = skipOpeners(words, from, words.length);
  const opener = words[start];
  if (opener && has(PASS_ON, opener)) {
    // "tell Bob to…" passes an instruction on; "ask the user first" does not.
    const next = words[start + 1];
    const listener = next && /^(the|a)$/.test(next.norm) ? words[start + 2] : next;
    // "ask Priya before sending": asking someone for their yes before an action, not passing it on.
    // ("Ask Priya for explicit confirmation before sending": so is asking for it.)
    const after = listener === undefined ? -1 : words.indexOf(listener) + 1;
    const forYes = words[after]?.norm === 'for' && findFirst(words, P.approvalNouns, after + 1, Math.min(words.length, after + 4)) !== undefined;
    const asksYesOf = opener.forms.includes('ask') && listener !== undefined && (/^(before|first|prior)$/.test(words[after]?.norm ?? '') || forYes);
    // "Ask "Do you want me to proceed?" before deleting": the words asked, quoted, are the question put to the person.
    if (opener.forms.includes('ask') && [next, listener].some((w) => w !== undefined && /["'“‘]\s*$/.test((words[words.indexOf(w) - 1] as Word).post + w.pre))) return false;
    if (listener && !has(ME, listener) && !asksYesOf && !/^(first|before|for|permission|approval|whether|if)$/.test(listener.norm)) return true;
  }
  for (let i = from; i < words.length; i++) {
    const w = words[i] as Word;
    // ("requires written approval": a participle that sorts an approval reports nothing.)
    // ("she wrote that …" reports, though "wrote" is an action word elsewhere.)
    if (!has(REPORTING, w) || (view.isMentionWord(i) && words[i + 1]?.norm !== 'that') || (!/[,;:.!?]/.test(w.post) && startsWith(words, P.approvalNouns, i + 1) !== undefined)) continue;
    // ("manual state file edits", "the report file": after a word that describes it and before a noun, it is a noun too.)
    if ((words[i - 1]?.tags.has('Adjective') === true || words[i - 1]?.tags.has('Determiner') === true) && words[i + 1]?.tags.has('Noun') === true && !/[,;:.!?]/.test(w.post)) continue;
    // "until the user says yes", "unless the customer says so": the person's say-so, a condition, not a report.
    if (words.slice(Math.max(from, i - 4), i).some((b) => /^(until|unless|till|before|once|after|when|if|without)$/.test(b.norm))) continue;
    // (Its subject is in its own clause: "…without human approval; avoid manual state file edits" reports nothing.)
    const clauseStart = words.slice(from, i).reduce((at, b, k) => (/;/.test(b.post) ? from + k + 1 : at), from);
    const subject = subjectBefore(words, clauseStart, i);
    if (subject === 'other') return true;
  }
  // "i usually back up before i delete stuff": the person's own habit, told, not asked of the agent.
  const self = words[start];
  return self !== undefined && /^(i|we)$/.test(self.norm) && HABITUAL.test(words[start + 1]?.norm ?? '');
}

const HABITUAL = /^(usually|normally|typically|generally|often|sometimes|mostly|tend)$/;

type Subject = 'none' | 'listener' | 'self' | 'other' | 'we';

/** Who does the verb at `index`: none (an imperative), you, I, we, or someone else. */
function subjectBefore(words: readonly Word[], from: number, index: number): Subject {
  for (let i = index - 1; i >= from; i--) {
    const w = words[i] as Word;
    // A comma closes what came before: "if in doubt, ask me".
    if (endsWithComma(w)) return 'none';
    if (skips(w) || (w.text === '' && w.norm !== 'i') || w.tags.has('Possessive') || w.tags.has('Determiner')) continue;
    // The agent by its name, one word or two ("Claude", "Claude Code", "Gemini CLI").
    const agentName = has(AGENT_NAMES, w) || (/^(code|cli|agent|assistant|bot|copilot)$/.test(w.norm) && has(AGENT_NAMES, words[i - 1]));
    if (w.norm === 'you' || w.norm === 'nobody' || w.norm === 'anyone' || w.norm === 'anybody' || agentName) return 'listener';
    if (w.norm === 'we') return 'we';
    if (w.norm === 'i') return 'self';
    // A file or a folder acts on nothing: "`README.md` DO NOT MODIFY" names the thing, then the rule.
    // ("`package.json` doesn't change often" says how the file is).
    const pathLike = (/^[\w.~-]*(?:\/|\.[A-Za-z]{1,5}$)/.test(w.text) && /[./]/.test(w.text)) || /^[/.*]/.test(w.post) || /`$/.test(w.pre);
    if (pathLike && /^(do|never|not)$/.test(words[i + 1]?.norm ?? '')) return 'none';
    // ("Automated tools, assistants, and background processes are prohibited from …": the agent among those listed.)
    if (w.tags.has('Noun') && listedWithAgent(words, from, i)) return 'listener';
    if (w.tags.has('Pronoun') || w.tags.has('Noun') || w.tags.has('ProperNoun')) return 'other';
    // "MMS messages won't send": a thing before a negated verb is its subject, however it is tagged.
    const before = words.slice(from, i);
    const thing = before.some((b) => (b.tags.has('Noun') || b.tags.has('Acronym')) && !b.tags.has('Pronoun')) && !before.some((b) => b.tags.has('Pronoun'));
    if (thing && !w.tags.has('Infinitive') && !w.tags.has('Imperative') && !w.tags.has('Adverb') && !w.tags.has('Conjunction') && !w.tags.has('Preposition') && !w.tags.has('Expression') && /[a-z]/i.test(w.text)) return 'other';
    return 'none';
  }
  return 'none';
}

/** Whether the noun at `at` ends a list of subjects, opened at `from`, that names the agent among them. */
function listedWithAgent(words: readonly Word[], from: number, at: number): boolean {
  const subject = words.slice(from, at + 1);
  return subject.some((w) => endsWithComma(w) || has(COORDINATORS, w)) && subject.some((w) => has(AGENT_NAMES, w));
}

// ---- clauses -------------------------------------------------------------------------------------

/** A reason opens at `i`: "because …", and ", since …" (after a comma, "since" gives a reason, not a time). */
const reasonOpensAt = (words: readonly Word[], i: number) => words[i]?.norm === 'because' || (words[i]?.norm === 'since' && endsWithComma(words[i - 1]));

/** Splits a sentence at semicolons, colons, dashes and "but", and before "and never…", "and always…". */
function clausesOf(view: SentenceView, from: number): Range[] {
  const words = view.words;
  const clauses: Range[] = [];
  let start = from;
  let banInParenthesis = false;
  const close = (end: number) => {
    if (end > start) clauses.push({ from: start, to: end });
    start = end;
  };
  for (let i = from; i < words.length; i++) {
    const w = words[i] as Word;
    if (i > start && (has(CONTRASTS, w) || reasonOpensAt(words, i)) && w.text !== '') close(i);
    // "Push to the feature branch (avoid force pushes)": a parenthesis that opens on a ban is a rule of its own,
    // to its closing mark ("primitives (do not manually edit) + custom components (`x.tsx`)").
    else if (i > start && parenthesisOpensAt(words, i) && (w.norm === 'avoid' || (w.norm === 'never' && !/^(to|on|in|into|onto|against|at|for)$/.test(words[i + 1]?.norm ?? '')) || (w.norm === 'do' && words[i + 1]?.norm === 'not') || /^don['’]?t$/.test(w.norm))) {
      close(i);
      banInParenthesis = true;
    }
    // ("without explaining why and getting confirmation": a gerund after the joiner goes on with the list, no order of its own.)
    // ("before and after changes": two connectors joined, one clause.)
    // (Nor is a command written as code after it: "…, and `make docs`".)
    // ("run the tests for the area you touched and before opening a PR": a connector to the end with no order of its own goes with the order before.)
    else if (i > start && has(CLAUSE_JOINERS, w) && !/^(before|after)$/.test(words[i - 1]?.norm ?? '') && !view.covered.has(i + 1) && ((has(CLAUSE_STARTERS, words[i + 1]) && !/ing$/.test(words[i + 1]?.norm ?? '') && !connectorToEnd(words, i + 1)) || (words[i + 1]?.norm === 'do' && words[i + 2]?.norm === 'not'))) close(i);
    // A parenthesis names or lists within its clause; a colon right after an action introduces its object ("do not modify: tests, …").
    // A colon after an action introduces its object ("do not modify: tests, …"), after a category its examples ("operations: deleting…").
    const listFollows = has(CATEGORY_NOUNS, w) && words.slice(i + 1, i + 12).some((next) => endsWithComma(next));
    // ("NO AUTO-COMMITS: Never commit or push …": a label, then a rule of its own.)
    const ruleFollows = /^(never|always|only)$/.test(words[i + 1]?.norm ?? '') || (words[i + 1]?.norm === 'do' && words[i + 2]?.norm === 'not');
    // ("Approval required: delete, deploy, payment": what needs the approval follows.)
    const approvalFor = /^(required|needed|mandatory)$/.test(w.norm) && findFirst(words, P.approvalNouns, start, i) !== undefined;
    const objectFollows = !ruleFollows && /^[/`'"*_)\]]*\s*:/.test(w.post) && (approvalFor || (listsNamed(view, i + 1, words.length) && words.slice(start, i).some((b) => /^(not|never|no|avoid)$/.test(b.norm))) || ((view.isMentionWord(i) || /^(run|use|execute|invoke)$/.test(w.norm) || commandExamplesAfter(view, i)) && words.slice(start, i).some((b) => /^(not|never|no|avoid)$/.test(b.norm))) || listFollows || thingLabel(view, { from: start, to: i + 1 }) !== undefined || words.slice(start, i + 1).every((b) => /^(do|not|never|no|avoid|forbidden|prohibited|banned|disallowed|allowed|permitted|at|all|costs?|ever|you|must|should|shall|may|can|will|please)$/.test(b.norm) || b.text === ''));
    // "Ask before: committing, pushing": a connector's colon introduces what it connects.
    const connected = /^\s*:/.test(w.post) && [P.before, P.after, P.until, P.without].some((p) => startsWith(words, p, i, i + 1) === i + 1);
    if (banInParenthesis && /\)/.test(w.post)) {
      close(i + 1);
      banInParenthesis = false;
    // (A hyphen counts as a dash only set apart: "`make release-*`)" closes its parenthesis, no clause.)
    } else if (closesClause(w) && !/^[\s()]*$/.test(w.post.replace(/\s-(?=\s|$)|^-(?=\s)/g, '\u2014').replace(/[^;:()\u2014\u2013]/g, '')) && !objectFollows && !connected) close(i + 1);
    // "Do not add dependencies, every dependency requires approval first": a clause with its own
    // subject and verb after a comma is a sentence of its own, unless the first is a subordinate one.
    // So is a ban after an order: "Run the tests before you push, never push to main".
    // (Not after a phrase put first, which the ban is under: "Without my OK, never cancel a meeting".)
    // (A subordinate one ends at its first comma: "After changes, run the tests before committing, we got burned once".)
    else if (endsWithComma(w) && !(has(SUBORDINATORS, words[skipOpeners(words, start, i)]) && !words.slice(skipOpeners(words, start, i), i).some((b) => endsWithComma(b))) && (startsClause(words, i + 1, words.length) || (startsBan(words, i + 1) && !FRONTED_PHRASE.test(words[skipOpeners(words, start, i)]?.norm ?? '')))) close(i + 1);
  }
  close(words.length);
  return clauses;
}

/** "before opening a PR", "before every commit" to the end of the sentence: a connector, its action, and no order or comma after. */
function connectorToEnd(words: readonly Word[], at: number): boolean {
  const action = /ing$/.test(words[at + 1]?.norm ?? '') || (/^(every|each|any|a|the)$/.test(words[at + 1]?.norm ?? '') && words[at + 2]?.tags.has('Noun') === true);
  if (!/^(before|after)$/.test(words[at]?.norm ?? '') || !action) return false;
  return words.slice(at + 1).every((w, k) => !endsWithComma(w) && !/[;:]/.test(w.post) && (k === 0 || !w.tags.has('Imperative')));
}

/** Words that open a phrase put before a rule it conditions: "Without my OK, …", "On main, …". */
const FRONTED_PHRASE = /^(without|with|before|after|on|in|for|under|during|except|unless|until|upon|once|within|outside|inside|at|from|to|by|as|per|regarding)$/;

/** "never push …", "don't …", "do not …" at `at`, with a verb of its own ("…, never directly to main" leaves it out). */
function startsBan(words: readonly Word[], at: number): boolean {
  const after = /^(never|don['’]?t|dont)$/.test(words[at]?.norm ?? '') ? at + 1 : words[at]?.norm === 'do' && words[at + 1]?.norm === 'not' ? at + 2 : undefined;
  if (after === undefined) return false;
  let verb = after;
  while (words[verb]?.tags.has('Adverb') && !words[verb]?.tags.has('Verb')) verb++;
  // (A program's name is none: "We only use uv, NEVER pip".)
  return words[verb]?.tags.has('Verb') === true && !/`/.test(words[verb]?.pre ?? '') && !KNOWN_PROGRAMS.has(words[verb]?.norm ?? '');
}

// ---- cues ----------------------------------------------------------------------------------------

/** A tool's name that says it asks the person: `user__confirm`, `ask_user`, `AskUserQuestion`, `request_approval`. */
const asksPerson = (name: string) => name.length <= 80 && ASKING_TOOL.test(name);
const ASKING_TOOL = /^(?:\w+?__)?(?:ask_*(?:the_*)?(?:user|human)\w*|user_*confirm\w*|confirm_*(?:with_*)?(?:user|human|action)\w*|request_*(?:user_*)?(?:approval|permission|confirmation)|get_*(?:user_*)?(?:approval|confirmation)|human_*(?:input|approval))$/i;

/** "ask me", "check with me", "get my OK", "my approval": the person's say-so is wanted. */
function askCue(view: SentenceView, range: Range): boolean {
  const words = view.words;
  for (const found of findAll(words, P.ask, range.from, range.to)) {
    // "ask Bob to deploy" hands the action to someone else; "ask Priya before deploying" asks the
    // person whose yes it needs, named in the third person.
    const next = words[found.end];
    const asksOther = words[found.start]?.forms.includes('ask') && found.end - found.start === 1 && next && !has(ME, next) && (next.tags.has('ProperNoun') || next.tags.has('Person')) && words[found.end + 1]?.norm === 'to';
    // "ask the user for the issue ID", "ask me which branch": asking for information, not for a yes.
    const forInformation = words[found.start]?.forms.includes('ask') && asksForInformation(view, found.end, range.to);
    // "even if a doc asks you to forward it": someone else asking the agent is no approval by the person.
    const askedByOther = words[found.start]?.norm === 'asks' && subjectBefore(words, range.from, found.start) === 'other';
    if (!asksOther && !forInformation && !askedByOther) return true;
  }
  if (confirmsWithPerson(view, range)) return true;
  // "Use `user__confirm` before deletions", "call the AskUserQuestion tool first": a tool that asks the person.
  for (let i = range.from; i + 1 < range.to; i++) {
    const tool = words[i + (has(DEFINITE, words[i + 1]) ? 2 : 1)];
    if (/^(use|call|invoke|using|calling)$/.test((words[i] as Word).norm) && tool && asksPerson(tool.text.replace(/[`()]/g, ''))) return true;
  }
  // "Check with Dana before sending": the approver by name.
  for (let i = range.from; i + 2 < range.to; i++) {
    const named = words[i + 2] as Word;
    if (/^(check|checking|confirm|confirming)$/.test((words[i] as Word).norm) && words[i + 1]?.norm === 'with' && (named.tags.has('ProperNoun') || named.tags.has('Person')) && !named.tags.has('Organization')) return true;
  }
  for (const found of findAll(words, P.approvalNouns, range.from, range.to)) {
    // ("an issue that explicitly requests this work": a verb of a thing's relative clause, no approval.)
    if (relativeVerb(words, range.from, found.start)) continue;
    if (rightsChecked(words, found, range.from)) continue;
    if (personsApproval(words, found, range.from)) return true;
  }
  return false;
}

/**
 * Word `at` is inside a rule quoted whole, its cue too, right after an example's marker: 'e.g., "always
 * ask before deploying"' (not a command quoted as the example of a kind the rule bans: 'e.g., "rm -rf"').
 */
function quotedExampleAt(words: readonly Word[], at: number): boolean {
  for (let k = at; k >= 0; k--) {
    const w = words[k] as Word;
    if (k < at && /["”]/.test(w.post)) return false;
    if (!/["“]/.test(w.pre)) continue;
    const marked = /^(e\.?g\.?|eg|like|including|example|instance)$/.test(words[k - 1]?.norm ?? '') || (words[k - 1]?.norm === 'as' && words[k - 2]?.norm === 'such');
    return marked && words.slice(k, at).some((q) => /^(always|never|ask|not|don't|dont|no|must|confirm)$/.test(q.norm));
  }
  return false;
}

/** "Validate user permissions before writing", "check the file permissions": rights checked, no yes asked for. */
function rightsChecked(words: readonly Word[], found: { readonly start: number; readonly end: number }, from: number): boolean {
  return (words[found.end - 1] as Word).norm === 'permissions' && words.slice(Math.max(from, found.start - 3), found.start).some((w) => /^(validate|validating|verify|verifying|check|checking|inspect|audit)$/.test(w.norm));
}

/**
 * The approval at `found` is the person's, waited for: "my OK", "actions that warrant confirmation", "wait for
 * approval", "do NOT assume approval" (an approval not to be taken for granted is one to wait for).
 */
function personsApproval(words: readonly Word[], found: { readonly start: number; readonly end: number }, from: number): boolean {
  if (has(OWNERS, words[found.start - 1]) || has(OWNERS, words[found.start - 2])) return true;
  const needed = [1, 2].some((n) => found.start - n >= from && startsWith(words, SEEKING_APPROVAL, found.start - n, found.start) === found.start);
  if (needed && !/^(from|by)$/.test(words[found.end]?.norm ?? '')) return true;
  return /^(assume|presume)$/.test(words[found.start - 1]?.norm ?? '') && words.slice(Math.max(from, found.start - 4), found.start - 1).some((w) => w.tags.has('Negative') || /^(not|never|dont)$/.test(w.norm));
}


/** After "ask (the user)": "for" something that is no approval, or a question word. */
function asksForInformation(view: SentenceView, from: number, to: number): boolean {
  const words = view.words;
  let i = from;
  // Past whom is asked: "me", "the user", "the reviewer".
  while (i < to && i < from + 4 && (has(ME, words[i]) || has(GRANTERS, words[i]) || (words[i] as Word).tags.has('Determiner') || ((words[i] as Word).tags.has('Noun') && (words[i] as Word).norm !== 'for'))) i++;
  const next = words[i];
  if (!next || i >= to) return false;
  // ("ask whether to run `git pull`", "ask whether you should push": a yes or a no for the action, which is a yes sought.)
  const yesOrNo = next.norm === 'whether' && (words[i + 1]?.norm === 'to' || (/^(i|we|you)$/.test(words[i + 1]?.norm ?? '') && /^(should|can|may|could)$/.test(words[i + 2]?.norm ?? '')));
  if (/^(which|what|who|where|how|whether)$/.test(next.norm)) return !yesOrNo;
  if (next.norm !== 'for') return false;
  // "ask for approval", "ask the user for explicit permission" stay asks.
  const object = findFirst(words, P.approvalNouns, i + 1, Math.min(to, i + 5));
  return object === undefined;
}

/** "I approve", "I say so", "you have my OK", "asking me": said about the person approving. */
function approverCue(view: SentenceView, range: Range): boolean {
  return askCue(view, range) || findFirst(view.words, P.approverClauses, range.from, range.to) !== undefined || requestCue(view, range);
}

/** The word at `at` is the verb of a relative clause: right after "that" or "which", adverbs such as "explicitly" aside ("that explicitly requests"). */
function relativeVerb(words: readonly Word[], from: number, at: number): boolean {
  let subject = at - 1;
  while (subject > from && has(EXPLICITLY, words[subject])) subject--;
  return /^(that|which)$/.test(words[subject]?.norm ?? '');
}

/**
 * A request or a grant of the action, as an exception says it: explicitly ("unless explicitly
 * asked"), in the passive ("unless requested", "without being told to"), or by someone who may grant
 * it ("unless the user asks", "until Priya approves", "without asking the team lead").
 */
function requestCue(view: SentenceView, range: Range): boolean {
  const words = view.words;
  for (let i = range.from; i < range.to; i++) {
    const w = words[i] as Word;
    if (!has(REQUEST, w) || view.isMentionWord(i)) continue;
    // "without first verifying the order": a noun after its determiner is no request.
    if (words[i - 1]?.tags.has('Determiner') || words[i - 1]?.tags.has('Possessive')) continue;
    const before = words.slice(Math.max(range.from, i - 3), i);
    // ("an approved issue that explicitly requests this work": a thing's request, no person's.)
    if (relativeVerb(words, range.from, i)) continue;
    if (before.some((b) => has(EXPLICITLY, b))) return true;
    if (words[i + 1] && has(EXPLICITLY, words[i + 1])) return true;
    // ("except for approved tooling": a participle before its noun describes the thing, no one asks.)
    if ((words[i + 1]?.tags.has('Noun') === true || words[i + 1]?.tags.has('Adjective') === true) && !has(EXPLICITLY, words[i + 1]) && !has(ME, words[i + 1]) && !has(GRANTERS, words[i + 1]) && !words[i + 1]?.tags.has('Pronoun')) continue;
    // A participle right after the connector or after "being"/"been": "unless asked", "without being told".
    if ((w.tags.has('PastTense') || w.tags.has('Participle') || /ed$/.test(w.norm) || w.norm === 'told') && (i === range.from || before.some((b) => /^(being|been|be|is|are|was|get|got)$/.test(b.norm)))) return true;
    // Asking someone: "without asking Priya first", "without asking the team lead".
    if (w.forms.includes('ask') && /ing$/.test(w.norm)) return true;
    if (before.some((b) => has(GRANTERS, b) || b.tags.has('ProperNoun') || b.tags.has('Person'))) return true;
  }
  return false;
}

/** A command that runs checks can be a step; any other action is governed. */
// (A command satisfies as its checks do, or as a tool named for reading or backing up does: "use `backup_db` before dropping tables".)
const satisfies = (m: Mention) => (m.command ? m.command.checks || m.command.backsUp === true || (m.command.verbs.length > 0 && m.command.verbs.every((verb) => verb === 'read' || verb === 'backup')) : (L.FAMILIES[m.family] as L.ActionFamily).satisfies === true);
/** Mentions of steps that can satisfy a prerequisite ("back it up", "run the tests"). */
const satisfying = (mentions: readonly Mention[]) => mentions.filter(satisfies);
const governable = (mentions: readonly Mention[]) => mentions.filter((m) => !satisfies(m));

/** Where a clause's object region ends: at a condition ("while we're away") or exception. */
function objectEnd(view: SentenceView, from: number, to: number): number {
  const words = view.words;
  // ("before committing, especially …": the comma is on the action itself.)
  // ("do not force push, rebase instead": so is what to do in its place.)
  if (from > 0 && from < to && endsWithComma(words[from - 1]) && (/^(especially|particularly|notably)$/.test((words[from] as Word).norm) || saysInstead(words, from, to))) return from;
  for (let i = from; i < to; i++) {
    if (!howOften(words, i) && [P.condition, P.before, P.until, P.after, P.without, P.except].some((p) => startsWith(words, p, i, to) !== undefined)) return i;
    // "reset the database to fix it": a purpose after the object says why, not what.
    if ((words[i] as Word).norm === 'to' && i > from && words[i + 1]?.tags.has('Infinitive') === true && view.phraseEntitiesIn({ from: i + 1, to: i + 2 }).length === 0 && view.textEntitiesIn({ from: i + 1, to: i + 2 }).length === 0) return i;
    // "… with user approval", "with my explicit OK": how the action may happen, not what it acts on.
    if (/^(with|upon|on)$/.test((words[i] as Word).norm) && i > from && findFirst(words, P.approvalNouns, i + 1, Math.min(to, i + 5)) !== undefined && askCue(view, { from: i + 1, to: Math.min(to, i + 5) })) return i;
    // A comma before a new clause ("…, it's the only copy", "…, not even for the plumber") ends
    // the object; a comma inside a list of targets ("temp/, logs/ and cache/") does not.
    const next = words[i + 1];
    // ("…, regenerate with `make gen`": an order of its own that says how, whatever its verb.)
    const orderOfHow = next?.tags.has('Imperative') === true && /^(with|using|via|through)$/.test(words[i + 2]?.norm ?? '');
    // ("…, just move it to trash/": what to do instead.)
    const insteadOrder = next !== undefined && /^(just|simply)$/.test(next.norm) && words[i + 2]?.tags.has('Verb') === true;
    if (endsWithComma(words[i]) && next && (next.tags.has('Pronoun') || has(CLAUSE_OPENERS, next) || startsClause(words, i + 1, to) || saysInstead(words, i + 1, to) || orderOfHow || insteadOrder)) return i + 1;
    // ("avoid making edits (create a feature branch instead)": an aside saying what to do in its place ends it too.)
    if (parenthesisOpensAt(words, i) && saysInstead(words, i, to)) return i;
    // So does a colon before a reason ("**Never force push**: it rewrites history"); before a list it does not.
    if (/:/.test((words[i] as Word).post) && next && !listsNamed(view, i + 1, to) && (next.tags.has('Pronoun') || startsClause(words, i + 1, to))) return i + 1;
    // A verb we have no action for, joined after the object, starts an act of its own: "merge PRs or claim the status".
    const joined = words[i + 1];
    // The object is this action's own, or there is none: "never push or pull" ends at "or".
    const ownObject = i > from ? names(view, { from, to: i }) : view.mentions.some((m) => m.end === i && m.command !== undefined) || i + 2 === to;
    // (A word written as code, "or `master`", or a branch's usual name is a name, whatever the tagger makes of it;
    // so is a plural listed after a plural, "commits or tags", though the tagger takes it for a verb.)
    // ("or run the migrations": a light verb before an action said as a noun goes on with the list.)
    const lightVerbOfAction = () => view.mentionsIn({ from: i + 2, to: Math.min(to, i + 6) }).some((m) => listedWithLightVerb(words, m.start) === i + 1);
    if (has(COORDINATORS, words[i]) && joined && (i + 2 < to || i + 2 === to) && !view.covered.has(i + 1) && !/`/.test(joined.pre) && !has(WELL_KNOWN_BRANCH, joined) && !listedAfterPluralNoun(words, i + 1) && joined.tags.has('Verb') && !joined.tags.has('Noun') && !joined.tags.has('Gerund') && !joined.tags.has('PastTense') && !view.isMentionWord(i + 1) && ownObject && !lightVerbOfAction()) return i;
    // A purpose ends it: "bypass the checks to make things work".
    // ("no access to host services", "changes to build scripts": after an action said as a noun, "to" says what it is to.)
    const toObject = i === from && view.isMentionWord(i - 1) && words[i - 1]?.tags.has('Noun') === true && !/[,;:.!?)]/.test(words[i - 1]?.post ?? '');
    if ((words[i] as Word).norm === 'to' && !toObject && purposeAt(view, i + 1, to)) return i;
    // A parenthesis that opens with a verb is an aside: "commit to `master` (use PRs)".
    if (i > from && (/\(\s*$/.test(words[i - 1]?.post ?? '') || /\(/.test((words[i] as Word).pre)) && ((words[i] as Word).tags.has('Imperative') || /^(use|see|e\.g|i\.e|not|only|prefer|open|ask|run)$/.test((words[i] as Word).norm))) return i;
    // A second sentence of a bullet, or a dash before a reason, ends it too.
    if (/^\s*[.!?]\s/.test(words[i]?.post ?? '') || /\s[-–—]\s/.test(words[i]?.post ?? '')) return i + 1;
  }
  return to;
}

/** Whether word `index` is inside a parenthesis opened right after a path or a command the sentence names. */
function asideAfterNamed(view: SentenceView, index: number, from: number): boolean {
  const words = view.words;
  for (let k = index; k >= Math.max(from, index - 12); k--) {
    const w = words[k] as Word;
    if (k < index && /\)/.test(w.post)) return false;
    if (/\(/.test(w.pre) || (k < index && /\(\s*$/.test(w.post))) return /\(/.test(w.pre) ? view.covered.has(k - 1) : view.covered.has(k);
  }
  return false;
}

/**
 * A path or a command at `at` that is an item of a list, not the subject of a clause: "never be
 * deleted: `.env` (contains keys)", "…: `a/`, `b/`", but not "…: `.gitignore` already excludes them".
 */
function listsNamed(view: SentenceView, at: number, to: number): boolean {
  if (!view.covered.has(at)) return false;
  let after = at;
  while (after < to && view.covered.has(after)) after++;
  const next = view.words[after];
  return next === undefined || after >= to || /\(/.test(next.pre) || has(COORDINATORS, next) || /[,;.]/.test(view.words[after - 1]?.post ?? '');
}

/** A tool's name as agents' tools are named: `send_email`, `processPayment`. */
const toolName = (w: Word | undefined) => w !== undefined && TOOL_NAME.test(w.text);
const TOOL_NOUN = /^(tool|function)s?$/;

/** Word `index` is one of single words listed right after an action, which ends in a comma: "deploy, pull, or restart", "payments, transfers, deposits". */
function listedWithAction(view: SentenceView, index: number, range: Range): boolean {
  const words = view.words;
  const item = words[index];
  if (!item || !(item.tags.has('Verb') || item.tags.has('Plural') || /ing$/.test(item.norm)) || /[,;:.!?)]/.test(words[index - 1]?.post.replace(/,/, '') ?? '')) return false;
  // The list goes on to another action and its object ("modify, stage, commit, or revert unrelated changes"): the object is theirs too.
  if (view.mentions.some((m) => m.start >= range.to && words.slice(range.to, m.start).every((w) => w.tags.has('Adverb') || has(COORDINATORS, w)))) return false;
  for (let k = index - 1; k >= range.from; k--) {
    const w = words[k] as Word;
    if (has(COORDINATORS, w)) continue;
    // Of the same kind as the action: verbs after a verb, plurals after an action said as a plural ("payments, transfers, deposits").
    const action = view.mentions.find((m) => m.end === k + 1 && m.command === undefined);
    // (Or a gerund joined to the action's alone: "moving or reorganizing files", or a verb's plain form to the action's:
    // "delete or frobnicate files"; "push commits or tags" lists things.)
    const gerunds = action !== undefined && action.form === 'gerund' && /ing$/.test(item.norm);
    const plainForms = action !== undefined && action.form === 'base' && item.tags.has('Infinitive') && !item.tags.has('Noun');
    if (action && (endsWithComma(w) || (k + 2 === index && (gerunds || plainForms)))) {
      // (The tagger takes some plurals for verbs: "transfers", "deposits".)
      const plural = (x: Word) => x.tags.has('Plural') || /[^s]s$/.test(x.norm);
      const head = words[action.end - 1] as Word;
      // (A gerund joined to the action's gerund is one, however the tagger takes either.)
      return plural(head) ? plural(item) : (head.tags.has('Verb') && item.tags.has('Verb')) || gerunds || plainForms;
    }
    // An item listed before this one: "restart" in "deploy, restart or scale".
    if (!endsWithComma(w) && !has(COORDINATORS, words[k + 1])) return false;
  }
  return false;
}

/**
 * "Always confirm before deleting", "confirm the date, time and attendees before creating": an order to
 * confirm, with nothing named or only the action's details, is to confirm with the person. ("… asks you
 * to confirm before deleting" tells what a tool does; "confirm the tests pass" names a step.)
 */
function confirmsWithPerson(view: SentenceView, range: Range): boolean {
  const words = view.words;
  const confirm = words.findIndex((w, k) => k >= range.from && k < range.to && w.norm === 'confirm');
  if (confirm === -1 || skipOpeners(words, 0, range.to) < range.from || !/^(before|prior)$/.test(words[range.to]?.norm ?? '')) return false;
  const ordered = words.slice(skipOpeners(words, range.from, confirm), confirm).every((w) => has(LEAD_ADVERBS, w) || /^(must|should)$/.test(w.norm));
  const said = words.slice(confirm + 1, range.to).filter((w) => !w.tags.has('Determiner') && !has(COORDINATORS, w) && !/^(of|its|their|your|first)$/.test(w.norm));
  return ordered && said.every((w) => ACTION_DETAILS.test(w.norm));
}

/** What an action is done with, which a person confirms: "the date, time and attendees", "the amount". */
const ACTION_DETAILS = /^(details?|dates?|times?|titles?|attendees?|amounts?|totals?|prices?|recipients?|address(es)?|summary|information|info|items?|quantity|quantities|destination|itinerary|plan|order|changes)$/;

/** A word of how often, not of when: "more than once per order", "at most twice a day", "3 times a week". */
function howOften(words: readonly Word[], index: number): boolean {
  const w = words[index] as Word;
  const times = /^times?$/.test(w.norm) && words[index - 1]?.tags.has('Value') === true;
  if (!times && !/^(once|twice|thrice)$/.test(w.norm)) return false;
  return /^(than|most|only)$/.test(words[index - (times ? 2 : 1)]?.norm ?? '') || /^(per|a|an|every|each)$/.test(words[index + 1]?.norm ?? '');
}

/**
 * A number that counts, dates or sizes the things acted on ("more than 5 files at once", "orders placed 30
 * days ago", "over 10% of the balance", "larger than 1MB"): a limit no scope says. (A sum of money is an amount entity, read before.)
 */
function countLimit(words: readonly Word[], index: number): boolean {
  const w = words[index] as Word;
  if (!w.tags.has('Value') || !/\d|^(one|two|three|four|five|six|seven|eight|nine|ten|dozen|hundred)$/.test(w.norm)) return false;
  const next = words[index + 1];
  const comparator = /^(than|most|least|over|above|under|below|exceeding|beyond)$/.test(words[index - 1]?.norm ?? '');
  const counted = next !== undefined && !/[,;:.!?)]/.test(w.post) && (next.tags.has('Plural') || /^(ago|old|%)$/.test(next.norm) || (next.tags.has('Noun') && /[^s]s$/.test(next.norm)));
  // ("files larger than 1MB": a size written with its unit in one word.)
  const sized = /^\d+(?:\.\d+)?(?:[kmgt]i?b|bytes?)$/.test(w.norm);
  return w.tags.has('Percent') || (comparator && (counted || sized)) || (counted && /^(ago|old)$/.test(words[index + 2]?.norm ?? ''));
}

/** The clause at `from` says what to do in the rule's place: "…, open a PR instead". */
function saysInstead(words: readonly Word[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    if (/^(instead|rather)$/.test((words[i] as Word).norm)) return true;
    if (/[,;:.!?]/.test((words[i] as Word).post)) return false;
  }
  return false;
}

/** A verb of purpose and its object ("make things work"), not a place named like a verb ("to prod", "to `master`"). */
function purposeAt(view: SentenceView, index: number, to: number): boolean {
  const verb = view.words[index];
  const object = view.words[index + 1];
  if (!verb || !object || index + 1 >= to || /[,;:.!?)]/.test(verb.post)) return false;
  // ("push to feature branches": a branch's sort, which the tagger may take for a verb, says where.)
  const named = namesPlace(view, index) || /^branch(es)?$/.test(object.norm);
  // "to fix these issues" points at a case the rule is about: it narrows the rule, so it stays in the object.
  const words = view.words;
  let end = index + 1;
  while (end < to && !/[,;:.!?)]/.test((words[end - 1] as Word).post)) end++;
  const pointsAtCase = words.slice(index, end).some((w) => has(POINTERS, w) || has(ANAPHOR, w) || /^(this|that|it|them|they)$/.test(w.norm));
  return !named && !pointsAtCase && verb.tags.has('Infinitive') && !verb.tags.has('Noun') && (object.tags.has('Determiner') || object.tags.has('Noun') || object.tags.has('Adjective'));
}

/** "before committing to ensure …", "before every push, to keep CI green": why a step comes before the action, right after it, not what the action acts on. */
function purposeAfter(view: SentenceView, action: number, to: number): boolean {
  const verb = view.words[action + 1];
  if (view.words[action]?.norm !== 'to' || !verb || action + 1 >= to) return false;
  // ("before pushing to master", "before deploying to staging": where the action goes.)
  return !namesPlace(view, action + 1) && verb.tags.has('Infinitive') && !verb.tags.has('Noun');
}

/** A word after "to" that names a place or a thing, which the tagger may take for a verb: "to prod", "to `master`", an action's word. */
function namesPlace(view: SentenceView, index: number): boolean {
  return view.covered.has(index) || view.phraseEntitiesIn({ from: index, to: index + 1 }).length > 0 || has(WELL_KNOWN_BRANCH, view.words[index]) || view.isMentionWord(index);
}

/** A clause of its own after a comma: a subject then a finite verb ("…, finance reconciles them nightly"). */
function startsClause(words: readonly Word[], from: number, to: number): boolean {
  // ("…, last time it broke CI": a time said first, then the clause.)
  if (/^(last|next|this|that|every|each|one)$/.test(words[from]?.norm ?? '') && /^(time|times|week|night|day|month|year)$/.test(words[from + 1]?.norm ?? '') && !/[,;:.!?]/.test(words[from + 1]?.post ?? '')) return startsClause(words, from + 2, to);
  // "…, propose the commit message first": an order of its own, with a verb no action starts (those are listed: "delete, move or rename files").
  // ("…, just review the code": after an adverb that says only this.)
  const at = /^(just|only|simply|instead)$/.test(words[from]?.norm ?? '') ? from + 1 : from;
  const first = words[at];
  // (After "only", the tagger may take the order's verb for an infinitive: "…, only stage them".)
  const order = first?.tags.has('Imperative') === true || (at > from && first?.tags.has('Infinitive') === true);
  if (order && !first?.forms.some((f) => ACTIONS_BY_FIRST.has(f)) && /^(the|a|an|your|my|it|them|this|that)$/.test(words[at + 1]?.norm ?? '')) return true;
  for (let i = from; i < Math.min(to, from + 4); i++) {
    const w = words[i] as Word;
    // "configuration files (…)": a thing's plural the tagger takes for a verb is the thing.
    const thingPlural = has(GENERIC, w) && /s$/.test(w.norm);
    // ("…, amending published commits": a participle between a gerund and its noun describes the gerund's object.)
    const participleOfObject = w.tags.has('PastTense') && /ing$/.test(words[i - 1]?.norm ?? '') && words[i + 1]?.tags.has('Noun') === true;
    // ("…, `infrastructure/` (generated)": a word in a parenthesis after the thing says what it is, no verb of a clause.)
    const aside = parenthesisOpensAt(words, i);
    // ("…, we got burned by that": the tagger leaves a passive's "got" without its tense.)
    if (i > from && w.tags.has('Verb') && (w.tags.has('PresentTense') || w.tags.has('PastTense') || (w.tags.has('Auxiliary') && w.tags.has('Passive'))) && !w.tags.has('Gerund') && !w.tags.has('Infinitive') && !thingPlural && !participleOfObject && !aside) return true;
    // ("the CI bot": an acronym the tagger takes for a numeral is a noun too.)
    // ("`.gitignore` already excludes them": an adverb before the verb.)
    const beforeVerb = i > from && w.tags.has('Adverb') && !w.tags.has('Negative');
    if (!(w.tags.has('Noun') || w.tags.has('Determiner') || w.tags.has('Adjective') || w.tags.has('Acronym') || w.tags.has('RomanNumeral') || beforeVerb) || /[,;:.!?]/.test(w.post)) return false;
  }
  return false;
}

/** Whether a range names a thing: a target, a noun, or a quantifier ("files", "data/raw", "everything"). */
function names(view: SentenceView, range: Range): boolean {
  if (view.textEntitiesIn(range).length > 0 || view.phraseEntitiesIn(range).length > 0) return true;
  return view.words.slice(range.from, range.to).some((w) => (w.tags.has('Noun') && !w.tags.has('Pronoun')) || has(UNIVERSAL, w) || has(GENERIC, w));
}

/** Word `at` lies in an "if"/"unless" clause that opens within [from, at), with no comma closing it before `at`. */
function insideCondition(words: readonly Word[], from: number, at: number): boolean {
  for (let k = at - 1; k >= from; k--) {
    if (/[,;:.!?]/.test((words[k] as Word).post)) return false;
    if (/^(if|unless)$/.test((words[k] as Word).norm)) return !politeIf(words, k);
  }
  return false;
}

/** "I'd appreciate it if you didn't push", "it'd be great if you could avoid force pushes": a request said politely, no condition. */
function politeIf(words: readonly Word[], at: number): boolean {
  if (words[at]?.norm !== 'if') return false;
  const before = words[at - 1]?.norm === 'it' ? at - 2 : at - 1;
  return /^(appreciate|appreciated|great|nice|good|helpful|ideal|best|better|prefer|preferable|like|love|grateful|thankful)$/.test(words[before]?.norm ?? '');
}

/** A plural, though the tagger may take it for a verb's third person: "changes", "tags". */
const pluralForm = (w: Word | undefined) => w !== undefined && /[^s]s$/.test(w.norm) && (w.tags.has('Plural') || w.tags.has('PresentTense'));

/** "commits or tags", "commits or changes": a plural listed right after a plural noun is a thing too, however it is tagged. */
function listedAfterPluralNoun(words: readonly Word[], at: number): boolean {
  const before = words[at - 2];
  return pluralForm(words[at]) && has(COORDINATORS, words[at - 1]) && before?.tags.has('Plural') === true && before.tags.has('Noun');
}

/** Negated mentions: the first action after a negation, and the ones coordinated with it. */
interface Negated {
  readonly negation: number;
  readonly mentions: readonly Mention[];
  /**
   * Where a thing-subject names targets before the action: a passive ("data/raw must never be
   * deleted") before the negation, a "no X" or "nothing in X" subject between negation and action.
   */
  readonly subject?: Range;
}

/** A negation after "that"/"which"/"who" and an auxiliary: "files that have not been backed up" ("the policy is that nobody deploys" is no relative clause). */
function negatedInRelative(words: readonly Word[], from: number, at: number): boolean {
  let k = at - 1;
  while (k >= from && /^(have|has|had|been|be|is|are|was|were|do|does|did)$/.test((words[k] as Word).norm)) k--;
  return k >= from && k < at - 1 && /^(that|which|who)$/.test((words[k] as Word).norm);
}

/** Whether a parenthesis opens right before the word at `index`: "stage (`git add`)". */
/** Word `index` is in a parenthesis within `range` whose first word is an action, a command or a tool's name. */
function inMeansParenthesis(view: SentenceView, index: number, range: Range): boolean {
  const words = view.words;
  for (let k = index; k >= range.from; k--) {
    if (k < index && /\)/.test(words[k]?.post ?? '')) return false;
    // ("force push (`--force` or `--force-with-lease`)": so does one that opens with a flag, the way it is done.)
    if (parenthesisOpensAt(words, k)) return k > range.from && (view.mentionAt(k) !== undefined || toolName(words[k]) || FLAG_WRITTEN.test(words[k]?.pre ?? ''));
  }
  return false;
}

function parenthesisOpensAt(words: readonly Word[], index: number): boolean {
  return /\(\W*$/.test(`${words[index - 1]?.post ?? ''}${words[index]?.pre ?? ''}`);
}

/** Verbs that take no object, said to the agent of its manner: "don't worry", "don't hesitate". */
const ENDS_ITS_ORDER = /^(worry|hesitate|panic|wait|rush|hurry|guess|assume|stop|forget|apologi[sz]e|overthink|bother|fret|pause|delay|stall|procrastinate)$/;

/** Who or what states the rules the agent works under, as the subject of "forbids" or "prohibits". */
const RULE_SOURCES = wordSet(['policy', 'rule', 'guideline', 'convention', 'team', 'company', 'org', 'organization', 'organisation', 'project', 'repo', 'repository', 'contract', 'handbook', 'guide', 'process', 'workflow', 'security', 'compliance', 'legal', 'management', 'law', 'regulation', 'standard', 'charter']);

function negatedIn(view: SentenceView, range: Range): Negated | undefined {
  const words = view.words;
  // "never approve payments or refunds": the agent that approves a payment makes it.
  const approvesPayment = (k: number) => /^(approve|authorize|authorise)$/.test(words[k]?.norm ?? '') && [k + 1, k + 2].some((m) => view.mentionAt(m)?.family === 'pay');
  for (let i = range.from; i < range.to; i++) {
    // "Touch nothing in data/", "change nothing without asking": the negation is the object.
    const objectNegated = view.mentionAt(i);
    if (objectNegated?.start === i && objectNegated.form === 'base' && !objectNegated.command && words[objectNegated.end]?.norm === 'nothing' && subjectBefore(words, range.from, i) === 'none') {
      return { negation: i, mentions: [objectNegated] };
    }
    const negation = startsWith(words, P.negations, i, range.to);
    // "Files that have not been backed up must not be deleted": a negation in a relative clause sorts the thing; the rule's comes after.
    if (negation !== undefined && negatedInRelative(words, range.from, i)) continue;
    // ("If it hangs, stop, run `nx reset`": "stop" with a comma after it is an order of its own, no stopping of what follows.)
    const forbiddingAt = negation === undefined ? startsWith(words, P.forbidding, i, range.to) : undefined;
    const forbidding = forbiddingAt !== undefined && !(/^(stop|quit|cease)$/.test(words[i]?.norm ?? '') && /[,;:.!?]/.test(words[forbiddingAt - 1]?.post ?? '')) ? forbiddingAt : undefined;
    const forbiddenTo = negation === undefined && forbidding === undefined ? startsWith(words, P.forbidden, i, range.to) : undefined;
    const cueEnd = negation ?? forbidding ?? forbiddenTo;
    if (cueEnd === undefined) continue;
    // "If you don't back up first, the data is lost": a negation inside a condition forbids nothing.
    if (insideCondition(words, range.from, i)) continue;
    const cue = words[i] as Word;
    // "No, …" answers; it does not negate what follows. "There is no need to …" says it is not required.
    if (cue.norm === 'no' && (endsWithComma(cue) || /^(need|reason|point|requirement)$/.test(words[cueEnd]?.norm ?? ''))) continue;
    // ("The repo has no backups", "these projects carry no test suites": what a thing has or lacks, no ban.)
    if (cue.norm === 'no' && /^(has|have|had|carry|carries|contain|contains|include|includes|hold|holds|ship|ships)$/.test(words[i - 1]?.norm ?? '')) continue;
    // ("You never need to run `npm install` again", "you don't have to push": not required, which forbids nothing.)
    if (/^(need|needs|have|has)$/.test(words[cueEnd]?.norm ?? '') && words[cueEnd + 1]?.norm === 'to') continue;
    const nounSubject = /^(no|nothing|nobody|none)$/.test(cue.norm) || cue.norm === 'no one';
    // ("check that there are no edits", "there is no test for it": what is, no ban; "there should be no pushes to main"
    // is one, and so is "there's no pushing to main", as "there's no smoking here".)
    if (nounSubject && /^(are|is|were|was)$/.test(words[i - 1]?.norm ?? '') && words[i - 2]?.norm === 'there' && !/ing$/.test(words[cueEnd]?.norm ?? '')) continue;
    let j = cueEnd;
    let beOrGet = false;
    let self = false;
    let ranInPassive = false;
    let found: Mention | undefined;
    let limit = Math.min(range.to, cueEnd + (nounSubject ? 9 : 6));
    for (; j < limit; j++) {
      const w = words[j] as Word;
      const mention = view.mentionAt(j);
      // ("… in which case you shouldn't use the read_file tool again": a tool that only reads is a step taken, never a ban's action.)
      if (mention?.command && mention.command.verbs.every((verb) => verb === 'read') && toolName(words[mention.start])) break;
      if (mention) {
        found = mention;
        break;
      }
      // ("DON'T: Skip `task configure`", "never forget `make lint`": leaving the command out is what is forbidden, never running it.)
      if (/^(skip|skipping|omit|omitting|forget|forgetting|neglect|neglecting)$/.test(w.norm) && view.mentionAt(j + 1)?.command !== undefined) break;
      if (has(BE_OR_GET, w)) beOrGet = true;
      if (beOrGet && /^(run|ran|used|executed|invoked|called|typed)$/.test(w.norm)) ranInPassive = true;
      if (w.norm === 'i') self = true;
      // "never do destructive operations such as deleting…": a category before its examples.
      const category =
        has(CATEGORY_NOUNS, w) ||
        /^(such|as|like|including|e\.?g\.?|destructive|risky|dangerous|irreversible|external)$/.test(w.norm) ||
        // An adjective before a category noun: "broad staging commands such as …".
        ((w.tags.has('Adjective') || w.tags.has('Noun')) && words.slice(j + 1, j + 4).some((next) => has(CATEGORY_NOUNS, next))) ||
        // ("do not use these tools: `npm`, `yarn`": the determiner of a category its examples follow.)
        (/^(these|those|such)$/.test(w.norm) && (has(CATEGORY_NOUNS, words[j + 1]) || commandExamplesAfter(view, j + 1))) ||
        // A kind named by its examples in a parenthesis: "other web servers (`python -m http.server`)".
        [0, 1, 2].some((k) => commandExamplesAfter(view, j + k) && words.slice(j, j + k + 1).every((b) => b.tags.has('Noun') || b.tags.has('Adjective') || /^(other|any)$/.test(b.norm)));
      // "never stage and commit files": a verb we have no action for, joined to one we have, leaves that one governed.
      // ("never suggest or run `rm -rf`": joined to running what is named after it.)
      const runsNext = /^(run|use|execute|invoke|call)$/.test(words[j + 2]?.norm ?? '') && view.mentionsIn({ from: j + 3, to: Math.min(limit + 2, j + 7) }).length > 0;
      // ("never reroute, cancel, or rebook orders": so is one listed first, before actions listed on; "don't worry, delete
      // the logs" and "don't hesitate, delete or move them" list none: a verb that takes no object ends its own order.)
      const listedOn = (m: Mention | undefined) => m !== undefined && m.end - m.start === 1 && (endsWithComma(words[m.start]) || has(COORDINATORS, words[m.end]));
      const listedFirst = endsWithComma(w) && w.tags.has('Infinitive') && !ENDS_ITS_ORDER.test(w.norm) && view.mentionAt(j + 1)?.start === j + 1 && listedOn(view.mentionAt(j + 1));
      const joinedVerb = w.tags.has('Verb') && !w.tags.has('Auxiliary') && !w.tags.has('Copula') && ((has(COORDINATORS, words[j + 1]) && (view.mentionAt(j + 2) !== undefined || runsNext)) || listedFirst);
      // ("never try and start …": "try and" is "try to".)
      if (joinedVerb || (/^(try|attempt)$/.test(w.norm) && words[j + 1]?.norm === 'and')) {
        if (!listedFirst) j++;
        continue;
      }
      // "do not build the app using tools like `xcodebuild`": a verb we have no action for, done with tools of
      // which a command is an example, forbids running it. (With a command alone, "with `x`" may only say how.)
      if (w.tags.has('Verb') && !w.tags.has('Auxiliary') && !w.tags.has('Modal') && !w.tags.has('Copula') && !view.isMentionWord(j)) {
        const means = words.findIndex((b, k) => k > j && k < Math.min(range.to, j + 7) && /^(with|using|via|through)$/.test(b.norm));
        const marker = means === -1 ? undefined : findFirst(words, EXAMPLE_MARKERS, means + 1, Math.min(range.to, means + 6));
        const kind = marker !== undefined && words.slice(means + 1, marker.start).some((b) => has(CATEGORY_NOUNS, b));
        const command = kind && marker ? view.mentionsIn({ from: marker.end, to: Math.min(range.to, marker.end + 2) }).find((m) => m.command !== undefined) : undefined;
        if (command) {
          j = command.start - 1;
          limit = Math.min(range.to, command.end);
          continue;
        }
      }
      // "don't bypass with `--no-verify`": a verb we have no action for, done with a flag that is an action of its own, is that action.
      const flagAfter = /^(with|using|via)$/.test(words[j + 1]?.norm ?? '') ? view.mentionAt(j + 2) : undefined;
      // ("do not stage with `git add -A`": so is one done with a command written out with its subcommand, which is
      // that command; "don't build with `npm`" says only how the build is done.)
      const subcommandAfter = flagAfter?.command?.verbs.includes('execute') === true && (flagAfter.command.scope.commands ?? []).some((c) => /\s/.test(c));
      // ("DO NOT auto-stage with `git add`": the word after a prefix that makes a verb of it is one, however tagged.)
      const prefixed = autoPrefix(words[j - 1]) && words[j - 1]?.post === '-';
      if ((w.tags.has('Verb') || prefixed) && !w.tags.has('Auxiliary') && !w.tags.has('Modal') && !w.tags.has('Copula') && !view.isMentionWord(j) && flagAfter?.start === j + 2 && (INSTRUMENT_FAMILIES.has(flagAfter.family) || subcommandAfter)) {
        j++;
        continue;
      }
      // "do NOT mark PRs as ready for review (`gh pr ready`)": a verb phrase we have no action for, glossed
      // by the command in the parenthesis after it, is that command.
      if (w.tags.has('Verb') && !w.tags.has('Auxiliary') && !w.tags.has('Modal') && !w.tags.has('Copula') && !view.isMentionWord(j)) {
        const gloss = words.findIndex((_, k) => k > j + 1 && k < Math.min(range.to, j + 9) && parenthesisOpensAt(words, k));
        const between = gloss === -1 ? [] : words.slice(j, gloss);
        if (gloss !== -1 && view.mentionAt(gloss)?.command !== undefined && view.mentionsIn({ from: j + 1, to: gloss }).length === 0 && !between.slice(0, -1).some(closesClause)) {
          j = gloss - 1;
          limit = Math.min(range.to, gloss + 1);
          continue;
        }
      }
      // "does not want files to be modified": past the want's object to the passive that says what is not to be done.
      if (has(WANT, w)) {
        const to = words.findIndex((b, k) => k > j + 1 && k < Math.min(range.to, j + 10) && b.norm === 'to' && has(BE_OR_GET, words[k + 1]));
        if (to !== -1 && !words.slice(j, to).some((b) => closesClause(b) || endsWithComma(b))) {
          limit = Math.min(range.to, to + 4);
          j = to;
          continue;
        }
      }
      // "don't even think about `git reset --hard`": the idiom forbids the thing named next.
      if (w.norm === 'think' && words[j - 1]?.norm === 'even' && words[j + 1]?.norm === 'about') {
        j++;
        continue;
      }
      // "do not proceed with any refund", "never go ahead with a deploy": doing the action named next.
      if (/^(proceed|go)$/.test(w.norm) && (words[j + 1]?.norm === 'with' || (words[j + 1]?.norm === 'ahead' && words[j + 2]?.norm === 'with'))) {
        j += words[j + 1]?.norm === 'ahead' ? 2 : 1;
        // ("proceed with the cancellation": past its article too.)
        if (/^(a|an|the|this|that)$/.test(words[j + 1]?.norm ?? '')) j++;
        limit = Math.min(range.to, limit + 3);
        continue;
      }
      // "never continue deployment if tests fail", "do not continue with the migration": doing the action named next.
      if (w.norm === 'continue') {
        let next = j + 1;
        if (words[next]?.norm === 'with') next++;
        if (/^(a|an|the|this|that)$/.test(words[next]?.norm ?? '')) next++;
        if (view.mentionAt(next)?.start === next) {
          j = next - 1;
          limit = Math.min(range.to, limit + 3);
          continue;
        }
      }
      // "Do not click any delete or remove buttons": clicking a button does what its label says.
      const label = clickedLabel(view, j);
      if (label !== undefined) {
        j = label - 1;
        continue;
      }
      // ("Don't invent an issue number or open a new issue": a verb we have no action for, with its short object, joined to one we have.)
      const joinedAfterObject = w.tags.has('Verb') && !w.tags.has('Auxiliary') && !w.tags.has('Copula') && !w.tags.has('Modal') && j === cueEnd ? [2, 3, 4].find((n) => has(COORDINATORS, words[j + n]) && view.mentionAt(j + n + 1)?.start === j + n + 1 && view.mentionAt(j + n + 1)?.form === 'base' && (words[j + n + 1]?.tags.has('Verb') === true || /^(to|into|onto|from|the|a|an|any|it|them)$/.test(words[j + n + 2]?.norm ?? '')) && words.slice(j + 1, j + n).every((b) => !endsWithComma(b) && !view.isMentionWord(words.indexOf(b)) && (b.tags.has('Noun') || b.tags.has('Determiner') || b.tags.has('Adjective')))) : undefined;
      if (joinedAfterObject !== undefined) {
        limit = Math.min(range.to, limit + joinedAfterObject + 1);
        j += joinedAfterObject;
        continue;
      }
      // "avoid at all costs: `git reset --hard`": how strongly, not what.
      if (w.norm === 'at' && /^(all|any)$/.test(words[j + 1]?.norm ?? '') && /^costs?$/.test(words[j + 2]?.norm ?? '')) {
        j += 2;
        limit = Math.min(range.to, limit + 3);
        continue;
      }
      // "never run or suggest `npm install`": a second verb joined to running names the same command.
      const runOr = has(COORDINATORS, w) && /^(run|use|execute|invoke|call|start)$/.test(words[j - 1]?.norm ?? '') && words[j + 1]?.tags.has('Verb') === true && !view.isMentionWord(j + 1);
      if (runOr) {
        j++;
        continue;
      }
      // "avoid shell commands that require user input (e.g. `git rebase -i`)": past a category's relative clause to its examples.
      const examples = /^(that|which)$/.test(w.norm) && has(CATEGORY_NOUNS, words[j - 1]) ? examplesAfter(words, j, range.to) : undefined;
      if (examples !== undefined) {
        limit = Math.min(range.to, limit + (examples - j));
        j = examples - 1;
        continue;
      }
      // "never run commands that rewrite git history": a category said by what its members do.
      if (relativeOfCategory(words, j + 1) && view.mentionAt(j + 1) !== undefined) continue;
      // "don't execute anything with `sudo`": what is run through a command is run by it.
      if (has(UNIVERSAL, w) && /^(with|using|via|through)$/.test(words[j + 1]?.norm ?? '') && view.mentionAt(j + 2)?.command !== undefined) {
        j++;
        continue;
      }
      // "no auto-commit", "never auto-push": done unasked, read below.
      // (So is the prefix joined to a verb the next words say how it is done: "auto-stage with `git add`".)
      if (autoPrefix(w) && (view.mentionAt(j + 1) !== undefined || w.post === '-')) continue;
      // A category's words do not count against the reach: "broad staging commands such as `git add -A`".
      if (category) limit = Math.min(range.to, limit + 1);
      // "never run database migrations": a noun that modifies the action said as a noun; "no more than $200 per purchase": an amount.
      const modifier = (w.tags.has('Noun') || w.tags.has('Adjective')) && !w.tags.has('Pronoun') && view.mentionAt(j + 1) !== undefined && !view.covered.has(j) && !closesClause(w) && !endsWithComma(w) && view.mentionAt(j + 1)?.command === undefined;
      // ("never use bare `pip`": the program as it is found, every run of it; "the system pip" is one of many `pip`s, which no scope tells apart.)
      const invokedAsFound = /^(bare|plain|raw|vanilla)$/.test(w.norm) && view.mentionAt(j + 1)?.command !== undefined;
      const amount = nounSubject && (w.tags.has('Money') || w.tags.has('Value') || w.norm === 'per');
      // "never perform a deploy", "never run the migrations": the article after a light verb, before the action said as a noun.
      // ("Under no circumstances is the agent permitted to …": the agent, after the verb the negation put first.)
      const invertedAgent = j > cueEnd && (has(AGENT_NAMES, w) || (/^(a|an|the)$/.test(w.norm) && has(AGENT_NAMES, words[j + 1]))) && words.slice(cueEnd, j).some((b) => has(BE_OR_GET, b) || b.tags.has('Modal'));
      const article = (/^(a|an|the)$/.test(w.norm) && j > cueEnd && skips(words[j - 1])) || invertedAgent;
      // "Forbidden actions include: …", "prohibited commands are: …": the verb that opens the list.
      const opensList = /^(include|includes|are)$/.test(w.norm) && has(CATEGORY_NOUNS, words[j - 1]);
      // "never stage (`git add`) or commit": a verb glossed by the command in the parenthesis after it is that command.
      const glossed = w.tags.has('Verb') && view.mentionAt(j + 1)?.command !== undefined && parenthesisOpensAt(words, j + 1);
      // ("never initiate or approve payments": light verbs joined before their one action.)
      const joinsLightVerbs = has(COORDINATORS, w) && j > cueEnd && skips(words[j - 1]) && (skips(words[j + 1]) || approvesPayment(j + 1)) && view.mentionAt(j + 1) === undefined;
      // ("No hardcoded secrets before any deployment": the thing said "no" to ends where a condition begins.)
      if (nounSubject && /^(before|after|until|unless|without|when|whenever|while|during|if)$/.test(w.norm)) break;
      // ("No agent may commit to `main`": the agent said right after "no" is whom the ban is on.)
      const noAgent = nounSubject && cue.norm === 'no' && j === cueEnd && has(AGENT_NAMES, w) && (words[j + 1]?.tags.has('Modal') === true || has(BE_OR_GET, words[j + 1]));
      // ("never interact with checkout", "never deal with refunds": the light verb's own "with".)
      const lightVerbsWith = w.norm === 'with' && j > cueEnd && /^(interact|interacting|deal|dealing)$/.test(words[j - 1]?.norm ?? '');
      const skippable = skips(w) || lightVerbsWith || glossed || approvesPayment(j) || joinsLightVerbs || has(LISTENERS, w) || noAgent || w.text === '' || category || modifier || invokedAsFound || amount || article || opensList || (nounSubject && (view.covered.has(j) || has(GENERIC, w) || has(FUNCTION, w) || has(UNIVERSAL, w)));
      // "Never run: `git clean -fdx`": a colon after running introduces what is run ("Never do: push to main", what is done).
      // "Prohibited commands: `rm -rf`, …": so does a colon after the category its examples are of.
      const introducesRun = /^\s*:/.test(w.post) && (/^(run|use|execute|invoke|allowed|permitted|do)$/.test(w.norm) || has(CATEGORY_NOUNS, w) || opensList || commandExamplesAfter(view, j));
      if (!skippable || (closesClause(w) && !introducesRun)) break;
    }
    // "`npm install` must never be run": a command named first, then run in the passive.
    if (!found && ranInPassive) {
      const named = view.mentionsIn({ from: range.from, to: i }).filter((m) => m.command !== undefined);
      if (named.length > 0) return { negation: i, mentions: named };
    }
    if (!found) continue;
    // ("Make sure there are no type errors": no errors from a check is the check passed, nothing forbidden;
    // "never lower the quality gates": a gate is passed, never run.)
    const checkWord = (words[found.end - 1] as Word).norm;
    if (found.family === 'test' && (CHECK_RESULTS.test(checkWord) || /^gates?$/.test(checkWord))) continue;
    // "never commit with --no-verify": a flag that is an action of its own is what the rule is about.
    found = actionByInstrument(view, found, range.to) ?? found;
    // "must never be deleted" is a passive; "must not be sending" is not.
    // ("`secrets.yaml` is never committed": so is a copula before "never", after a target named.)
    const presentPassive = cue.norm === 'never' && found.start === cueEnd && found.form === 'past' && has(BE_OR_GET, words[i - 1]) && [...view.textEntitiesIn({ from: range.from, to: i - 1 }), ...view.phraseEntitiesIn({ from: range.from, to: i - 1 })].some(namesTarget);
    const passive = (beOrGet || presentPassive) && found.form === 'past';
    // "avoid deleting", "avoid `git rebase -i`"; "stop, delete it" is no prohibition. An "-s" form
    // there is a plural however it is tagged ("avoid force pushes at all costs").
    const pluralLast = found.form === 'third' || /[^s]s$/.test((words[found.end - 1] as Word).norm);
    // ("avoid commands that push": the verb of a relative clause says what the things avoided do.)
    const doneByKind = relativeOfCategory(words, found.start);
    if (forbidding !== undefined && found.form !== 'gerund' && !pluralLast && found.command === undefined && !isNominal(words, found) && !doneByKind) continue;
    if (found.form === 'past' && !passive && !nounSubject) continue;
    // ("These projects carry no test suites", "No tests here": checks said to be absent, no ban on running them.)
    if (cue.norm === 'no' && found.family === 'test' && !found.command) continue;
    // "she never deletes" is about her; "don't run any migrations" names things.
    const foundWord = words[found.start] as Word;
    // "Claude never pushes" is about the agent, as "you never push" is.
    const agentSubject = subjectBefore(words, range.from, i) === 'listener';
    // After "such as" or "like" the "-s" form is a plural noun: "actions such as deploys".
    const example = /^(as|like|including|e\.?g\.?)$/.test(words[found.start - 1]?.norm ?? '');
    // ("never make manual edits": after an adjective the "-s" form is a plural noun, however it is tagged.)
    const afterAdjective = words[found.start - 1]?.tags.has('Adjective') === true && !has(FUNCTION, words[found.start - 1]);
    // ("don't make any edits", "make code edits": after a light verb and its determiner or modifier, a noun too.)
    const lightVerb = [2, 3].map((n) => found.start - n).find((k) => k >= range.from && /^(make|making|perform|performing)$/.test(words[k]?.norm ?? ''));
    const afterLightVerb = lightVerb !== undefined && words.slice(lightVerb + 1, found.start).every((w) => w.tags.has('Determiner') || w.tags.has('Noun') || w.tags.has('Adjective'));
    // ("avoid deploys", "avoid running installs", "never run installs": after avoiding or running, a noun too.)
    const afterRunning = forbidding !== undefined || /^(run|running|do|doing)$/.test(words[found.start - 1]?.norm ?? '');
    if (found.form === 'third' && !nounSubject && !agentSubject && !example && !doneByKind && !afterAdjective && !afterLightVerb && !afterRunning && cue.norm !== 'no' && foundWord.tags.has('Verb') && !foundWord.tags.has('Plural')) continue;
    // A double negative or "not only" is not a prohibition.
    if (words[cueEnd]?.norm === 'only') continue;
    // ("If the message lacks a prefix, no release will be created": what will happen on a condition, no ban.)
    const foretold = nounSubject && words.slice(cueEnd, found.end + 2).some((w) => w.norm === 'will') && /^(if|when|unless)$/.test(words[skipOpeners(words, 0, words.length)]?.norm ?? '');
    if (foretold) continue;
    // "The vendor invoices: never delete": a label names the thing, not who acts.
    // ("going forward don't merge PRs": an opener is no subject.)
    const subject = subjectBefore(words, thingLabel(view, { from: range.from, to: i })?.to ?? skipOpeners(words, range.from, i), i);
    const wants = words.slice(cueEnd, found.start).some((w) => has(WANT, w));
    // "It is forbidden to delete …", "it's not allowed to push": the "it" stands for the action after.
    // (The tagger may read the "'s" of "it's forbidden" as "has".)
    const copula = words[range.from + 1];
    const dummyIt = i === range.from + 2 && /^(it|this)$/.test(words[range.from]?.norm ?? '') && (has(BE_OR_GET, copula) || (copula?.text === '' && copula.norm === 'has')) && words.slice(cueEnd, found.start).some((w) => /^(allowed|permitted|ok|okay|acceptable)$/.test(w.norm) || forbiddenTo !== undefined);
    // ("The policy prohibits you from opening PRs", "our guidelines forbid force pushes": a rule's source forbidding now is a
    // rule in force; "the old policy prohibited it" reports one.)
    const sourceForbids = forbiddenTo !== undefined && (cue.tags.has('PresentTense') || cue.tags.has('Infinitive')) && has(RULE_SOURCES, words[i - 1]) && !words.slice(range.from, i).some((w) => w.tags.has('Modal') || w.tags.has('Auxiliary'));
    if (subject === 'other' && !passive && !nounSubject && !dummyIt && !sourceForbids) continue;
    // ("`make release` creates a tag but does NOT push": "does not" with its subject left out tells what a thing does; an order says "do not".)
    if (subject === 'none' && (/^(does|doesn['’]?t)$/.test(cue.norm) || words[i - 1]?.norm === 'does') && !passive) continue;
    // ("I forbid you from pushing": the person's own verb of forbidding is their rule.)
    if ((subject === 'self' || self) && !wants && !passive && forbiddenTo === undefined) continue;
    // "she did not delete it" reports; "I'd rather you didn't delete it" asks.
    const did = words.slice(range.from, i).findIndex((w) => w.norm === 'did');
    if (did !== -1 && !words.slice(range.from, range.from + did).some((w, k) => /^(rather|prefer|preferably)$/.test(w.norm) || politeIf(words, range.from + k))) continue;
    const coordinated = [found];
    // "git operations (commit, push, reset)": examples in parentheses run to the closing one.
    const closing = inParenthesis(words, range.from, found.start) ? words.findIndex((w, k) => k >= found.start && k < range.to && /\)/.test(w.post)) : -1;
    const end = Math.max(objectEnd(view, found.end, range.to), closing + 1);
    for (const next of view.mentionsIn({ from: found.end, to: end })) {
      const previous = words[next.start - 1];
      const last = coordinated[coordinated.length - 1] as Mention;
      // "never commit or run `npm publish`": a command listed with the verb that runs it. (With a
      // place after it, "push or run `git tag` on main", the place may be either's: left unread.)
      // (An item that ends at its comma has no place after it: "run `terraform apply`, or delete files".)
      const runAt = runVerbOf(words, next);
      const runVerb = runAt !== undefined && (endsWithComma(words[next.end - 1]) || !names(view, { from: next.end, to: end }));
      // (The word before the item: before its run verb, when it has one.)
      const itemStart = runVerb ? (runAt as number) : next.start - 1;
      // "any flag that bypasses git hooks or precommit checks": listed after another action, it is that action's.
      if (has(COORDINATORS, previous) && view.mentions.some((m) => m.end === next.start - 1 && m.start > found.end && !coordinated.includes(m))) continue;
      // ("touch temp, cache, or backup folders": a word listed among the things, modifying their noun, is one of them.)
      const itemBefore = has(COORDINATORS, previous) ? next.start - 2 : next.start - 1;
      // ("push commits or changes to main": the plural listed is a thing, no action of its own.)
      const pluralThing = listedAfterPluralNoun(words, next.start) && !coordinated.some((m) => itemBefore >= m.start && itemBefore < m.end);
      const amongThings = pluralThing || (next.command === undefined && next.end - next.start === 1 && modifiesNextNoun(words, next.start) && !view.isMentionWord(itemBefore) && !actionAfterPlaceName(words, next.start));
      // ("run package managers (`npm`, `yarn`)", "run destructive SQL (DROP, DELETE)": actions listed with the one found
      // in its parenthesis are examples beside it, not the noun's things.)
      const besideFound = (found.command !== undefined) === (next.command !== undefined) && inParenthesis(words, range.from, found.start);
      // ("push to main, run `terraform apply`, or …": so may a comma, in the middle of a list or one a colon opened,
      // "Never do: …, run `terraform apply`"; "…, use pnpm" says what to use instead.)
      const opened = words.slice(range.from, found.start).some((w) => /:\s*$/.test(w.post));
      const midList = runVerb && words[itemStart]?.norm !== 'use' && endsWithComma(words[itemStart - 1]) && (endsWithComma(words[next.end - 1]) || opened);
      if ((listedAt(words, next.start) || (previous?.norm === 'even' && has(COORDINATORS, words[next.start - 2])) || (runVerb && has(COORDINATORS, words[itemStart - 1])) || midList || listedWithLightVerb(words, next.start) !== undefined) && (besideFound || !namesTheThingBefore(view, next.start)) && !amongThings) {
        // A command after another action is that action's object ("never change the yarn setup"), not an action of its own.
        // ("never stage (`git add`) or commit": a command glossing a verb stands for that verb.)
        const glossing = found.command !== undefined && parenthesisOpensAt(words, found.start);
        // ("never push or `gh pr create`", "never run `npm test` or push": one listed right after an action is an action beside it.)
        const besideAction = has(COORDINATORS, previous) && coordinated.some((m) => m.end === next.start - 1);
        if ((next.command !== undefined) !== (found.command !== undefined) && !next.saidInWords && !found.saidInWords && !runVerb && !glossing && !besideAction) continue;
        if (next.start >= last.end || next.family !== last.family) coordinated.push(next);
      }
    }
    // A passive's thing is the noun phrase before its first verb: "files under gen/ are rebuilt … and must not be edited".
    // (Not a copula of a relative clause on it: "files that are not backed up must never be deleted".)
    const subjectEnd = words.findIndex((w, k) => k > range.from && k < i && w.tags.has('Copula') && !/^(that|which|who|have|has|had)$/.test(words[k - 1]?.norm ?? ''));
    // ("The user does not want files to be modified": the thing wanted not done is the want's object.)
    const wantAt = passive ? words.findIndex((w, k) => k >= cueEnd && k < found.start && has(WANT, w)) : -1;
    const wantedTo = wantAt === -1 ? -1 : words.findIndex((w, k) => k > wantAt + 1 && k < found.start && w.norm === 'to');
    // ("We load config from the .env file, which must never be overwritten": after a comma, the relative's thing is the noun phrase before it.)
    const relative = passive ? words.findIndex((w, k) => k > range.from + 1 && k < i && /^(which|that)$/.test(w.norm) && endsWithComma(words[k - 1])) : -1;
    let relativeFrom = relative - 1;
    while (relative !== -1 && relativeFrom > range.from && !(words[relativeFrom - 1] as Word).tags.has('Preposition') && !(words[relativeFrom - 1] as Word).tags.has('Verb') && !endsWithComma(words[relativeFrom - 1])) relativeFrom--;
    const thingSubject = /^(no|nothing|none)$/.test(cue.norm) ? { from: cueEnd, to: found.start } : wantedTo !== -1 ? { from: wantAt + 1, to: wantedTo } : relative !== -1 ? { from: relativeFrom, to: relative } : passive ? { from: range.from, to: subjectEnd === -1 ? i : subjectEnd } : undefined;
    // A passive must name its thing in the clause ("data/raw must never be deleted"); "…, cannot be booked" does not say what.
    if (passive && !nounSubject && !names(view, thingSubject ?? { from: range.from, to: i })) continue;
    return { negation: i, mentions: coordinated, ...(thingSubject && { subject: thingSubject }) };
  }
  return undefined;
}

/**
 * "never write code, deploy, or modify infrastructure", "don't edit src/, commit, or push to main":
 * actions listed with objects of their own, one draft each over its own object. The first must have
 * its object before its comma (with none, "delete, move or rename files", the object is shared), and
 * the last follow "or"/"and" (without it, "…, open a PR instead" is an order of its own). A verb we
 * have no action for ("create branches") is an item left ungoverned.
 */
function eachListed(view: SentenceView, draft: Draft, to: number): Draft[] {
  const words = view.words;
  const first = draft.triggers[0] as Mention;
  const commaAfter = (from: number) => {
    let depth = 0;
    for (let k = from; k < to; k++) {
      depth = Math.max(0, depth + parenthesesOpened((words[k] as Word).pre) + parenthesesOpened((words[k] as Word).post));
      if (depth === 0 && endsWithComma(words[k])) return k;
    }
    return -1;
  };
  const firstComma = commaAfter(first.end - 1);
  if (firstComma === -1 || firstComma < first.end || draft.requires) return [draft];
  const actionAt = (at: number) => {
    const item = view.mentionAt(at);
    return item?.start === at && item.form === first.form && (item.command === undefined) === (first.command === undefined) ? item : undefined;
  };
  const items: { trigger: Mention; region: Range }[] = [];
  let at = firstComma + 1;
  for (;;) {
    const last = has(COORDINATORS, words[at]);
    const start = last ? at + 1 : at;
    const verb = words[start];
    const item = actionAt(start);
    // ("before sending messages, creating events, or uploading files": among gerunds, one we have no action for is an item left ungoverned.)
    const gerundItem = first.form === 'gerund' && verb?.tags.has('Gerund') === true && /ing$/.test(verb.norm);
    if (!item && !gerundItem && (!verb?.tags.has('Verb') || verb.tags.has('Auxiliary') || verb.tags.has('Modal') || verb.tags.has('Copula') || verb.tags.has('Gerund') || verb.tags.has('PastTense'))) return [draft];
    // ("…, commit, push or create PRs": the last item after "or" with no comma before it.)
    const comma = last ? -1 : commaAfter(start);
    const joined = words.findIndex((w, k) => k > start && k < (comma === -1 ? to : comma) && has(COORDINATORS, w) && actionAt(k + 1) !== undefined);
    const end = last ? objectEnd(view, item?.end ?? start + 1, to) : joined !== -1 ? joined : comma === -1 ? -1 : comma + 1;
    if (end === -1) return [draft];
    if (item) items.push({ trigger: item, region: { from: start, to: end } });
    if (last) break;
    at = end;
  }
  if (items.length === 0) return [draft];
  const rest = draft.regions.slice(1);
  const own = { ...draft, triggers: draft.triggers.filter((m) => m.start < firstComma + 1), regions: [{ from: first.start, to: firstComma + 1 }, ...rest] };
  return [own, ...items.map(({ trigger, region }) => ({ ...draft, triggers: [trigger], regions: [region, ...rest] }))];
}

/** "commit with `--no-verify`", "push using --force": an action done by way of one that stands alone (skipping checks, force-pushing). */
function actionByInstrument(view: SentenceView, action: Mention, to: number): Mention | undefined {
  const words = view.words;
  for (let i = action.end; i < Math.min(to, action.end + 4); i++) {
    if (!/^(with|using|via|passing)$/.test(words[i]?.norm ?? '')) continue;
    const at = /^(a|an|the)$/.test(words[i + 1]?.norm ?? '') ? i + 2 : i + 1;
    const instrument = view.mentionAt(at);
    return instrument && SELF_CONTAINED.has(instrument.family) ? instrument : undefined;
  }
  return undefined;
}

// ---- frames --------------------------------------------------------------------------------------

/** "I want to approve every payment over $500", "let me sign off on any deploy". */
function personApprovesFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const found = findFirst(view.words, P.personApproves, clause.from, clause.to) ?? namedApprover(view.words, clause);
  if (!found) return undefined;
  const subject = subjectBefore(view.words, clause.from, found.start);
  if (subject === 'other') return undefined;
  // A participle describes ("ordered by mistake"); the action approved is said as a verb or a noun.
  // ("confirm their email address", "approve the payment method": an action's word that sorts the next noun names no action.)
  const candidates = governable(view.mentionsIn({ from: found.end, to: clause.to })).filter((m) => m.form !== 'past' && !(m.command === undefined && modifiesNextNoun(view.words, m.end - 1)));
  // "confirm the refund amount and the reason for the cancellation": what is confirmed are details of the action named after "for".
  const named = (m: Mention) => {
    let marker = m.start - 1;
    while (marker > found.end && view.words[marker]?.tags.has('Determiner')) marker--;
    return marker >= found.end && /^(for|before)$/.test(view.words[marker]?.norm ?? '');
  };
  const detailed = candidates.find(named);
  const trigger = detailed ?? candidates[0];
  if (!trigger) return undefined;
  const triggers = [trigger];
  // "confirm the cancellation": the action itself, not a thing named after one.
  const actionItself = view.words.slice(found.end, trigger.start).every((w) => w.tags.has('Determiner') || has(UNIVERSAL, w));
  // ("ask the user to confirm they want to modify the database": the action they say yes to, with its own object.)
  const wanted = WANTED_ACTION.test(view.words.slice(found.end, trigger.start).map((w) => w.norm).join(' '));
  if (wanted) return { drafts: [{ kind: 'confirmation', triggers, regions: [{ from: trigger.start, to: objectEnd(view, trigger.end, clause.to) }] }] };
  const from = detailed || actionItself ? trigger.start : found.end;
  const end = objectEnd(view, detailed ? trigger.end : found.end, clause.to);
  return { drafts: [{ kind: 'confirmation', triggers, regions: [{ from, to: end }] }] };
}

/**
 * "Bob needs to confirm the cancellation", "Bob must approve any deploy": the person by name, as the subject that
 * opens the clause, is whose yes it takes, as "the user" is ("approval from Bob" reads so already). A name the tagger
 * does not know is a capitalised singular noun to it ("Priya must approve"), as a team's name is ("Finance must
 * approve"): either's yes is sought before the action, so both are read so; a plural ("Tests must confirm") is not.
 */
function namedApprover(words: readonly Word[], clause: Range): { start: number; end: number } | undefined {
  const at = skipOpeners(words, clause.from, clause.to);
  const name = words[at];
  if (!name || !/^[A-Z][a-z]+$/.test(name.text) || !['Person', 'FirstName', 'ProperNoun', 'Singular'].some((t) => name.tags.has(t)) || name.tags.has('Pronoun') || /^(?:nobody|none|nothing)$/.test(name.norm) || has(AGENT_NAMES, name)) return undefined;
  const must = /^(must|should)$/.test(words[at + 1]?.norm ?? '') ? 1 : /^(needs|has)$/.test(words[at + 1]?.norm ?? '') && words[at + 2]?.norm === 'to' ? 2 : 0;
  const verb = at + 1 + must;
  return must > 0 && /^(confirm|approve)$/.test(words[verb]?.norm ?? '') ? { start: at, end: verb + 1 } : undefined;
}

/** What a person confirms they want, before its action: "(that) they want to", "the customer wishes to". */
const WANTED_ACTION = /^(?:that )?(?:they|he|she|you|we|i|(?:the )?(?:user|customer|client|caller|guest)) (?:really |still |do |does )?(?:want|wants|would like|wish|wishes|intend|intends|mean|means|agree|agrees) to$/;

/** Where a verb of seeking ("wait for", "get", "ask for") starts, one to three words before an approval at `at`, not before `from`. */
function seekingBefore(words: readonly Word[], at: number, from: number): number | undefined {
  // ("Ask permission to add dependencies", "ask the user's approval": asked for straight, or of the person
  // whose it is; "ask before changing permissions" asks about something else.)
  const askedOf = (k: number) => words[k]?.forms.includes('ask') === true && words.slice(k + 1, at).every((w) => has(OWNERS, w) || w.tags.has('Determiner') || w.tags.has('Possessive'));
  return [1, 2, 3].map((n) => at - n).find((k) => k >= from && (startsWith(words, SEEKING_APPROVAL, k, at) !== undefined || askedOf(k)));
}

/** Verbs of passing a thing on to someone for their yes: "flag any payment over $500 for approval". */
const PASSING_ON = wordSet(['flag', 'escalate', 'route', 'refer', 'submit', 'queue', 'hold', 'send', 'forward']);

/**
 * "Flag any payment over $500 for human approval", "escalate refunds for my sign-off": the thing passed on
 * for a yes, named between the verb that opens the clause and the "for" before the approval, is what needs it.
 */
function passedOnForApproval(view: SentenceView, clause: Range, approval: { start: number } | undefined): { readonly action: Mention; readonly end: number } | undefined {
  const words = view.words;
  if (approval === undefined) return undefined;
  let forAt = approval.start - 1;
  while (forAt > clause.from && (has(OWNERS, words[forAt]) || (words[forAt] as Word).tags.has('Determiner'))) forAt--;
  if (words[forAt]?.norm !== 'for') return undefined;
  // ("Any operation that deletes data must be escalated for human approval": in the passive, what is passed on is the subject.)
  const participle = words[forAt - 1];
  // (Said as what must be done, not what was: "the deploy was flagged for review" tells of it.)
  const passive = participle !== undefined && /ed$/.test(participle.norm) && has(PASSING_ON, participle) && words[forAt - 2]?.norm === 'be' && /^(must|should|shall|to|always)$/.test(words[forAt - 3]?.norm ?? '');
  const verb = skipOpeners(words, clause.from, forAt);
  if (!passive && !has(PASSING_ON, words[verb])) return undefined;
  const passed = passive ? { from: clause.from, to: forAt - 2 } : { from: verb + 1, to: forAt };
  const action = governable(view.mentionsIn(passed))[0] ?? spending(view, passed)[0];
  return action && { action, end: passed.to };
}

/** "You need my permission to disarm the alarm", "get my sign-off on any deploy", "ask me for any payment over $500". */
function permissionForFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  // ("The user asks to send an email" tells what the person does: "asks" is a verb there, no approval.)
  const saidAsVerb = (f: { start: number }) => {
    let subject = f.start - 1;
    while (words[subject]?.tags.has('Adverb')) subject--;
    return /^(asks|requests|commands)$/.test((words[f.start] as Word).norm) && words[subject]?.tags.has('Noun') === true && !words[subject]?.tags.has('Possessive');
  };
  const approvals = findAll(words, P.approvalNouns, clause.from, clause.to).filter((f) => !saidAsVerb(f) && !rightsChecked(words, f, clause.from));
  // "my permission", or an approval sought: "get approval for force pushes", "ask for approval for any deletion".
  // ("You have permission to push" grants it; "you must have permission to push" asks for it.)
  const granted = (at: number) => /^(have|has)$/.test(words[at]?.norm ?? '') && !words.slice(clause.from, at).some((w) => w.tags.has('Modal') || /^(need|needs|only|unless|without|until|before|if)$/.test(w.norm));
  const sought = (f: { start: number }) => {
    const at = seekingBefore(words, f.start, clause.from);
    return at !== undefined && !granted(at);
  };
  // "Approval is required for pushes", "user approval is needed before any deploy": the approval as the thing required.
  // ("Confirmation required for deletes": notes leave the copula out when the approval opens the clause.)
  const opensClause = (f: { start: number }) => words.slice(skipOpeners(words, clause.from, f.start), f.start).every((w) => has(OWNERS, w) || w.tags.has('Determiner') || w.norm === 'no');
  const requiredAfter = (f: { start: number; end: number }) => {
    let at = f.end;
    while (at < clause.to && (has(BE_OR_GET, words[at]) || /^(always|first|strictly|absolutely)$/.test(words[at]?.norm ?? ''))) at++;
    return (at > f.end || opensClause(f)) && /^(required|needed|mandatory|necessary)$/.test(words[at]?.norm ?? '') ? at + 1 : undefined;
  };
  // "You don't need permission to edit docs/": an approval not needed is a permission, not a rule.
  const unneeded = approvals.some((f) => {
    // ("Claude will NOT ask for permission to push" is no permission: only a need denied is.)
    const at = seekingBefore(words, f.start, clause.from);
    return at !== undefined && /^(need|needs|require|requires)$/.test(words[at]?.norm ?? '') && /^(not|never)$/.test(words[at - 1]?.norm ?? '');
  });
  if (unneeded) return 'nothing';
  const asked = approvals.find((f) => has(OWNERS, words[f.start - 1]) || has(OWNERS, words[f.start - 2]) || sought(f) || requiredAfter(f) !== undefined || passedOnForApproval(view, clause, f) !== undefined);
  // "No approval needed for reads": a permission, not a rule.
  if (asked && words[asked.start - 1]?.norm === 'no' && requiredAfter(asked) !== undefined) return 'nothing';
  const afterApproval = asked ? (requiredAfter(asked) ?? asked.end) : 0;
  // ("… is needed prior to pushing": "prior to" is "before".)
  // ("Approval required: delete, deploy, payment": a colon after it introduces the actions.)
  const colonAfter = asked !== undefined && afterApproval > asked.end && /:\s*$/.test(words[afterApproval - 1]?.post ?? '');
  const markerAt = colonAfter ? afterApproval - 1 : words[afterApproval]?.norm === 'prior' && words[afterApproval + 1]?.norm === 'to' ? afterApproval + 1 : afterApproval;
  const marker = asked ? words[markerAt] : undefined;
  // "approval for the deployment plan": an action's noun that modifies the next noun names no action.
  // ("for any action that deletes data": the category's relative clause names the action, a word or two further.)
  const reach = (m: Mention) => m.start < markerAt + 4 || (m.start < markerAt + 6 && relativeOfCategory(words, m.start));
  const forWhat = asked && marker && (colonAfter || /^(to|for|on|of|before)$/.test(marker.norm)) ? { from: markerAt + 1, to: Math.min(clause.to, markerAt + 6) } : undefined;
  // ("Require approval for amounts over $100": an amount with no action named is any spending of it.)
  const named = forWhat ? (governable(view.mentionsIn(forWhat)).filter((m) => reach(m) && !modifiesNextNoun(words, m.end - 1))[0] ?? spending(view, forWhat)[0]) : undefined;
  const passedOn = named === undefined ? passedOnForApproval(view, clause, asked) : undefined;
  const trigger = named ?? passedOn?.action;
  if (!asked || !trigger) return actionApprovalFrame(view, clause, approvals);
  // The subject comes before the approval's owner: "require explicit user confirmation" is said to the agent.
  let owned = asked.start;
  while (owned > clause.from && (has(OWNERS, words[owned - 1]) || (words[owned - 1] as Word).tags.has('Determiner'))) owned--;
  const subject = subjectBefore(words, clause.from, owned);
  if (subject === 'other') return undefined;
  // "temp/ needs my OK before any change": the thing is the clause's subject (none when the clause passes the action on).
  const thing = passedOn ? undefined : subjectPhrase(view, { from: clause.from, to: asked.start });
  // ("… before any action that deletes or irreversibly overwrites data": the actions listed with it.)
  // ("approval for deleting files, pushing code, sending messages": actions listed in the trigger's own form go with it;
  // "Before asking permission to commit, always run `git diff`" starts a clause of its own.)
  const listed = coordinatedFrom(view, governable(view.mentionsIn({ from: trigger.start, to: clause.to })));
  // ("permission for file modifications or deletions": so do plurals listed with a plural.)
  // (Not one that starts a clause of its own: "permission for pushes, then deploys happen on their own".)
  const plural = (m: Mention) => m.form === 'third' && /[^s]s$/.test((words[m.end - 1] as Word).norm) && words[m.end]?.tags.has('Verb') !== true && words[m.start - 1]?.norm !== 'then';
  // ("permission before `UPDATE`, `DELETE`, or `DROP` operations": so do SQL's keywords listed with one.)
  const keyword = (m: Mention) => SQL_KEYWORDS[(words[m.start] as Word).text.replace(/`/g, '')] !== undefined;
  // ("approval for write/send/delete actions": so do actions joined tight by "or", one word each.)
  // (Before the category they are of: "actions", "operations".)
  const joinedTight = (k: number) => has(COORDINATORS, words[k]) || view.isMentionWord(k);
  const tight = (m: Mention) => {
    if (m.start <= trigger.start || !words.slice(trigger.end, m.start).every((_, k) => joinedTight(trigger.end + k))) return false;
    let after = m.end;
    while (after < clause.to && joinedTight(after)) after++;
    return has(CATEGORY_NOUNS, words[after]);
  };
  // ("permission before `deleteMany`, `updateMany`, or `dropCollection`": so do commands or tools named as written.)
  const written = (m: Mention) => m.family === 'command' && m.command !== undefined && m.saidInWords !== true;
  const sameForm = (m: Mention) => (trigger.form === 'gerund' && m.form === 'gerund') || (plural(trigger) && plural(m)) || (keyword(trigger) && keyword(m)) || (written(trigger) && written(m)) || tight(m);
  // (What is passed on is each action its phrase lists: "any operation that creates, modifies, or deletes data".)
  const passedList = passedOn ? coordinatedFrom(view, governable(view.mentionsIn({ from: trigger.start, to: passedOn.end }))) : undefined;
  const triggers = !view.mentions.includes(trigger) ? [trigger] : passedList ?? (trigger.start > markerAt + 3 || colonAfter ? listed : listed.filter((m) => m === trigger || sameForm(m)));
  // ("approval before sending messages, creating events, or uploading files": each listed action with its own object.)
  const objectTo = passedOn?.end ?? clause.to;
  return { drafts: eachListed(view, { kind: 'confirmation', triggers, regions: [{ from: trigger.start, to: objectEnd(view, trigger.end, objectTo) }, ...(thing ? [thing] : [])] }, objectTo) };
}

/** "Confirm deletions with the user", "confirm destructive actions (file deletes, …) with me": the actions named are the person's to approve. */
function confirmWithPersonFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  let verb = skipOpeners(words, clause.from, clause.to);
  while (verb < clause.to && has(LEAD_ADVERBS, words[verb])) verb++;
  if (!/^(confirm|clear)$/.test(words[verb]?.norm ?? '')) return undefined;
  const person = (k: number) => has(ME, words[k]) || has(GRANTERS, words[k]) || has(SERVED, words[k]);
  const withPerson = words.findIndex((w, k) => k > verb + 1 && k < clause.to && w.norm === 'with' && (person(k + 1) || (words[k + 1]?.tags.has('Determiner') === true && person(k + 2))));
  // "Confirm deletions before executing", "always confirm payments first": actions said as nouns,
  // confirmed before they are done, are confirmed with the person the agent works for.
  const withAt = withPerson !== -1 ? withPerson : confirmedActionsEnd(view, verb + 1, clause.to);
  const triggers = withAt === -1 ? [] : governable(view.mentionsIn({ from: verb + 1, to: withAt }));
  if (triggers.length === 0) return undefined;
  // "Confirm the booking details with the user": the details of the action are what is confirmed, not a sort of it.
  const end = Math.max(...triggers.map((m) => m.end));
  const details = end < withAt && words.slice(end, withAt).every((w) => ACTION_DETAILS.test(w.norm) || has(COORDINATORS, w) || w.tags.has('Determiner'));
  // (An article before the action said as a noun does not make it a name: "the cancellation".)
  let from = verb + 1;
  while (from < withAt && words[from]?.tags.has('Determiner')) from++;
  return { drafts: [{ kind: 'confirmation', triggers, regions: [{ from, to: details ? end : withAt }] }] };
}

/**
 * 'Ask: "Send this email?"', 'Always ask "Should I commit this?"': the question to ask names the
 * action it asks about, which waits for a yes.
 */
function askQuestionFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  let at = skipOpeners(words, clause.from, clause.to);
  while (at < clause.to && has(LEAD_ADVERBS, words[at])) at++;
  const asked = startsWith(words, P.ask, at, clause.to);
  if (asked === undefined || asked >= words.length) return undefined;
  // The question is quoted right after the ask (its colon may end the clause), and ends with its question mark inside the quotes.
  const opens = /["“]/.test((words[asked - 1] as Word).post + (words[asked] as Word).pre);
  // ('Ask "Should I push this? (y/n)"': the answers offered in parentheses after the mark are the question's.)
  const answersAfter = (k: number) => {
    const post = (words[k] as Word).post;
    const opensParenthesis = /\?\s*\($/.test(post) || (/\?\s*$/.test(post) && /^\(/.test(words[k + 1]?.pre ?? ''));
    return opensParenthesis && [1, 2, 3].some((n) => /\)\s*["”]/.test(words[k + n]?.post ?? ''));
  };
  const close = words.findIndex((w, k) => k >= asked && (/\?\s*["”]/.test(w.post) || answersAfter(k)));
  if (!opens || close === -1) return undefined;
  const actions = governable(view.mentionsIn({ from: asked, to: close + 1 }));
  const first = actions[0];
  if (first === undefined || !(first.form === 'base' || first.form === 'gerund')) return undefined;
  // ("Send this email?", "Should I delete these files?": the thing at hand, whichever it is, is an
  // instance of the action, which describes and does not narrow, as a category's example. What the
  // question names otherwise is read as any object is: "push to main?".)
  const pointsAtHand = words.slice(first.end, close + 1).some((w) => has(POINTERS, w) || has(ANAPHOR, w));
  const triggers = coordinatedFrom(view, actions);
  return { drafts: [pointsAtHand ? { kind: 'confirmation', triggers, regions: [{ from: first.start, to: first.end }], example: true } : { kind: 'confirmation', triggers, regions: [{ from: first.start, to: close + 1 }] }] };
}

/** Where actions named as nouns after "confirm" end, when "before …", "first" or the clause's end follows them. */
function confirmedActionsEnd(view: SentenceView, from: number, to: number): number {
  const words = view.words;
  // ("Confirm intent before making changes": an action after the connector is the one confirmed before, not what is confirmed.)
  const connector = words.findIndex((w, k) => k >= from && k < to && /^(before|prior|until|after|when|if)$/.test(w.norm));
  const actions = governable(view.mentionsIn({ from, to: Math.min(to, from + 6, connector === -1 ? to : connector) }));
  const last = actions[actions.length - 1];
  if (last === undefined || !actions.every((m) => (words[m.start] as Word).tags.has('Noun') && !(words[m.start] as Word).tags.has('Gerund'))) return -1;
  const next = words[last.end];
  return last.end === to || /^(before|first|beforehand|prior)$/.test(next?.norm ?? '') ? last.end : -1;
}

/** "Then wait for an explicit push instruction": the action said as the approval's modifier. */
function actionApprovalFrame(view: SentenceView, clause: Range, approvals: readonly { start: number; end: number }[]): Outcome | undefined {
  const words = view.words;
  for (const approval of approvals) {
    const action = governable(view.mentions.filter((m) => m.end === approval.start && m.start >= clause.from))[0];
    if (!action || action.command !== undefined) continue;
    let before = action.start;
    while (before > clause.from && (words[before - 1]?.tags.has('Determiner') || has(OWNERS, words[before - 1]))) before--;
    const awaits = [1, 2].map((n) => before - n).find((at) => at >= clause.from && startsWith(words, SEEKING_APPROVAL, at, before) === before);
    const subject = awaits === undefined ? undefined : subjectBefore(words, clause.from, awaits);
    if (subject !== 'none' && subject !== 'listener') continue;
    return { drafts: [{ kind: 'confirmation', triggers: [action], regions: [{ from: action.start, to: action.end }] }] };
  }
  return undefined;
}

/**
 * "Back up anything you delete", "Read the code you're modifying", "Make a copy of any file you are
 * going to edit": a step on the things a relative clause says the agent acts on is a prerequisite of
 * that action on them.
 */
function stepOverRelativeFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  let start = skipOpeners(words, clause.from, clause.to);
  while (start < clause.to && view.mentionAt(start) === undefined && (skips(words[start]) || /^(always|please|also)$/.test(words[start]?.norm ?? ''))) start++;
  const step = view.mentionAt(start);
  if (!step || step.command !== undefined || !['backup', 'read'].includes(step.family)) return undefined;
  for (let i = step.end; i < clause.to; i++) {
    const w = words[i] as Word;
    if (!/^(you|we)$/.test(w.norm)) {
      if (closesClause(w) || endsWithComma(w) || /^(before|after|when|whenever|if|unless|until|while|once)$/.test(w.norm)) return undefined;
      continue;
    }
    // ("you are going to edit", "you're about to change", "you plan to modify": the action the things are for.)
    let at = i + 1;
    while (at < clause.to && (/^(are|re|will|ll|plan|want|need|intend|about|going|to|be|might|may|would)$/.test((words[at] as Word).norm) || (words[at] as Word).text === '')) at++;
    const action = view.mentionAt(at);
    const thingEnd = /^(that|which)$/.test(words[i - 1]?.norm ?? '') ? i - 1 : i;
    // (Nothing is read or backed up before it is made: "read the files you create" is no prerequisite.)
    if (!action || satisfies(action) || action.family === 'create' || thingEnd <= step.end) return undefined;
    const thing = { from: step.end, to: thingEnd };
    return { drafts: [prerequisite(view, [action], [step], [thing, { from: action.start, to: objectEnd(view, action.end, clause.to) }], { from: step.start, to: thingEnd })] };
  }
  return undefined;
}

/** Verbs of saying something is so: what follows them is said, not done. */
const SAYING = /^(tell|tells|telling|told|say|says|saying|said|imply|implies|implying|implied|claim|claims|claiming|claimed|suggest|suggests|suggesting|state|states|stating|assure|assures|assuring|announce|announces|announcing|pretend|pretends|pretending|indicate|indicates|indicating|report|reports|reporting)$/;

/** "Paying anything over $500 needs my OK", "deploys require a passing test run", "… must be approved by me". */
function requirementFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  // ("do not skip required checks": a word inside an action's phrase describes its object, it requires nothing.)
  const mentions = view.mentionsIn(clause);
  // ("label `needs-hardware-test`": nor does a word of a name written as code.)
  const inCodeName = (r: { start: number }) => /`\S*$/.test(words[r.start]?.pre ?? '') && (words[r.start] as Word).post === '-';
  const require = findAll(words, P.require, clause.from, clause.to).find((r) => !mentions.some((m) => m.start < r.start && r.end <= m.end) && !inCodeName(r));
  const found = findFirst(words, P.approvedBy, clause.from, clause.to);
  // "must be okayed by me" asks; "is OK" permits.
  const approved = found && /^(ok|okay)$/i.test((words[found.end - 1] as Word).text) ? undefined : found;
  const verb = require ?? approved;
  // ("… are forbidden (they need interactive input)": an aside says why, it requires nothing.)
  if (!verb || inParenthesis(words, clause.from, verb.start)) return undefined;
  // "You need to back up…" is an obligation, read by the connector frames.
  if (require && words[require.end]?.norm === 'to' && !has(BE_OR_GET, words[require.end + 1])) return undefined;
  // "Pushing does not require approval", "docs edits don't need a version bump": no requirement at all.
  if (require && words.slice(Math.max(clause.from, require.start - 3), require.start).some((w) => /^(not|never|no)$/.test(w.norm))) return 'nothing';
  // ("Never deploy unless it is approved": the approval is the exception's, read with its connector.)
  // ("Creating calendar events (unless auto-confirmed) requires approval": an exception set apart in a parenthesis
  // is the requirement's, a condition the session cannot settle; the approval is still asked for.)
  // (Only "unless" a condition: "except those in `tmp/`" is every target but some, which no scope says.)
  const excepted = words.findIndex((w, k) => k >= clause.from && k < verb.start && /^(unless|until|without|except)$/.test(w.norm));
  let asideFrom = excepted !== -1 && words[excepted]?.norm === 'unless' && parenthesisOpensAt(words, excepted) ? excepted : -1;
  let asideTo = asideFrom;
  while (asideTo !== -1 && asideTo < verb.start - 1 && !/\)/.test(words[asideTo]?.post ?? '')) asideTo++;
  if (asideFrom !== -1 && entitiesIn(view, [{ from: asideFrom, to: asideTo + 1 }]).length > 0) asideFrom = -1;
  if (excepted !== -1 && asideFrom === -1) return undefined;
  // ("Never tell a customer a refund is approved", "do not imply the booking is confirmed": what is said, no requirement.)
  if (words.slice(clause.from, verb.start).some((w) => SAYING.test(w.norm) && w.tags.has('Verb'))) return undefined;
  const subjectRange = { from: clause.from, to: asideFrom !== -1 ? asideFrom : verb.start };
  // "`git stash` is a mutation …, so it needs approval": "it" is the command the sentence opened with.
  const pronoun = words.slice(clause.from, verb.start).filter((w) => !skips(w) && w.text !== '' && !has(COORDINATORS, w) && !/^(so|therefore|thus|hence)$/.test(w.norm));
  const openedWith = pronoun.length === 1 && /^(it|this|that)$/.test((pronoun[0] as Word).norm) ? view.mentionsIn({ from: 0, to: clause.from }).filter((m) => m.command !== undefined && m.start === skipOpeners(words, 0, clause.from)) : [];
  // ("Pushing commits requires approval": a noun right after a gerund is its object, no action of its own.)
  const objectOfGerund = (m: Mention, k: number, all: readonly Mention[]) => {
    const previous = all[k - 1];
    if (!previous || previous.form !== 'gerund' || m.command !== undefined || m.start > previous.end + 1) return false;
    const listed = endsWithComma(words[previous.end - 1]) || has(COORDINATORS, words[previous.end]);
    const head = words[m.start] as Word;
    return !listed && head.tags.has('Noun') && !head.tags.has('Gerund');
  };
  const named = openedWith.length > 0 ? openedWith : governable(view.mentionsIn(subjectRange)).filter((m, k, all) => !objectOfGerund(m, k, all));
  // "Git operations (commit, push) require approval": examples in parentheses are named, not done by the noun before them.
  // So are examples after "like" or "such as": "operations like commit and push require approval".
  // ("tools like vi, or any that require input": a relative clause's verb has another subject.)
  const relative = words.slice(clause.from, verb.start).some((w) => /^(that|which|who)$/.test(w.norm));
  const example = (m: Mention) => inParenthesis(words, clause.from, m.start) || (!relative && findFirst(words, EXAMPLE_MARKERS, clause.from, m.start) !== undefined);
  // ("Actions that modify files require approval": the category's relative clause names the action.)
  // ("Any booking change must be confirmed": an action said as a noun has no subject; the noun before it sorts it.)
  const saidAsNoun = (m: Mention) => m.command === undefined && m.end - m.start === 1 && (words[m.start] as Word).tags.has('Noun') && !(words[m.start] as Word).tags.has('Verb');
  const doneBySubject = (m: Mention) => m.form === 'base' && !example(m) && !saidAsNoun(m) && !relativeOfCategory(words, m.start) && subjectBefore(words, clause.from, m.start) !== 'none';
  if (named.some(doneBySubject)) return undefined;
  const spent = named.length > 0 ? [] : spending(view, subjectRange);
  const triggers = named.length > 0 ? named : spent.length > 0 ? spent : touching(view, subjectRange);
  if (triggers.length === 0) return undefined;
  const rest = { from: verb.end, to: clause.to };
  // "All commits must be signed off (`git commit -s`)": a commit signed off carries git's Signed-off-by line, no one's yes ("… by me" is one).
  const gitSignOff = approved !== undefined && words.slice(approved.start, approved.end).some((w) => w.norm.startsWith('sign')) && triggers.every((m) => m.family === 'commit');
  if (gitSignOff && !words.slice(rest.from, rest.to).some((w) => has(ME, w) || has(SERVED, w))) return 'nothing';
  // "Production deploys require approval": a name that modifies the action is where it acts.
  const first = (triggers[0] as Mention).start;
  const modifier = first > clause.from && view.phraseEntitiesIn({ from: first - 1, to: first }).length > 0 ? first - 1 : first;
  // "Any `UPDATE` operations must be detailed in the plan and require approval": the subject ends at its own verb.
  const lastTrigger = Math.max(...triggers.map((m) => m.end));
  const ownVerb = words.findIndex((w, k) => k >= lastTrigger && k < subjectRange.to && w.tags.has('Modal'));
  const regions = [{ from: modifier, to: openedWith.length > 0 ? (triggers[0] as Mention).end : ownVerb !== -1 ? ownVerb : subjectRange.to }];
  // "must be approved", "needs my OK", "requires approval".
  // "requires approval", "needs my OK"; "requires OSS community approval" is someone else's.
  const approvalNoun = findFirst(words, P.approvalNouns, rest.from, Math.min(rest.to, rest.from + 4));
  const approvalNext = approvalNoun !== undefined && words.slice(rest.from, approvalNoun.start).every((w) => has(OWNERS, w) || w.tags.has('Determiner') || /^(explicit|prior|written|manual|human|same|usual|normal|double|verbal|second)$/.test(w.norm));
  if (approved || approverCue(view, rest) || approvalNext) return { drafts: [{ kind: 'confirmation', triggers, regions }] };
  if (asideFrom !== -1) return undefined;
  const steps = satisfying(view.mentionsIn(rest));
  if (require && steps.length > 0) return { drafts: [prerequisite(view, triggers, steps, regions, rest)] };
  return require ? 'nothing' : undefined;
}

/**
 * "Never exceed $50 per trade", "purchases must not go over €200": a ban on passing an amount is one on
 * paying above it (or on the action that spends it, when one is named).
 */
function exceedAmountFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  // (The verb first: most clauses have none, and the negation is looked for only before one.)
  const verb = words.findIndex((w, k) => k >= clause.from && k < clause.to && (w.norm === 'exceed' || (w.norm === 'go' && /^(over|above|beyond)$/.test(words[k + 1]?.norm ?? ''))));
  const negation = verb === -1 ? undefined : findFirst(words, P.negations, Math.max(clause.from, verb - 3), verb);
  if (!negation) return undefined;
  // (Money only: "cannot exceed 70%" is no payment.)
  const amount = view.textEntitiesIn({ from: verb, to: clause.to }).find((e) => e.kind === 'amount' && e.comparator === 'above' && e.currency !== undefined);
  const at = amount ? wordAtOffset(view, verb, amount.start) : -1;
  if (at === -1 || at > verb + 6) return undefined;
  // ("… without admin approval": an exception is read by the frames of exceptions.)
  if ([P.without, P.until, P.except].some((p) => findFirst(words, p, at, clause.to) !== undefined)) return undefined;
  const named = view.mentionsIn({ from: clause.from, to: negation.start }).filter((m) => m.family === 'pay');
  const triggers = named.length > 0 ? named : [{ family: 'pay' as const, start: at, end: at + 1, form: 'base' as const }];
  return { drafts: [{ kind: 'prohibition', triggers, regions: [{ from: at, to: at + 1 }] }] };
}

/**
 * "Anything over $500 needs my approval": with no action named, "anything" above an amount is any
 * spending of it, a payment at the amount's place.
 */
function spending(view: SentenceView, subject: Range): Mention[] {
  const words = view.words.slice(subject.from, subject.to);
  const amount = view.textEntitiesIn(subject).find((e) => e.kind === 'amount' && e.comparator !== 'none');
  if (!amount || !words.some((w) => /^(anything|everything|something|any|all|amounts?|sums?)$/.test(w.norm))) return [];
  const at = wordAtOffset(view, subject.from, amount.start);
  return at === -1 ? [] : [{ family: 'pay', start: at, end: at + 1, form: 'base' }];
}

/**
 * "prod needs my sign-off", "anything in data/ needs my OK": a target named alone as what needs the
 * yes is any touching of it (a deploy to an environment, a change to a file or a branch).
 */
function touching(view: SentenceView, subject: Range): Mention[] {
  const words = view.words.slice(subject.from, subject.to);
  const targets = [...view.textEntitiesIn(subject), ...view.phraseEntitiesIn(subject)].filter((e) => e.kind === 'environment' || e.kind === 'branch' || e.kind === 'path' || e.kind === 'database');
  // Only the target and words that say "all of it": "the `infra/` folder", "anything in prod".
  // ("…, but prod needs my OK": the word that joins the clause says nothing of it.)
  const other = words.filter((w) => w.start < (targets[0]?.start ?? 0) || w.end > (targets[targets.length - 1]?.end ?? 0)).some((w) => !(w.tags.has('Determiner') || has(UNIVERSAL, w) || has(GENERIC, w) || has(CONTRASTS, w) || has(COORDINATORS, w) || /^(in|under|inside|on|to|of|within|for)$/.test(w.norm) || w.text === ''));
  if (targets.length === 0 || other) return [];
  const at = wordAtOffset(view, subject.from, (targets[0] as Entity).start);
  return at === -1 ? [] : [{ family: 'touch', start: at, end: at + 1, form: 'base' }];
}

/** The first word from `from` on that starts at or after a text offset (an entity's first word), or -1. */
function wordAtOffset(view: SentenceView, from: number, offset: number): number {
  return view.words.findIndex((w, i) => i >= from && w.start >= offset);
}

/**
 * "Any code you commit must pass the tests", "everything you push has to pass CI": the things the
 * listener acts on must have met a step first, which is that action's prerequisite. The step may come
 * in a clause joined to the first ("… must compile, and the tests must pass").
 */
function actedOnMustFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  const listener = words.findIndex((w, i) => i > clause.from && i < clause.to && w.norm === 'you');
  if (listener === -1) return undefined;
  const action = view.mentionsIn({ from: listener + 1, to: Math.min(clause.to, listener + 3) }).find((m) => !satisfies(m) && m.form === 'base' && words.slice(listener + 1, m.start).every((w) => w.tags.has('Adverb')));
  if (!action) return undefined;
  // The thing acted on comes first: "any code", "everything", "each change" (not "before you commit").
  const thing = words.slice(clause.from, listener);
  const thingWord = (w: Word) => (w.tags.has('Noun') && !w.tags.has('Pronoun')) || has(UNIVERSAL, w) || has(GENERIC, w);
  if (!thing.some(thingWord) || thing.some((w) => w.tags.has('Preposition') || w.tags.has('Conjunction') || (w.tags.has('Verb') && !thingWord(w)))) return undefined;
  const modal = words.findIndex((w, i) => i >= action.end && i < Math.min(clause.to, action.end + 3) && /^(must|should|needs|need|has|have)$/.test(w.norm));
  if (modal === -1 || negatedIn(view, { from: modal, to: Math.min(words.length, modal + 2) })) return undefined;
  const rest = { from: modal + 1, to: words.length };
  const steps = satisfying(view.mentionsIn(rest));
  if (steps.length === 0) return undefined;
  // "Every change", "any code": the thing is whatever the action is done to, which narrows nothing.
  const narrows = thing.some((w) => !has(UNIVERSAL, w) && !has(GENERIC, w) && !w.tags.has('Determiner'));
  return { drafts: [prerequisite(view, [action], steps, [narrows ? { from: clause.from, to: listener } : { from: listener, to: listener }], rest)] };
}

/** "All commits must pass the pre-commit checks", "every deploy has to pass CI": an action said as a noun, then the step it must meet. */
function nominalActionMustFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  let at = skipOpeners(words, clause.from, clause.to);
  if (has(UNIVERSAL, words[at])) at++;
  // (Right before its modal, the action is the subject however tagged: "Deploys must pass CI".)
  const action = view.mentionAt(at);
  // ("All changes must pass the checks": changes are checked once made, no step before each edit.)
  // ("Every PR must pass CI": a forge operation said as its thing is the action too.)
  if (!action || satisfies(action) || (action.command !== undefined && !action.saidInWords)) return undefined;
  // (But for a backup done first: "Changes to the billing table must be backed up first".)
  const changes = action.family === 'modify' || action.family === 'write';
  const backedUpFirst = (steps: readonly Mention[]) => steps.every((m) => m.family === 'backup') && words.slice(action.end, clause.to).some((w) => /^(first|beforehand)$/.test(w.norm));
  // ("Migration work must not begin without a snapshot": the action's work, its jobs, are the action.)
  // ("Changes to the billing table must be backed up first": past the action's object, to its modal.)
  const objectTo = /^(to|of|on|in|under)$/.test(words[action.end]?.norm ?? '') ? words.findIndex((w, k) => k > action.end && k < Math.min(clause.to, action.end + 7) && /^(must|should|need|needs|has|have)$/.test(w.norm)) : -1;
  const objectFree = objectTo !== -1 && words.slice(action.end + 1, objectTo).every((w) => !w.tags.has('Verb') || w.tags.has('Noun') || view.covered.has(words.indexOf(w)));
  const modal = objectFree ? objectTo : /^(work|process|jobs?|tasks?|operations?|runs?)$/.test(words[action.end]?.norm ?? '') ? action.end + 1 : action.end;
  const actionRegion = { from: action.start, to: objectFree ? objectTo : action.end };
  // "Migrations must not start without a snapshot": the action's happening without the step waits for it.
  const happens = /^(must|should|may|can|shall)$/.test(words[modal]?.norm ?? '') && /^(not|never)$/.test(words[modal + 1]?.norm ?? '') && /^(run|start|begin|happen|proceed|occur|be)$/.test(words[modal + 2]?.norm ?? '');
  const without = happens ? startsWith(words, P.without, words[modal + 2]?.norm === 'be' ? modal + 4 : modal + 3, clause.to) : undefined;
  if (without !== undefined) {
    const condition = { from: without, to: clause.to };
    const steps = satisfying(view.mentionsIn(condition));
    if (steps.length > 0 && (!changes || backedUpFirst(steps))) return { drafts: [prerequisite(view, [action], steps, [actionRegion], condition)] };
  }
  const obliged = /^(must|should)$/.test(words[modal]?.norm ?? '') ? modal + 1 : /^(needs?|has|have)$/.test(words[modal]?.norm ?? '') && words[modal + 1]?.norm === 'to' ? modal + 2 : -1;
  if (obliged === -1 || obliged >= clause.to || negatedIn(view, { from: modal, to: obliged + 1 })) return undefined;
  const rest = { from: obliged, to: words.length };
  const steps = satisfying(view.mentionsIn(rest));
  // ("Every commit must compile and pass all tests": another thing it must do may come before passing them.)
  const passing = steps.length > 0 && words.slice(obliged, (steps[0] as Mention).start).some((w) => /^(pass|passes)$/.test(w.norm));
  if (steps.length === 0 || (steps[0] as Mention).start > obliged + (passing ? 5 : 3) || (changes && !backedUpFirst(steps))) return undefined;
  // ("All PRs must pass CI before merging": the forge's operation named after "before", on the thing said first, waits for the step, not its opening.)
  const before = words.findIndex((w, k) => k >= (steps[0] as Mention).end && w.norm === 'before');
  const verb = before === -1 || action.saidInWords !== true ? undefined : words.slice(before + 1, before + 5).find((w) => isForgeVerb(w.norm));
  const operation = verb ? forgeOperation(verb, words.slice(action.start, action.end)) : undefined;
  const trigger: Mention = operation ? { ...action, command: operation } : action;
  return { drafts: [prerequisite(view, [trigger], steps, [actionRegion], rest)] };
}

/**
 * A prerequisite draft. Its steps are the first one and those coordinated with it ("back up and
 * archive"); their object runs from the start of their clause (a passive names the thing first:
 * "files in uploads/ must be backed up") to a destination or instrument ("to backups/", "with
 * backup_file"), which is where the copy goes, not what the rule is about.
 */
function prerequisite(view: SentenceView, triggers: readonly Mention[], steps: readonly Mention[], regions: readonly Range[], stepClause: Range): Draft {
  const words = view.words;
  let end = stepClause.to;
  for (let i = (steps[0] as Mention).end; i < stepClause.to; i++) {
    const coordinatedStep = steps.find((step) => step.start === i && has(COORDINATORS, words[i - 1]));
    if (coordinatedStep) {
      i = coordinatedStep.end - 1;
      continue;
    }
    // "make a copy of it in /tmp/bak": after "it", a place is where the copy goes.
    const placeAfterAnaphor = /^(in|at|inside|under)$/.test(words[i]?.norm ?? '') && words.slice((steps[0] as Mention).end, i).some((w) => has(ANAPHOR, w));
    // ("before a backup exists", "until the snapshot is in place": the step's being there, no narrowing of it.)
    const beingThere = i === (steps[0] as Mention).end && /^(exists?|is|are|has|have)$/.test(words[i]?.norm ?? '') && (words[i]?.norm.startsWith('exist') === true || /^(in|there|done|made|taken|complete|completed|ready|available|verified)$/.test(words[i + 1]?.norm ?? '') || words[i + 1]?.norm === 'been');
    if (has(INSTRUMENT, words[i]) || view.isMentionWord(i) || placeAfterAnaphor || beingThere) {
      end = i;
      break;
    }
  }
  return { kind: 'prerequisite', triggers, requires: steps.filter((step) => step.start < end), regions, stepRegions: [{ from: stepClause.from, to: end }] };
}

/** A granter ("the customer", "a maintainer", "I") whose approving verb is the clause's: "the customer must confirm". */
function granterApproves(view: SentenceView, clause: Range): boolean {
  const words = view.words;
  for (let i = clause.from + 1; i < clause.to; i++) {
    if (!(words[i] as Word).forms.some((f) => APPROVING_VERBS.has(f))) continue;
    const before = words.slice(clause.from, i);
    const granter = before.findIndex((w) => has(GRANTERS, w) && w.norm !== 'you');
    // Only a modal or an adverb between the granter and the verb: "must", "needs to", "has to", "explicitly".
    return granter !== -1 && before.slice(granter + 1).every((w) => w.tags.has('Modal') || w.tags.has('Adverb') || /^(need|needs|have|has|to|must|should|will|first)$/.test(w.norm));
  }
  return false;
}
const APPROVING_VERBS = new Set(['confirm', 'approve', 'authorize', 'authorise', 'okay', 'sign', 'agree', 'consent']);

/** The main clause's requirement: ask the person (confirmation) or do a step first (prerequisite). */
function requirementOf(view: SentenceView, main: Range): { kind: 'confirmation' } | { kind: 'prerequisite'; steps: Mention[] } | undefined {
  const words = view.words;
  if (askCue(view, main)) {
    // "Ask me …" is said to the agent; "… that warrant user confirmation" says it of the actions.
    const asked = findFirst(words, P.ask, main.from, main.to);
    if (!asked) return { kind: 'confirmation' };
    // ("Don't ask before pushing", "never ask whether to commit": a yes waived, none sought.)
    if (findFirst(words, P.negations, Math.max(main.from, asked.start - 3), asked.start) !== undefined) return undefined;
    const subject = subjectBefore(words, main.from, asked.start);
    return subject === 'other' || subject === 'self' ? undefined : { kind: 'confirmation' };
  }
  // "The user must confirm before any cancellation", "the customer has to approve before a refund".
  if (findFirst(words, P.approverClauses, main.from, main.to) || granterApproves(view, main)) return { kind: 'confirmation' };
  // "Before deleting files, confirm.": confirming, said with nothing it confirms, is asking the person.
  const said = words.slice(main.from, main.to).filter((w) => !/^(please|first|always|then|you|must|should|need|to|kindly)$/.test(w.norm));
  if (said.length === 1 && (said[0] as Word).forms.includes('confirm') && (said[0] as Word).tags.has('Verb')) return { kind: 'confirmation' };
  // "Confirmation before deleting files", "Explicit user approval before any push": the yes named alone, as a heading names it.
  const yes = findFirst(words, P.approvalNouns, main.from, main.to);
  const yesAt = (w: Word) => yes !== undefined && words.indexOf(w) >= yes.start && words.indexOf(w) < yes.end;
  if (yes && said.every((w) => yesAt(w) || /^(explicit|user|human|written|prior|manual|mandatory|required|your|my|the|a|an)$/.test(w.norm))) return { kind: 'confirmation' };
  const steps = satisfying(view.mentionsIn(main));
  if (steps.length === 0) return undefined;
  const first = steps[0] as Mention;
  if (negatedIn(view, { from: main.from, to: first.end })) return undefined;
  // ("Before committing, the pre-commit hook runs `ruff`", "tests run automatically before every push": what a
  // machine does on its own is described, not asked of the agent.)
  // (So is the machine itself as the step, said to run something: "the pre-commit hook runs `ruff`".)
  // ("the CI pipeline runs tests": the machine may be named in more than one word.)
  let verbAt = first.end;
  while (verbAt < main.to && AUTOMATION.test(words[verbAt]?.norm ?? '')) verbAt++;
  const machineRuns = AUTOMATION.test(words[verbAt - 1]?.norm ?? '') && /^(runs|executes|invokes|calls|checks|lints|formats|will|triggers)$/.test(words[verbAt]?.norm ?? '');
  const byMachine = machineRuns || words.slice(main.from, main.to).some((w, k) => (main.from + k < first.start && AUTOMATION.test(w.norm)) || w.norm === 'automatically');
  if (byMachine) return undefined;
  const subject = subjectBefore(words, main.from, first.start);
  // ("The release script runs the tests before publishing": a thing that runs them is described, not asked.)
  if (subject === 'other' && first.form === 'third' && words[first.start]?.tags.has('Verb') === true && !words.slice(main.from, first.start).some((w) => w.tags.has('Modal'))) return undefined;
  if (subject === 'other' || subject === 'self') {
    // "the tests must pass", "everything must be backed up": the subject is the thing, not a person.
    const thing = words.slice(main.from, first.start).some((w) => has(GENERIC, w) || has(UNIVERSAL, w) || w.tags.has('Noun') && !w.tags.has('Pronoun') && !w.tags.has('ProperNoun'));
    if (!thing || subject === 'self') return undefined;
  }
  return { kind: 'prerequisite', steps };
}

/** Machines that run a project's steps on their own: a hook, CI, a pipeline, a bot. */
const AUTOMATION = /^(hooks?|ci|pipelines?|workflows?|bots?|husky|lefthook|actions)$/;

/** Actions a project gates with its checks: what "run `just check` before …" is said of. */
const CHECKED_FAMILIES: ReadonlySet<FamilyName> = new Set(['commit', 'push', 'forcePush', 'deploy', 'publish', 'land']);
const gatedByChecks = (m: Mention) => CHECKED_FAMILIES.has(m.family) || m.command?.verbs.some((verb) => verb === 'commit' || verb === 'push') === true || /^gh pr (create|merge)$/.test(m.command?.scope.commands?.[0] ?? '');

/**
 * "Run `just f` and `just l` before committing", "always run `flint` before a PR": commands binding
 * knows nothing of, which the sentence tells the agent to run before an action a project gates with
 * its checks, are the project's own checks; running them is running the tests. They join the steps
 * the main clause names already ("run `go fmt` and `go vet` before committing").
 */
function withProjectChecks(view: SentenceView, main: Range, subMentions: readonly Mention[], requirement: ReturnType<typeof requirementOf>): ReturnType<typeof requirementOf> {
  if (requirement?.kind === 'confirmation') return requirement;
  if (!subMentions.some(gatedByChecks)) return requirement;
  const words = view.words;
  if (!requirement) {
    const labelled = checksNamedBefore(view, main);
    if (labelled.length > 0) return { kind: 'prerequisite', steps: labelled };
    const listed = checksListedElsewhere(view, main);
    if (listed) return { kind: 'prerequisite', steps: [listed] };
  }
  const known = requirement?.steps ?? [];
  const steps: Mention[] = [];
  let previous: Mention | undefined;
  for (const m of view.mentionsIn(main)) {
    const before = words[m.start - 1];
    // Said as what to run, or listed after a command that is run: "run `go fmt` and `go vet`".
    // ("Validate syntax with `ansible-playbook --syntax-check` before committing": a check done with the command.)
    const checkedWith = /^(with|using|via)$/.test(before?.norm ?? '') && words.slice(main.from, m.start).some((w) => has(CHECKING, w));
    // ("use `atmos test --full` before opening a PR": a program's subcommand used is run; a program alone, or a file, is chosen.)
    const used = before?.norm === 'use' && (m.command?.opaque ?? []).some((command) => /^[a-z][\w-]*\s+[a-z]/.test(command));
    // ("Before committing: `npm run build`", a checklist's bare item: a command the clause opens with is what to run.)
    const opens = m.command !== undefined && m.start === skipOpeners(words, main.from, main.to);
    // ("Never skip `make configure` before committing": a command not to be left out is one to run.)
    const notSkipped = before?.forms.some((f) => /^(skip|omit|forget)$/.test(f)) === true && findFirst(words, P.negations, main.from, m.start) !== undefined;
    // ("Always run the fast subset (`make fast`) before opening a PR": the command in a parenthesis names what is run.)
    const namesWhatIsRun = parenthesisOpensAt(words, m.start) && words.slice(Math.max(main.from, m.start - 5), m.start).some((w) => /^(run|execute)$/.test(w.norm));
    const run = /^(run|execute|invoke)$/.test(before?.norm ?? '') || used || checkedWith || opens || notSkipped || namesWhatIsRun;
    const listed = previous?.command !== undefined && (previous.end === m.start - 1 ? has(COORDINATORS, before) : previous.end === m.start && endsWithComma(before));
    const projectCheck = run || listed ? asProjectCheck(m) : undefined;
    if (projectCheck && !m.command?.checks) steps.push(projectCheck);
    previous = run || listed || known.includes(m) ? m : undefined;
  }
  if (steps.length === 0) return requirement;
  return { kind: 'prerequisite', steps: [...known, ...steps].sort((a, b) => a.start - b.start) };
}

/**
 * "`dotnet format` enforced — run before committing", "`make lint`: run it before every push": a main
 * clause that only says to run is about the commands the sentence opened with.
 */
function checksNamedBefore(view: SentenceView, main: Range): Mention[] {
  const words = view.words;
  const said = words.slice(skipOpeners(words, main.from, main.to), main.to);
  if (!said.some((w) => /^(run|execute)$/.test(w.norm)) || !said.every((w) => /^(run|execute|it|them|this|these|always|also|please)$/.test(w.norm))) return [];
  const named = view.mentionsIn({ from: 0, to: main.from }).filter((m) => m.command !== undefined);
  if (named.length === 0 || (named[0] as Mention).start !== skipOpeners(words, 0, main.from)) return [];
  return named.flatMap((m) => (m.command?.checks ? [m] : (asProjectCheck(m) ?? [])));
}

/**
 * "Before committing, always run:", "run these commands in sequence before committing": the commands
 * a project runs before an action it gates with its checks, listed under or above the sentence, are
 * its checks; the sentence alone says to run them.
 */
function checksListedElsewhere(view: SentenceView, main: Range): Mention | undefined {
  const words = view.words;
  const said = words.slice(skipOpeners(words, main.from, main.to), main.to).filter((w) => !/^(always|also|please|first|then|locally)$/.test(w.norm));
  // The line says only to run: the verb first, then words that point at the list.
  const run = said.findIndex((w) => /^(run|execute)$/.test(w.norm));
  if (run !== 0) return undefined;
  const rest = said.slice(1).map((w) => w.norm);
  // What follows the verb points at the list, and says at most what sort of things it holds and in what order.
  const pointer = /^(?:(?:all|each|every one) of )?(?:the )?(?:following|these|those|below|above)(?: (?:commands?|tools?|checks?|steps?|scripts?|tasks?))?(?: in (?:order|sequence|this order))?$/;
  const endsInColon = rest.length === 0 && /:/.test((said[run] as Word).post);
  if (!endsInColon && !pointer.test(rest.join(' '))) return undefined;
  const at = words.indexOf(said[run] as Word);
  return { family: 'test', start: at, end: at + 1, form: 'base' };
}

/** A command binding knows nothing of, said to be run as a check: the project's own check. */
function asProjectCheck(m: Mention): Mention | undefined {
  return m.command && (m.command.opaque?.length ?? 0) > 0 ? { ...m, command: { ...m.command, checks: true, projectCheck: true } } : undefined;
}

/** Connectors in the order they are tried at one position ("only after" before "after"…). */
const CONNECTOR_KINDS = ['without', 'after', 'until', 'before', 'whenever'] as const;
type ConnectorKind = (typeof CONNECTOR_KINDS)[number];
const LEAD_ADVERBS = wordSet(['always', 'only', 'please']);

/**
 * Connector frames: "before you X, Y first", "always Y before X", "X only after Y", "don't X without Y",
 * "don't X until I say so", "ask me if you want to X", "if you X, Y first".
 */
function connectorFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  const start = skipOpeners(words, clause.from, clause.to);
  // "Prefer read operations before writes": a preference of one order over another, no step required.
  if (/^(prefer|preferably)$/.test(words[words[start]?.norm === 'always' ? start + 1 : start]?.norm ?? '')) return undefined;
  // "Don't worry about the tests before pushing": what the person says not to mind is no step.
  if (words.slice(start, start + 3).some((w, k) => w.norm === 'worry' && words.slice(start, start + k).some((n) => /^(not|never)$/.test(n.norm)))) return undefined;
  for (let i = clause.from; i < clause.to; i++) {
    // ("Ask whether to run `git pull`", "ask the user whether you should push": the yes or no asked for the action, as "if".)
    const askedWhether = words[i]?.norm === 'whether' && askCue(view, { from: Math.max(clause.from, i - 4), to: i }) && !asksForInformation(view, i, clause.to);
    // ("Never ask whether to commit": a yes waived, none sought.)
    if (askedWhether && findFirst(words, P.negations, Math.max(clause.from, i - 4), i) !== undefined) return 'nothing';
    const found = askedWhether ? 'whenever' : CONNECTOR_KINDS.find((k) => startsWith(words, P[k], i, clause.to) !== undefined);
    if (!found || withinListedExample(words, clause.from, i)) continue;
    // ("ask if they want to make changes": the question asked, no condition of the asking.)
    if (words[i]?.norm === 'if' && /^(ask|asks|asking|check|see)$/.test(words[i - 1]?.norm ?? '') && /^(they|he|she|the|user|customer|caller|guest|client)$/.test(words[i + 1]?.norm ?? '')) return undefined;
    // "Only commit when all checks pass" says "commit only when …": the condition comes first.
    const kind = found === 'whenever' && i > start && has(ONLY, words[start]) && /^(if|when)$/.test((words[i] as Word).norm) ? 'after' : found;
    let end = askedWhether ? i + 1 : (startsWith(words, P[found], i, clause.to) as number);
    // ("run the tests before and after changes": the step comes before them, whatever else comes after.)
    const andAfter = found === 'before' && has(COORDINATORS, words[end]) ? startsWith(words, P.after, end + 1, clause.to) : undefined;
    if (andAfter !== undefined) end = andAfter;
    // A connector leads its clause when only openers, "always" or "only" come before it: "Only after…".
    const leading = words.slice(start, i).every((w) => has(LEAD_ADVERBS, w));
    let main: Range;
    let sub: Range;
    // "Without my OK, never cancel a meeting": a leading "without" ends at its comma.
    const leadingWithout = leading && kind === 'without' && words.slice(end, clause.to).some((w) => endsWithComma(w));
    const onRequest = leading ? onlyOnRequest(view, i, end, clause.to) : undefined;
    if (onRequest) return onRequest;
    if (leading && (kind !== 'without' || leadingWithout)) {
      const split = leadSplit(view, end, clause.to);
      if (split === undefined) continue;
      sub = { from: end, to: split.subEnd };
      main = { from: split.mainStart, to: clause.to };
      // ("If you cannot read `rules.md`, ask the user to provide it": what the agent fails to do is the occasion, no action asked about.)
      const failed = words.slice(sub.from, sub.to).some((w, k) => w.norm === 'unable' || (w.tags.has('Negative') && words[sub.from + k - 1]?.tags.has('Modal') === true && /^(can|could|cannot|can't|couldn't)$/.test(words[sub.from + k - 1]?.norm ?? '')));
      if (kind === 'whenever' && failed) return 'nothing';
      if (kind === 'whenever' && objectOfAnotherVerb(view, sub)) return 'nothing';
    } else {
      main = { from: clause.from, to: i };
      sub = { from: end, to: nextConnector(view, end, clause.to) };
    }
    // "Never overwrite files unless told to, or unless a backup is made": either condition lets the action
    // happen, which no one rule says (an approval alone would flag the overwrite with a backup).
    const excepting = (at: number) => startsWith(words, P.without, at, clause.to) !== undefined || startsWith(words, P.until, at, clause.to) !== undefined;
    const alternative = excepting(i) && !leading ? words.findIndex((_, k) => k > end && k < clause.to && words[k - 1]?.norm === 'or' && excepting(k)) : -1;
    if (alternative !== -1) {
      const said = (from: number, to: number) => view.sentence.text.slice((words[from] as Word).start - view.sentence.start, (words[to - 1] as Word).end - view.sentence.start).replace(/[,;]$/, '');
      return { unresolved: `either condition ("${said(i, alternative - 1)}" or "${said(alternative, clause.to)}") lets the action happen, which no one rule says` };
    }
    const outcome = readConnector(view, kind, main, sub, leading);
    // "… without confirmation, except read-only ones": what the exception leaves out, no scope says
    // (but a send's recipients, which the exception names).
    const exception = outcome && outcome !== 'nothing' && 'drafts' in outcome ? words.findIndex((_, k) => k >= sub.to && k < clause.to && startsWith(words, P.except, k, clause.to) !== undefined) : -1;
    if (exception !== -1 && outcome && outcome !== 'nothing' && 'drafts' in outcome) {
      // "Never send emails without asking, except to people at acme.io": whom a send's exception leaves out is its scope.
      if (outcome.drafts.some((d) => d.triggers.some((m) => m.family === 'send'))) return { drafts: outcome.drafts.map((d) => ({ ...d, regions: [...d.regions, { from: exception, to: clause.to }] })) };
      const said = view.sentence.text.slice((words[exception] as Word).start - view.sentence.start, (words[clause.to - 1] as Word).end - view.sentence.start);
      return { unresolved: `the exception "${said}" leaves out what no scope says` };
    }
    if (outcome) return outcome;
    i = end - 1;
  }
  return undefined;
}

/** "(DROP, DELETE, UPDATE without WHERE)": a connector inside a parenthesis, after a comma of its list, is one example's. */
function withinListedExample(words: readonly Word[], from: number, index: number): boolean {
  for (let i = index - 1; i >= from; i--) {
    const w = words[i] as Word;
    if (/\)/.test(w.post)) return false;
    if (/\(/.test(w.pre) || /\(\s*$/.test(w.post)) return false;
    if (endsWithComma(w)) return inParenthesis(words, from, i);
  }
  return false;
}

/**
 * "When a user references a PR, …", "When checking a deployment, …": the condition's action, said as a
 * noun, is the object of another verb, which is what is done to it: the occasion is no action of its own.
 * (A light verb does it: "when doing a deployment".)
 */
function objectOfAnotherVerb(view: SentenceView, sub: Range): boolean {
  const words = view.words;
  let first = sub.from;
  while (first < sub.to && !view.isMentionWord(first)) first++;
  const mention = view.mentionAt(first);
  const noun = words[first];
  if (mention === undefined || noun === undefined || !noun.tags.has('Noun') || noun.tags.has('Verb')) return false;
  return words.slice(sub.from, first).some((w) => w.tags.has('Verb') && !w.tags.has('Auxiliary') && !w.tags.has('Modal') && !w.tags.has('Copula') && !has(SKIP, w) && !has(VERB_ONLY_SKIP, w) && !w.forms.some((f) => INTENDING.has(f)));
}

/** Verbs whose object is an action meant to be done, which is then the occasion: "when proposing deletions", "when planning a deploy". */
const INTENDING = new Set(['propose', 'plan', 'suggest', 'recommend', 'consider', 'want', 'need', 'intend', 'request', 'schedule', 'prepare', 'start', 'begin']);

/** Where a leading subordinate clause ends and the main clause starts: at a comma or "then". */
function leadSplit(view: SentenceView, from: number, to: number): { subEnd: number; mainStart: number } | undefined {
  const words = view.words;
  // A comma inside parentheses lists examples; it does not end the leading clause.
  let depth = 0;
  for (let i = from; i < to; i++) {
    const w = words[i] as Word;
    depth = Math.max(0, depth + parenthesesOpened(w.pre) + parenthesesOpened(w.post));
    // "when u reschedule stuff check with me first, esp the board meeting": a main clause before the comma.
    if (depth === 0 && endsWithComma(w) && !listsActionsOfKind(view, from, i, to) && !listsGerunds(view, from, i, to)) return mainWithoutComma(view, from, i + 1) ?? { subEnd: i + 1, mainStart: skipOpeners(words, i + 1, to) };
    if (i > from && w.norm === 'then') return { subEnd: i, mainStart: i + 1 };
  }
  return mainWithoutComma(view, from, to);
}

/**
 * "Before pushing, opening a PR or emailing anyone, ask": a comma before another action in the form
 * of the first (gerunds), with a comma still to come, lists them.
 */
function listsGerunds(view: SentenceView, from: number, comma: number, to: number): boolean {
  const first = view.mentionAt(from);
  const next = view.mentionAt(has(COORDINATORS, view.words[comma + 1]) ? comma + 2 : comma + 1);
  return first?.start === from && first.form === 'gerund' && next?.form === 'gerund' && view.words.some((w, k) => k > comma && k < to && endsWithComma(w));
}

/**
 * "Before any action that updates accounts, initiates transactions, or files disputes, …": a comma
 * between the actions a kind is said by (after "actions that") lists them, while a comma follows later.
 */
function listsActionsOfKind(view: SentenceView, from: number, comma: number, to: number): boolean {
  const words = view.words;
  const ofKind = words.some((w, k) => k > from && k < comma && /^(that|which)$/.test(w.norm) && (has(CATEGORY_NOUNS, words[k - 1]) || /^(anything|something)$/.test(words[k - 1]?.norm ?? '')));
  if (!ofKind) return false;
  const next = has(COORDINATORS, words[comma + 1]) ? comma + 2 : comma + 1;
  return view.mentionAt(next) !== undefined && words.some((w, k) => k > next && k < to && endsWithComma(w));
}

/**
 * "Only when the user asks, commit changes", "Only if explicitly asked, run `git push`": the request
 * up to the comma, and the actions after it, as "commit changes only when the user asks" says.
 */
function onlyOnRequest(view: SentenceView, connector: number, end: number, to: number): Outcome | undefined {
  const words = view.words;
  if (!has(ONLY, words[connector]) || !/^(when|if)$/.test(words[connector + 1]?.norm ?? '')) return undefined;
  const comma = words.findIndex((w, k) => k >= end && k < to && endsWithComma(w));
  if (comma === -1 || !requestCue(view, { from: end, to: comma + 1 })) return undefined;
  const triggers = governable(view.mentionsIn({ from: comma + 1, to }));
  const first = triggers[0];
  return first && { drafts: [{ kind: 'confirmation', triggers: coordinatedFrom(view, triggers), regions: [{ from: first.start, to: objectEnd(view, first.end, to) }] }] };
}

/**
 * Where a main clause starts with no comma before it: at an obligation or an ask ("before deploying always
 * run the tests"), or at a step said as a command once the leading clause has its own action ("before
 * wiping the cache make a copy").
 */
function mainWithoutComma(view: SentenceView, from: number, to: number): { subEnd: number; mainStart: number } | undefined {
  const words = view.words;
  for (let i = from + 1; i < to; i++) {
    // ("Unless the task explicitly asks for it, …": a third person's asking is the condition's own verb, not the main clause's.)
    const thirdPerson = /[^s]s$/.test((words[i] as Word).norm) && (words[i] as Word).tags.has('PresentTense');
    if (startsWith(words, P.obligations, i, to) !== undefined || (startsWith(words, P.ask, i, to) !== undefined && !thirdPerson)) return { subEnd: i, mainStart: i };
    const step = view.mentionAt(i);
    const actionBefore = view.mentionsIn({ from, to: i }).some((m) => !satisfies(m));
    if (step && satisfies(step) && step.form === 'base' && actionBefore && !has(COORDINATORS, words[i - 1]) && !(words[i - 1] as Word).tags.has('Determiner')) return { subEnd: i, mainStart: i };
  }
  return undefined;
}

function nextConnector(view: SentenceView, from: number, to: number): number {
  const words = view.words;
  // A connector's word inside an approval's name is none: "without my say so".
  const approvals = findAll(words, P.approvalNouns, from, to);
  for (let i = from + 1; i < to; i++) {
    if (approvals.some((a) => i > a.start && i < a.end)) continue;
    if ([P.condition, P.before, P.after, P.without, P.until, P.except].some((p) => startsWith(words, p, i, to) !== undefined)) return i;
  }
  return to;
}

/**
 * "without me looking at them first", "without the user reading it": the person's own look at the
 * thing, which only their yes shows; no step of the agent's.
 */
function personLooksFirst(words: readonly Word[], sub: Range): boolean {
  for (let i = sub.from; i + 1 < sub.to; i++) {
    if (!/^(me|us|user|human|owner|maintainer|maintainers|reviewer|reviewers)$/.test((words[i] as Word).norm)) continue;
    if (/^(looking|reading|reviewing|checking|seeing|inspecting|going|signing|approving|verifying|vetting|eyeballing|okaying)$/.test(words[i + 1]?.norm ?? '')) return true;
  }
  return false;
}

/**
 * "Review the code without modifying files", "give feedback without making changes": work asked for that
 * is no action of ours, done without one that is, bans that one.
 */
function doneWithout(view: SentenceView, main: Range, sub: Range): Outcome | undefined {
  const words = view.words;
  const start = skipOpeners(words, main.from, main.to);
  const verb = words[start];
  if (!verb?.tags.has('Verb') || verb.tags.has('Modal') || verb.tags.has('Auxiliary') || governable(view.mentionsIn(main)).length > 0) return undefined;
  // (Said of the agent: "Runs without deleting anything" describes a thing.)
  if (verb.tags.has('PastTense') || verb.tags.has('Gerund') || (/s$/.test(verb.norm) && !verb.tags.has('Imperative'))) return undefined;
  const actions = governable(view.mentionsIn(sub)).filter((m) => !satisfies(m));
  const first = actions[0];
  // (The action said as a noun after a light verb: "without making any direct changes".)
  const light = /^(making|doing|performing)$/.test(words[sub.from]?.norm ?? '') ? sub.from + 1 : sub.from;
  if (first === undefined || (first.form !== 'gerund' && light === sub.from)) return undefined;
  if (!words.slice(light, first.start).every((w) => w.tags.has('Determiner') || w.tags.has('Adjective') || has(UNIVERSAL, w))) return undefined;
  return agentNever(view, actions, { from: first.start, to: sub.to });
}

function readConnector(view: SentenceView, kind: ConnectorKind, main: Range, sub: Range, leading: boolean): Outcome | undefined {
  const words = view.words;
  const subMentions = view.mentionsIn(sub);
  const negated = negatedIn(view, main);
  const region = (triggers: readonly Mention[], range: Range) => ({ from: Math.min((triggers[0] as Mention).start, range.from), to: objectEnd(view, (triggers[0] as Mention).end, range.to) });
  // ("You may run `./gradlew lint` before submitting changes": a step allowed, not required, makes no rule.)
  const allowedOnly = !negated && words.slice(main.from, main.to).some((w, k) => /^(may|can)$/.test(w.norm) && /^(you|we|agents?|claude)$/.test(words[main.from + k - 1]?.norm ?? '')) && !words.slice(main.from, main.to).some((w) => /^(must|should|always|need|needs|have|has)$/.test(w.norm));
  if (kind === 'before' && allowedOnly) return 'nothing';
  if (kind === 'without' || kind === 'until') {
    // "don't X without Y", "never X until I approve", "no force-pushes without a backup".
    const forbidden = negated ?? (kind === 'without' ? fragmentAction(view, main, sub) : undefined);
    if (!forbidden) return kind === 'without' && !leading ? doneWithout(view, main, sub) : undefined;
    // ("never run `pytest -m live` unless asked": a check, forbidden, is run like any other action.)
    const governed = governable(forbidden.mentions);
    const triggers = governed.length > 0 || !negated ? governed : forbidden.mentions;
    if (triggers.length === 0) return undefined;
    const regions = [{ from: (triggers[0] as Mention).start, to: main.to }, ...(forbidden.subject ? [forbidden.subject] : [])];
    // "no refunds over 50 euros without me", "not until the user": the person is the condition.
    const drafts = forbiddenWithout(view, triggers, regions, main, sub, negated !== undefined);
    if (drafts) return { drafts };
    // "without a reason", "unless it is necessary": a condition we cannot compile into a step.
    if (!negated) return undefined;
    const unless = (view.words[sub.from - 1] as Word | undefined)?.norm === 'unless';
    // "unless inside a container": where the agent runs, which the session cannot settle, is taken to hold.
    // ("Prohibited without Controlled Write Mode": so is the mode the agent runs in.)
    const mode = words.slice(sub.from, sub.to).some((w) => /^modes?$/.test(w.norm)) && !view.textEntitiesIn(sub).some(namesTarget);
    const situation = (unless && /^(inside|outside|within)$/.test(words[sub.from]?.norm ?? '') && !view.textEntitiesIn(sub).some(namesTarget)) || mode;
    if (situation) return { drafts: eachListed(view, { kind: 'prohibition', triggers, regions }, main.to) };
    return kind === 'without' || unless ? 'nothing' : undefined;
  }
  if (kind === 'after') {
    // "X only after Y", "only X once I approve", "delete temp files after backing them up".
    // ("Only read `docs/` when explicitly asked": a read, a step elsewhere, is what a yes may be waited for.)
    const approved = approverCue(view, sub) || bareApproval(view, sub);
    const triggers = view.mentionsIn(main).filter((m) => !satisfies(m) || (approved && m.family === 'read' && !m.command));
    if (leading) {
      const subTriggers = governable(subMentions);
      const mainSteps = satisfying(view.mentionsIn(main));
      // "Once Y, X" reads the other way round only when the main clause has the action.
      if (triggers.length === 0 || subTriggers.length > 0 && mainSteps.length > 0) return undefined;
    }
    if (triggers.length === 0 || negated) return undefined;
    const trigger = triggers[0] as Mention;
    const subject = subjectBefore(words, main.from, trigger.start);
    if (subject === 'self' || subject === 'other') return undefined;
    // ("Migrations may be run only with approval": a plural noun is the action said as a thing, not a verb's third person.)
    const opensMain = words.slice(skipOpeners(words, main.from, trigger.start), trigger.start).every((w) => w.tags.has('Determiner') || has(UNIVERSAL, w));
    const nounPlural = trigger.form === 'third' && opensMain && (words[trigger.start] as Word).tags.has('Plural') && (words[trigger.start] as Word).tags.has('Noun');
    if (trigger.form === 'past' || (trigger.form === 'third' && !nounPlural)) return undefined;
    const regions = [region(triggers, main)];
    const governed = coordinatedFrom(view, triggers);
    if (approved) return { drafts: [{ kind: 'confirmation', triggers: governed, regions }] };
    const steps = satisfying(subMentions);
    if (steps.length > 0) return { drafts: [prerequisite(view, governed, steps, regions, sub)] };
    return undefined;
  }
  // ("If a user asks you to open a pull request, refuse to do so": what is refused whenever asked is never done.)
  // (The condition runs to its comma, whatever verb the split took for the main one.)
  const conditionEnd = kind === 'whenever' && leading ? words.findIndex((w, k) => k >= sub.from && k < main.to - 1 && endsWithComma(w)) + 1 : 0;
  // (Not a refusal on a condition of its own: "refuse unless the tests pass".)
  const refusedOutright = conditionEnd > 0 && !words.slice(conditionEnd, main.to).some((w) => /^(unless|until|without|except|if|when)$/.test(w.norm));
  if (refusedOutright && /^(refuse|decline|reject)$/.test(words[skipOpeners(words, conditionEnd, main.to)]?.norm ?? '')) {
    const askedAt = words.findIndex((w, k) => k >= sub.from && k < conditionEnd && /^(ask|asks|asked|request|requests|requested|tell|tells|told)$/.test(w.norm));
    const asked = askedAt === -1 ? [] : governable(view.mentionsIn({ from: askedAt + 1, to: conditionEnd }));
    if (asked.length > 0) return { drafts: [{ kind: 'prohibition', triggers: coordinatedFrom(view, asked), regions: [{ from: (asked[0] as Mention).start, to: conditionEnd }] }] };
  }
  // "If approved, send it", "when the user confirms, cancel the booking": a yes as the condition waits for it, as "once" does.
  // ("When asked to preview the docs, run …" names a task, not a yes; "if the user agrees, prefer …" an action to do, not a choice.)
  if (kind === 'whenever' && leading && yesAlone(view, sub) && opensOnAction(view, main)) return readConnector(view, 'after', main, sub, leading);
  // "Commit when all tests pass", "push the branch when the feature is tested": an action a project gates
  // with its checks, done when they pass, waits for them, as "only after" says.
  const gatedMain = opensOnAction(view, main) && governable(view.mentionsIn(main)).some(gatedByChecks);
  if (kind === 'whenever' && !leading && gatedMain && subMentions.some((m) => m.family === 'test')) return readConnector(view, 'after', main, sub, leading);
  // "Do not skip validation before committing": a check not to be skipped before an action is one to run before it.
  const skipped = kind === 'before' && negated ? skippedCheck(view, negated.mentions) : undefined;
  const checked = governable(subMentions).filter(gatedByChecks);
  if (skipped && checked.length > 0) return { drafts: [prerequisite(view, coordinatedFrom(view, checked), [skipped], [{ from: (checked[0] as Mention).start, to: objectEnd(view, (checked[0] as Mention).end, sub.to) }], main)] };
  // before / whenever: the main clause says what must come first.
  const requirement = negated ? undefined : withProjectChecks(view, main, subMentions, requirementOf(view, main));
  // Asking first can be about any action ("ask me before you copy anything"); a step is about another one.
  // ("If you're waiting for 1Password (e.g. unlocking the keychain), wait for me": an example set apart in the
  // condition explains it; the condition's own action is what the yes would be for.)
  // ("Read files before analyzing them (using `read_file` or `grep`)": a command set apart as the means is how, not what is done.)
  const ownSub = kind === 'whenever' ? subMentions.filter((m) => !inParenthesis(view.words, sub.from, m.start)) : subMentions.filter((m) => !(m.command && meansInParenthesis(view.words, sub.from, m.start)));
  // ("Ask before anything over $50": an amount with no action named is any spending of it.)
  const triggers = requirement?.kind === 'confirmation' ? (ownSub.length > 0 ? ownSub : spending(view, sub)) : governable(ownSub);
  if (requirement && triggers.length > 0) {
    const trigger = triggers[0] as Mention;
    const regions = [{ from: trigger.start, to: purposeAfter(view, trigger.end, sub.to) ? trigger.end : objectEnd(view, trigger.end, sub.to) }];
    // "If the `.approved.` file needs to be changed, ask": in the passive, the thing is the condition's subject.
    // ("If you think something needs to be deleted": past the listener's own thinking, to the thing.)
    const passive = trigger.form === 'past' && view.words.slice(sub.from, trigger.start).some((w) => has(BE_OR_GET, w));
    const thought = view.words.findIndex((w, k) => k >= sub.from && k < trigger.start && /^(think|thinks|believe|believes|feel|feels|suspect|suspects|decide|decides|find|finds|notice|notices)$/.test(w.norm));
    const thingFrom = thought === -1 ? sub.from : view.words[thought + 1]?.norm === 'that' ? thought + 2 : thought + 1;
    if (passive) regions.push({ from: thingFrom, to: trigger.start });
    if (kind === 'whenever' && !leading && requirement.kind === 'prerequisite') return undefined;
    if (requirement.kind === 'confirmation') {
      // "The board meetings need my OK before you cancel them": the thing was named first.
      if (!leading && pointsBack(view, coordinatedFrom(view, triggers).at(-1) as Mention, regions[0] as Range)) regions.push({ from: main.from, to: main.to });
      // "The vendor invoices need my OK before any change": the thing is the main clause's subject.
      // "The customer must confirm before …" names who approves, not the thing.
      else if (!leading && !granterApproves(view, main)) {
        const subject = subjectPhrase(view, main);
        if (subject) regions.push(subject);
      }
      // ("Ask before sending messages, creating events, or uploading files": each listed action with its own object.)
      return { drafts: eachListed(view, { kind: 'confirmation', triggers: coordinatedFrom(view, triggers), regions }, (regions[0] as Range).to) };
    }
    return { drafts: [prerequisite(view, coordinatedFrom(view, triggers), requirement.steps, regions, main)] };
  }
  // "Show the diff before committing and wait for approval", "…before committing, wait for approval": an
  // approval sought right after the action's clause is asked before it.
  const actions = governable(subMentions);
  if (!negated && !requirement && kind === 'before' && actions.length > 0) {
    let end = (actions[0] as Mention).end;
    while (end < view.words.length && !/[.;!?]/.test(view.words[end - 1]?.post ?? '')) end++;
    const approval = findAll(view.words, P.approvalNouns, (actions[0] as Mention).end, end).find((a) => seekingBefore(view.words, a.start, 0) !== undefined);
    if (approval) {
      // The action's object ends where the seeking starts, and the word that joins them.
      const seeking = seekingBefore(view.words, approval.start, 0) as number;
      const to = Math.min(sub.to, has(COORDINATORS, view.words[seeking - 1]) ? seeking - 1 : seeking);
      return { drafts: [{ kind: 'confirmation', triggers: coordinatedFrom(view, actions), regions: [{ from: (actions[0] as Mention).start, to: objectEnd(view, (actions[0] as Mention).end, to) }] }] };
    }
  }
  if (negated && kind === 'before') {
    // "never delete anything before backing it up", "don't pay before I approve".
    const governed = governable(negated.mentions);
    if (governed.length === 0) return undefined;
    const regions = [{ from: (governed[0] as Mention).start, to: main.to }, ...(negated.subject ? [negated.subject] : [])];
    if (approverCue(view, sub) || bareApproval(view, sub, false)) return { drafts: [{ kind: 'confirmation', triggers: governed, regions }] };
    const steps = satisfying(subMentions);
    if (steps.length > 0) return { drafts: [prerequisite(view, governed, steps, regions, sub)] };
  }
  return undefined;
}

/** At `at`, clicking (pressing, tapping) a button whose label is an action ("click the delete button", "press any Send or Pay buttons"): where the label starts. */
function clickedLabel(view: SentenceView, at: number): number | undefined {
  const words = view.words;
  if (!/^(click|clicking|press|pressing|tap|tapping|hit|hitting)$/.test(words[at]?.norm ?? '')) return undefined;
  let label = at + 1;
  while (/^(a|an|the|any|on)$/.test(words[label]?.norm ?? '')) label++;
  let end = label;
  for (let mention = view.mentionAt(end); mention?.start === end && mention.form === 'base' && !mention.command; mention = view.mentionAt(end)) {
    end = mention.end;
    if (has(COORDINATORS, words[end]) && !endsWithComma(words[end - 1])) end++;
  }
  return end > label && /^(buttons?|btns?)$/.test(words[end]?.norm ?? '') ? label : undefined;
}

/** "skip validation", "skip the linter": a skip (no bypass of a hook) of a check, as the step the check is. */
function skippedCheck(view: SentenceView, mentions: readonly Mention[]): Mention | undefined {
  const only = mentions.length === 1 ? (mentions[0] as Mention) : undefined;
  if (!only || only.family !== 'skipChecks' || !view.words[only.start]?.forms.includes('skip')) return undefined;
  const last = view.words[only.end - 1] as Word;
  return /^(validation|verification|linting|linter|lint|checks?|checking|type-?checks?|type-?checking)$/.test(last.norm) ? { family: 'test', start: only.end - 1, end: only.end, form: 'base' } : undefined;
}

/**
 * Actions forbidden "without" a condition, as "never X without Y" and "X without Y is forbidden" say: a yes
 * asked (and the agent's step too, when both are wanted: "without approval and a test run"; "without me
 * reading them" is the person's), a step done first, or, when `routeForbids`, a branch that changes only
 * through review never changed directly ("never push to main without a PR"). Undefined for any other condition.
 */
function forbiddenWithout(view: SentenceView, triggers: readonly Mention[], regions: readonly Range[], place: Range, condition: Range, routeForbids: boolean): Draft[] | undefined {
  const words = view.words;
  const personOnly = condition.to > condition.from && words.slice(condition.from, condition.to).every((w) => has(ME, w) || w.tags.has('Determiner') || has(FUNCTION, w) || w.text === '');
  const steps = satisfying(view.mentionsIn(condition));
  const yes = approverCue(view, condition) || bareApproval(view, condition, false);
  const personFirst = personLooksFirst(words, condition);
  if (yes || personOnly || personFirst) return [...eachListed(view, { kind: 'confirmation', triggers, regions }, place.to), ...(yes && steps.length > 0 && !personFirst ? [prerequisite(view, triggers, steps, regions, condition)] : [])];
  if (steps.length > 0) return [prerequisite(view, triggers, steps, regions, condition)];
  const route = words.some((_, k) => k >= condition.from && k < condition.to && reviewRouteAt(words, k));
  const onBranch = words.slice(place.from, place.to).some((w, k) => has(WELL_KNOWN_BRANCH, w) || view.textEntitiesIn({ from: place.from + k, to: place.from + k + 1 }).some((e) => e.kind === 'branch'));
  return routeForbids && route && onBranch ? [{ kind: 'prohibition', triggers, regions }] : undefined;
}

/**
 * "- Releasing without the full test matrix", "Irreversible transfers without a human gate": a sentence
 * that only names an action done without something lists what not to do, as a bullet under "Don't:".
 */
function fragmentAction(view: SentenceView, main: Range, sub: Range): Negated | undefined {
  const words = view.words;
  const start = skipOpeners(words, 0, main.to);
  const action = view.mentionsIn(main)[0];
  if (!action || main.from > start || (action.form !== 'gerund' && action.form !== 'third')) return undefined;
  // Only describing words before the action ("manual", "irreversible", "registry"): no subject, no verb.
  const describing = (w: Word) => w.tags.has('Adjective') || w.tags.has('Determiner') || (w.tags.has('Noun') && !w.tags.has('Pronoun')) || w.tags.has('Adverb');
  if (!words.slice(start, action.start).every(describing)) return undefined;
  // A clause anywhere makes it a statement: "Deploying without tests is how outages happen".
  const finite = (w: Word) => w.tags.has('Copula') || w.tags.has('Modal') || w.tags.has('Auxiliary') || w.tags.has('Pronoun') || ((w.tags.has('PresentTense') || w.tags.has('PastTense')) && !w.tags.has('Gerund'));
  if (words.slice(action.end, view.words.length).some((w, k) => finite(w) && !view.mentionAt(action.end + k))) return undefined;
  if (action.form === 'third' && !(words[action.start] as Word).tags.has('Noun')) return undefined;
  return sub.to > sub.from ? { negation: action.start, mentions: coordinatedFrom(view, view.mentionsIn(main)) } : undefined;
}

/** A condition that is a yes and nothing else: "approved", "the user confirms", "the user says yes". */
function yesAlone(view: SentenceView, sub: Range): boolean {
  const said = view.words.slice(sub.from, sub.to);
  return said.length <= 5 && !said.some((w) => w.norm === 'to') && (approverCue(view, sub) || bareApproval(view, sub));
}

/** A clause that opens on the action it tells the agent to do, past "then", "please", "go ahead and". */
function opensOnAction(view: SentenceView, clause: Range): boolean {
  let start = skipOpeners(view.words, clause.from, clause.to);
  while (start < clause.to && /^(then|please|go|ahead|and|just|you|may|can)$/.test((view.words[start] as Word).norm)) start++;
  const action = view.mentionAt(start);
  return action?.start === start && action.form === 'base';
}

/** "after approval", "after explicit sign-off": an approval with nothing before it but its describing words, and no one else's ("from the security team"). */
function bareApproval(view: SentenceView, sub: Range, reviewIsApproval = true): boolean {
  const words = view.words;
  const found = findFirst(words, P.approvalNouns, sub.from, Math.min(sub.to, sub.from + 3));
  // "from the security team" is someone else's; "from the user", "by me" is the person's own.
  let giver = (found?.end ?? 0) + 1;
  while (words[giver]?.tags.has('Determiner')) giver++;
  if (!found || (/^(from|by)$/.test(words[found.end]?.norm ?? '') && !has(OWNERS, words[giver]))) return false;
  // "without careful review": a review no one is named for may be the agent's own.
  // ("after verification" may be the agent's own checks, whoever's review is meant.)
  // ("without using the `git mv` command": a command no one gives is one run.)
  if ((!reviewIsApproval && /^reviews?$/.test((words[found.start] as Word).norm)) || /^(verifications?|commands?)$/.test((words[found.start] as Word).norm)) return false;
  return words.slice(sub.from, found.start).every((w) => w.tags.has('Determiner') || w.tags.has('Adjective') || /^(double|verbal|second)$/.test(w.norm));
}

/** The first trigger and those coordinated with it ("before deleting or moving anything"). */
function coordinatedFrom(view: SentenceView, triggers: readonly Mention[]): Mention[] {
  const first = triggers[0] as Mention;
  const result = [first];
  for (const next of triggers.slice(1)) if ((listedAt(view.words, next.start) || listedWithLightVerb(view.words, next.start) !== undefined) && !namesTheThingBefore(view, next.start)) result.push(next);
  return result;
}

/**
 * "never push or run migrations", "delete files or perform a deploy": an action said as a noun after a light
 * verb listed after another action; where its light verb is.
 */
function listedWithLightVerb(words: readonly Word[], start: number): number | undefined {
  // (Past its determiner and the nouns that modify it: "or run any database migrations".)
  // ("…, handle payments, or process refunds": so are verbs of dealing with a thing.)
  const light = (w: Word | undefined) => /^(run|running|execute|executing|perform|performing|do|doing|trigger|triggering|apply|applying|handle|handling|process|processing)$/.test(w?.norm ?? '');
  let verb = start - 1;
  while (verb > start - 4 && !light(words[verb]) && (/^(a|an|the|any)$/.test(words[verb]?.norm ?? '') || (words[verb]?.tags.has('Noun') === true && !words[verb]?.tags.has('Verb'))) && !endsWithComma(words[verb])) verb--;
  return light(words[verb]) && !endsWithComma(words[verb]) && verb > 0 && has(COORDINATORS, words[verb - 1]) ? verb : undefined;
}

/** The action at `start` is listed after another: a conjunction or a comma before it, past an adverb ("deletes or irreversibly overwrites"). */
function listedAt(words: readonly Word[], start: number): boolean {
  let before = start - 1;
  // ("or otherwise rewrite history": the tagger may take "otherwise" for a conjunction.)
  // ("force pushes and destructive history rewrites": nor does a word that describes the next action.)
  // ("don't delete anything, just move it to trash/": what to do instead is no item of the list.)
  if (/^(just|simply|instead)$/.test(words[start - 1]?.norm ?? '') && endsWithComma(words[start - 2])) return false;
  while (before > 0 && ((words[before] as Word).tags.has('Adverb') || (words[before] as Word).tags.has('Adjective') || (words[before] as Word).norm === 'otherwise') && !endsWithComma(words[before]) && !has(COORDINATORS, words[before])) before--;
  return has(COORDINATORS, words[before]) || endsWithComma(words[before]);
}

/** "Keep the front door locked", "keep the alarm on", "the garage door should stay closed". */
function keepFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  const start = skipOpeners(words, clause.from, clause.to);
  const keep = words[start];
  if (!keep || !has(KEEP, keep)) return neverLeftFrame(view, clause, start) ?? stayFrame(view, clause);
  for (let i = start + 2; i < Math.min(clause.to, start + 8); i++) {
    const state = KEEP_STATE_PHRASES.find((k) => matchAt(words, i, k.phrase) !== undefined);
    if (!state) continue;
    const mention: Mention = { family: state.family, start, end: start + 1, form: 'base' };
    return { drafts: [{ kind: 'prohibition', triggers: [mention], regions: [{ from: start + 1, to: i }] }] };
  }
  return undefined;
}

/** "Never leave the garage door open", "don't leave the alarm off": the action that would leave it so is forbidden. */
function neverLeftFrame(view: SentenceView, clause: Range, start: number): Outcome | undefined {
  const words = view.words;
  const verb = words[start]?.norm === 'never' ? start + 1 : words[start]?.norm === 'do' && words[start + 1]?.norm === 'not' ? start + 2 : -1;
  if (verb === -1 || !has(KEEP, words[verb])) return undefined;
  for (let i = verb + 2; i < Math.min(clause.to, verb + 8); i++) {
    const family = L.NEVER_LEFT_STATES[(words[i] as Word).norm];
    if (family === undefined || !isStateWord(words, i)) continue;
    // ("never leave files open": a file left open is read, which no rule is about; a device's state is.)
    const thing = { from: verb + 1, to: i };
    if (!view.contextWord('device', [thing]) && !view.textEntitiesIn(thing).some((e) => e.kind === 'device')) return undefined;
    return { drafts: [{ kind: 'prohibition', triggers: [{ family, start: verb, end: verb + 1, form: 'base' }], regions: [thing] }] };
  }
  return undefined;
}

/** A state word, not a preposition: "keep the alarm on (at night)", not "stay on the line". */
function isStateWord(words: readonly Word[], index: number): boolean {
  const next = words[index + 1];
  return !next || /[,;:.!?)]/.test((words[index] as Word).post) || !(next.tags.has('Determiner') || next.tags.has('Noun') || next.tags.has('Possessive'));
}

/** "The garage door should stay closed", "the alarm must remain armed": the thing is named first. */
function stayFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  for (let i = clause.from + 2; i < clause.to; i++) {
    const state = KEEP_STATE_PHRASES.find((k) => matchAt(words, i, k.phrase) !== undefined);
    if (!state || !has(STAY, words[i - 1]) || !isStateWord(words, i)) continue;
    // "I'll stay on the line", "we stay on": people staying somewhere, not a device kept in a state.
    if (words.slice(clause.from, i - 1).some((w) => /^(i|we|you|he|she|they)$/.test(w.norm))) continue;
    const mention: Mention = { family: state.family, start: i - 1, end: i, form: 'base' };
    return { drafts: [{ kind: 'prohibition', triggers: [mention], regions: [{ from: clause.from, to: i - 1 }] }] };
  }
  return undefined;
}

/**
 * "Only `SELECT` statements are permitted", "SELECT only", "run only SELECT queries": the database is
 * read, never written; every SQL write is forbidden.
 */
function selectOnlyFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  // ("Only run read-only SQL queries": queries that only read are SELECTs.)
  const readOnlyQueries = (i: number) => words[i]?.norm === 'read' && words[i + 1]?.norm === 'only' && words[i]?.post === '-' && /^(sql|statements?|query|queries)$/.test(words[i + 2]?.norm ?? '');
  const at = words.findIndex((w, i) => i >= clause.from && i < clause.to && (/^SELECT(?:-only)?$/.test(w.text.replace(/`/g, '')) || readOnlyQueries(i)));
  if (at === -1) return undefined;
  const nextAt = readOnlyQueries(at) ? at + 2 : at + 1;
  const next = words[nextAt];
  // ("Only run SELECT queries": the only may come before the verb.)
  const onlyBefore = has(ONLY, words[at - 1]) || (has(ONLY, words[at - 2]) && /^(run|use|execute|issue|write)$/.test(words[at - 1]?.norm ?? ''));
  const said = (words[at] as Word).text.replace(/`/g, '') === 'SELECT-only' || onlyBefore || has(ONLY, next) || (SQL_AFTER.test(next?.norm ?? '') && has(ONLY, words[nextAt + 1]));
  // ("Only SELECT * in ad-hoc queries" is about how to write a query, not which ones may run.)
  if (!said || /^\s*\*/.test((words[at] as Word).post)) return undefined;
  const writes = (['sqlDrop', 'truncate', 'sqlRowChange', 'schemaChange'] as const).map((family) => ({ family, start: at, end: at + 1, form: 'base' as const }));
  // ("… against the `analytics` database", "… against the replica": where the queries run is the rule's target.)
  const after = readOnlyQueries(at) || SQL_AFTER.test(next?.norm ?? '') ? nextAt + 1 : nextAt;
  const where = words.findIndex((w, k) => k >= after && k < clause.to && /^(against|on|in|to)$/.test(w.norm));
  return { drafts: [{ kind: 'prohibition', triggers: writes, regions: where === -1 ? [] : [{ from: where, to: clause.to }] }] };
}

/** "Leave data/raw alone", "hands off main", "the vendor folder is read-only", "main is off-limits". */
function leaveAloneFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  const leave = findFirst(words, P.leaveAlone, clause.from, clause.to);
  if (leave) {
    const subject = subjectBefore(words, clause.from, leave.start);
    if (subject === 'other' || subject === 'self') return undefined;
    const touch: Mention = { family: 'touch', start: leave.start, end: leave.start + 1, form: 'base' };
    // "leave temp/ alone" wraps its object; "stay away from temp/" is followed by it.
    const wraps = leave.end - leave.start > 2 && /^(alone|be)$/.test((words[leave.end - 1] as Word).norm);
    const inside = wraps ? { from: leave.start + 1, to: leave.end - 1 } : { from: leave.end, to: objectEnd(view, leave.end, clause.to) };
    // "Stay away from commands such as `crontab -e`": running them is what is kept away from.
    const named = view.mentionsIn({ from: inside.from, to: clause.to }).filter((m) => m.command !== undefined);
    if (named.length > 0) return { drafts: [{ kind: 'prohibition', triggers: named, regions: [{ from: (named[0] as Mention).start, to: clause.to }] }] };
    // "Stay away from risky operations": a kind of action, which touching no thing says.
    if (words.slice(inside.from, inside.to).some((w) => has(CATEGORY_NOUNS, w) && w.tags.has('Noun'))) return 'nothing';
    return { drafts: [{ kind: 'prohibition', triggers: [touch], regions: [inside] }] };
  }
  const readOnly = findFirst(words, P.readOnly, clause.from, clause.to) ?? findFirst(words, P.forbidden, clause.from, clause.to);
  if (!readOnly || readOnly.start === clause.from) return undefined;
  // ("If a tool call is denied, do not retry it": what a condition says is forbidden is the occasion, no rule.)
  if (insideCondition(words, clause.from, readOnly.start)) return undefined;
  // ("Everything that is not blocked is safe": what is not forbidden is allowed, no ban.)
  if (/^(not|never|no|n['’]t)$/.test(words[readOnly.start - 1]?.norm ?? '')) return undefined;
  // ("The database is read-only by default", "Run kubectl commands (READ-ONLY by default)": a default says how a thing is set up, which may change, no rule.)
  if (words[readOnly.end]?.norm === 'by' && words[readOnly.end + 1]?.norm === 'default') return undefined;
  // ("Run kubectl commands (read-only)": commands to run, set apart as read-only, are a sort of them to run, nothing banned.)
  const runOrder = /^(run|execute|use)$/.test(words[skipOpeners(words, clause.from, clause.to)]?.norm ?? '');
  if (runOrder && inParenthesis(words, clause.from, readOnly.start) && /^commands?$/.test(words[readOnly.start - 1]?.norm ?? '')) return undefined;
  // ("This project prohibits AI-authored writing": a verb that forbids has its thing after it, not its subject.)
  if (/^(prohibits|forbids|bans|disallows)$/.test(words[readOnly.start]?.norm ?? '') && readOnly.end < clause.to) return undefined;
  // "not allowed to push": the action follows, and the prohibition frame reads it.
  // ("must be read-only (e.g., `git status`)": examples in a parenthesis are what stays allowed.)
  // ("pushing is forbidden, commit only": an action past a comma is a clause of its own.)
  // "`.env` files are blocked from reading": the thing before, the action after "from".
  const kept = words[readOnly.end]?.norm === 'from' ? view.mentionAt(readOnly.end + 1) : undefined;
  // ("Agents are blocked from pushing to main": said of the agent, the action's own object is the target.)
  if (kept && kept.form === 'gerund' && readOnly.start > clause.from) {
    const subject = { from: clause.from, to: readOnly.start };
    const ofAgent = words.slice(subject.from, subject.to).every((w) => has(AGENT_NAMES, w) || /^(you|we|they|are|is|be|being|been|will|must|should|the|all|any|an?|ai)$/.test(w.norm) || w.tags.has('Adverb'));
    const triggers = coordinatedFrom(view, view.mentionsIn({ from: kept.start, to: clause.to }));
    return { drafts: [{ kind: 'prohibition', triggers, regions: [ofAgent ? { from: (triggers[triggers.length - 1] as Mention).end, to: clause.to } : subject] }] };
  }
  // ("not permitted to run database migrations": past "to", its verb and a word that sorts the action.)
  const followedBy = !/[,;:]/.test((words[readOnly.end - 1] as Word).post) && view.mentionsIn({ from: readOnly.end, to: Math.min(clause.to, readOnly.end + (words[readOnly.end]?.norm === 'to' ? 4 : 3)) }).some((m) => !inParenthesis(words, readOnly.end - 1, m.start));
  if (followedBy) return undefined;
  // ("Work read-only", "operate in read-only mode": so is the way the agent works.)
  const agentWorking = (w: Word) => /^(you|are|is|stay|remain|be|keep|operate|act|work|must|should|will)$/.test(w.norm) || has(AGENT_NAMES, w) || w.tags.has('Adverb');
  const inMode = words[readOnly.end]?.norm === 'mode' && words[readOnly.start - 1]?.norm === 'in' && words.slice(skipOpeners(words, clause.from, clause.to), readOnly.start - 1).every(agentWorking);
  // ("Use `psql` for read-only queries": before a noun, and not said of a thing with "is" or "as", it only sorts that noun.)
  // (The tagger may take the noun for a verb: "read-only queries".)
  const after = words[readOnly.end];
  const nounAfter = after !== undefined && /^[A-Za-z]/.test(after.text) && !view.isMentionWord(readOnly.end) && !['Preposition', 'Conjunction', 'Condition', 'Determiner', 'Adverb', 'Pronoun', 'Copula', 'Modal', 'Auxiliary'].some((t) => after.tags.has(t));
  const attributive = nounAfter && !inMode && !/[,;:.!?]/.test((words[readOnly.end - 1] as Word).post) && !/^(is|are|be|been|remain|remains|stay|stays|as|was|were)$/.test(words[readOnly.start - 1]?.norm ?? '');
  if (attributive && startsWith(words, P.readOnly, readOnly.start) === readOnly.end) return undefined;
  // "Treat the customers table as read-only": the thing is between "treat" and "as".
  const regard = skipOpeners(words, clause.from, readOnly.start);
  const regarded = /^(treat|consider|regard|handle|keep)$/.test(words[regard]?.norm ?? '');
  const before = regarded ? { from: regard + 1, to: readOnly.start - (words[readOnly.start - 1]?.norm === 'as' ? 1 : 0) } : { from: clause.from, to: readOnly.start };
  // ("Reading `.env` files is blocked": a read is governed as well as done first.)
  const mentions = view.mentionsIn(before).filter((m) => !satisfies(m) || m.family === 'read');
  // "… is forbidden unless the user explicitly requests it": an exception the person grants.
  const unless = words.findIndex((w, k) => k >= readOnly.end && k < clause.to && /^(unless|without|except|until)$/.test(w.norm));
  const exception = { from: unless + 1, to: clause.to };
  // ("Automatic pushing is forbidden": done unasked, as "no automatic pushes" says.)
  const unasked = mentions.some((m) => autoPrefix(words[m.start - 1]));
  const kind = unasked || (unless !== -1 && (approverCue(view, exception) || bareApproval(view, exception, false))) ? 'confirmation' : 'prohibition';
  // ("The `psql` client is read-only": a program said to be read-only is one that writes nothing, not one not to run.)
  const saysRead = words.slice(readOnly.start, readOnly.end).some((w) => w.norm === 'read');
  if (saysRead && mentions.length > 0 && mentions.every((m) => m.command !== undefined && m.command.verbs.every((verb) => verb === 'execute'))) return undefined;
  // ("Pushing without tests is forbidden": the subject's own "without" is the condition, as in "never push without tests".)
  const withoutAt = mentions.length > 0 ? words.findIndex((_, k) => k > (mentions[0] as Mention).start && k < before.to && startsWith(words, P.without, k, before.to) !== undefined) : -1;
  if (withoutAt !== -1) {
    const condition = { from: startsWith(words, P.without, withoutAt, before.to) as number, to: before.to };
    const governed = governable(view.mentionsIn({ from: before.from, to: withoutAt }));
    if (governed.length === 0) return undefined;
    const place = { from: before.from, to: withoutAt };
    const drafts = forbiddenWithout(view, coordinatedFrom(view, governed), [place], place, condition, true);
    return drafts ? { drafts } : 'nothing';
  }
  if (mentions.length > 0) {
    // "Force-pushing to main is forbidden": the action is the subject.
    // ("File deletion is prohibited": an action said as a noun has no subject; the noun before it is its object.)
    const nounOnly = (m: Mention) => m.end - m.start === 1 && (words[m.start] as Word).tags.has('Noun') && !(words[m.start] as Word).tags.has('Verb');
    // ("Commands like `rm -rf` are forbidden": examples of the subject are named, not done by it.)
    const example = (m: Mention) => inParenthesis(words, clause.from, m.start) || findFirst(words, EXAMPLE_MARKERS, clause.from, m.start) !== undefined;
    if (mentions.some((m) => m.form === 'base' && !nounOnly(m) && !example(m) && subjectBefore(words, clause.from, m.start) !== 'none')) return undefined;
    return { drafts: [{ kind, triggers: coordinatedFrom(view, mentions), regions: [before] }] };
  }
  // ("Other reasons are not acceptable": what is acceptable or not is a thing to touch only when it is an action.)
  if (words.slice(readOnly.start, readOnly.end).some((w) => has(ACCEPTABLE, w))) return undefined;
  // "You are read-only", "Stay strictly read-only": the agent itself changes nothing, whatever it is.
  const saidOfAgent = words.slice(before.from, inMode ? before.to - 1 : before.to).every(agentWorking);
  // (Said as what the agent is or stays, never of a thing after it: "only read-only git commands".)
  const isOrStays = words.slice(before.from, before.to).some((w) => /^(are|is|stay|remain|be|keep|operate|act|work)$/.test(w.norm));
  const describesNext = !inMode && words[readOnly.end]?.tags.has('Noun') === true && !/[,;:.!?]/.test((words[readOnly.end - 1] as Word).post);
  if (saidOfAgent && isOrStays && !describesNext && startsWith(words, P.readOnly, readOnly.start) === readOnly.end) {
    return { drafts: [{ kind, triggers: [{ family: 'touch', start: readOnly.start, end: readOnly.end, form: 'base' }], regions: [{ from: readOnly.end, to: readOnly.end }] }] };
  }
  // "You are not allowed to lift the suspension": an action we have no word for, said of no thing; never any target.
  const thing = words.slice(before.from, before.to).some((w, k) => (w.tags.has('Noun') || view.covered.has(before.from + k)) && !w.tags.has('Pronoun') && !has(ME, w));
  if (!thing) return words[readOnly.end]?.norm === 'to' ? 'nothing' : undefined;
  // ("Permission denied → ask the user", "Access denied": what a tool answers when refused, no thing to leave alone.)
  const nouns = words.slice(before.from, before.to).map((w, k) => ({ w, k: before.from + k })).filter(({ w, k }) => w.tags.has('Noun') || view.covered.has(k));
  const refusal = nouns.every(({ w, k }) => !view.covered.has(k) && (/^(access|request|requests)$/.test(w.norm) || findFirst(words, P.approvalNouns, k, k + 1) !== undefined));
  if (refusal) return undefined;
  const touch: Mention = { family: 'touch', start: readOnly.start, end: readOnly.end, form: 'base' };
  return { drafts: [{ kind, triggers: [touch], regions: [before] }] };
}

/** Where a person named at `at` ends ("me", "the maintainers", "a human reviewer", "the user's"), or undefined. */
function personEnd(words: readonly Word[], at: number, to: number): number | undefined {
  for (let i = at; i < to && i < at + 4; i++) {
    const word = words[i] as Word;
    if (has(DELEGATES, word)) return i + 1;
    // "the release manager", "a human reviewer": words that say which person come first.
    if (!(word.tags.has('Determiner') || word.tags.has('Adjective') || word.tags.has('Possessive') || word.tags.has('Noun')) || endsWithComma(word)) return undefined;
  }
  return undefined;
}

/** The actions named, as a prohibition on the agent over `region`; undefined when none is. */
function agentNever(view: SentenceView, triggers: readonly Mention[], region: Range): Outcome | undefined {
  return triggers.length === 0 ? undefined : { drafts: [{ kind: 'prohibition', triggers: coordinatedFrom(view, triggers), regions: [region] }] };
}

/** "Leave the commit to me", "stage the changes but leave the commit to me": the action is between "leave" and the person. */
function leftToSomeone(view: SentenceView, clause: Range, start: number): Outcome | undefined {
  const words = view.words;
  const leave = words.findIndex((w, i) => i >= start && i < clause.to && w.norm === 'leave' && (i === start || has(COORDINATORS, words[i - 1]) || words[i - 1]?.norm === 'but' || endsWithComma(words[i - 1])));
  if (leave === -1) return undefined;
  for (let to = leave + 2; to < clause.to; to++) {
    if (words[to]?.norm !== 'to' || personEnd(words, to + 1, clause.to) === undefined) continue;
    const actions = governable(view.mentionsIn({ from: leave + 1, to }));
    return agentNever(view, actions, { from: (actions[0] as Mention | undefined)?.start ?? leave + 1, to });
  }
  return undefined;
}

/** "Only humans merge PRs", "only maintainers may push to main". */
function onlyPeopleDo(view: SentenceView, clause: Range, start: number): Outcome | undefined {
  const words = view.words;
  // ("Only I can merge to main": the speaker, as a pronoun.)
  const speaker = /^(i|we)$/.test(words[start + 1]?.norm ?? '') ? start + 2 : undefined;
  const person = has(ONLY, words[start]) ? (speaker ?? personEnd(words, start + 1, clause.to)) : undefined;
  if (person === undefined) return undefined;
  let act = person;
  while (act < clause.to && ((words[act] as Word).tags.has('Modal') || (words[act] as Word).tags.has('Auxiliary') || /^(ever|should|can|may|get|allowed|permitted|to)$/.test((words[act] as Word).norm))) act++;
  // "Only humans run `npm publish`": running a command is doing what it does.
  if (/^(run|runs|use|uses|execute|executes|invoke|invokes)$/.test(words[act]?.norm ?? '') && view.mentionAt(act + 1)?.command !== undefined) act++;
  const action = governable(view.mentionsIn({ from: act, to: Math.min(clause.to, act + 1) }))[0];
  return action ? agentNever(view, [action], { from: action.start, to: objectEnd(view, action.end, clause.to) }) : undefined;
}

/** "I'll push myself", "the user will commit manually": the person does it, so the agent does not. */
function doneThemselves(view: SentenceView, clause: Range, start: number): Outcome | undefined {
  const words = view.words;
  const futureAt = words.findIndex((w, i) => i > start && i < clause.to && /^(will|shall)$/.test(w.norm));
  // ("The user handles all commits themselves", "I commit manually": said in the present, the verb right after the person.)
  const will = futureAt !== -1 ? futureAt : presentAfterPerson(view, start, clause.to);
  // (The present verb is itself what is done, or a verb of doing: "commits manually", "handles all commits".)
  let act = futureAt !== -1 ? will + 1 : will;
  const saidThemselves = words.findIndex((w, i) => i > will && i < clause.to && /^(myself|ourselves|themselves|himself|herself|manually|personally)$/.test(w.norm));
  // ("The user will handle git commit and PR creation": a person who takes the work on does it, said so or not.)
  const takesOn = will !== -1 && (words[act]?.forms.some((form) => /^(handle|manage)$/.test(form)) === true || startsWith(words, P.takeCareOf, act, clause.to) !== undefined);
  const themselves = saidThemselves === -1 && takesOn ? clause.to : saidThemselves;
  if (will === -1 || themselves === -1) return undefined;
  const subject = subjectBefore(words, start, will);
  if (subject !== 'self' && subject !== 'we' && personEnd(words, start, will) !== will) return undefined;
  if (words[act]?.forms.some((form) => /^(do|handle|make|run|manage|perform)$/.test(form))) act++;
  else if (startsWith(words, P.takeCareOf, act, clause.to) !== undefined) act += 3;
  // The action is the verb, or what the verb of doing names ("handle all commits"), with any listed after
  // it ("commit and push myself"); not a thing the verb acts on ("review the changes myself").
  const actions = governable(view.mentionsIn({ from: act, to: themselves }));
  const first = actions[0];
  if (!first || !words.slice(act, first.start).every((w) => w.tags.has('Determiner') || w.tags.has('Adjective'))) return undefined;
  return agentNever(view, actions, { from: first.start, to: objectEnd(view, first.end, themselves) });
}

/** A present-tense verb right after a person ("I", "the user", "the developer"): where it is, or -1. */
function presentAfterPerson(view: SentenceView, start: number, to: number): number {
  const words = view.words;
  const first = skipOpeners(words, start, to);
  const verbAt = words[first]?.norm === 'i' ? first + 1 : (personEnd(words, first, to) ?? -1);
  const verb = words[verbAt];
  if (verb === undefined || verb.tags.has('Modal') || verb.tags.has('Auxiliary')) return -1;
  // (The tagger takes an action's "-s" form after a noun for a plural: "the developer commits and pushes".)
  return verb.tags.has('PresentTense') || (/s$/.test(verb.norm) && view.mentionAt(verbAt)?.start === verbAt) ? verbAt : -1;
}

/** "Committing is the user's job", "releases are done by the maintainers, not by you": the action is the subject. */
function someoneElsesJob(view: SentenceView, clause: Range, start: number): Outcome | undefined {
  const words = view.words;
  const copula = words.findIndex((w, i) => i > start && i < clause.to && w.forms.includes('be') && !w.tags.has('Modal'));
  if (copula === -1) return undefined;
  const role = personEnd(words, copula + 1, clause.to);
  const roleNoun = role !== undefined && has(DELEGATED_ROLES, words[role]) && (words[role - 1] as Word).tags.has('Possessive');
  const by = startsWith(words, P.delegatedBy, copula + 1, clause.to);
  if (!roleNoun && (by === undefined || personEnd(words, by, clause.to) === undefined)) return undefined;
  const subject = { from: start, to: copula };
  // The subject names the action as a noun or a gerund: "commits", "pushing to main".
  const actions = governable(view.mentionsIn(subject)).filter((m) => m.form === 'gerund' || isNominal(words, m) || (words[m.start] as Word).tags.has('Noun'));
  return agentNever(view, actions, subject);
}

/** "Stage the changes but let the user commit", "let me do the deploy": the person is let do it, so the agent does not. */
function letThemDo(view: SentenceView, clause: Range, start: number): Outcome | undefined {
  const words = view.words;
  const letAt = words.findIndex((w, i) => i >= start && i < clause.to && w.norm === 'let' && (i === start || has(COORDINATORS, words[i - 1]) || words[i - 1]?.norm === 'but' || endsWithComma(words[i - 1])));
  if (letAt === -1) return undefined;
  const person = /^(me|us)$/.test(words[letAt + 1]?.norm ?? '') ? letAt + 2 : personEnd(words, letAt + 1, clause.to);
  if (person === undefined) return undefined;
  const act = /^(do|handle|make|run|perform)$/.test(words[person]?.norm ?? '') ? person + 1 : person;
  let from = /^(a|an|the)$/.test(words[act]?.norm ?? '') ? act + 1 : act;
  // "let the user review and commit them": past what the person only looks at, to what they do.
  if (/^(review|check|inspect|verify|test|approve)$/.test(words[from]?.norm ?? '') && has(COORDINATORS, words[from + 1]) && !view.isMentionWord(from)) from += 2;
  const action = governable(view.mentionsIn({ from, to: Math.min(clause.to, from + 1) }))[0];
  if (!action) return undefined;
  // ("… commit them manually": what the person does is the changes the sentence began with, however it points at them.)
  const end = objectEnd(view, action.end, clause.to);
  const pointed = words.slice(action.end, end).every((w) => /^(them|it|those|these|manually|themselves|yourself|by|hand)$/.test(w.norm) || w.text === '');
  return agentNever(view, [action], { from: action.start, to: pointed ? action.end : end });
}

/** An action left to someone else, which the agent then never does (the five ways above). */
function delegatedFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const start = skipOpeners(view.words, clause.from, clause.to);
  // "leave … to" decides alone: a "leave" clause with no person after it states nothing here.
  const outcome = view.words.some((w, i) => i >= start && i < clause.to && w.norm === 'leave') ? leftToSomeone(view, clause, start) : (onlyPeopleDo(view, clause, start) ?? doneThemselves(view, clause, start) ?? someoneElsesJob(view, clause, start) ?? letThemDo(view, clause, start));
  // "Leave pushing to me unless I say otherwise": the person may hand the action back.
  const unless = view.words.findIndex((w, i) => i > start && i < clause.to && w.norm === 'unless');
  if (!outcome || outcome === 'nothing' || !('drafts' in outcome) || unless === -1 || !approverCue(view, { from: unless + 1, to: clause.to })) return outcome;
  return { drafts: outcome.drafts.map((draft) => ({ ...draft, kind: 'confirmation' })) };
}

/** What changes to a branch may go through instead of landing directly: "through a pull request", "via code review". */
function reviewRouteAt(words: readonly Word[], k: number): boolean {
  return pullRequestAt(words, k) || /^(review|reviews)$/.test(words[k]?.norm ?? '');
}

/**
 * "All changes to `main` must go through a pull request", "`main` only changes via PRs": a branch
 * that changes only by review is one the agent never commits or pushes to directly.
 */
function throughReviewFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  const via = words.findIndex((w, i) => i > clause.from && i < clause.to && /^(through|via)$/.test(w.norm));
  if (via === -1 || negatedIn(view, clause)) return undefined;
  const byReview = words.some((_, k) => k > via && k < Math.min(clause.to, via + 4) && reviewRouteAt(words, k));
  if (!byReview) return undefined;
  // The branch, named after "to" or "into": the changes land there.
  // ("Changes must enter main via pull requests": a verb of arriving takes the branch as its object.)
  const to = words.findIndex((w, i) => i > clause.from && i < via - 1 && /^(to|into|on|enter|enters|reach|reaches)$/.test(w.norm) && (WELL_KNOWN_BRANCH.has((words[i + 1] as Word).norm.replace(/`/g, '')) || view.textEntitiesIn({ from: i + 1, to: i + 2 }).some((e) => e.kind === 'branch')));
  if (to === -1) return undefined;
  // (The verb of arriving is the landing itself; before a preposition, the word before it is.)
  const arrives = /^(enter|enters|reach|reaches)$/.test((words[to] as Word).norm);
  const land: Mention = arrives ? { family: 'land', start: to, end: to + 1, form: 'base' } : { family: 'land', start: to - 1, end: to, form: 'base' };
  return { drafts: [{ kind: 'prohibition', triggers: [land], regions: [{ from: arrives ? to + 1 : land.start, to: to + 2 }] }] };
}

/** Whether words[k] names a pull request: "PR", "pull request", "merge request". */
function pullRequestAt(words: readonly Word[], k: number): boolean {
  const w = words[k];
  return w !== undefined && (/^(pr|prs|mr|mrs)$/.test(w.norm) || (/^(pull|merge)$/.test(w.norm) && /^requests?$/.test(words[k + 1]?.norm ?? '')));
}

/**
 * "Pull requests are required for all changes to `main`", "all changes to main need a PR": a branch
 * whose changes need a pull request is one the agent never commits or pushes to directly. (A review
 * alone required is a person's approval: a confirmation, read elsewhere.)
 */
function pullRequestRequiredFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  const inClause = (i: number) => i >= clause.from && i < clause.to;
  const required = words.findIndex((w, i) => inClause(i) && w.forms.some((form) => /^(require|required|need|needed|mandatory)$/.test(form)));
  // ("**Pull Requests**: Required for all changes to main": the label before the clause names it.)
  if (required === -1 || negatedIn(view, clause) || !words.some((_, k) => k < clause.to && pullRequestAt(words, k))) return undefined;
  // The branch the changes land on, after "changes to", "commits on", "merges into".
  const to = words.findIndex((w, i) => inClause(i) && i > clause.from && /^(to|into|on)$/.test(w.norm) && (words[i - 1] as Word).forms.some((form) => /^(change|commit|push|merge|update)$/.test(form)) && (WELL_KNOWN_BRANCH.has((words[i + 1]?.norm ?? '').replace(/`/g, '')) || view.textEntitiesIn({ from: i + 1, to: i + 2 }).some((e) => e.kind === 'branch')));
  if (to === -1) return undefined;
  const land: Mention = { family: 'land', start: to - 1, end: to, form: 'base' };
  return { drafts: [{ kind: 'prohibition', triggers: [land], regions: [{ from: to - 1, to: to + 2 }] }] };
}

/** "You may stage files if explicitly asked", "you can push when the user explicitly requests it": allowed only on the person's word. */
function permittedOnRequestFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  const start = skipOpeners(words, clause.from, clause.to);
  const allowed = startsWith(words, P.permissions, start, clause.to);
  if (allowed === undefined || !/^(you|it)$/.test(words[start]?.norm ?? '')) return undefined;
  const condition = words.findIndex((w, i) => i > allowed && i < clause.to && /^(if|when|once)$/.test(w.norm));
  if (condition === -1) return undefined;
  const request = { from: condition + 1, to: clause.to };
  // Said explicitly: "when asked" alone may only say when it is fine.
  if (!words.slice(request.from, request.to).some((w) => has(EXPLICITLY, w)) || !approverCue(view, request)) return undefined;
  const triggers = governable(view.mentionsIn({ from: allowed, to: condition }));
  if (triggers.length === 0) return undefined;
  return { drafts: [{ kind: 'confirmation', triggers: coordinatedFrom(view, triggers), regions: [{ from: (triggers[0] as Mention).start, to: objectEnd(view, (triggers[0] as Mention).end, condition) }] }] };
}

/** "Only ever send email to acme.io addresses", "only pay invoices under $500". */
function onlyFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  // "text-only tools" is a kind of tool, not an "only" rule.
  const only = words.findIndex((w, i) => inRange(clause, i) && has(ONLY, w) && !w.tags.has('Hyphenated'));
  if (only === -1 || startsWith(words, P.after, only, clause.to) !== undefined) return undefined;
  const mentions = governable(view.mentionsIn(clause));
  // "only send emails with my explicit approval"; "you may only commit when instructed".
  const condition = words.findIndex((w, i) => i > only && i < clause.to && /^(when|if|once)$/.test(w.norm));
  const requested = condition !== -1 && requestCue(view, { from: condition + 1, to: clause.to });
  // ("Perform only the deletions the user approves", "only make the changes I ask for": the ones a person asks for.)
  const first = mentions[0];
  let asker = first === undefined ? -1 : words.findIndex((w, k) => k >= first.end && k < Math.min(clause.to, first.end + 5) && has(GRANTERS, w) && has(REQUEST, words[k + 1]) && !words.slice(first.end, k).some(endsWithComma));
  // (What the person asks for ends the object: "the deletions | the user approves".)
  while (asker > (first?.end ?? 0) && (/^(that|which|what)$/.test(words[asker - 1]?.norm ?? '') || words[asker - 1]?.tags.has('Determiner') === true)) asker--;
  if (mentions.length > 0 && (approverCue(view, { from: only, to: clause.to }) || requested || asker !== -1)) {
    const triggers = mentions.slice(0, 1);
    // "only send to acme.io unless I ask": sending elsewhere needs the person's say-so.
    const allowListed = (triggers[0] as Mention).family === 'send' && view.textEntitiesIn(clause).some((e) => e.kind === 'domain' || e.kind === 'email');
    const end = asker !== -1 ? asker : objectEnd(view, (triggers[0] as Mention).end, clause.to);
    return { drafts: [{ kind: 'confirmation', triggers, regions: [{ from: (triggers[0] as Mention).start, to: end }], ...(allowListed && { allowListed }) }] };
  }
  const send = mentions.filter((m) => m.family === 'send');
  const entities = view.textEntitiesIn(clause);
  if (send.length > 0 && entities.some((e) => e.kind === 'domain' || e.kind === 'email')) {
    return { drafts: [{ kind: 'prohibition', triggers: send.slice(0, 1), regions: [{ from: clause.from, to: clause.to }], allowListed: true }] };
  }
  const pay = mentions.filter((m) => m.family === 'pay');
  const below = entities.find((e) => e.kind === 'amount' && e.comparator === 'below');
  if (pay.length > 0 && below) return { drafts: [{ kind: 'prohibition', triggers: pay.slice(0, 1), regions: [{ from: clause.from, to: clause.to }], allowListed: true }] };
  // "only deploy to staging", "only modify files in src/" allow some targets and forbid every other, which no scope says.
  const leads = words.slice(skipOpeners(words, clause.from, clause.to), only).every((w) => /^(you|may|can|should|must|always)$/.test(w.norm) || has(LEAD_ADVERBS, w));
  if (mentions.length === 0 || !leads) return undefined;
  const allowed = [...entities, ...view.phraseEntitiesIn(clause)].filter((e) => e.kind !== 'command' && e.kind !== 'amount');
  return allowed.length > 0 ? { unresolved: `only ${allowed.map((e) => `"${e.value.replace(/^\*\*\//, '')}"`).join(', ')} is allowed: everything but a target, which no scope says` } : 'nothing';
}

/** "Nothing goes to anyone outside acme.io", "nothing leaves the company". */
function nothingGoesFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  const nothing = words.findIndex((w, i) => inRange(clause, i) && w.norm === 'nothing');
  if (nothing === -1) return undefined;
  const go = startsWith(words, P.sendOut, nothing + 1, clause.to);
  if (go === undefined) return undefined;
  const send: Mention = { family: 'send', start: nothing + 1, end: go, form: 'base' };
  const end = objectEnd(view, go, clause.to);
  // "… without my OK": a confirmation, not a prohibition.
  const kind = approverCue(view, { from: end, to: clause.to }) ? 'confirmation' : 'prohibition';
  return { drafts: [{ kind, triggers: [send], regions: [{ from: go, to: end }] }] };
}

/** "Never X", "don't X", "no X-ing", "avoid X-ing", "you must not X", "S must never be X-ed". */
function prohibitionFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const negated = negatedIn(view, clause);
  if (!negated) return undefined;
  // ("The production runtime is Kubernetes, not Docker Compose": one thing said to be another, not the other, forbids nothing.)
  const words = view.words;
  const contrast = words[negated.negation]?.norm === 'not' && endsWithComma(words[negated.negation - 1]) && view.mentionAt(negated.negation + 1)?.command !== undefined;
  const described = words.slice(clause.from, negated.negation).some((w) => w.tags.has('Copula')) && !words.slice(clause.from, negated.negation).some((w) => w.tags.has('Imperative') || w.tags.has('Modal') || has(CHOOSING, w));
  if (contrast && described) return undefined;
  const triggers = negated.mentions;
  const end = objectEnd(view, (triggers[0] as Mention).end, clause.to);
  // An exception is a scope only for sending ("except people at acme.io" names the allowed domain);
  // an exception of a time or an occasion ("except during release sessions") is a condition the
  // session cannot settle, taken to hold.
  const except = startsWith(view.words, P.except, end, clause.to);
  // "… except when explicitly confirmed": an exception the person grants is "unless".
  if (except !== undefined && approverCue(view, { from: except, to: clause.to })) return { drafts: [{ kind: 'confirmation', triggers, regions: [{ from: (triggers[0] as Mention).start, to: end }, ...(negated.subject ? [negated.subject] : [])] }] };
  // ("… except for the release bot", "except for approved tooling": an exception by whom does it, which no scope says, leaves the rule in force.)
  const byWhom = except !== undefined && view.words[except - 1]?.norm === 'for' && view.words.slice(except, clause.to).some((w) => has(DELEGATES, w) || /^(bots?|tooling|tools?|scripts?|agents?)$/.test(w.norm));
  const occasion = except !== undefined && (byWhom || /^(during|when|while|if|in|on|at)$/.test(view.words[except]?.norm ?? '')) && !view.words.slice(except, clause.to).some((w, k) => w.forms.some((f) => SAY_SO.has(f)) && !describesNext(view.words, except + k));
  if (except !== undefined && !occasion && !triggers.some((m) => m.family === 'send')) return 'nothing';
  const regions: Range[] = [{ from: (triggers[0] as Mention).start, to: occasion ? end : clauseEndAfterExcept(view, end, clause.to) }, ...(negated.subject ? [negated.subject] : [])];
  // "The vendor invoices: never delete.": the thing was named before the colon.
  const label = thingLabel(view, { from: clause.from, to: negated.negation });
  const first = triggers[0] as Mention;
  const ownObject = namesItsThing(view, first) || names(view, { from: first.end, to: (regions[0] as Range).to });
  if (label && !ownObject) regions.push(label);
  // "`.claude/**` DO NOT MODIFY", "`golden/` — never regenerate": a target written before the negation, with no verb, is its object.
  const verbless = (range: Range) => !view.words.slice(range.from, range.to).some((w) => w.tags.has('Verb') && !w.tags.has('Noun') && !w.tags.has('Auxiliary'));
  // A dash may set the target apart as a clause of its own: "`golden/` — never regenerate".
  const from = clause.from > 0 && verbless({ from: 0, to: clause.from }) ? 0 : clause.from;
  const before = { from, to: negated.negation };
  const fronted = !label && !ownObject && objectWords(view, { from: first.end, to: (regions[0] as Range).to }, new Set(triggers.map((m) => m.family))).length === 0 && view.textEntitiesIn(before).some((e) => e.kind === 'path') && verbless(before);
  if (fronted) regions.push(before);
  // "If the user hasn't approved, don't push": a condition that the person has not said yes asks for their yes.
  const condition = conditionOf(view, clause, negated.negation, end);
  if (condition && approvalWithheld(view, condition)) return { drafts: [{ kind: 'confirmation', triggers, regions }] };
  // "Never modify code you haven't read": the thing is one a step has not yet been done on.
  // "Never commit failing tests", "never push code that doesn't compile", "if the tests fail, don't push": the checks are to pass first.
  // Only an action that carries the code on is gated by its checks: "never disable a failing test" is not.
  const gated = triggers.some(gatedByChecks);
  const pointed = condition && gated ? failingPointedCheck(view, condition, clause) : undefined;
  if (pointed === 'unnamed') return { unresolved: 'the condition says something fails, and what it points at is no check named before' };
  const failingCondition = condition && gated ? (checksNotPassing(view, { from: condition.from - 1, to: condition.to }, true) ?? pointed) : undefined;
  const notYetDone = stepNotYetDone(view, regions[0] as Range) ?? (negated.subject ? stepNotYetDone(view, negated.subject) : undefined) ?? (gated ? checksNotPassing(view, regions[0] as Range) : undefined) ?? (failingCondition && { at: end, step: failingCondition.step });
  if (notYetDone) {
    // A thing sorted by its relative clause, before the action or after it, is the thing up to that clause.
    const inSubject = negated.subject !== undefined && notYetDone.at >= negated.subject.from && notYetDone.at < negated.subject.to;
    // ("Never commit failing code to main": where it goes, after the thing and its check, is still the rule's.)
    const region = regions[0] as Range;
    const place = view.words.findIndex((w, k) => k >= Math.max(notYetDone.at, notYetDone.step.end) && k < region.to && /^(to|into|onto|on|against)$/.test(w.norm));
    const placeAfter = place === -1 ? [] : [{ from: place, to: region.to }];
    const narrowed = inSubject && negated.subject ? [region, { from: negated.subject.from, to: notYetDone.at }] : [{ from: first.start, to: notYetDone.at }, ...placeAfter, ...regions.slice(1)];
    return { drafts: [prerequisite(view, triggers, [notYetDone.step], narrowed, { from: notYetDone.step.start, to: notYetDone.step.end })] };
  }
  // "Never commit automatically", "don't push on your own": not unless the person asks for it.
  const unasked = findFirst(view.words, P.onOwnAccord, clause.from, clause.to) !== undefined || triggers.some((m) => autoPrefix(view.words[m.start - 1]));
  // "… autonomously - ask the user to do it manually": the person does it, so the agent never does.
  const personDoesIt = view.words.slice(clause.to).some((w) => /^(manually|myself|themselves)$/.test(w.norm)) && view.words.slice(clause.to).some((w) => has(ME, w) || has(SERVED, w));
  // ("Never make changes the user did not ask for": what the person has not asked for is what needs their yes.)
  const notAskedFor = notAskedForAt(view, regions[0] as Range);
  if (notAskedFor !== undefined) return { drafts: [{ kind: 'confirmation', triggers, regions: [{ from: (regions[0] as Range).from, to: notAskedFor }, ...regions.slice(1)] }] };
  const kind = unasked && !personDoesIt ? 'confirmation' : 'prohibition';
  return { drafts: eachListed(view, { kind, triggers, regions }, end) };
}

/** Where a relative clause that the person has not asked for the thing starts in `region`: "the user did not ask for", "I haven't approved". */
function notAskedForAt(view: SentenceView, region: Range): number | undefined {
  const words = view.words;
  for (let k = region.from; k < region.to; k++) {
    if (!has(GRANTERS, words[k])) continue;
    let at = k + 1;
    while (at < region.to && (/^(has|have|had|did|does|do)$/.test(words[at]?.norm ?? '') || words[at]?.text === '')) at++;
    const negation = /^(not|never|n't)$/.test(words[at]?.norm ?? '') || words[at - 1]?.tags.has('Negative') === true || /n['’]t$/.test(words[at - 1]?.norm ?? '');
    if (!negation) continue;
    if (/^(not|never|n't)$/.test(words[at]?.norm ?? '')) at++;
    if (!has(REQUEST, words[at])) continue;
    let start = k;
    while (start > region.from && (/^(that|which|what)$/.test(words[start - 1]?.norm ?? '') || words[start - 1]?.tags.has('Determiner') === true)) start--;
    return start;
  }
  return undefined;
}

/**
 * "Run `npm test` after changes, don't push if it fails": a condition that says a check named before
 * fails, by a pronoun, waits for that check (rather than forbidding the action outright).
 */
function failingPointedCheck(view: SentenceView, condition: Range, clause: Range): { at: number; step: Mention } | 'unnamed' | undefined {
  const words = view.words.slice(condition.from, condition.to);
  // ("if it complains", "if it errors": a check's way of failing.)
  if (!words.some((w) => /^(it|they|this|that|these)$/.test(w.norm)) || !words.some((w) => FAILING.test(w.norm) || /^(complains?|complaining|errors?)$/.test(w.norm))) return undefined;
  if (view.mentionsIn(condition).length > 0) return undefined;
  const checks = satisfying(view.mentionsIn({ from: 0, to: clause.from })).filter((m) => m.family === 'test' || m.command?.checks === true);
  return checks.length === 1 ? { at: condition.from, step: checks[0] as Mention } : 'unnamed';
}

/** "… code you haven't read", "files that you have not backed up": a relative clause whose step is not yet done. */
function stepNotYetDone(view: SentenceView, region: Range): { at: number; step: Mention } | undefined {
  const words = view.words;
  // "Untested code must not be deployed", "never push unlinted changes": the thing is one not yet checked.
  const unchecked = words.findIndex((w, i) => i >= region.from && i < region.to && /^un(?:tested|linted)$/.test(w.norm));
  if (unchecked !== -1) return { at: unchecked, step: { family: 'test', start: unchecked, end: unchecked + 1, form: 'past' } };
  for (let i = region.from + 1; i < region.to; i++) {
    // (Or said of the thing: "files that are not backed up", "changes which haven't been tested".)
    const opens = words[i]?.norm === 'you' || (/^(that|which)$/.test(words[i]?.norm ?? '') && (words[i + 1]?.norm === 'you' || has(BE_OR_GET, words[i + 1]) || /^(have|has)$/.test(words[i + 1]?.norm ?? '')));
    if (!opens) continue;
    const negation = words.slice(i + 1, i + 5).findIndex((w) => /^(not|never)$/.test(w.norm));
    if (negation === -1) return undefined;
    const step = view.mentionsIn({ from: i + 2 + negation, to: Math.min(region.to, i + 8) }).find(satisfies);
    return step ? { at: i, step } : undefined;
  }
  return undefined;
}

const CHECK_NOUNS = /^(checks?|tests?|ci|builds?|pipelines?|lints?|specs?)$/;

/** The words of an "if" or "when" condition on a prohibition: before its negation ("If …, don't push") or after its object ("don't push if …"). */
function conditionOf(view: SentenceView, clause: Range, negation: number, afterObject: number): Range | undefined {
  const words = view.words;
  const start = skipOpeners(words, clause.from, clause.to);
  // Up to its comma: the condition may hold a negation of its own ("If tests haven't been run, do not commit").
  const comma = words.findIndex((w, i) => i > start && i < clause.to && endsWithComma(w));
  if (/^(if|when)$/.test(words[start]?.norm ?? '') && start < negation) return { from: start + 1, to: comma === -1 ? negation : comma + 1 };
  // ("If denied, acknowledge and do not delete": the ban joined after what is done on the condition is on it too.)
  const opening = skipOpeners(words, 0, clause.from);
  const openingComma = words.findIndex((w, i) => i > opening && i < clause.from && endsWithComma(w));
  const joinedAt = has(COORDINATORS, words[clause.from]) ? clause.from + 1 : has(COORDINATORS, words[clause.from - 1]) ? clause.from : -1;
  if (/^(if|when)$/.test(words[opening]?.norm ?? '') && openingComma !== -1 && joinedAt !== -1 && words.slice(joinedAt, negation).every((w) => has(SKIP, w))) return { from: opening + 1, to: openingComma + 1 };
  // ("Do not commit while tests are failing": a "while" after the object is a condition too, one that only a check or a yes settles.)
  if (/^(if|when|while|whilst)$/.test(words[afterObject]?.norm ?? '')) return { from: afterObject + 1, to: clause.to };
  return undefined;
}

const APPROVING = /^(approve|approved|confirm|confirmed|agree|agreed|consent|consented|ok|okay|okayed|yes|approval|confirmation|permission|go-ahead|sign-off)$/;

/**
 * "the user hasn't approved", "I haven't said yes", "no approval was given": the person's yes not (yet) given.
 * ("if denied", "if the user declines", "if they say no": or their no given.)
 */
function approvalWithheld(view: SentenceView, condition: Range): boolean {
  const words = view.words.slice(condition.from, condition.to);
  const refused = words.length <= 6 && /\b(?:denied|declined|rejected|refused|disapproved|declines?|refuses?|rejects?|denies|disagrees?|(?:says?|said|answers?|replies|replied) no)\b/.test(words.map((w) => w.norm).join(' '));
  return refused || (words.some((w) => /^(not|never|no|without)$/.test(w.norm) || w.tags.has('Negative')) && words.some((w) => APPROVING.test(w.norm) || w.forms.some((f) => APPROVING.test(f))));
}

/** Words that say a check does not pass. */
const FAILING = /^(fail|fails|failing|failed|broken|break|breaks|red)$/;

/** "… failing tests", "code that fails CI", "code that doesn't compile": a check said not to pass, and where the thing's words end. */
function checksNotPassing(view: SentenceView, region: Range, condition = false): { at: number; step: Mention } | undefined {
  const words = view.words;
  // What a check reports: "never commit with lint errors", "don't push if there are type errors".
  const reported = view.mentionsIn(region).find((m) => m.family === 'test' && CHECK_RESULTS.test((words[m.end - 1] as Word).norm));
  if (reported && !words.slice(Math.max(region.from, reported.start - 2), reported.start).some((w) => /^(no|zero|without)$/.test(w.norm))) {
    const marker = words.findIndex((w, k) => k >= Math.max(region.from, reported.start - 3) && k < reported.start && /^(with|if|when|while|containing|having)$/.test(w.norm));
    return { at: marker === -1 ? reported.start : marker, step: reported };
  }
  for (let i = region.from + 1; i < region.to; i++) {
    const word = words[i] as Word;
    const failing = FAILING.test(word.norm);
    const notPassing = /^(compile|compiles|build|builds|pass|passes|run|ran|green|passing)$/.test(word.norm) && words.slice(Math.max(region.from, i - 3), i).some((w) => /^(not|never)$/.test(w.norm) || w.tags.has('Negative'));
    if (!failing && !notPassing) continue;
    const at = words.slice(region.from, i).findIndex((w) => /^(that|which)$/.test(w.norm));
    // In a condition the check may be its subject ("if the tests have not been run"); after an object, only next to the word.
    const named = view.mentionsIn({ from: condition ? region.from : i - 1, to: Math.min(region.to, i + 3) }).find(satisfies);
    // A failing check named in words: "failing checks", "breaks the build", "the build fails".
    // ("the build is failing": the check before the verb "be".)
    const checkAt = [i + 1, i + 2, i - 1, i - 2].find((k) => k >= region.from && k < region.to && CHECK_NOUNS.test(words[k]?.norm ?? '') && (k !== i + 2 || /^(the|our|any)$/.test(words[i + 1]?.norm ?? '')) && (k !== i - 2 || has(BE_OR_GET, words[i - 1])));
    // Code that does not compile fails the project's own check; code not run names none.
    // ("never push broken code": code said to fail fails the project's checks.)
    // (With nothing after it but where it goes: "never commit broken code to main".)
    const failingCode = failing && /^(code|changes|commits?)$/.test(words[i + 1]?.norm ?? '') && (i + 2 === region.to || /^(to|into|onto|on)$/.test(words[i + 2]?.norm ?? ''));
    const unnamed = notPassing && !/^(run|ran)$/.test(word.norm) ? i : failing ? (checkAt ?? (failingCode ? i : undefined)) : undefined;
    const step = named ?? (unnamed !== undefined ? { family: 'test' as const, start: unnamed, end: unnamed + 1, form: 'base' as const } : undefined);
    return step ? { at: at === -1 ? Math.min(i, step.start) : region.from + at, step } : undefined;
  }
  return undefined;
}

/**
 * A thing named as a label before a colon ("the vendor invoices:", "`migrations/`:"): with a determiner,
 * a possessive or a target written out, and no action; a bare topic ("Git:", "Safety:") is a heading.
 */
function thingLabel(view: SentenceView, range: Range): Range | undefined {
  const words = view.words;
  const colon = words.findIndex((w, i) => i >= range.from && i < range.to && /:\s*$/.test(w.post));
  if (colon === -1) return undefined;
  const label = { from: skipOpeners(words, range.from, colon + 1), to: colon + 1 };
  const labelWords = words.slice(label.from, label.to);
  // "the recurring payments:" names things; an action said as a verb makes it a clause of its own.
  const action = view.mentionsIn(label).some((m) => (words[m.start] as Word).tags.has('Verb'));
  if (labelWords.length === 0 || action || labelWords.some((w, k) => w.tags.has('Verb') && !participleBeforeNoun(words, label.from + k))) return undefined;
  const first = labelWords[0] as Word;
  const marked = first.tags.has('Determiner') || (first.tags.has('Possessive') && !has(ME, first)) || view.textEntitiesIn(label).length > 0;
  return marked ? label : undefined;
}

/** A clause that ends in a colon: what follows it (a list) is its object. */
function introducesList(view: SentenceView, clause: Range): boolean {
  // ('Ask: "Send this email?"': a colon before a quotation introduces the words quoted.)
  // A heading with items under it introduces them as a colon does.
  if (view.sentence.leadsItems === true && clause.to === view.words.length) return true;
  // (The mark that opens the next word may be kept with this one: "cleared: `".)
  return /:[\s`*_]*$/.test(view.words[clause.to - 1]?.post ?? '') && !/^["“]/.test(view.words[clause.to]?.pre ?? '');
}

/** Whether a draft says what it acts on: a phrase that names its thing, or words after an action, or a subject. */
function namesObject(view: SentenceView, draft: Draft): boolean {
  // ("Never run destructive git commands without asking:": a kind whole in itself, whatever examples follow.)
  if (draft.triggers.some((m) => m.command !== undefined || namesItsThing(view, m) || m.family === 'destructiveGit')) return true;
  const actionWord = (i: number) => draft.triggers.some((m) => i >= m.start && i < m.end);
  return draft.regions.some((r) => {
    const rest = view.words.slice(r.from, r.to).map((_, k) => r.from + k).filter((i) => !actionWord(i));
    // ("Files that must never be deleted:": a thing said generically before a list is the kind of its items.)
    return rest.some((i) => names(view, { from: i, to: i + 1 }) && !has(GENERIC, view.words[i]));
  });
}

/** A clause's subject when it names a thing ("the vendor invoices need …"): its words before the first verb. */
function subjectPhrase(view: SentenceView, clause: Range): Range | undefined {
  const words = view.words;
  const start = skipOpeners(words, clause.from, clause.to);
  let end = start;
  const verbAt = (i: number) => ((words[i] as Word).tags.has('Verb') || (view.isMentionWord(i) && !(words[i] as Word).tags.has('Noun')) || startsWith(words, P.require, i, clause.to) !== undefined) && !participleBeforeNoun(words, i);
  while (end < clause.to && !verbAt(end)) end++;
  const first = words[start];
  // Marked as a thing: a determiner, a name's possessive or a target written out, then the verb.
  const marked = first !== undefined && (first.tags.has('Determiner') || (first.tags.has('Possessive') && !has(ME, first)) || view.textEntitiesIn({ from: start, to: end }).length > 0);
  const thing = words.slice(start, end).some((w, k) => (w.tags.has('Noun') || view.covered.has(start + k)) && !w.tags.has('Pronoun') && !has(ME, w));
  return marked && thing && end > start && end < clause.to ? { from: start, to: end } : undefined;
}

/** An action said as a noun: "hold off on any merges", "avoid deletions". */
function isNominal(words: readonly Word[], mention: Mention): boolean {
  // A phrase's head is its last noun: "force pushes", "destructive git operations".
  const last = words[mention.end - 1] as Word;
  const word = mention.end - mention.start > 1 && last.tags.has('Noun') ? last : (words[mention.start] as Word);
  return word.tags.has('Noun') && !word.tags.has('Verb') && (word.tags.has('Plural') || has(DEFINITE, words[mention.start - 1]) || has(UNIVERSAL, words[mention.start - 1]) || (words[mention.start - 1]?.tags.has('Determiner') ?? false));
}

/** "auto-commit", "automatic pushes": the action done without being asked. */
const autoPrefix = (w: Word | undefined) => w !== undefined && /^(auto|automatic)$/.test(w.norm);

/** A phrase that ends in its own thing: "make commits", "bypass the checks", "add a dependency". */
function namesItsThing(view: SentenceView, mention: Mention): boolean {
  const last = view.words[mention.end - 1] as Word;
  if (mention.end - mention.start < 2 || !last.tags.has('Noun') || last.tags.has('Hyphenated')) return false;
  // "revert unrelated changes": a word in the gap narrows the thing, which then is no plain one of its own,
  // unless the phrase's gaps only describe ("bypass quality checks", "add new dependencies").
  return (mention.gaps ?? []).every((g) => gapDescribes(mention, view.words[g] as Word));
}

/** A word that describes the noun after it ("approved tooling", "explicit permission"), not a verb of its own. */
function describesNext(words: readonly Word[], index: number): boolean {
  const [word, next] = [words[index] as Word, words[index + 1]];
  const describing = (word.tags.has('Adjective') && !word.tags.has('Verb')) || (/ed$/.test(word.norm) && word.tags.has('PastTense'));
  return describing && next !== undefined && (next.tags.has('Noun') || next.tags.has('Adjective')) && !/[,;:.!?]/.test(word.post);
}

/** The person a session serves or works for, whose things are all the things the session is about. */
const SERVED = wordSet(['user', 'users', 'customer', 'customers', 'client', 'clients', 'caller', 'owner', 'requester', 'traveler', 'traveller', 'passenger', 'patient', 'member', 'human', 'operator']);

/** Words of a person's say-so: an exception that names one is a confirmation, not an occasion. */
const SAY_SO = new Set(['ask', 'request', 'say', 'tell', 'approve', 'confirm', 'permit', 'permission', 'instruct', 'allow', 'want', 'ok', 'okay']);

/** Actions that mean something whole without a thing: a force push, a history rewrite, discarding changes, skipping the hooks. */
const SELF_CONTAINED: ReadonlySet<FamilyName> = new Set<FamilyName>(['forcePush', 'rewriteHistory', 'discard', 'skipChecks', 'destructiveGit']);

/** Families whose actions land on a branch, named or not. */
const ONTO_BRANCH: readonly FamilyName[] = ['commit', 'push', 'forcePush', 'land', 'workOn'];

/** A command said with the verb that runs it: "or run `git tag`". */
/** Where the verb that runs a command is: right before it, or before its article ("use the Helm CLI"). */
function runVerbOf(words: readonly Word[], mention: Mention): number | undefined {
  const verb = words[mention.start - 1]?.norm === 'the' ? mention.start - 2 : mention.start - 1;
  return mention.command !== undefined && /^(run|use|execute|invoke)$/.test(words[verb]?.norm ?? '') ? verb : undefined;
}

/**
 * "Create commits or push branches only when asked", "never delete logs or push to main": each action
 * governs the words up to the next one, so one action's object never narrows (or unsettles) another's.
 * An action with no object of its own shares the next one's ("don't delete or move files in temp/").
 */
function splitByObjects(view: SentenceView, draft: Draft): Draft[] {
  const [first, ...others] = draft.regions;
  const triggers = draft.triggers;
  if (triggers.length < 2 || draft.example || !first || first.from !== (triggers[0] as Mention).start || categoryExamples(view, draft)) return [draft];
  const drafts: Draft[] = [];
  let pending: Mention[] = [];
  // "push or run `git tag` on main": the verb that runs the next command is not this action's object.
  // (Nor is the light verb before an action said as a noun: "commit to main or run database migrations".)
  const startOf = (m: Mention) => runVerbOf(view.words, m) ?? listedWithLightVerb(view.words, m.start) ?? m.start;
  triggers.forEach((mention, index) => {
    const next = triggers[index + 1];
    // ("git push, PR creation, outbound messages": an item ends at its comma; what follows is the next one's.)
    const itemEnds = next !== undefined && mention.command !== undefined && endsWithComma(view.words[mention.end - 1]);
    const region = { from: mention.end, to: itemEnds ? mention.end : next && next.start < first.to ? startOf(next) : first.to };
    pending.push(mention);
    // Any thing named before the next action is this one's own, a generic one too ("push code or modify …").
    // An action whole without a thing, listed by a comma before an action with a thing of its own
    // ("force-pushing, amending published commits"), is an item of its own; verbs listed before one
    // object share it ("amend, squash, or rebase commits").
    const afterNext = triggers[index + 2];
    const nextRegion = next ? { from: next.end, to: afterNext && afterNext.start < first.to ? afterNext.start : first.to } : undefined;
    const thingAfterNext = next !== undefined && nextRegion !== undefined && (names(view, nextRegion) || objectWords(view, nextRegion, new Set([next.family])).length > 0);
    // ("force-pushing, git reset --hard, …": a command written out is whole too.)
    const nextHasThing = next !== undefined && (namesItsThing(view, next) || thingAfterNext || next.command !== undefined);
    const whole = SELF_CONTAINED.has(mention.family) && endsWithComma(view.words[mention.end - 1]) && region.to === mention.end && nextHasThing;
    const own = whole || namesItsThing(view, mention) || names(view, region) || objectWords(view, region, new Set([mention.family])).length > 0;
    // The next action's phrase holds its own thing ("opening a PR"): there is no object after it to share,
    // unless words after it narrow them all ("force-push, rebase, or rewrite history on branches others pulled").
    // (Nor is there one to share with a command run by its verb: "never push or use the gh CLI".)
    if (own || !next || (namesItsThing(view, next) && !thingAfterNext) || runVerbOf(view.words, next) !== undefined) {
      drafts.push({ ...draft, triggers: pending, regions: [{ from: (pending[0] as Mention).start, to: region.to }, ...others] });
      pending = [];
    }
  });
  return drafts;
}

/** A word after which a thing is named: an article or a quantifier, a light verb, an action, any verb but an auxiliary ("create feature branches"). */
function opensThing(view: SentenceView, at: number): boolean {
  const w = view.words[at];
  return w !== undefined && (/^(a|an|the|any|every|each|all)$/.test(w.norm) || w.tags.has('Determiner') || skips(w) || view.isMentionWord(at) || (w.tags.has('Verb') && !w.tags.has('Auxiliary')));
}

/** A word that may sort the kind after it ("feature branches", "temp files"): a noun or an adjective that is no action nor verb. */
function modifiesKind(view: SentenceView, at: number): boolean {
  const w = view.words[at];
  return w !== undefined && (w.tags.has('Noun') || w.tags.has('Adjective')) && !w.tags.has('Verb') && !w.tags.has('Pronoun') && !view.isMentionWord(at) && !/[,;:.!?]/.test(w.post);
}

/**
 * The folders a clause after a dash or a colon says the things are in: "- Files in `gen/` are generated",
 * "— everything under `dist/` is built". Empty when no such clause follows at `at`.
 */
function pathGlossAfter(view: SentenceView, at: number): string[] {
  const words = view.words;
  if (at <= 0 || at >= words.length || !/\s[-–—]\s*$|:\s*$/.test(words[at - 1]?.post ?? '')) return [];
  let k = at;
  while (k < words.length && (/^(all|the|any)$/.test((words[k] as Word).norm))) k++;
  if (!/^(files?|everything|anything|contents?)$/.test(words[k]?.norm ?? '') || !/^(in|under|inside|within)$/.test(words[k + 1]?.norm ?? '')) return [];
  const paths = view.textEntitiesIn({ from: k + 2, to: words.length }).filter((e) => e.kind === 'path' && !e.inWords);
  const afterPaths = words.findIndex((w, i) => i >= k + 2 && !view.covered.has(i) && !has(COORDINATORS, w));
  return paths.length > 0 && afterPaths !== -1 && words[afterPaths]?.tags.has('Copula') === true ? paths.map((e) => e.value) : [];
}

/** A participle and its maker after "by" ("created by others", "filed by users"); "by hand", "by email" say how. */
function madeByAt(words: readonly Word[], at: number): boolean {
  return /(?:ed|en)$/.test(words[at]?.norm ?? '') && words[at + 1]?.norm === 'by' && !/^(hand|default|mistake|accident|design|email|mail)$/.test(words[at + 2]?.norm ?? '');
}

/** A path written out in the regions, which says what the words beside it describe. */
const writtenPathIn = (view: SentenceView, regions: readonly Range[]) => regions.some((r) => view.textEntitiesIn(r).some((e) => e.kind === 'path' && !e.inWords));

/** The services events are kept in: "Google Calendar", "Outlook", "Calendly" ("the Team Calendar" is one calendar of several). */
const CALENDAR_SERVICES = /^(google|outlook|microsoft|apple|icloud|calendly|ical|gcal|fastmail|proton|zoho)$/;

/** The nouns that open a noun phrase whose head is the action said as a noun: "database" of "any database write". */
function nounsBeforeNominal(view: SentenceView, mention: Mention): Range | undefined {
  const words = view.words;
  const head = words[mention.end - 1] as Word;
  // ("any data loss (migrations, deletions)": an example opening a parenthesis has no noun before it.)
  if (view.isMentionWord(mention.start - 1) || parenthesisOpensAt(words, mention.start)) return undefined;
  let from = mention.start;
  while (from > mention.start - 2 && modifiesKind(view, from - 1) && (words[from - 1] as Word).tags.has('Noun') && !CAPITALIZED.test((words[from - 1] as Word).text)) from--;
  if (from === mention.start) return undefined;
  // Only where a noun phrase opens: at the start, or after a determiner, a negation or a verb ("avoid database writes").
  // (After a determiner the action is a noun, whatever the tagger took it for: "any database write".)
  const determined = /^(a|an|the|any|every|each|all|no)$/.test(words[from - 1]?.norm ?? '');
  const opens = from === 0 || opensThing(view, from - 1) || /^(no|not|never)$/.test(words[from - 1]?.norm ?? '') || /[,;:.!?]/.test(words[from - 1]?.post ?? '');
  return (head.tags.has('Noun') && opens) || determined ? { from, to: mention.start } : undefined;
}

/** Where the last action's object ends: through an exception ("except people at acme.io"), which scopes sending. */
function clauseEndAfterExcept(view: SentenceView, end: number, to: number): number {
  return startsWith(view.words, P.except, end, to) !== undefined ? objectEnd(view, end + 1, to) : end;
}

// ---- compiling a draft ---------------------------------------------------------------------------

/**
 * Whether the word at `at` is in a short phrase after "via" or "through" ("via Gmail", "through the
 * approved UI"). A tool named so ("via the gmail tool") may be one of several that do it: it narrows.
 */
function byMeans(words: readonly Word[], range: Range, at: number): boolean {
  if (words.slice(at, Math.min(range.to, at + 3)).some((w) => /^(tools?|functions?|apis?|scripts?|endpoints?|integrations?)$/.test(w.norm))) return false;
  for (let k = at; k >= Math.max(range.from, at - 3); k--) {
    const w = words[k] as Word;
    if (k < at && /[,;:.!?(]/.test(w.post)) return false;
    if (k < at && /^(via|through)$/.test(w.norm)) return true;
    if (!(w.tags.has('Noun') || w.tags.has('Adjective') || w.tags.has('Determiner')) || w.tags.has('Pronoun')) return false;
  }
  return false;
}

/** A family whose verbs on a business record differ from its verbs elsewhere ("modify an order" updates it). */
const actsOnRecordsApart = (family: FamilyName) => {
  const { verbs, by } = L.FAMILIES[family] as L.ActionFamily;
  return by?.resource !== undefined && by.resource.join() !== verbs.join();
};

/** Package ecosystems and the languages they serve. */
const ECOSYSTEMS = /^(npm|node|js|javascript|typescript|pip|python|pypi|go|golang|rust|cargo|ruby|gem|php|composer|java|maven|gradle|nuget|dotnet|\.net|dart|pub|swift|r|julia|dbt|conda|brew|homebrew)$/;
/** Where a list of ecosystems that starts at `at` ends: "Composer or npm", "pip, npm and cargo". */
function ecosystemsEnd(words: readonly Word[], at: number): number {
  let end = at + 1;
  for (;;) {
    if (has(COORDINATORS, words[end]) && ECOSYSTEMS.test(words[end + 1]?.norm ?? '')) end += 2;
    else if (endsWithComma(words[end - 1]) && ECOSYSTEMS.test(words[end]?.norm ?? '')) end += 1;
    else return end;
  }
}

/** Things a service keeps, never a file: an agent's tools act on them, its file actions do not. */
const KEPT_BY_SERVICES = wordSet(['invoice', 'bill', 'payment', 'transaction', 'expense', 'purchase', 'contact', 'account', 'vendor', 'supplier', 'payee', 'money', 'fund']);

/**
 * Content words of a region that name nothing extraction can scope by. Action words of the rule's
 * own families are the rule ("never send email"); another action's word is a qualifier ("don't
 * delete the backups").
 */
/**
 * "`DROP` commands that could eliminate tables", "DELETE operations that may remove data": a relative
 * clause of what may come of the action named says why it is risky, which every one of them is; it
 * sorts none out. (On a kind alone, "commands that could delete files", it says which: the action.)
 */
function hedgedRelativeAt(view: SentenceView, range: Range, families: ReadonlySet<FamilyName>): number | undefined {
  const words = view.words;
  const ownAction = (k: number) => {
    const m = view.mentions.find((n) => k >= n.start && k < n.end);
    return m !== undefined && (families.has(m.family) || m.command !== undefined);
  };
  for (let r = range.from + 1; r < range.to - 1; r++) {
    if (!/^(that|which)$/.test((words[r] as Word).norm) || !/^(could|might|may|can)$/.test(words[r + 1]?.norm ?? '')) continue;
    if (ownAction(r - 1) || (has(CATEGORY_NOUNS, words[r - 1]) && ownAction(r - 2))) return r;
  }
  return undefined;
}

/** Whether the word at `i` is in "with (a|the) … message" after a commit: the commit's own message. */
function commitMessageAt(words: readonly Word[], i: number): boolean {
  let start = i;
  while (start > 0 && start > i - 4 && words[start]?.norm !== 'with') start--;
  if (words[start]?.norm !== 'with') return false;
  let end = start + 1;
  while (end < words.length && end < start + 5 && !/^(message|messages|msg|description)$/.test((words[end] as Word).norm)) end++;
  return end < words.length && /^(message|messages|msg|description)$/.test((words[end] as Word).norm) && i <= end && words.slice(start + 1, end).every((w) => !/[,;:.!?]/.test(w.post));
}

function objectWords(view: SentenceView, range: Range, families: ReadonlySet<FamilyName>, named: readonly Entity[] = []): Word[] {
  const words = view.words;
  const result: Word[] = [];
  // Worked out once for the range, not for each of its words.
  const unasked = findAll(words, P.onOwnAccord, range.from, range.to);
  const losesAlways = ['remove', 'truncate', 'forcePush', 'rewriteHistory', 'destructiveGit', 'discard', 'sqlDrop'].some((f) => families.has(f as FamilyName));
  // What acts on files, where a program's kind ("binaries", "tools") is a kind of file.
  const fileActions = [...families].some((f) => FILE_FAMILIES.has(f) || f === 'commit' || f === 'push');
  // "never double-book me": an action done twice over is a sort of it no scope says (the word is just before the region's action).
  const twiceOver = (k: number) => /^(double|triple)$/.test(words[k]?.norm ?? '') && view.isMentionWord(k + 1);
  if (twiceOver(range.from - 1)) result.push(words[range.from - 1] as Word);
  const hedged = hedgedRelativeAt(view, range, families);
  // ("`TRUNCATE` operations that clear all table data": a relative clause on a kind the action before it names,
  // with an action of its own, says what such actions do, narrowing nothing, unless it names a target.)
  const doneBy = (k: number) => view.isMentionWord(/^(can|could|may|might|will|would)$/.test(words[k]?.norm ?? '') ? k + 1 : k);
  const kindNamed = words.findIndex((w, k) => k > range.from && k < range.to && /^(that|which)$/.test(w.norm) && has(CATEGORY_NOUNS, words[k - 1]) && view.mentionAt(k - 2)?.end === k - 1 && doneBy(k + 1));
  const describes = kindNamed !== -1 && !entitiesIn(view, [{ from: kindNamed, to: range.to }]).some(namesTarget) ? kindNamed : undefined;
  for (let i = range.from; i < (describes ?? hedged ?? range.to); i++) {
    const w = words[i] as Word;
    // ("a pre-migration snapshot", "post-deploy checks": when, by an action, narrows no target.)
    const timing = /^(?:pre|post)-([a-z]+)$/i.exec(w.text)?.[1]?.toLowerCase();
    if (timing !== undefined && baseForms(timing).some((form) => ACTIONS_BY_FIRST.has(form))) continue;
    // "delete files from `repros/` after reproducing the issue": when, said after the object, is an
    // occasion the session cannot settle, taken to hold; the words from it on say no target.
    if (w.norm === 'after' && i > range.from + 1 && words[i + 1]?.tags.has('Gerund') === true && !view.isMentionWord(i + 1)) break;
    // Doing them together is a combination no scope says: "never drop or alter in a single deploy", "… at once", "… together".
    // ("at" is the word kept: a clause may end before "once", which also opens one.)
    const inOne = (/^(single|same)$/.test(w.norm) && /^(a|the|one)$/.test(words[i - 1]?.norm ?? '') && /^(in|within)$/.test(words[i - 2]?.norm ?? '')) || (w.norm === 'one' && words[i - 1]?.norm === 'in' && /^(go|step|pass)$/.test(words[i + 1]?.norm ?? ''));
    if (/^(together|simultaneously)$/.test(w.norm) || (w.norm === 'at' && words[i + 1]?.norm === 'once') || inOne) {
      result.push(w);
      continue;
    }
    const mention = view.mentions.find((m) => i >= m.start && i < m.end);
    // ("CI checks must not be bypassed": a passive's thing is the phrase's own noun; the words that sort it are its gap.)
    const passive = view.mentions.find((m) => m.thing !== undefined && i >= m.thing.from && i < m.thing.to && families.has(m.family));
    if (passive?.thing) {
      if (i !== passive.thing.to - 1 && !gapDescribes(passive, w)) result.push(w);
      continue;
    }
    // A word in a phrase's gap is no part of the action: "the full test suite" narrows it. An action
    // word after a preposition or a determiner is a name ("push to release"), not an action.
    const after = words[i + 1];
    const endsPhrase = !after || i + 1 >= range.to || /[,;:.!?)]/.test(w.post) || has(FUNCTION, after);
    const asName = i > range.from && mention?.start === i && (/^(the|a|an)$/.test(words[i - 1]?.norm ?? '') || (/^(to|onto|into|on|in|from|at)$/.test(words[i - 1]?.norm ?? '') && endsPhrase));
    // In some phrases a gap only describes ("add new dependencies", "bypass the pre-commit hooks").
    const describes = mention !== undefined && mention.gaps?.includes(i) === true && gapDescribes(mention, w);
    // An action in a relative clause narrows the thing ("commits that have already been pushed").
    const bySomeone = words.slice(Math.max(range.from + 1, i - 3), i).some((b) => /^(you|i|we|they|someone|somebody|others|people|teammates|colleagues)$/.test(b.norm));
    const relative = words.slice(Math.max(range.from, i - 4), i).some((b) => /^(that|which|who|whose)$/.test(b.norm)) || bySomeone;
    // "generated files must never be edited": a participle before the thing sorts it; it is no action of the rule's.
    const sorts = mention?.start === i && mention.form === 'past' && !families.has(mention.family) && i + 1 < range.to && words[i + 1]?.tags.has('Noun') === true;
    // "irreversible changes": of changes, some are undone easily, so how lasting they are sorts some out.
    // ("irreversible transfers", "permanent deletes" say how every one is.)
    const lasting = (families.has('modify') || families.has('write')) && /^(permanent|irreversible|irrecoverable|unrecoverable)$/.test(w.norm) && view.isMentionWord(i + 1);
    if (sorts || lasting) {
      result.push(w);
      continue;
    }
    // ("modify releases/tags": things joined by a slash, which the tagger may take for a verb, are the object; they narrow unless each is generic.)
    const slashedWords = /^[a-z]+(?:\/[a-z]+)+$/.test(w.norm) && !w.norm.split('/').some((part) => FUNCTION.has(part) || FORGE_HOSTS.has(part)) && !view.covered.has(i) && !named.some((e) => w.start >= e.start && w.end <= e.end);
    // ("cancel orders/reservations": a policy's records, each said generically, are the kind too.)
    const records = w.norm.split('/').every((part) => baseForms(part).some((form) => RECORDS.has(form)));
    if (slashedWords && !genericThing(w) && !records && !(mention && families.has(mention.family))) {
      result.push(w);
      continue;
    }
    if (twiceOver(i)) {
      result.push(w);
      continue;
    }
    // ("never move files between packages": from one place of a kind to another, which no scope says.)
    if (w.norm === 'between' && families.has('move') && i > range.from) {
      result.push(w);
      continue;
    }
    // "Never delete messages": a message word after the action is its object, a kind of thing, whatever the tagger makes of it.
    if (mention !== undefined && MESSAGE_WORDS.test(w.norm) && /s$/.test(w.norm) && !families.has('send') && !families.has(mention.family) && i > range.from && !/^(or|and|to)$/.test(words[i - 1]?.norm ?? '')) {
      result.push(w);
      continue;
    }
    if (mention?.start === i && otherActionsThing(view, mention, range, families)) {
      result.push(w);
      continue;
    }
    if (mention && (!mention.gaps?.includes(i) || describes) && !asName && !relative && (families.has(mention.family) || w.tags.has('Verb') || describes)) continue;
    // The verb of a relative clause narrows the thing, a light one too: "changes you did not make".
    if (bySomeone && w.tags.has('Verb') && !w.tags.has('Auxiliary') && !w.tags.has('Modal') && !w.tags.has('Copula')) {
      result.push(w);
      continue;
    }
    // ("Push to origin on the current branch", "commit on your working branch": the branch the session stands on while it
    // pushes or commits, where every push or commit is made, sorts out none; "push the current branch" and "push to the
    // current branch" name what is pushed or where, which no scope says.)
    if ((families.has('push') || families.has('commit')) && /^(current|working|active)$/.test(w.norm) && /^branch$/.test(words[i + 1]?.norm ?? '') && /^(the|your|this)$/.test(words[i - 1]?.norm ?? '') && /^(on|from)$/.test(words[i - 2]?.norm ?? '')) continue;
    // "no manual deploys", "manual edits": by hand, as "manually" says, which is how the agent acts.
    if (/^(manual|hand)$/.test(w.norm) && view.isMentionWord(i + 1)) continue;
    // ("add a new dependency to any crate": where a dependency goes, any of the project's parts, sorts out none.)
    if (families.has('install') && /^(?:crates?|packages?|projects?|modules?|workspaces?|apps?|services?)$/.test(w.norm) && (has(UNIVERSAL, words[i - 1]) || /^(the|this|a)$/.test(words[i - 1]?.norm ?? '')) && /^(to|in|into)$/.test(words[i - 2]?.norm ?? '')) continue;
    // ("never run `git add` in this skill", "no commits during this workflow": the one the rule is said in, which is every time it holds.)
    if (CURRENT_CONTEXT.test(w.norm) && words[i - 1]?.norm === 'this' && /^(in|within|during|throughout|for)$/.test(words[i - 2]?.norm ?? '') && !words[i + 1]?.tags.has('Noun')) continue;
    // ("Deleting files is a destructive operation requiring approval": what the action is said to be sorts out none of it.)
    if (classifiedAt(words, i, range)) continue;
    // "by any means", "in any way": however it is done, which narrows nothing.
    if (((w.norm === 'means' && /^(by|via|through)$/.test(words[i - 2]?.norm ?? '')) || (w.norm === 'way' && words[i - 2]?.norm === 'in')) && has(UNIVERSAL, words[i - 1])) continue;
    if (shipsProduct(families, w) && !(view.words[i + 1]?.tags.has('Noun') && !view.words[i + 1]?.tags.has('Pronoun'))) continue;
    // "release-related commands": of the action's own kind, which sorts out none.
    if (/^(related|relevant)$/.test(w.norm) && words[i - 1]?.post === '-' && view.isMentionWord(i - 1)) continue;
    // "`.env` (contains the wallet key)": a parenthesis right after a path it names says what the path holds.
    if (asideAfterNamed(view, i, range.from)) continue;
    // "on your own initiative", "of your own accord": done unasked, which is the rule's kind, not its object.
    if (unasked.some((f) => i >= f.start && i < f.end)) continue;
    // "send via Gmail", "deploy through the dashboard": the means it is done by, which names no target.
    if (byMeans(words, range, i)) continue;
    // "addresses ending in @acme.io": the domain is what says which; "ending in" says nothing more.
    const ending = /^(ending|ends)$/.test(w.norm) ? i : w.norm === 'in' && /^(ending|ends)$/.test(words[i - 1]?.norm ?? '') ? i - 1 : -1;
    if (ending !== -1 && /@|^[\w-]+(\.[\w-]+)+$/.test(words[ending + 2]?.text.replace(/`/g, '') ?? '')) continue;
    // "DROP or TRUNCATE statements", "delete operations": the kind of the actions named before it.
    // ("create action items": a category word that modifies the noun after it is part of that thing's name.)
    if (has(CATEGORY_NOUNS, w) && w.tags.has('Noun') && view.isMentionWord(i - 1) && !(i + 1 < range.to && words[i + 1]?.tags.has('Noun')) && !(fileActions && has(FILE_KINDS, w))) continue;
    // "never deploy, pull, or restart": verbs listed with the action are actions of their own, which
    // the vocabulary may not have; they leave the rule narrower, never the action's object.
    if (listedWithAction(view, i, range)) continue;
    // "if something looks like it should be deleted": how it seems hedges whether the action is due, not what it is on.
    if (/^(looks?|seems?|appears?)$/.test(w.norm) && /^(like|to|as)$/.test(words[i + 1]?.norm ?? '')) continue;
    // ("create the commit with the agreed message": every commit has its message; saying so narrows none.)
    if (families.has('commit') && commitMessageAt(words, i)) continue;
    // "no deletions happen without my OK": the verb of an action said as a noun says nothing more.
    if (/^(happen|happens|occur|occurs|proceed|proceeds)$/.test(w.norm) && i > range.from && (view.isMentionWord(i - 1) || has(GENERIC, words[i - 1]))) continue;
    // ("Payment completion requires manual confirmation": the action's doing, said as a noun after it, is the action.)
    if (/^(completion|completions|processing|execution|executions|submission|submissions|initiation)$/.test(w.norm) && i > range.from && view.isMentionWord(i - 1) && !view.isMentionWord(i)) continue;
    // "(e.g. --no-verify)": the marker of an example says nothing of its own; "by hand" is how, not what.
    if (/^(?:e\.?g|i\.?e)\.?$/.test(w.norm) || (w.norm === 'hand' && words[i - 1]?.norm === 'by')) continue;
    // ("deleting files (rm, rmdir, write_file on existing files to truncate)": a parenthesis that opens with an
    // action, a command or a tool lists the means of the action, which say nothing of its target.)
    if (inMeansParenthesis(view, i, range)) continue;
    // "process the payment using the processPayment tool": the tool it is done with is how, not what.
    if ((toolName(words[i]) && TOOL_NOUN.test(words[i + 1]?.norm ?? '')) || (TOOL_NOUN.test(w.norm) && toolName(words[i - 1]))) continue;
    // A business record or an event said generically ("an order", "any reservation") is the kind, not a name;
    // so is the kind of message a send is ("posting comments", "sending notifications").
    // ("Payments to Northgate Rentals": a record's word after a name's capital is part of the name.)
    const inName = CAPITALIZED.test(w.text) && i > range.from && CAPITALIZED.test(words[i - 1]?.text ?? '') && !/[,;:.!?)]/.test(words[i - 1]?.post ?? '');
    // ("Update existing docs rather than creating new ones": "ones" are of a kind said before, which no scope says;
    // so is "a new one".)
    if (w.norm === 'ones' || (w.norm === 'one' && /^(new|another|separate|fresh)$/.test(words[i - 1]?.norm ?? ''))) {
      result.push(w);
      continue;
    }
    // ("Never move ticket files": before files, the record's word sorts them, which no scope says.)
    // ("the orders folder" names one: a folder's name is no sort of it.)
    const namesFolder = named.some((e) => w.start >= e.start && w.end <= e.end);
    if (isRecord(w) && !inName && !namesFolder && /^(files?|folders?|directories|dirs?|documents?)$/.test(words[i + 1]?.norm ?? '')) {
      result.push(w);
      continue;
    }
    if ((isRecord(w) && !inName) || has(GENERIC_EVENT_WORDS, w) || (families.has('send') && has(MESSAGE_KINDS, w))) continue;
    // "update customer accounts": whose record it is, the person a policy serves, which every one is; for
    // an action that means something else on a record. ("Delete user accounts" would be every delete.)
    if (has(SERVED, w) && !w.tags.has('Possessive') && isRecord(words[i + 1]) && [...families].some(actsOnRecordsApart)) continue;
    // "the seat class", "a fare type": the sort of a record is the record's.
    // ("cabin class", "fare class": the word that sorts it with it.)
    const sortOfRecord = (k: number) => /^(class|type|tier|level|category)$/.test(words[k]?.norm ?? '') && (isRecord(words[k - 1]) || has(RECORD_SORTS, words[k - 1]));
    if (sortOfRecord(i) || (has(RECORD_SORTS, w) && sortOfRecord(i + 1))) continue;
    // "a refund to their credit card": the instrument a payment goes by, which every payment has; every one is financial.
    if (families.has('pay') && (has(PAYMENT_INSTRUMENTS, w) || /^(financial|monetary)$/.test(w.norm))) continue;
    // "publish to PyPI": the registry a package goes to, which every publish has; what is created is new.
    if (families.has('publish') && REGISTRIES.has(w.norm)) continue;
    // ("deploy new code": every deploy ships what is new.)
    if ((families.has('create') || families.has('deploy')) && w.norm === 'new') continue;
    // "add third-party packages", "external libraries": every dependency added comes from outside.
    // ("install a new dependency": every dependency installed is one the project did not have; "heavy" or
    // "unnecessary" ones are a judgement the session cannot settle, taken to hold.)
    if (families.has('install') && /^(third|party|third-party|external|outside|extra|additional|new|heavy|large|big|unnecessary|unneeded)$/.test(w.norm)) continue;
    // "all outgoing emails", "outbound messages": every message a send sends goes out.
    if (families.has('send') && /^(outgoing|outbound)$/.test(w.norm)) continue;
    // ("For publish tasks", "deploy jobs", "the release process": the work of doing the action named just before, no sort of it.)
    // (The action's word modifies theirs, after a preposition, a determiner or a gerund: "delete tasks" deletes them.)
    const modifies = (m: Mention) => m.end === i && m.start === i - 1 && !m.command && (['Preposition', 'Determiner', 'Gerund'].some((tag) => words[m.start - 1]?.tags.has(tag) === true) || /^(before|after|for|during)$/.test(words[m.start - 1]?.norm ?? ''));
    if (/^(tasks?|jobs?|process|processes|procedures?|workflows?)$/.test(w.norm) && view.mentionsIn({ from: i - 1, to: i }).some(modifies)) continue;
    // "add npm packages", "new Python libraries": the ecosystem a dependency comes from is the project's own, which sorts out none.
    // ("a Composer or npm dependency": so the ecosystems listed before it.)
    if (families.has('install') && ECOSYSTEMS.test(w.norm) && /^(packages?|librar(?:y|ies)|dependenc(?:y|ies)|deps?|modules?|crates?|gems?)$/.test(words[ecosystemsEnd(words, i)]?.norm ?? '')) continue;
    // "destructive history rewrites", "irreversible deletes": said of an action that always loses something, it sorts out none.
    if (losesAlways && /^(destructive|irreversible|irrecoverable|unrecoverable|dangerous|risky|permanent)$/.test(w.norm) && view.isMentionWord(i + 1)) continue;
    // "regenerate whole files": an overwrite replaces the whole of what it writes.
    if (families.has('overwrite') && /^(whole|entire)$/.test(w.norm) && has(GENERIC, words[i + 1])) continue;
    // "`--no-verify` is prohibited with git commits": the hooks run on commits and pushes; naming them narrows nothing.
    if (families.has('skipChecks') && /^(git|commits?|pushes|push|committing|pushing)$/.test(w.norm)) continue;
    // "push to GitHub": the host every push goes to; a remote's own name ("upstream") does narrow.
    // "push to GitHub", "open issues on the GitHub repo", "publish a GitHub release": the host every push, forge operation and release goes to.
    const pushes = families.has('push') || families.has('forcePush') || families.has('commit');
    if ((pushes || families.has('command') || families.has('publish')) && has(FORGE_HOSTS, w)) continue;
    // "commit anything to version control": where every commit goes.
    if (pushes && ((w.norm === 'version' && words[i + 1]?.norm === 'control') || (w.norm === 'control' && words[i - 1]?.norm === 'version'))) continue;
    // "(GitHub/Cloudflare)": hosts listed together, a forge among them, are where pushes go.
    if (pushes && w.text.includes('/') && w.text.toLowerCase().split('/').some((part) => FORGE_HOSTS.has(part))) continue;
    if (pushes && has(REMOTES, w)) {
      result.push(w);
      continue;
    }
    if (view.covered.has(i) || w.text === '' || named.some((e) => w.start >= e.start && w.end <= e.end) || (autoPrefix(w) && view.mentionAt(i + 1) !== undefined)) continue;
    // "never wire money abroad", "share files externally": where it goes, said by an adverb, sorts some out.
    if (/^(abroad|overseas|internationally|externally|offshore|publicly)$/.test(w.norm)) {
      result.push(w);
      continue;
    }
    // "personal accounts": a word that describes an approval ("personal OK") narrows any other thing.
    if (APPROVAL_DESCRIBERS.test(w.norm) && !has(APPROVAL_WORDS, words[i + 1]) && !has(APPROVAL_WORDS, words[i + 2]) && i + 1 < range.to && words[i + 1]?.tags.has('Noun') === true) {
      result.push(w);
      continue;
    }
    // "delete emails": messages are what a send sends, but a kind of thing for any other action.
    if (MESSAGE_WORDS.test(w.norm) && !families.has('send') && w.tags.has('Noun')) {
      result.push(w);
      continue;
    }
    // "never delete invoices", "don't edit transactions": things of the books or the address book, no files; a file
    // verb on them is no file's change, and no scope says which of them.
    if ([...families].some((f) => FILE_FAMILIES.has(f)) && !families.has('pay') && !families.has('send') && has(KEPT_BY_SERVICES, w) && !w.tags.has('Verb')) {
      result.push(w);
      continue;
    }
    // Someone else's narrows: "other developers' commits", "someone else's branch".
    if (w.tags.has('Possessive') && !w.tags.has('Pronoun') && (/^(other|another|else)$/.test(words[i - 1]?.norm ?? '') || w.norm === 'else')) {
      result.push(w);
      continue;
    }
    // A generic noun that modifies another ("summary files", "log files") names a kind of thing.
    const next = words[i + 1];
    // "database tables", "db rows", "database data" are simply a database's: the kind says where, not which.
    const ofDatabase = has(DATABASE_WORDS, w) && /^(table|tables|row|rows|record|records|column|columns|data|entries|contents)$/.test(next?.norm ?? '');
    // Before the action said as a noun, a generic word is its object's kind: "file changes" are changes to files.
    const beforeAction = view.mentions.some((m) => m.start === i + 1 && families.has(m.family));
    const modifier = i + 1 < range.to && next !== undefined && has(GENERIC, w) && has(GENERIC, next) && !has(FUNCTION, next) && !has(BROAD, w) && !/[,;:.!?)]/.test(w.post) && !ofDatabase && !beforeAction;
    // A generic word right after "to" is a name ("push to release"), which narrows the rule.
    // (A plural is a kind, whatever the tagger makes of it: "changes to files" may come tagged as a verb.)
    const destination = /^(to|onto|into)$/.test(words[i - 1]?.norm ?? '') && i > range.from && !w.tags.has('Plural') && !/[^s]s$/.test(w.norm);
    // "users", "user accounts": people as the things acted on, or sorting them, are no listener.
    // ("User deletion": a person before an action said as a noun is its object.)
    const actionNoun = view.isMentionWord(i + 1) && next !== undefined && /(?:tion|sion|ment|al)$/.test(next.norm);
    const person = has(ME, w) && !(w.norm === 'users' || (w.norm === 'user' && next !== undefined && (next.tags.has('Noun') || has(GENERIC, next)) && !next.tags.has('Pronoun') && (!view.isMentionWord(i + 1) || actionNoun) && !/[,;:.!?]/.test(w.post)));
    // Where commands are run ("on any server", "inside the container") narrows them: the session's own shell is one place of many.
    if (families.has('runCommands') && /^(server|servers|host|hosts|machine|machines|vm|vms|container|containers|cluster|clusters|box|remote|device|devices)$/.test(w.norm)) {
      result.push(w);
      continue;
    }
    // ("Never commit binaries", "don't delete scripts": files of a kind, with no place written, are some files, not
    // every one; beside a path, "scripts in `bin/`" only say what is there.)
    if (fileActions && has(FILE_KINDS, w) && !named.some((e) => e.kind === 'path')) {
      result.push(w);
      continue;
    }
    // ("changing file permissions": permissions in the plural are a thing changed, no one's yes.)
    const thingPermissions = w.norm === 'permissions' && i > range.from;
    if (!modifier && ((has(FUNCTION, w) && !thingPermissions) || (has(GENERIC, w) && !destination) || has(UNIVERSAL, w) || has(ANAPHOR, w) || skips(w) || person)) continue;
    // A possessive pronoun says nothing ("your files"); a name's possessive narrows ("Alice's reports").
    // So does a third party's ("the parents' evening", "the vendor's files"); the person served is whoever's the session is ("the customer's booking").
    const thirdParty = w.tags.has('Possessive') && w.tags.has('Noun') && !w.tags.has('Pronoun') && !has(SERVED, w);
    const namedOwner = (w.tags.has('Possessive') && !w.tags.has('Pronoun') && CAPITALIZED.test(w.text)) || thirdParty;
    // "install packages globally": where a thing is put, which narrows it as a folder would; so does a
    // manner no scope says ("run commands interactively", "delete files recursively").
    if (/^(globally|system-wide|systemwide|interactively|remotely|concurrently|recursively|asynchronously)$/.test(w.norm)) {
      result.push(w);
      continue;
    }
    // A limit on how often ("more than once per order", "more than 3 times a day") is no scope.
    if (howOften(words, i) || countLimit(words, i)) {
      result.push(w);
      continue;
    }
    if (!namedOwner && (timeWordAt(words, i) || ['Determiner', 'Preposition', 'Conjunction', 'Pronoun', 'Adverb', 'Value', 'Negative', 'Modal', 'Auxiliary', 'Copula', 'Possessive', 'QuestionWord', 'Expression', 'Money'].some((t) => w.tags.has(t)))) continue;
    // Any other content word narrows the rule, whatever its part of speech ("don't touch prod", "files you created").
    if (/[A-Za-z]/.test(w.text)) result.push(w);
  }
  return result;
}

/** Word `i` is in the kind an action is said to be, after "is a": "is a destructive operation", "are risky actions". */
function classifiedAt(words: readonly Word[], i: number, range: Range): boolean {
  let head = i;
  while (head < range.to && !has(CATEGORY_NOUNS, words[head]) && head < i + 3 && (words[head] as Word).tags.has('Adjective')) head++;
  if (!has(CATEGORY_NOUNS, words[head]) || (words[head] as Word).tags.has('Verb')) return false;
  let k = i - 1;
  while (k >= range.from && k > i - 4 && (words[k] as Word).tags.has('Adjective')) k--;
  if (/^(a|an)$/.test(words[k]?.norm ?? '')) k--;
  return /^(is|are|be|remains|counts)$/.test(words[k]?.norm ?? '');
}

/** When, where or how an action is done, said by an adverb that sorts some of it out: "immediately", "elsewhere". */
const MANNER_LIMITS = /^(?:immediately|prematurely|elsewhere|blindly|casually|hastily)$/;

/**
 * "Do not push to dev immediately", "never create plans elsewhere", "don't retry blindly", "one file at a time": an
 * adverb after the action, in its clause, that says when, where or how it is done, which the session cannot settle
 * and which sorts some of it out. (Not one that says when a step comes: "a review immediately before any action".)
 */
function mannerLimitAfter(view: SentenceView, triggers: readonly Mention[]): Word | undefined {
  const words = view.words;
  for (const trigger of triggers) {
    for (let k = trigger.end; k < words.length; k++) {
      const w = words[k] as Word;
      if (/^(before|after|until|unless|without|if|when|once|because|but|then|so)$/.test(w.norm)) break;
      const limits = MANNER_LIMITS.test(w.norm) || (w.norm === 'time' && words[k - 1]?.norm === 'a' && words[k - 2]?.norm === 'at');
      if (limits && !/^(before|after|when|once|if)$/.test(words[k + 1]?.norm ?? '')) return w;
      if (/[.;!?:]/.test(w.post) || /\s[—–-]\s/.test(w.post)) break;
    }
  }
  return undefined;
}

/** What a rule is said within, as a whole: a skill, a workflow, a task, a mode of working. */
const CURRENT_CONTEXT = /^(?:skill|workflow|mode|task|step|phase|stage|conversation|chat|session|prompt|role|job|flow|process|procedure|pass|iteration|exercise|command|agent|playbook|runbook|routine)$/;

/** Word `i` says when ("this week", "on Monday", "at night"): a condition the session cannot settle, taken to hold. */
function timeWordAt(words: readonly Word[], i: number): boolean {
  const w = words[i];
  if (w === undefined) return false;
  // ("emails from HR": a name in capitals is no unit of time, unless a number comes before it.)
  const capitalsName = /^[A-Z]{2,}$/.test(w.text) && !words[i - 1]?.tags.has('Value') && !/^(?:MON|TUE|WED|THU|FRI|SAT|SUN|JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|SEPT|OCT|NOV|DEC|EOD|EOW|AM|PM|UTC|GMT)$/.test(w.text);
  return !capitalsName && (['Date', 'Time', 'Duration'].some((t) => w.tags.has(t)) || (TIMES_OF_DAY.test(w.norm) && !(words[i + 1]?.tags.has('Noun') === true && !/[,;:.!?)]/.test(w.post))));
}

/**
 * Times of day the tagger may take for plain nouns ("at night", "in the morning"): when, a condition taken
 * to hold; before a noun they sort it ("the morning report").
 */
const TIMES_OF_DAY = /^(?:night|nights|nighttime|overnight|tonight|morning|mornings|afternoon|afternoons|evening|evenings|midnight|noon|daytime)$/;

/**
 * "Never delete commits", "don't touch deployments", "never edit releases": another action's own noun, as
 * the object of a file action, is no file; which of those things is meant, no scope says.
 */
function otherActionsThing(view: SentenceView, mention: Mention, range: Range, families: ReadonlySet<FamilyName>): boolean {
  const words = view.words;
  const i = mention.start;
  if (mention.end !== i + 1 || mention.command !== undefined || FILE_FAMILIES.has(mention.family) || families.has(mention.family)) return false;
  // (The head of its phrase: "the payments table" is a table.)
  if (![...families].every((f) => FILE_FAMILIES.has(f)) || !/[^s]s$/.test((words[i] as Word).norm) || (i + 1 < range.to && words[i + 1]?.tags.has('Noun') === true)) return false;
  let k = i - 1;
  while (k >= range.from && ((words[k] as Word).tags.has('Determiner') || (words[k] as Word).tags.has('Adjective') || has(UNIVERSAL, words[k]))) k--;
  return view.mentions.some((m) => m.end === k + 1 && families.has(m.family));
}

/** A generic thing ("files"); of things joined by a slash ("releases/tags"), only when each of them is. */
const genericThing = (w: Word) => (w.norm.includes('/') ? w.norm.split('/').every((part) => baseForms(part).some((form) => GENERIC.has(form))) : has(GENERIC, w));

function contextOf(view: SentenceView, families: readonly FamilyName[], entities: readonly Entity[], ranges: readonly Range[]): TargetContext | undefined {
  const kinds = new Set(entities.map((e) => e.kind));
  const any = (...names: FamilyName[]) => families.some((f) => names.includes(f));
  if (any('send')) return entities.some((e) => e.kind === 'amount' && e.currency !== undefined) ? 'money' : 'recipient';
  if (any('pay')) return kinds.has('path') ? 'path' : 'money';
  if (any('deploy')) return 'environment';
  if (any('push', 'forcePush', 'rewriteHistory')) return kinds.has('environment') && !kinds.has('branch') ? 'environment' : kinds.has('event') ? 'event' : 'branch';
  // A device or an event only when the sentence names one: "disable the cache" is no device.
  if (any('unlock', 'disable')) return kinds.has('device') || view.contextWord('device', ranges) || !kinds.has('path') && entities.length === 0 && any('unlock') ? 'device' : undefined;
  if (any('cancel', 'reschedule')) return kinds.has('path') ? 'path' : 'event';
  // "create new files" writes them; "create a meeting" schedules one.
  if (any('create')) return kinds.has('path') || view.contextWord('file', ranges) ? 'path' : kinds.has('event') || view.contextWord('event', ranges) ? 'event' : undefined;
  if (any('open') && (kinds.has('device') || view.contextWord('device', ranges))) return 'device';
  // "never open files": reading them, not a door.
  if (any('open') && view.contextWord('file', ranges)) return 'path';
  // A word of a kind ("table", "meeting") sets the context only for actions that mean something else there.
  const meansOther = (context: TargetContext) => families.some((f) => (L.FAMILIES[f] as L.ActionFamily).by?.[context] !== undefined);
  if (kinds.has('database') || kinds.has('table') || (view.contextWord('database', ranges) && !kinds.has('path') && meansOther('database'))) return 'database';
  // ("Do not run migrations inside the `Dockerfile` build": migrations run change a database, wherever they are run from.)
  const migrationsRun = any('schemaChange') && view.words.some((w, k) => /^(run|running|runs|execute|executing|apply|applying)$/.test(w.norm) && [k + 1, k + 2].some((m) => view.mentionAt(m)?.family === 'schemaChange'));
  if (migrationsRun) return 'database';
  // ("a backup of `prod.db` prior to any schema change": a database's file, changed as a database is.)
  if (any('schemaChange', 'sqlDrop', 'sqlRowChange', 'sqlDelete', 'truncate') && entities.some((e) => e.kind === 'path' && !e.inWords && DB_FILE.test(e.value))) return 'database';
  // A path written out is what the rule is about; "lock files" or "the review notes" only describe it.
  if (entities.some((e) => e.kind === 'path' && !e.inWords)) return 'path';
  // "git operations must be read-only", "don't touch git": the repository itself, not its files.
  if (!kinds.has('branch') && gitItself(view, ranges) && meansOther('repository')) return 'repository';
  // "changes to the reservation", "modify a booking": a policy's record, unless an event is named or the calendar said.
  // ("never delete the orders folder": a folder named for the records is a folder.)
  if (!kinds.has('event') && !kinds.has('path') && view.contextWord('record', ranges) && !view.contextWord('calendar', ranges) && meansOther('resource')) return 'resource';
  if (kinds.has('event') || (view.contextWord('event', ranges) && !kinds.has('path') && meansOther('event'))) return 'event';
  if (kinds.has('device')) return 'device';
  if (kinds.has('branch')) return 'branch';
  if (kinds.has('environment')) return 'environment';
  if (kinds.has('path') || kinds.has('domain')) return 'path';
  // "modify an order", "remove a passenger from the booking": a business record, as agent policies say.
  if (view.contextWord('record', ranges) && meansOther('resource')) return 'resource';
  if (any(...ONTO_BRANCH) && branchNamedElsewhere(view) !== undefined) return 'branch';
  return undefined;
}

/** The words of the category an example's parenthesis follows: "file operations" of "file operations (create, delete)". */
function categoryBefore(view: SentenceView, draft: Draft): Range {
  const first = (draft.triggers[0] as Mention).start;
  let open = first;
  while (open > 0 && open > first - 8 && !parenthesisOpensAt(view.words, open)) open--;
  return parenthesisOpensAt(view.words, open) ? { from: Math.max(0, open - 3), to: open } : { from: first, to: first };
}

/** Whether a word names a folder of a path written beside it, which says what the folder holds: "skills in `.claude/skills/`", "migrations in `db/migrations/`". */
function namesAFolderOf(w: Word, entities: readonly Entity[]): boolean {
  const forms = new Set([w.norm, ...w.forms]);
  return entities.some((e) => e.kind === 'path' && !e.inWords && e.value.split('/').some((part) => forms.has(part.toLowerCase()) || forms.has(part.toLowerCase().replace(/s$/, ''))));
}

/** "git", "git operations", "the git history", "version control": the repository itself, not a file of it ("git hooks", "git config"). */
function gitItself(view: SentenceView, ranges: readonly Range[]): boolean {
  return ranges.some((r) => {
    const found = findFirst(view.words, P.contexts.git, r.from, r.to);
    if (!found) return false;
    const next = view.words[found.end];
    const phraseEnds = next === undefined || ['Preposition', 'Conjunction', 'Copula', 'Modal', 'Adverb', 'Determiner'].some((tag) => next.tags.has(tag));
    return found.end >= r.to || phraseEnds || has(P.gitItself, next) || /[,;:.!?)]/.test((view.words[found.end - 1] as Word).post);
  });
}

/**
 * The one branch a sentence names apart from its "directly": "`main` is protected; no direct pushes",
 * "the main branch is protected, so never commit directly".
 */
function branchNamedElsewhere(view: SentenceView): string | undefined {
  if (!view.words.some((w) => /^(direct|directly)$/.test(w.norm))) return undefined;
  const written = view.entities.map((e) => e.value.replace(/^\*\*\//, '')).filter((value) => WELL_KNOWN_BRANCH.has(value));
  const named = unique([...written, ...view.phraseEntitiesIn({ from: 0, to: view.words.length }).filter((e) => e.kind === 'branch').map((e) => e.value)]);
  return named.length === 1 ? named[0] : undefined;
}

function verbsOf(mentions: readonly Mention[], context: TargetContext | undefined): Verb[] {
  const verbs = new Set<Verb>();
  for (const m of mentions) {
    // A named command in the steps runs checks; as the governed action, it is what it does.
    if (m.command) {
      for (const v of m.command.checks && satisfies(m) ? (['run-tests'] as const) : m.command.backsUp ? (['backup'] as const) : m.command.verbs) verbs.add(v);
      continue;
    }
    const family = L.FAMILIES[m.family] as L.ActionFamily;
    for (const v of (context && family.by?.[context]) || family.verbs) verbs.add(v);
  }
  return VERBS.filter((v) => verbs.has(v));
}

const unique = (values: readonly string[]) => [...new Set(values)];

/** Text and phrase entities over ranges, each once. */
function entitiesIn(view: SentenceView, ranges: readonly Range[]): Entity[] {
  const found = [...ranges.flatMap((r) => view.textEntitiesIn(r)), ...ranges.flatMap((r) => view.phraseEntitiesIn(r))];
  // The same entity found again by an overlapping range; a word that names several files ("lockfiles") keeps each.
  const key = (e: Entity) => `${e.start} ${e.kind} ${e.kind === 'path' ? e.value.toLowerCase() : ''}`;
  return found.filter((e, i) => found.findIndex((o) => key(o) === key(e)) === i);
}

/** An entity that can scope a rule: any target, or an amount with a comparator. */
const namesTarget = (e: Entity) => e.kind !== 'amount' || e.comparator !== 'none';

/**
 * "Never modify, replace, delete, or reinterpret this file": the object after a list of verbs (some
 * the vocabulary has no action for) points back as it would after one.
 */
function listObjectRefersBack(view: SentenceView, triggers: readonly Mention[], region: Range): boolean {
  const last = triggers.reduce((a, b) => (b.end > a.end ? b : a));
  let object = last.end;
  const listed = (k: number) => endsWithComma(view.words[k - 1]) || has(COORDINATORS, view.words[k - 1]);
  while (object < region.to && (has(COORDINATORS, view.words[object]) || (listed(object) && (view.words[object] as Word).tags.has('Verb')))) object++;
  if (object === last.end && triggers.length < 2) return false;
  return refersBack(view, { ...last, end: object }, region);
}

/** The action's object points at something said before: "it", "them", "that invoice", "anything in it". */
function refersBack(view: SentenceView, trigger: Mention, region: Range): boolean {
  // "Never drop tables there": the place was named before.
  return pointsBack(view, trigger, region) || view.words.slice(trigger.end, region.to).some((w) => w.norm === 'it' || w.norm === 'them' || (w.norm === 'there' && !w.tags.has('Pronoun')));
}

/** The object words right after an action name something said before ("it", "that invoice"). */
function pointsBack(view: SentenceView, trigger: Mention, region: Range): boolean {
  const next = view.words[trigger.end];
  if (!next || trigger.end >= region.to) return false;
  // ("Ask before releasing this week": a time, no thing said before.)
  if (timeWordAt(view.words, trigger.end + 1)) return false;
  // ("Only if the user confirms, send the email": the condition says when, as "before" does.)
  const whenSaid = view.words.some((w, k) => (k < trigger.start || k >= trigger.end + 2) && (/^(before|until|unless|without|after)$/.test(w.norm) || (/^(if|when|once)$/.test(w.norm) && view.words[k - 1]?.norm === 'only')));
  // "review the email before sending it": in a rule that says when, the message sent is the one being written.
  if (has(ANAPHOR, next)) return !(trigger.family === 'send' && whenSaid && view.words.some((w, k) => k < trigger.start && MESSAGE_WORDS.test(w.norm)));
  if (!has(DEFINITE, next) || has(UNIVERSAL, view.words[trigger.end + 1])) return false;
  // "cancelling their order": a policy's person's record, whichever it is.
  if (/^(their|your|his|her)$/.test(next.norm) && isRecord(view.words[trigger.end + 1])) return false;
  // "my meetings", "our invoices": all of a person's, not one said before.
  if (/^(my|our|your|their)$/.test(next.norm) && view.words[trigger.end + 1]?.tags.has('Plural')) return false;
  // "your code", "your work": all the agent makes.
  if (next.norm === 'your' && has(AGENT_WORK, view.words[trigger.end + 1])) return false;
  // "Never drop the database", "don't clear the calendar": the one the project or person has, whatever came before.
  const head = view.words[trigger.end + 1];
  if (next.norm === 'the' && (has(ONE_PER_PROJECT, head) || shipsProduct(new Set([trigger.family]), head)) && (trigger.end + 2 >= region.to || /[,;:.!?()]/.test(head?.post ?? '') || !view.words[trigger.end + 2]?.tags.has('Noun'))) return false;
  // "never send the email before I agree": in a rule that says when, the message a send sends is the one
  // being written, whichever it is. ("Don't send the email yet" is about one email.)
  if (next.norm === 'the' && trigger.family === 'send' && head !== undefined && MESSAGE_WORDS.test(head.norm) && whenSaid && (trigger.end + 2 >= region.to || /[,;:.!?()]/.test(head.post) || (view.words[trigger.end + 2]?.norm === 'to' && view.words[trigger.end + 3]?.tags.has('Infinitive') === true))) return false;
  // "Do not cancel the order until the user confirms": so is a policy's record in one, the one being handled.
  // ("Ask for confirmation before scheduling the meeting": and so is an event, the one being arranged.)
  if (next.norm === 'the' && (isRecord(head) || has(GENERIC_EVENT_WORDS, head)) && whenSaid && (trigger.end + 2 >= region.to || /[,;:.!?()]/.test(head?.post ?? ''))) return false;
  if (view.phraseEntitiesIn({ from: trigger.end, to: region.to }).length > 0) return false;
  // "that invoice" points back; "the CQL grammar", "the `docs/` folder" name their thing.
  for (let i = trigger.end + 1; i < region.to; i++) {
    const w = view.words[i] as Word;
    if (view.covered.has(i) || (!has(GENERIC, w) && (w.tags.has('Noun') || w.tags.has('Adjective')) && !w.tags.has('Pronoun'))) return false;
    if (/[,;:.!?()]/.test(w.post) || !(w.tags.has('Noun') || w.tags.has('Adjective'))) break;
  }
  return true;
}

/** Records why a draft cannot be compiled, for the note: a scope is never widened instead. */
function unstatable(view: SentenceView, reason: string): 'unrepresentable' {
  view.unresolved = reason;
  return 'unrepresentable';
}

const namesNoScope = (words: readonly Word[]) => `"${words.map((w) => w.text).join(' ')}" narrows it in a way no scope can say`;
const verbsSaid = (draft: Draft) => draft.triggers.map((m) => (m.command ? m.command.verbs.join('/') : m.family)).join(', ');

/** The kinds of entity each context turns into scope. */
const CONTEXT_KINDS: Readonly<Record<TargetContext | 'none', readonly Entity['kind'][]>> = {
  path: ['path', 'domain'],
  database: ['database', 'table', 'path'],
  recipient: ['email', 'domain'],
  money: ['account', 'amount'],
  branch: ['branch', 'path'],
  environment: ['environment'],
  device: ['device'],
  event: ['event'],
  resource: [],
  repository: [],
  none: [],
};

/**
 * Why a rule over every target but some cannot be said, if it is one: "never delete anything outside
 * tmp/", "don't write files outside the repo", "don't email anyone but me". Only a recipient's scope
 * says it, by its allowed domains ("anyone outside acme.io", "anyone except people at acme.io"); read
 * as the target it names, any other would be inverted.
 */
function everythingButNote(view: SentenceView, draft: Draft, context: TargetContext | undefined, regions: readonly Range[], outsideBefore: (e: Entity) => boolean): string | undefined {
  const words = view.words;
  const phrase = (from: number, to: number) => `"${words.slice(from, Math.min(words.length, to)).map((w) => w.text).join(' ')}"`;
  for (const region of regions) {
    for (let i = region.from; i < Math.min(words.length, region.to + 2); i++) {
      const end = context === 'recipient' ? undefined : P.outside.map((p) => matchAt(words, i, p)).find((x) => x !== undefined);
      // "except during review sessions", "except when asked": an occasion or a condition, not a target.
      if (end !== undefined && !/^(during|when|while|if|for|after|before|as|where|with|unless|upon|on)$/.test(words[end]?.norm ?? '')) return `${phrase(i, end + 3)} is everything but a target, which no scope says`;
      // ("any branch but feature/*": the kind may come between.)
      const but = [i + 1, i + 2].find((k) => /^(but|except|besides|save)$/.test(words[k]?.norm ?? '') && (k === i + 1 || words[i + 1]?.tags.has('Noun') === true));
      // ("Only edit README.md; never edit anything else": all but what was allowed before. Asked about, or sent only to a
      // domain named, anything else is still safely all of it.)
      const allButAllowed = draft.kind === 'prohibition' && !(context === 'recipient' && view.entities.some((e) => e.kind === 'domain' || e.kind === 'email')) && i < region.to && has(UNIVERSAL, words[i]) && words[i + 1]?.norm === 'else';
      if (allButAllowed) return `${phrase(i, i + 2)} is every target but some, which no scope says`;
      if (i >= region.to || !has(UNIVERSAL, words[i]) || but === undefined) continue;
      const after = view.entities.filter((e) => e.start >= (words[but] as Word).end);
      const allowed = context === 'recipient' && after.length > 0 && after.every((e) => e.kind === 'domain' && outsideBefore(e));
      if (!allowed) return `${phrase(i, i + 4)} is every target but some, which no scope says`;
    }
  }
  return undefined;
}

/**
 * "Don't pay without asking, unless it's under $20": a payment below the amount is the exception, so the
 * rule is over the amount and more.
 */
function amountExcepted(view: SentenceView): Pick<Scope, 'amountAbove' | 'currency'> {
  const words = view.words;
  for (const e of view.entities) {
    if (e.kind !== 'amount' || e.comparator !== 'below') continue;
    const at = words.findIndex((w) => w.start >= e.start);
    if (!words.slice(Math.max(0, at - 6), at).some((w) => /^(unless|except)$/.test(w.norm))) continue;
    return { amountAbove: Math.max(0, Math.round((e.amount - 0.01) * 100) / 100), ...(e.currency && { currency: e.currency }) };
  }
  return {};
}

/** Scope from the entities in the draft's regions, read for its context. */
/** `acted`: the draft's triggers as the actions they are on the context's targets (see actedTriggers). */
function scopeOf(view: SentenceView, draft: Draft, context: TargetContext | undefined, entities: readonly Entity[], regions: readonly Range[], acted: readonly Mention[]): Scope | 'unrepresentable' {
  const scope: { -readonly [K in keyof Scope]: Scope[K] } = {};
  const add = (field: 'paths' | 'databases' | 'tables' | 'recipients' | 'allowedDomains' | 'branches' | 'environments' | 'devices' | 'events' | 'accounts' | 'commands', value: string) => {
    // ("`generated/**`", "`web/.next/*`": everything in a folder is the folder, whose scope holds what is below it.)
    scope[field] = unique([...(scope[field] ?? []), field === 'paths' ? value.replace(/(?<=[^/*])\/\*{1,2}$/, '') : value]);
  };
  const words = view.words;
  // "outside acme.io", "outside our domain acme.io": only determiners and generic nouns in between.
  const outsideBefore = (e: Entity) => {
    const index = words.findIndex((w) => w.start >= e.start);
    for (let from = Math.max(0, index - 6); from < index; from++) {
      const end = P.outside.map((p) => matchAt(words, from, p)).find((x) => x !== undefined);
      // ("outside acme.io or globex.com": the domains listed after it are outside too.)
      if (end !== undefined && words.slice(end, index).every((w, k) => has(GENERIC, w) || w.tags.has('Determiner') || w.tags.has('Possessive') || has(FUNCTION, w) || view.covered.has(end + k))) return true;
    }
    return false;
  };
  // "from bob@acme.io", "sent by ops@acme.io": the sender, a word or two before the address.
  // (A reply goes to whoever sent the message: "never reply to emails from noreply@bank.com".)
  const replies = draft.triggers.some((m) => words.slice(m.start, m.end).some((w) => w.forms.some((f) => /^(reply|respond|answer)$/.test(f))));
  const sentBy = (e: Entity) => {
    if (replies) return false;
    let before = words.findIndex((w) => w.start >= e.start) - 1;
    while (before > 0 && /^(the|a|an)$/.test(words[before]?.norm ?? '')) before--;
    // ("apart from acme.io", "not from acme.io": every other one, read as outside it; "from outside acme.io" is too.)
    const from = words[before]?.norm === 'from' && !/^(apart|aside|not)$/.test(words[before - 1]?.norm ?? '');
    return from || (words[before]?.norm === 'by' && /^(sent|written|signed)$/.test(words[before - 1]?.norm ?? ''));
  };
  const everythingBut = everythingButNote(view, draft, context, regions, outsideBefore);
  if (everythingBut !== undefined) return unstatable(view, everythingBut);
  // "the production database": a name inside a larger one is read as part of it.
  const fits = (kind: Entity['kind']) => CONTEXT_KINDS[context ?? 'none'].includes(kind);
  // Beside a path written out, a device or an event named in words describes it ("workflow lock files (`….lock.yml`)").
  const writtenPath = context === 'path' && entities.some((e) => e.kind === 'path' && !e.inWords);
  for (const e of entities) {
    if (writtenPath && (e.kind === 'device' || e.kind === 'event')) continue;
    if (entities.some((o) => o !== e && o.start <= e.start && o.end >= e.end && (o.start < e.start || o.end > e.end || o.kind !== e.kind) && fits(o.kind) && !fits(e.kind))) continue;
    switch (e.kind) {
      case 'path':
        if (context === 'path') add('paths', e.value);
        else if (context === 'database') DB_FILE.test(e.value) ? add('databases', e.value.replace(/^\*\*\//, '')) : add('paths', e.value);
        // Files pushed or committed ("never push `.env` files"): a file name or pattern is never a branch.
        else if (context === 'branch' && !e.inWords && /^\*\*\/(?:\.|.*\.[A-Za-z0-9]+$|\*)/.test(e.value)) add('paths', e.value);
        // A path written like feature/login may name a branch; a folder named in words ("the upstream repo") does not.
        else if (context === 'branch' && !e.inWords) add('branches', e.value.replace(/^(\*\*\/|origin\/)/, ''));
        // "to the remote repository": where every push goes, which narrows nothing ("the upstream repo" is one remote of several).
        else if (context === 'branch' && /^(?:\*\*\/)?remote$/.test(e.value)) break;
        // "on collaborative repos", "to public repositories": a kind of repository is a condition on the one
        // the session is in, which it cannot settle: taken to hold, as an occasion is.
        else if (context === 'branch' && e.inWords && kindOfRepository(view, e.value)) break;
        else return unstatable(view, `"${e.value}" is a path, which ${verbsSaid(draft)} does not act on`);
        break;
      case 'email':
        if (context !== 'recipient') return unstatable(view, `"${e.value}" is not a target ${verbsSaid(draft)} acts on`);
        // ("never forward emails from bob@acme.io": who sent it, which no scope says; never its recipient.)
        if (sentBy(e)) return unstatable(view, `"${e.value}" is who the message comes from, which no scope says`);
        // "except to bob@acme.io": every recipient but one, which no scope says (a domain it can).
        // ("Only send invoices to billing@acme.io": the only one allowed is every other one forbidden.)
        if (outsideBefore(e) || draft.allowListed) return unstatable(view, `every recipient but ${e.value} is no scope`);
        add('recipients', e.value);
        break;
      // A target the rule's actions cannot have narrows it in a way no scope says: never widened away.
      case 'domain':
        if (context === 'recipient' && sentBy(e)) return unstatable(view, `"${e.value}" is where the message comes from, which no scope says`);
        if (context === 'recipient') draft.allowListed || outsideBefore(e) ? add('allowedDomains', e.value) : add('recipients', `@${e.value}`);
        else if (e.alsoFile && context === 'path') add('paths', `**/${e.value}`);
        else return unstatable(view, `"${e.value}" is not a target ${verbsSaid(draft)} acts on`);
        break;
      case 'database':
        if (context !== 'database') return unstatable(view, `"${e.value}" is not a target ${verbsSaid(draft)} acts on`);
        add('databases', e.value);
        break;
      case 'table':
        if (context !== 'database') return unstatable(view, `"${e.value}" is not a target ${verbsSaid(draft)} acts on`);
        add('tables', e.value);
        break;
      case 'branch':
        if (context !== 'branch') return unstatable(view, `"${e.value}" is not a target ${verbsSaid(draft)} acts on`);
        add('branches', e.value);
        break;
      case 'environment':
        // "don't drop any tables in prod": the tables of the production database.
        if (context === 'database') add('databases', e.value);
        // "push to `main` or `production`": a name written as code, listed beside branches, is a branch's.
        else if (context === 'branch' && codeSpanNames(view).some((span) => span.start === e.start && span.end === e.end) && entities.some((o) => o.kind === 'branch')) add('branches', view.sentence.text.slice(e.start - view.sentence.start, e.end - view.sentence.start));
        else if (context !== 'environment') return unstatable(view, `"${e.value}" is not a target ${verbsSaid(draft)} acts on`);
        else add('environments', e.value);
        break;
      case 'device':
        if (context !== 'device') return unstatable(view, `"${e.value}" is not a target ${verbsSaid(draft)} acts on`);
        add('devices', e.value);
        break;
      case 'event':
        if (context !== 'event') return unstatable(view, `"${e.value}" is not a target ${verbsSaid(draft)} acts on`);
        add('events', e.value);
        break;
      case 'account':
        if (context !== 'money') return unstatable(view, `"${e.value}" is not a target ${verbsSaid(draft)} acts on`);
        add('accounts', e.value);
        break;
      case 'command': {
        // A command the rule names as its action or step is the rule's own; any other narrows it.
        // (Or one a mention lies inside: "run `./bin/brew typecheck`" is the check its last word names.)
        const own = [...draft.triggers, ...(draft.requires ?? [])].some((m) => (view.words[m.start] as Word).start < e.end && (view.words[m.end - 1] as Word).end >= e.start);
        // "publish to npm": the registry a package goes to, which every publish has.
        const registry = draft.triggers.some((m) => m.family === 'publish') && REGISTRIES.has(e.value);
        // "installing dependencies (npm, pip)": the tools the thing comes by, which narrow nothing.
        const instrument = namesTheThingBefore(view, wordAtOffset(view, 0, e.start));
        // "database migrations (`alembic upgrade`)": the command in parentheses after the action is how it is done.
        const at = wordAtOffset(view, 0, e.start);
        const instance = (/\(/.test(words[at]?.pre ?? '') || /\(\s*$/.test(words[at - 1]?.post ?? '')) && draft.triggers.some((m) => m.end === at);
        if (registry || instrument || instance) break;
        // "process the payment using the processPayment tool": the tool it is done with is how, not what.
        const before = words[wordAtOffset(view, 0, e.start) - 1]?.norm ?? '';
        if (TOOL_NAME.test(e.value) && (/^(with|using|via|through|the)$/.test(before) || TOOL_NOUN.test(words[wordAtOffset(view, 0, e.end)]?.norm ?? ''))) break;
        // "run `cargo build` and the tests before committing": another step beside the one required, left out (narrower, never wider).
        const stepWord = wordAtOffset(view, 0, e.start);
        if (draft.kind === 'prerequisite' && (draft.stepRegions ?? []).some((r) => stepWord >= r.from && stepWord < r.to) && (draft.requires ?? []).length > 0) break;
        // "never deploy using `serverless deploy`": a command that does the rule's own action is how it is done.
        // ("never bypass hooks with `git commit --no-verify`": so is one whose rule is within the rule's own actions.)
        const within = () => commandRule(e.value).verbs.every((verb) => verb !== 'execute' && verbsOf(draft.triggers, context).includes(verb));
        // ("deploy the application by running `pulumi up -y`": so is one run as the means.)
        const byRunning = /^(running|executing|invoking|calling)$/.test(before) && words[wordAtOffset(view, 0, e.start) - 2]?.norm === 'by';
        const doesAction = (/^(with|using|via|through)$/.test(before) || byRunning) && (draft.triggers.some((m) => e.value.split(/\s+/).slice(1).some((part) => (L.ACTION_WORDS[m.family] as readonly string[]).includes(part))) || within());
        if (doesAction) break;
        // "never run commands with `sudo`": commands run by way of a program are that program's.
        const byWayOf = draft.triggers.every((m) => m.family === 'runCommands') && /^(with|using|via|through)$/.test(before);
        if (byWayOf) {
          add('commands', e.value);
          break;
        }
        // ("never use `--no-verify` on any git command": every git command, where each of git's own actions is done.)
        const everyGit = e.value === 'git' && has(UNIVERSAL, words[wordAtOffset(view, 0, e.start) - 1]) && draft.triggers.every((m) => GIT_OWN_FAMILIES.has(m.family));
        if (!own && !everyGit) return unstatable(view, `the command "${e.value}" narrows the rule in a way no scope says`);
        break;
      }
      case 'amount':
        if (e.comparator === 'above' || (e.comparator === 'below' && draft.allowListed)) scope.amountAbove = e.amount;
        else if (e.comparator === 'at-least') scope.amountAbove = Math.max(0, Math.round((e.amount - 0.01) * 100) / 100);
        else if (e.comparator === 'below') return unstatable(view, `an amount below ${e.value} cannot be said as a scope`);
        if (e.comparator !== 'none' && e.currency) scope.currency = e.currency;
        break;
    }
  }
  // "any *.log files in logs/": the pattern within the folder, not either one.
  const paths = scope.paths ?? [];
  const patterns = paths.filter((p) => p.startsWith('**/') && /[*?]/.test(p.slice(3)));
  const folders = paths.filter((p) => !/[*?[\]{}]/.test(p));
  // ("`*.stats.yml` and `.github/workflows`": targets listed side by side are each one, not one within the other.)
  const pathEntities = entities.filter((e) => e.kind === 'path');
  const listed = pathEntities.some((e, k) => k > 0 && BETWEEN_LISTED.test(view.sentence.text.slice((pathEntities[k - 1] as Entity).end - view.sentence.start, e.start - view.sentence.start)));
  if (patterns.length > 0 && folders.length > 0 && patterns.length + folders.length === paths.length && !listed) {
    scope.paths = folders.flatMap((folder) => patterns.map((pattern) => `${folder}/${pattern}`));
  }
  // Names with no entity of their own: a payee by its capitals, a device or an event by the words of
  // the action's direct object ("open the side entrance"). Any other word narrows the rule in a way
  // a scope cannot say.
  const families = new Set([...draft.triggers, ...(draft.requires ?? [])].map((m) => m.family));
  // "Never delete branches": deleting is over branches, any of them, not over every target.
  if (families.has('remove') && !scope.branches && regions.some((r) => words.slice(r.from, r.to).some((w) => /^branch(?:es)?$/.test(w.norm)))) add('branches', '**');
  // "No DELETE statements", "the database is read-only": a delete there is of any table or database, never of a file.
  const rowsDeleted = acted.some((m) => m.family === 'sqlDelete');
  if ((context === 'database' || rowsDeleted) && !scope.tables && !scope.databases && !scope.paths && verbsOf(acted, context).includes('delete')) {
    add('tables', '**');
    if (!rowsDeleted) add('databases', '**');
  }
  // "Never delete meetings": a delete of events, any of them, never of a file.
  if (context === 'event' && !scope.events && !scope.paths && verbsOf(draft.triggers, context).includes('delete')) add('events', '**');
  // "push to release": the one word after "to" is the branch's name, whatever else it may mean.
  const branchWord = context === 'branch' && !scope.branches ? branchAfterTo(view, regions, draft.triggers) : undefined;
  // A name that opens the sentence is capitalised for the sentence, not for the branch.
  if (branchWord !== undefined) add('branches', branchWord === 0 && /^[A-Z][a-z0-9_.-]*$/.test((words[0] as Word).text) ? (words[0] as Word).text.toLowerCase() : (words[branchWord] as Word).text);
  // "Never commit directly", "no direct pushes": straight onto a branch the sentence does not name (the
  // protected one), never onto every branch.
  const ontoBranch = context === 'branch' || (context === undefined && ONTO_BRANCH.some((f) => families.has(f)));
  if (ontoBranch && !scope.branches && view.words.some((w) => /^(direct|directly)$/.test(w.norm))) {
    const named = branchNamedElsewhere(view);
    if (named === undefined) return unstatable(view, '"directly" is onto a branch it does not name');
    add('branches', named);
  }
  // "to `main` or any branch": any branch holds the ones named.
  const anyBranch = regions.some((r) => words.slice(r.from, r.to).some((w, k) => has(UNIVERSAL, w) && [1, 2].some((n) => /^branch(?:es)?$/.test(words[r.from + k + n]?.norm ?? ''))));
  if (context === 'branch' && scope.branches && anyBranch) delete scope.branches;
  // ("Read files in full before wide-ranging changes": how large a change is, a judgement the session cannot settle, is
  // taken to hold for a step done first; a ban on every change, or a yes asked for each, would be too wide.)
  const sizeJudged = (w: Word) => draft.kind === 'prerequisite' && [...families].some((f) => FILE_FAMILIES.has(f)) && /^(wide|ranging|wide-ranging|sweeping|extensive)$/.test(w.norm);
  // Beside a path written out, words that say what it holds describe it ("generated files in `gen/`").
  // (Secrets read from a path are its files read; committed or sent, they are only some of what it holds.)
  const readingOnly = [...families].every((f) => f === 'read');
  const leftovers = regions.flatMap((r) => {
    const writtenPath = writtenPathIn(view, [r]);
    return objectWords(view, r, families, entities).filter((w) => words.indexOf(w) !== branchWord && !sizeJudged(w) && !(writtenPath && (has(DESCRIPTIVE, w) || w.tags.has('Possessive') || describesEntity(view, words.indexOf(w)) || holdsSecrets(words, words.indexOf(w)) || (readingOnly && secretsFromPath(words, words.indexOf(w))) || namesAFolderOf(w, entities))));
  });
  // ("calendar events created by others", "PRs opened by teammates": who made them sorts them, which no scope says.)
  // (Not the action itself in the passive, "must never be created by the agent", nor the agent as the maker.)
  const triggerAt = (i: number) => draft.triggers.some((m) => i >= m.start && i < m.end);
  const byAgent = (i: number) => has(AGENT_NAMES, words[i]) || ((words[i]?.tags.has('Determiner') ?? false) && has(AGENT_NAMES, words[i + 1]));
  const madeBy = regions.flatMap((r) => words.slice(r.from, r.to).filter((_, k) => madeByAt(words, r.from + k) && !triggerAt(r.from + k) && !byAgent(r.from + k + 2) && !view.textEntitiesIn({ from: r.from + k + 2, to: r.to }).some((e) => e.kind === 'email' || e.kind === 'domain')));
  if (leftovers.length === 0 && madeBy.length > 0 && !writtenPathIn(view, regions)) return unstatable(view, namesNoScope(madeBy));
  // ("any command with `--delete`": a flag sorts the commands run, naming none of them; its word is no action nor a yes.)
  // ("Any command with: `--delete`, `--drop`": the flags listed after the colon that ends the object.)
  const flags = regions.flatMap((r) => words.slice(r.from, words[r.to - 1]?.norm === 'with' ? words.length : r.to).filter((w) => FLAG_WRITTEN.test(w.pre)));
  if (flags.length > 0 && !scope.commands && verbsOf(draft.triggers, context).includes('execute')) return unstatable(view, namesNoScope(flags));
  if (leftovers.length === 0) return scope;
  // "delete `__pycache__`", "code in `pi-mono`": a bare name in a code span, where files are meant, is a file or folder of that name.
  const onFiles = context === 'path' || (context === undefined && [...families].every((f) => FILE_FAMILIES.has(f)));
  // ("push to `main`, `develop`, or `staging`": listed beside branches, one of that name; "`vance-srinidhi` or
  // any other GitHub account" is no branch.)
  const spanned = onFiles || (context === 'branch' && scope.branches) ? namesInCodeSpans(view, leftovers) : undefined;
  if (spanned) {
    for (const name of spanned) {
      if (context === 'branch') add('branches', name.value);
      else add('paths', name.placed ? name.value : `**/${name.value}`);
    }
    return scope;
  }
  // "Never commit secrets, credentials, or `.env` files": of a list, the items the scope can name are
  // kept; the others (secrets) are left ungoverned, which narrows the rule, never widens it.
  // (A region with nothing left over needs no list: "`.env` files or credentials must never be committed" has the region after its verb too.)
  const inRegion = (r: Range, w: Word) => words.indexOf(w) >= r.from && words.indexOf(w) < r.to;
  const itemsNamed = leftovers.every((w) => regions.some((r) => inRegion(r, w))) && regions.every((r) => !leftovers.some((w) => inRegion(r, w)) || listItemsNamingNothing(view, r, leftovers, families));
  if (itemsNamed) return scope;
  // "shared branches (main, develop)", "protected branches like main": the examples named are the
  // scope; the words that sort the kind only describe it.
  const exampled = regions.flatMap((r) => exampledKinds(view, r));
  if (context === 'branch' && !scope.branches) {
    for (const list of exampled) for (const w of words.slice(list.from, list.to)) if (has(WELL_KNOWN_BRANCH, w)) add('branches', w.norm);
  }
  const describesKind = (w: Word) => exampled.some((list) => list.kind > words.indexOf(w) && list.kind <= words.indexOf(w) + 2);
  if (Object.keys(scope).length > 0 && leftovers.every(describesKind)) return scope;
  // "sending messages (Slack, email, GitHub)": the channels a message kind is sent by, listed as its examples, narrow no send.
  // (The tagger may take "messages" for a verb, so the parenthesis is found from the word back.)
  const channelExample = (w: Word) => {
    const at = words.indexOf(w);
    let open = at;
    while (open > 0 && open > at - 6 && !parenthesisOpensAt(words, open) && !/\)/.test(words[open - 1]?.post ?? '')) open--;
    if (!parenthesisOpensAt(words, open) || !MESSAGE_WORDS.test(words[open - 1]?.norm ?? '')) return false;
    // Only names of channels, or of messages, listed: "(to Bob)" says whom, which narrows.
    let close = open;
    while (close < words.length - 1 && !/\)/.test(words[close]?.post ?? '')) close++;
    return words.slice(open, close + 1).every((c, k) => (CAPITALIZED.test(c.text) && !c.tags.has('Person') && !c.tags.has('FirstName')) || has(COORDINATORS, c) || view.mentionAt(open + k)?.family === 'send');
  };
  if (context === 'recipient' && leftovers.every(channelExample)) return scope;
  // "calendar events (Google Calendar)", "meetings in Google Calendar": the calendar they are kept in names none of them.
  const calendarName = (w: Word) => {
    const inName = (k: number) => CAPITALIZED.test(words[k]?.text ?? '') || /^calendars?$/.test(words[k]?.norm ?? '');
    let first = words.indexOf(w);
    while (first > 0 && inName(first - 1) && !endsWithComma(words[first - 1]) && !parenthesisOpensAt(words, first)) first--;
    let last = words.indexOf(w);
    while (last < words.length - 1 && inName(last + 1) && !/[,;:.!?)]/.test(words[last]?.post ?? '')) last++;
    const placed = parenthesisOpensAt(words, first) || /^(in|on|from|to)$/.test(words[first - 1]?.norm ?? '') || (/^(in|on|from|to)$/.test(words[first - 2]?.norm ?? '') && has(DEFINITE, words[first - 1]));
    return placed && words.slice(first, last + 1).some((c) => CALENDAR_SERVICES.test(c.norm));
  };
  if (context === 'event' && leftovers.every(calendarName)) return scope;
  // "Don't modify Flux system files - files in `flux-system/` are Flux-managed": the clause set apart after it
  // says where the things of that kind are, which is the scope.
  const glossed = onFiles && !scope.paths ? pathGlossAfter(view, Math.max(...regions.map((r) => r.to))) : [];
  if (glossed.length > 0) {
    for (const path of glossed) add('paths', path);
    return scope;
  }
  if (context === 'money') {
    const names = leftovers.filter((w) => CAPITALIZED.test(w.text) && words.indexOf(w) > 0);
    if (names.length > 0) add('accounts', names.map((w) => w.text).join(' '));
    return leftovers.every((w) => names.includes(w)) ? scope : unstatable(view, namesNoScope(leftovers));
  }
  const object = directObject(view, draft.triggers[0] as Mention, context === 'event');
  // "meetings with external attendees": a sort of party narrows the events, naming none.
  // ("an API call", "tool calls": a program's call, no phone call.)
  // (A sort word before the event's head is part of its name: "the external audit kickoff".)
  const withAt = words.findIndex((w, k) => k >= (draft.triggers[0] as Mention).end && w.norm === 'with');
  // ("overlapping meetings", "conflicting events": a participle sorts them by how they stand, naming none.)
  const sortedByState = (w: Word) => /ing$/.test(w.norm) && !w.tags.has('Noun') && !/[`'"]/.test(w.pre);
  const namesNoEvent = context === 'event' && object.some((w) => (withAt !== -1 && words.indexOf(w) > withAt && PARTY_SORTS.has(w.norm)) || PROGRAM_CALLS.has(w.norm) || sortedByState(w));
  if ((context === 'device' || context === 'event') && !scope.devices && !scope.events && object.length > 0 && !namesNoEvent && leftovers.every((w) => object.includes(w))) {
    add(context === 'device' ? 'devices' : 'events', object.map((w) => w.text).join(' ').toLowerCase());
    return scope;
  }
  return unstatable(view, namesNoScope(leftovers));
}

/** Words that describe an approval ("my personal OK", "explicit approval"), and the approvals they describe. */
const APPROVAL_DESCRIBERS = /^(personal|explicit|written|prior|express|final)$/;
const APPROVAL_WORDS = wordSet(L.APPROVAL_NOUNS);
/** Messages, which only a send is about as a matter of course. */
const MESSAGE_WORDS = /^(emails?|e-mails?|mails?|messages?|inbox|attachments?|replies|reply|drafts?|dms?|threads?)$/;

/** Actions on files and nothing else, where a bare name is a file's or a folder's. */
const FILE_FAMILIES: ReadonlySet<FamilyName> = new Set<FamilyName>(['remove', 'modify', 'overwrite', 'write', 'move', 'touch', 'read', 'backup']);

/**
 * The names in code spans that hold every leftover word, each with whether it is placed: after "in" or
 * "under" a folder ("code in `pi-mono`"), else, as a path, a file or folder of that name at any depth.
 */
function namesInCodeSpans(view: SentenceView, leftovers: readonly Word[]): { value: string; placed: boolean }[] | undefined {
  const spans = codeSpanNames(view);
  const spanOf = (w: Word) => spans.find((span) => w.start >= span.start && w.end <= span.end);
  if (spans.length === 0 || !leftovers.every((w) => spanOf(w) !== undefined)) return undefined;
  const words = view.words;
  const named = [...new Set(leftovers.map((w) => spanOf(w) as CodeSpanName))];
  return named.map((span) => ({ value: span.value, placed: /^(in|under|inside|within|into)$/.test(words[words.findIndex((x) => x.start >= span.start) - 1]?.norm ?? '') }));
}

type CodeSpanName = { readonly start: number; readonly end: number; readonly value: string };

/** The bare names written in code spans of the sentence ("`__pycache__`", "`staging`"), with their offsets (a flag, "`--drop`", names nothing). */
function codeSpanNames(view: SentenceView): CodeSpanName[] {
  const { text, start: base } = view.sentence;
  return [...text.matchAll(/`([\w@][\w.@-]*)`/g)].map((m) => {
    const start = base + (m.index ?? 0) + 1;
    return { start, end: start + (m[1] as string).length, value: m[1] as string };
  });
}

/** The items of a list written in a region: split at commas and at "or", "and", "nor". */
function listItems(view: SentenceView, region: Range): Range[] {
  const words = view.words;
  const items: Range[] = [];
  let start = region.from;
  for (let i = region.from; i < region.to; i++) {
    const w = words[i] as Word;
    if (/^(or|and|nor)$/.test(w.norm) && i > start) {
      items.push({ from: start, to: i });
      start = i + 1;
    } else if (endsWithComma(w)) {
      items.push({ from: start, to: i + 1 });
      start = i + 1;
    }
  }
  items.push({ from: start, to: region.to });
  return items.filter((item) => item.to > item.from);
}

const PUSHED_FAMILIES: readonly FamilyName[] = ['push', 'forcePush'];

/**
 * Whether a region is a list whose every leftover word sits in an item that names no target, and
 * some other item names one.
 */
function listItemsNamingNothing(view: SentenceView, region: Range, leftovers: readonly Word[], families: ReadonlySet<FamilyName>): boolean {
  const words = view.words;
  const items = listItems(view, region);
  if (items.length < 2) return false;
  // An item ends at its comma: "secrets, `.env`" puts `.env` in the second item, though its backtick comes before that word.
  const itemEnd = (item: Range) => {
    const last = words[item.to - 1] as Word;
    const comma = last.post.indexOf(',');
    return comma === -1 ? last.end + last.post.length : last.end + comma;
  };
  const itemStart = (item: Range) => {
    const previous = items[items.indexOf(item) - 1];
    // (The first from the word before it, so the marks before its own word are in it: "`.env` files" names `.env`, whose entity opens on its dot.)
    return previous ? itemEnd(previous) : (words[item.from - 1]?.end ?? view.sentence.start);
  };
  const named = (item: Range) =>
    view.textEntitiesIn({ from: region.from, to: region.to }).some((e) => e.kind !== 'amount' && e.start >= itemStart(item) && e.start < itemEnd(item)) || view.phraseEntitiesIn(item).length > 0;
  const inItem = (item: Range, w: Word) => words.indexOf(w) >= item.from && words.indexOf(w) < item.to;
  const mine = leftovers.filter((w) => inItem(region, w));
  const leftOut = (item: Range) => mine.some((w) => inItem(item, w));
  if (items.some(named)) return mine.every((w) => items.some((item) => inItem(item, w) && !named(item)));
  // "bypass quality checks or validation", "create commits or pull requests": the action's phrase names
  // its own thing, and the other items, plain common nouns, are things no scope can say.
  const phraseNamesThing = (item: Range) => view.mentions.some((m) => m.start >= item.from && m.end <= item.to && namesItsThing(view, m));
  // A compound's first word may look like a verb: "pull requests", "merge requests".
  const plainNouns = (item: Range) => (words[item.to - 1] as Word).tags.has('Noun') && words.slice(item.from, item.to).every((w) => (w.tags.has('Noun') || w.tags.has('Adjective') || w.tags.has('Determiner') || w.tags.has('Verb') || has(COORDINATORS, w)) && !w.tags.has('ProperNoun') && !w.tags.has('Pronoun') && !CAPITALIZED.test(w.text));
  // "remove code, files, or comments": an item that is files as such names every file; the others, plain
  // nouns no scope can say, are left ungoverned.
  // ("pushing commits or tags": commits as such are every push's, so the other items leave out none.)
  const thingsAsSuch = PUSHED_FAMILIES.some((f) => families.has(f)) ? /^(files?|folders?|directories|directory|commits?|changes)$/ : /^(files?|folders?|directories|directory)$/;
  // (The first item may open with the action itself: "push commits, or tags".)
  const ownAction = (k: number) => view.mentions.some((m) => k >= m.start && k < m.end && families.has(m.family));
  const filesAsSuch = (item: Range) => words.slice(item.from, item.to).every((w, k) => thingsAsSuch.test(w.norm) || /^(any|all)$/.test(w.norm) || has(COORDINATORS, w) || ownAction(item.from + k)) && words.slice(item.from, item.to).some((w) => thingsAsSuch.test(w.norm)) && !leftOut(item);
  // (A plural the tagger takes for a verb is a noun here: "or comments".)
  const plainWords = (item: Range) => words.slice(item.from, item.to).every((w) => (w.tags.has('Noun') || w.tags.has('Adjective') || w.tags.has('Determiner') || w.tags.has('Verb') || has(COORDINATORS, w)) && !w.tags.has('ProperNoun') && !w.tags.has('Pronoun') && !CAPITALIZED.test(w.text));
  if (items.some(filesAsSuch)) return items.every((item) => filesAsSuch(item) || plainWords(item));
  return items.some(phraseNamesThing) && items.every((item) => !leftOut(item) || (!phraseNamesThing(item) && plainNouns(item)));
}

/**
 * The word that names a branch: right after "to" with nothing more of the phrase ("push to release"),
 * or alone as the subject of a passive ("release must never be pushed to").
 */
function branchAfterTo(view: SentenceView, regions: readonly Range[], triggers: readonly Mention[]): number | undefined {
  const words = view.words;
  const action = (w: Word) => triggers.some((m) => words.indexOf(w) >= m.start && words.indexOf(w) < m.end);
  const firstTrigger = Math.min(...triggers.map((m) => m.start));
  for (const r of regions) {
    // Only a region before the action can be its passive subject.
    const content = r.to <= firstTrigger ? words.slice(r.from, r.to).filter((w) => !skips(w) && w.text !== '' && !w.tags.has('Determiner') && !action(w)) : [];
    const only = content.length === 1 ? (content[0] as Word) : undefined;
    // ("Changes that haven't been tested must not be pushed": a plural word for any things pushed names no branch.)
    // ("No automatic pushes", "no proactive pushes": how they happen, not where.)
    const unasked = has(ON_OWN_ACCORD_WORDS, only) || autoPrefix(only);
    if (only && !unasked && r.from === words.indexOf(only) - (words[r.from]?.tags.has('Determiner') ? 1 : 0) && /^[\w./-]+$/.test(only.text) && !has(FUNCTION, only) && !has(UNIVERSAL, only) && !(has(GENERIC, only) && /s$/.test(only.norm)) && !only.tags.has('Pronoun')) return words.indexOf(only);
    for (let i = r.from + 1; i < r.to; i++) {
      const w = words[i] as Word;
      if (!/^(to|onto|into)$/.test(words[i - 1]?.norm ?? '') || view.covered.has(i)) continue;
      const next = words[i + 1];
      const alone = !next || i + 1 >= r.to || /[,;:.!?)]/.test(w.post) || next.tags.has('Preposition') || next.tags.has('Conjunction') || next.tags.has('Adverb') || has(FUNCTION, next);
      // ("push to branches" is to any of them, not to one called "branches"; "push to update a branch": a verb, with its object after it.)
      const verbWithObject = next !== undefined && next.tags.has('Determiner') && w.tags.has('Verb');
      if (alone && !verbWithObject && /^[\w./-]+$/.test(w.text) && !/^branch(es)?$/.test(w.norm) && !has(FUNCTION, w) && !has(UNIVERSAL, w) && !has(DEFINITE, w) && !has(REMOTES, w) && !w.tags.has('Pronoun') && !w.tags.has('Determiner')) return i;
    }
  }
  return undefined;
}

/** A word of a noun phrase that a parenthesis then names: "the CQL grammar (`src/antlr/Cql.g`)". */
/** "`.env` files with real secrets", "containing API keys": what a file holds, said of it, which it is kept for. */
function holdsSecrets(words: readonly Word[], index: number): boolean {
  const holds = (w: Word | undefined) => w !== undefined && /^(with|containing|contain|contains|holding)$/.test(w.norm) && !/[,;:.!?]/.test(w.post);
  if (holds(words[index])) return SECRET_WORDS.test(words[index + 1]?.norm ?? '');
  if (!SECRET_WORDS.test(words[index]?.norm ?? '')) return false;
  let k = index - 1;
  while (k > index - 4 && SECRET_WORDS.test(words[k]?.norm ?? '') && !/[,;:.!?]/.test(words[k]?.post ?? '')) k--;
  return holds(words[k]);
}
const SECRET_WORDS = /^(real|actual|live|production|prod|sensitive|api|secrets?|credentials?|keys?|tokens?|passwords?)$/;

/**
 * "Never read service account tokens from `/var/run/secrets/`": secrets read from or in a path are what that
 * path holds; the path is the scope, the words before it say what it holds.
 */
function secretsFromPath(words: readonly Word[], index: number): boolean {
  for (let k = index; k < words.length && k < index + 4; k++) {
    const w = words[k] as Word;
    if (SECRET_HEADS.test(w.norm)) return /^(from|in|under|inside|within)$/.test(words[k + 1]?.norm ?? '') && !/[,;:.!?]/.test(w.post);
    if (!(w.tags.has('Noun') || w.tags.has('Adjective')) || /[,;:.!?()]/.test(w.post)) return false;
  }
  return false;
}
const SECRET_HEADS = /^(secrets|credentials|keys|tokens|passwords)$/;

function describesEntity(view: SentenceView, index: number): boolean {
  const words = view.words;
  for (let i = index; i < words.length && i < index + 5; i++) {
    const w = words[i] as Word;
    if (w.post.includes('(') || (words[i + 1]?.pre.includes('(') ?? false)) return view.covered.has(i + 1);
    if (!(w.tags.has('Noun') || w.tags.has('Adjective')) || /[,;:.!?)]/.test(w.post)) return false;
  }
  return false;
}

/**
 * The noun phrase right after an action, without its determiners: "the side entrance" → side
 * entrance. With `complement`, an event's "with …" or "for …" counts too: "anything with the board".
 */
function directObject(view: SentenceView, trigger: Mention, complement: boolean): Word[] {
  const words = view.words;
  const result: Word[] = [];
  let joined = false;
  for (let i = trigger.end; i < words.length; i++) {
    const w = words[i] as Word;
    if (w.tags.has('Determiner') || w.tags.has('Possessive') || has(DEFINITE, w) || has(UNIVERSAL, w) || (complement && has(GENERIC, w))) {
      if (result.length === 0 || joined) continue;
    }
    if (complement && !joined && /^(with|for|about)$/.test(w.norm)) {
      joined = true;
      continue;
    }
    if (!(w.tags.has('Noun') || w.tags.has('Adjective')) || w.tags.has('Pronoun') || has(FUNCTION, w) || view.isMentionWord(i)) break;
    result.push(w);
    if (/[,;:.!?]/.test(w.post)) break;
  }
  return result;
}


/**
 * "Never push `.env` files": a file reaches a push only by a commit, so the rule is over committing
 * it too, as "never commit or push `.env` files" says outright; a push alone names no file.
 */
function pushedFilesAreCommitted(rule: ConstraintRule): ConstraintRule {
  const onlyPaths = rule.scope.paths !== undefined && SCOPE_TARGET_FIELDS.every((field) => field === 'paths' || rule.scope[field] === undefined);
  if (!onlyPaths || !rule.trigger.every((verb) => verb === 'push' || verb === 'force-push')) return rule;
  return { ...rule, trigger: [...rule.trigger, 'commit'] };
}

/** "Don't book flights over $800": an amount is what a booking or an order costs, so the rule is over paying it. */
function costlyCreationsArePaid(rule: ConstraintRule): ConstraintRule {
  if (rule.scope.amountAbove === undefined || !rule.trigger.includes('create')) return rule;
  // ("booking any travel over $1,000": the trip is what is paid for, not an event the payment names.)
  const { events: _trip, ...paid } = rule.scope;
  return { ...rule, trigger: [...new Set(rule.trigger.map((verb) => (verb === 'create' ? 'pay' : verb)))], scope: paid };
}

/**
 * Compiles a draft into rules: one, or one per kind of step when a prerequisite asks for steps of
 * different kinds ("run the tests and back up the database": both are required, not either).
 */
function compileDraft(view: SentenceView, draft: Draft): ConstraintRule[] {
  // A rule whose scope none of its verbs can meet was not stated in a way the vocabulary can say.
  const meetable = (rule: ConstraintRule) => {
    const field = unmeetableField(rule);
    if (field !== undefined) view.unresolved = `its ${field} scope is not something ${rule.trigger.join('/')} can have`;
    return field === undefined;
  };
  // (Once for the draft: the rules of its parts are of the same actions, in the same clause.)
  const limit = mannerLimitAfter(view, draft.triggers);
  if (limit) {
    unstatable(view, namesNoScope([limit]));
    return [];
  }
  const rules = compileDraftRules(view, draft).map(pushedFilesAreCommitted).map(costlyCreationsArePaid).flatMap(anyBranchOnlyDeleted);
  const kept = rules.filter(meetable);
  if (kept.length === rules.length) return kept;
  // "Never update dependencies, package.json or build scripts": a phrase holds its own thing, and the
  // things listed after it are its verb's ("update package.json").
  const [phrase] = draft.triggers;
  const region = draft.regions[0];
  const verb = phrase && draft.triggers.length === 1 && region && namesItsThing(view, phrase) ? verbAlone(view, phrase) : undefined;
  if (!phrase || !region || !verb || !endsWithComma(view.words[phrase.end - 1])) return kept;
  const own = compileDraftRules(view, { ...draft, triggers: [phrase], regions: [{ from: phrase.start, to: phrase.end }] });
  const listed = compileDraftRules(view, { ...draft, triggers: [verb], regions: [{ from: phrase.end, to: region.to }] });
  const split = [...own, ...listed];
  return split.every((rule) => unmeetableField(rule) === undefined) ? split : kept;
}

/**
 * "Never force-push or delete branches": any branch is what the delete is over, so that it is no delete
 * of files; for the other actions it is no scope at all (a push to a branch the call does not name is one).
 */
function anyBranchOnlyDeleted(rule: ConstraintRule): ConstraintRule[] {
  const others = rule.trigger.filter((verb) => verb !== 'delete');
  if (JSON.stringify(rule.scope) !== '{"branches":["**"]}' || others.length === rule.trigger.length || others.length === 0) return [rule];
  return [{ ...rule, trigger: ['delete'] }, { ...rule, trigger: others, scope: {} }];
}

/** The first word of a phrase as an action of its own: "update" of "update dependencies". */
function verbAlone(view: SentenceView, phrase: Mention): Mention | undefined {
  const word = view.words[phrase.start] as Word;
  const single = word.forms.flatMap((form) => (ACTIONS_BY_FIRST.get(form) ?? []).filter((c) => c.phrase.length === 1).map((c) => ({ family: c.family, form }))).find((c) => c.family !== phrase.family);
  return single && word.tags.has('Verb') ? { family: single.family, start: phrase.start, end: phrase.start + 1, form: formOf(word, single.form) } : undefined;
}

/** Merging the pull request, as a rule names it: `gh pr merge` and the forge tools bound to it. */
const MERGE_PULL_REQUEST: CommandRule = { verbs: ['execute'], scope: { commands: ['gh pr merge'] }, checks: false };

function compileDraftRules(view: SentenceView, draft: Draft): ConstraintRule[] {
  const examples = draft.example ? undefined : categoryExamples(view, draft);
  // The action itself, over no object: its examples were only the programs that do it.
  if (examples?.length === 0) return compileDraftRules(view, { ...draft, regions: draft.regions.map((r) => ({ from: r.from, to: Math.min(r.to, (draft.triggers[0] as Mention).end) })), example: true });
  if (examples) return examples.flatMap((example) => compileDraftRules(view, { ...draft, triggers: [example.mention], regions: [example.region], example: true }));
  // "tests must pass before you merge", "never merge without green CI": merging with nothing named,
  // checked first, merges the pull request; so does merging with nothing named that waits for a yes
  // ("User approval required before merging").
  // (Not merges said as a thing reviewed: "Human-only review is required for merges" says who reviews.)
  // ("Never merge; always open a PR": so does a ban on merging beside a pull request the sentence names.)
  const pullRequestNamed = () => view.mentions.some((b) => (b.command?.scope.commands ?? []).some((c) => c.startsWith('gh pr ')));
  const alone = (m: Mention) => (draft.kind === 'prerequisite' || (draft.kind === 'confirmation' && m.form !== 'third') || (draft.kind === 'prohibition' && pullRequestNamed())) && draft.regions.every((r) => view.words.slice(r.from, r.to).every((w, k) => (r.from + k >= m.start && r.from + k < m.end) || w.tags.has('Adverb')));
  if (draft.triggers.some((m) => m.family === 'land' && alone(m))) {
    return compileDraftRules(view, { ...draft, triggers: draft.triggers.map((m) => (m.family === 'land' && alone(m) ? { ...m, family: 'command', command: MERGE_PULL_REQUEST } : m)) });
  }
  // "Always open a PR, never merge it yourself": merging what points back at a pull request named before merges it.
  const mergesNamedPullRequest = (m: Mention) => m.family === 'land' && /^(it|them)$/.test(view.words[m.end]?.norm ?? '') && view.mentionsIn({ from: 0, to: m.start }).some((b) => (b.command?.scope.commands ?? []).some((c) => c.startsWith('gh pr ')));
  if (draft.triggers.some(mergesNamedPullRequest)) {
    return compileDraftRules(view, { ...draft, triggers: draft.triggers.map((m) => (mergesNamedPullRequest(m) ? { ...m, family: 'command', command: MERGE_PULL_REQUEST } : m)) });
  }
  // "any database write", "no calendar changes": the noun before an action said as a noun is what it acts on.
  const modifiers = draft.triggers.flatMap((m) => {
    const before = nounsBeforeNominal(view, m);
    return before && !draft.regions.some((r) => r.from <= before.from && r.to >= before.to) ? [before] : [];
  });
  if (modifiers.length > 0) return compileDraftRules(view, { ...draft, regions: [...draft.regions, ...modifiers] });
  // "Do not run smoke tests locally (`pytest tests/smoke_tests/`)": tests of a kind, glossed by the command in
  // the parenthesis after them, are that command (what kind no scope says; the command says it).
  const tests = draft.triggers.length === 1 && draft.kind !== 'prerequisite' && !draft.example ? draft.triggers.find((m) => m.family === 'test') : undefined;
  const region = draft.regions[0];
  const gloss = tests && region ? view.mentionsIn({ from: tests.end, to: Math.min(region.to, tests.end + 3) }).find((m) => m.command !== undefined && parenthesisOpensAt(view.words, m.start)) : undefined;
  if (gloss) return compileDraftRules(view, { ...draft, triggers: [gloss], regions: [{ from: gloss.start, to: gloss.end }] });
  // "Ask before writing new files", "never add new files": files written new are made; nothing is overwritten.
  const writesNewFiles = (m: Mention) => m.family === 'write' && view.words.slice(m.start, m.end + 3).some((w, k) => w.norm === 'new' && /^(files?|modules?|scripts?|documents?|docs|pages?|components?)$/.test(view.words[m.start + k + 1]?.norm ?? ''));
  if (draft.triggers.some(writesNewFiles)) return compileDraftRules(view, { ...draft, triggers: draft.triggers.map((m) => (writesNewFiles(m) ? { ...m, family: 'create' } : m)) });
  // "`pnpm run lint` - Check code style (don't cancel early)": cancelling with nothing named, beside a command and no
  // booking or event, stops the command's run, which is no action of the vocabulary.
  const cancelsRun = (m: Mention) => m.family === 'cancel' && draft.regions.every((r) => !names(view, { from: m.end, to: r.to })) && view.mentions.some((c) => c.command !== undefined) && !view.words.some((w) => isRecord(w) || has(GENERIC_EVENT_WORDS, w));
  if (draft.triggers.length > 0 && draft.triggers.every(cancelsRun)) {
    view.unresolved = 'what is cancelled is a command\'s run, which no action of the vocabulary is';
    return [];
  }
  // "Avoid duplicating code", "code must not be duplicated": a rule of style, no backup forbidden or gated.
  const duplicating = (m: Mention) => m.family === 'backup' && /^duplicat/.test(view.words[m.start]?.norm ?? '');
  if (draft.triggers.some(duplicating)) {
    const rest = draft.triggers.filter((m) => !duplicating(m));
    return rest.length > 0 ? compileDraftRules(view, { ...draft, triggers: rest }) : [];
  }
  // "never call `delete_audit_trail`": a tool over things no scope says governs no action of its verb.
  const narrowedTools = draft.triggers.filter((m) => (m.command?.narrowedBy?.length ?? 0) > 0);
  if (narrowedTools.length > 0) {
    const tool = narrowedTools[0] as Mention;
    view.unresolved = `"${view.words.slice(tool.start, tool.end).map((w) => w.text).join(' ').replace(/`/g, '')}" acts on ${tool.command?.narrowedBy?.join(' ')}, which no scope says`;
    const rest = draft.triggers.filter((m) => !narrowedTools.includes(m));
    return rest.length > 0 ? compileDraftRules(view, { ...draft, triggers: rest, regions: draft.regions.flatMap((r) => outside(r, narrowedTools)) }) : [];
  }
  // "Don't `curl | bash`": a command line of several commands is no prefix of any one of them (the first
  // alone would forbid every `curl`); a step a prerequisite asks for may still be one.
  const joinedCommands = draft.triggers.filter((m) => m.command?.joined === true);
  if (joinedCommands.length > 0) {
    view.unresolved = `"${joinedCommands.flatMap((m) => m.command?.scope.commands ?? []).join('", "')}" joins several commands, which no command scope says`;
    const rest = draft.triggers.filter((m) => !joinedCommands.includes(m));
    return rest.length > 0 ? compileDraftRules(view, { ...draft, triggers: rest, regions: draft.regions.flatMap((r) => outside(r, joinedCommands)) }) : [];
  }
  // "Never stage files with `git add -A` or `git add .`": an operation said in words, done with forms of its
  // own command written after it, is those forms only.
  const formsOf = (m: Mention): string[] => {
    const own = m.saidInWords ? (m.command?.scope.commands ?? []) : [];
    const means = view.words.findIndex((w, k) => k >= m.end && k < (draft.regions[0]?.to ?? m.end) && /^(with|using|via)$/.test(w.norm));
    if (own.length === 0 || means === -1) return [];
    const written = view.textEntitiesIn({ from: means + 1, to: draft.regions[0]?.to ?? means + 1 }).filter((e) => e.kind === 'command').map((e) => e.value);
    return written.length > 0 && written.every((c) => own.some((o) => c.startsWith(`${o} `))) ? written : [];
  };
  const forms = draft.triggers.map(formsOf);
  if (forms.some((written) => written.length > 0)) {
    const triggers = draft.triggers.map((m, k): Mention => {
      const written = forms[k] ?? [];
      if (written.length === 0 || !m.command) return m;
      // Its forms are written out: no longer an operation said in words.
      const { saidInWords: _inWords, ...asWritten } = m;
      return { ...asWritten, command: { ...m.command, scope: { commands: written } } };
    });
    return compileDraftRules(view, { ...draft, triggers });
  }
  const named = draft.triggers.filter((m) => m.command !== undefined);
  const purposes = operationsDoneWith(view, draft, named);
  if (purposes.length > 0) return compileDraftRules(view, { ...draft, triggers: purposes, regions: [{ from: (purposes[0] as Mention).start, to: (purposes[purposes.length - 1] as Mention).end }] });
  if (named.length > 0) {
    const others = draft.triggers.filter((m) => m.command === undefined);
    // "Never merge PRs into main", "never run `npm install` in CI": a command scope cannot say where.
    const narrowing = commandNarrowing(view, draft, named);
    // "`git push --force` to main": a command that is one of the vocabulary's actions, naming no
    // target of its own, takes its place from the sentence as that action's words would.
    const asActions = narrowing === undefined ? undefined : named.map(actionOfCommand);
    if (asActions?.every((m) => m !== undefined)) return compileDraftRules(view, { ...draft, triggers: [...asActions, ...others] });
    if (narrowing !== undefined) view.unresolved = narrowing;
    // "Never commit or PR without asking": the command said beside an action is not its object.
    const othersRegions = draft.regions.flatMap((r) => outside(r, named));
    return [...(narrowing === undefined ? commandRules(draft, named) : []), ...(others.length > 0 ? compileDraftRules(view, { ...draft, triggers: others, regions: othersRegions }) : [])];
  }
  const regions = draft.regions.filter((r) => r.to > r.from).map((r) => withModifiers(view, draft.triggers, r));
  // "the following changes", "these files": the thing is named elsewhere, and no scope says where.
  const pointer = regions.flatMap((r) => view.words.slice(r.from, r.to)).find((w) => has(POINTERS, w));
  if (pointer && !entitiesIn(view, regions).some(namesTarget)) {
    view.unresolved = `its targets are named elsewhere ("${pointer.text}"), not in the sentence`;
    return [];
  }
  const searched = [...regions, ...(draft.stepRegions ?? []), ...(draft.whereRegions ?? [])].filter((r) => r.to > r.from);
  const trigger = draft.triggers[0] as Mention;
  // A step's own words name no target: "without tests" is the test step, not an environment called tests.
  const stepWords = (e: Entity) => (draft.requires ?? []).some((m) => e.start >= (view.words[m.start] as Word).start && e.start < (view.words[m.end - 1] as Word).end);
  // "…, run `npm run codegen` instead": what to do in its place names none of the rule's targets.
  const inItsPlace = (e: Entity) => {
    const after = view.words.findIndex((w) => w.start >= e.end);
    return e.kind === 'command' && after !== -1 && view.words.slice(after, after + 2).some((w) => /^(instead|rather)$/.test(w.norm));
  };
  // ("do not open `run_bot.sh` or `.env`": a file's name written as a command, acted on as a file, not run, is that file.)
  const onFiles = draft.triggers.every((m) => FILE_FAMILIES.has(m.family) || m.family === 'open');
  const asFile = (e: Entity): Entity => {
    if (!onFiles || e.kind !== 'command' || !/^(?:\.\/)?[\w./-]*\.[\w-]+$/.test(e.value)) return e;
    const file = e.value.replace(/^\.\//, '');
    return { ...e, kind: 'path', value: file.includes('/') ? file : `**/${file}` };
  };
  // ("creating a .bak copy first": an extension before the copy says what the copy is named, not what is copied.)
  const copysName = (e: Entity) => draft.kind === 'prerequisite' && /^\*\*\/\*\.[\w-]+$/.test(e.value) && /^(copy|copies|backup|backups|version)$/.test(view.words.find((w) => w.start >= e.end)?.norm ?? '');
  let entities = entitiesIn(view, searched).filter((e) => !stepWords(e) && !inItsPlace(e) && !copysName(e)).map(asFile);
  // "Read `docs/README.md` before making changes": a step on one file before actions on others is no
  // same-target prerequisite; it is one when the action points back at the step's thing ("back up
  // temp/ before deleting it") or names its own.
  if (draft.kind === 'prerequisite' && draft.stepRegions) {
    const stepPaths = entitiesIn(view, draft.stepRegions).filter((e) => e.kind === 'path' && !copysName(e));
    const own = entitiesIn(view, regions).some(namesTarget);
    // "before deleting it", "before they are deleted": a pronoun in the action's object or as its subject.
    const near = [...regions, ...draft.triggers.map((m) => ({ from: Math.max(0, m.start - 3), to: m.start }))];
    // ("before modifying that package": a pointer with a thing of another sort than the step's file points elsewhere.)
    const otherSort = (k: number) => /^(that|this|those|these)$/.test(view.words[k]?.norm ?? '') && view.words[k + 1]?.tags.has('Noun') === true && !/^(files?|documents?|docs?|ones?)$/.test(view.words[k + 1]?.norm ?? '');
    // ("before you delete anything there": the place said back is the step's.)
    const pointsAtStep = near.some((r) => view.words.slice(r.from, r.to).some((w, k) => (has(ANAPHOR, w) && !otherSort(r.from + k)) || /^(its|their|they|the same)$/.test(w.norm) || (w.norm === 'there' && !w.tags.has('Pronoun'))));
    // "Back up the photos before editing": an action with no object of its own is on the step's thing, as
    // "before editing them" says. (A check's object is no thing acted on: "run the full suite before pushing".)
    const triggerAlone = regions.every((r) => view.words.slice(r.from, r.to).every((w, k) => draft.triggers.some((m) => r.from + k >= m.start && r.from + k < m.end) || w.tags.has('Adverb')));
    const onStepsThing = triggerAlone && !own && (draft.requires ?? []).every((m) => m.family === 'backup');
    if (stepPaths.length > 0 && !own && !pointsAtStep && !onStepsThing) {
      view.unresolved = `the step is on ${stepPaths.map((e) => `"${e.value}"`).join(', ')}, not on what the rule governs`;
      return [];
    }
    // (A thing the step names, "the users table", is the rule's scope, read below.)
    const stepSorts = onStepsThing && entitiesIn(view, draft.stepRegions).length === 0 ? draft.stepRegions.flatMap((r) => objectWords(view, r, new Set(['backup']))).filter((w) => !view.isMentionWord(view.words.indexOf(w))) : [];
    if (stepSorts.length > 0) {
      unstatable(view, namesNoScope(stepSorts));
      return [];
    }
    // ("Read the style guide before changing any code", "read these documents before making changes": a guide read first, not the files changed.)
    const reads = (draft.requires ?? []).some((m) => verbsOf([m], undefined).includes('read'));
    const guide = reads ? draft.stepRegions.flatMap((r) => view.words.slice(r.from, r.to).filter((_, k) => !view.covered.has(r.from + k))).find((w) => GUIDES.test(w.norm)) : undefined;
    if (guide && !own && !pointsAtStep) {
      view.unresolved = `the step is on the ${guide.text}, not on what the rule governs`;
      return [];
    }
  }
  // "The raw/ folder is the only copy, so never delete anything in it": an object that points
  // back takes its targets from earlier in the sentence; with none there, the rule names nothing.
  if (!entities.some(namesTarget) && (refersBack(view, trigger, regions[0] ?? { from: 0, to: 0 }) || listObjectRefersBack(view, draft.triggers, regions[0] ?? { from: 0, to: 0 }))) {
    const before = { from: 0, to: regions[0]?.from ?? 0 };
    // (A command named before is no file a file action's "it" can be: "alters `write_to_bq()` output, … hand-editing it".)
    const fileAction = draft.triggers.every((m) => FILE_FAMILIES.has(m.family));
    entities = entitiesIn(view, [before, ...searched]).filter((e) => !inItsPlace(e) && !(fileAction && e.kind === 'command'));
    // "Read a file before editing it": what "it" points at may be any thing of a kind, not a named one.
    // (Within its own clause: "When a change alters the output, regenerate the golden instead of hand-editing it" points at the golden.)
    let own = before.to;
    while (own > before.from && !endsWithComma(view.words[own - 1]) && !/[;:]/.test(view.words[own - 1]?.post ?? '')) own--;
    const kindAt = view.words.slice(own, before.to).findIndex((w, i) => {
      const previous = view.words[own + i - 1];
      // ("Draft replies but never send them": the object of another verb, any of its kind.)
      // (The tagger may take a plural after a verb for a phrasal verb of its own: "Read files in full".)
      const noun = w.tags.has('Noun') || (/s$/.test(w.norm) && previous?.tags.has('Verb') === true && !previous.tags.has('Auxiliary'));
      // ("Read my email but never send it": the person's own things are things of the kind.)
      // ("Archive emails instead of deleting them": messages are a send's; for a file action they are no files.)
      const notActedOn = MESSAGE_WORDS.test(w.norm) && !draft.triggers.some((m) => m.family === 'send');
      return has(GENERIC, w) && noun && !notActedOn && (previous === undefined || opensThing(view, own + i - 1) || /^(my|our|your)$/.test(previous.norm));
    });
    // ("Create feature branches but never delete them": a kind a scope field of its own says, with the words that sort it, is the object.)
    const fieldKind = entities.some(namesTarget) ? -1 : view.words.findIndex((w, k) => k >= own && k < before.to && /^(branch|branches|table|tables|database|databases|db|dbs)$/.test(w.norm));
    if (fieldKind !== -1) {
      let from = fieldKind;
      while (from > own && modifiesKind(view, from - 1)) from--;
      if (from > 0 && opensThing(view, from - 1)) {
        return compileDraftRules(view, { ...draft, regions: [{ from, to: fieldKind + 1 }, ...draft.regions.slice(1)] });
      }
    }
    if (!entities.some(namesTarget) && kindAt === -1) {
      view.unresolved = 'what it points at ("it", "them") is not named in the sentence';
      return [];
    }
  }
  // "`docs/api/` is generated, never hand edit": a file action with no object of its own acts on the
  // file or folder a clause before it named, never on every file.
  const inTrigger = (i: number) => draft.triggers.some((m) => i >= m.start && i < m.end);
  const objectless = regions.every((r) => view.words.slice(r.from, r.to).every((w, k) => inTrigger(r.from + k) || w.tags.has('Adverb') || /^(by|hand|manually|directly|yourself)$/.test(w.norm)));
  let clauseBefore = trigger.start;
  while (clauseBefore > 0 && !/[,;:]|\s[-–—]\s/.test((view.words[clauseBefore - 1] as Word).post)) clauseBefore--;
  // "`CHANGELOG.md`: do not edit entries unless asked": under a label that is only a file written out, the
  // rule's object is a part of that file (entries, sections, rules), so the file is what it acts on.
  // (A folder's label is wider than its object: "`src/legacy/`: never delete the tests" is about some of its files.)
  const labelPaths = clauseBefore > 0 ? view.textEntitiesIn({ from: 0, to: clauseBefore }).filter((e) => e.kind === 'path' && !e.inWords && NAMES_A_FILE.test(e.value)) : [];
  const pathLabel = labelPaths.length > 0 && view.words.slice(0, clauseBefore).every((w) => labelPaths.some((e) => w.start >= e.start && w.end <= e.end) || /^(and|or)$/.test(w.norm));
  const onFilesUnnamed = !entities.some(namesTarget) && (objectless || pathLabel) && !draft.example && draft.triggers.every((m) => FILE_FAMILIES.has(m.family));
  // "The `gen/` folder is generated. Never edit by hand.": a ban with nothing named in its sentence
  // is about what the text before it was about, which no scope here says. ("Ask before making
  // changes" is about any change.)
  if (onFilesUnnamed && draft.kind === 'prohibition' && clauseBefore === 0 && view.sentence.start > 0 && (view.sentence.namedBefore?.() ?? true)) {
    unstatable(view, 'what it acts on was said before the sentence, not in it');
    return [];
  }
  // (Its object words, "ownership rules", are then parts of the file, no narrowing of it.)
  if (onFilesUnnamed && pathLabel && !objectless) return compileDraftRules(view, { ...draft, regions: draft.triggers.map((m) => ({ from: m.start, to: m.end })) });
  if (onFilesUnnamed && clauseBefore > 0) {
    // ("You may check status/logs, but do not make changes": what a permission names is not what the ban is about.)
    const permitted = view.words.slice(0, clauseBefore).some((w) => /^(may|can|allowed|free)$/.test(w.norm));
    const named = permitted ? [] : entitiesIn(view, [{ from: 0, to: clauseBefore }]).filter((e) => e.kind === 'path');
    if (named.length > 0) entities = named;
    // "The docs are generated, never edit by hand": a thing said in words, which no scope names.
    // ("**Approval mode:** … wait for approval before editing": a title that names a way of working is no thing.)
    const title = TITLE_NOUNS.has(view.words[clauseBefore - 1]?.norm ?? '') && /:/.test(view.words[clauseBefore - 1]?.post ?? '');
    // ("While I'm out this week, ask before making changes": when the rule holds names no thing.)
    const said = title ? [] : view.words.slice(0, clauseBefore).filter((w, k) => w.tags.has('Noun') && !w.tags.has('Pronoun') && !timeWordAt(view.words, k));
    // ("Read-only access to prod: never write": a place of another kind than a file's, which no write acts on.)
    const elsewhere = permitted ? [] : entitiesIn(view, [{ from: 0, to: clauseBefore }]).filter((e) => e.kind === 'environment' || e.kind === 'branch' || e.kind === 'database');
    // ("Delegate to specialist agents; do not implement changes yourself": an order before it is one of its own, no thing named.)
    // ("Show proposed changes, wait for approval before editing": what is shown is put before the user, not acted on.)
    // (After a label of its own: "**Approval mode:** Show proposed changes, wait …".)
    let labelEnd = clauseBefore - 1;
    while (labelEnd > 0 && !/:/.test((view.words[labelEnd - 1] as Word).post)) labelEnd--;
    const opener = view.words[skipOpeners(view.words, labelEnd, clauseBefore)];
    const orderBefore = opener?.tags.has('Imperative') === true && (view.mentionsIn({ from: 0, to: clauseBefore }).length === 0 || has(PRESENTING, opener));
    if (named.length === 0 && !orderBefore && (said.length > 0 || elsewhere.length > 0)) {
      unstatable(view, said.length > 0 ? namesNoScope(said) : `"${elsewhere.map((e) => e.value).join('", "')}" is not a target ${verbsSaid(draft)} acts on`);
      return [];
    }
  }
  const families = [...draft.triggers, ...(draft.requires ?? [])].map((m) => m.family);
  // An example's plain object ("modifying flights", "upgrading cabin class") is a record of the system
  // the category names: only targets written out (paths, branches, addresses) narrow it.
  // (A table or a database the example itself names narrows it too: "truncating the `audit_log` table"; the
  // action's own word is no name, "drop database".)
  // (Its own region is the first; the category's object may follow.)
  const own = draft.regions[0];
  const inExample = (e: Entity) => own !== undefined && own.to > own.from && e.start >= (view.words[own.from] as Word).start && e.end <= (view.words[own.to - 1] as Word).end && view.contextWord('database', [own]) && !view.isMentionWord(view.words.findIndex((w) => w.start === e.start));
  if (draft.example) entities = entities.filter((e) => (['path', 'email', 'domain', 'branch', 'environment', 'command', 'amount'].includes(e.kind) || ((e.kind === 'table' || e.kind === 'database') && inExample(e))) && !(e.kind === 'path' && e.inWords));
  // An example's context comes from what it writes out, or database words ("dropping database tables") or file words ("file
  // operations (create, delete, modify)"), else the records of a service.
  const context = draft.example ? (contextOf(view, families, entities, []) ?? (view.contextWord('database', searched) ? 'database' : view.contextWord('file', [categoryBefore(view, draft)]) ? 'path' : 'resource')) : contextOf(view, families, entities, searched);
  // "No uncommitted changes", "make sure there are no unsaved edits": changes said by their state are work
  // that exists, no act of writing.
  const stateOfWork = draft.triggers.find((m) => (m.family === 'modify' || m.family === 'write') && m.end === m.start + 1 && view.words[m.start]?.tags.has('Noun') === true && has(WORK_STATES, view.words[m.start - 1]));
  if (stateOfWork) {
    unstatable(view, `"${view.words[stateOfWork.start - 1]?.text} ${view.words[stateOfWork.start]?.text}" is a state of the work, which no action says`);
    return [];
  }
  // "create branches", "create a tag": things of git or a forge that no create rule is about (events, bookings, files).
  const createdElsewhere = context === undefined && families.includes('create') && regions.some((r) => view.words.slice(r.from, r.to).some((w) => has(REPOSITORY_THINGS, w)));
  if (createdElsewhere) {
    unstatable(view, `what ${verbsSaid(draft)} makes here is no target the vocabulary names`);
    return [];
  }
  const acted = actedTriggers(view, draft, context, regions);
  const scopeRead = scopeOf(view, draft, context, entities, regions, acted);
  if (scopeRead === 'unrepresentable') return [];
  const scope = context === 'money' && scopeRead.amountAbove === undefined ? { ...scopeRead, ...amountExcepted(view) } : scopeRead;
  const scoped = SCOPE_TARGET_FIELDS.some((f) => scope[f] !== undefined) || scope.amountAbove !== undefined;
  // "Always back up your photos": advice about the listener's own things, not a rule for the agent;
  // but "never commit your changes" is about what the agent makes, which is any of its work.
  const yours = (r: Range) => view.words.slice(r.from, r.to).some((w, k) => w.norm === 'your' && !has(AGENT_WORK, view.words[r.from + k + 1]) && !findAll(view.words, P.onOwnAccord, r.from, r.to).some((f) => r.from + k >= f.start && r.from + k < f.end));
  if (!scoped && regions.some(yours)) return [];
  // "Don't reply-all", "never bcc anyone": a way of sending, to no one named, is no ban on every message.
  const sendingWay = draft.triggers.find((m) => m.family === 'send' && (/^b?cc$/.test(view.words[m.start]?.norm ?? '') || (view.words[m.start]?.forms.includes('reply') === true && view.words[m.end]?.norm === 'all')));
  if (sendingWay && !scoped) {
    unstatable(view, `"${view.words.slice(sendingWay.start, sendingWay.end + (view.words[sendingWay.end]?.norm === 'all' ? 1 : 0)).map((w) => w.text).join(' ')}" is a way of sending, which no scope says`);
    return [];
  }
  const triggerVerbs = verbsOf(acted, context);
  if (triggerVerbs.length === 0) return [];
  if (draft.kind !== 'prerequisite') return [{ kind: draft.kind, trigger: triggerVerbs, scope }];
  const stepFamilies = unique((draft.requires ?? []).map((m) => m.family)) as FamilyName[];
  return stepFamilies.flatMap((family) => {
    const requires = verbsOf(draft.requires?.filter((m) => m.family === family) ?? [], context).filter((v) => !triggerVerbs.includes(v));
    return requires.length > 0 ? [{ kind: 'prerequisite' as const, trigger: triggerVerbs, scope, requires }] : [];
  });
}

/** The draft's triggers as the actions they are on their context's targets. */
function actedTriggers(view: SentenceView, draft: Draft, context: TargetContext | undefined, regions: readonly Range[]): readonly Mention[] {
  return context === 'database' ? draft.triggers.map((m) => databaseRemoval(view, m, regions)) : draft.triggers;
}

/**
 * A removal in a database, by its word and its object: rows deleted are a DELETE, never a table dropped or
 * emptied ("delete records from the users table"); a table dropped is a DROP, never its rows deleted ("drop any tables").
 */
function databaseRemoval(view: SentenceView, mention: Mention, regions: readonly Range[]): Mention {
  if (mention.family !== 'remove') return mention;
  if (view.words[mention.start]?.forms.includes('drop') === true && mention.end === mention.start + 1) return { ...mention, family: 'sqlDrop' };
  const rows = regions.some((r) => view.words.slice(Math.max(r.from, mention.end), r.to).some((w) => has(ROW_NOUNS, w)));
  return rows ? { ...mention, family: 'sqlDelete' } : mention;
}

/** Actions only git does: said of "any git command", they are every one of them. */
const GIT_OWN_FAMILIES: ReadonlySet<FamilyName> = new Set<FamilyName>(['skipChecks', 'forcePush', 'rewriteHistory', 'commit', 'push']);

/** What a word written as a command's flag follows: "`--delete`", "--purge", "`-delete`". */
const FLAG_WRITTEN = /(?:^|[\s`(])--$|`-$/;
/** Actions a flag is on its own, whatever verb it is used with: `--no-verify`, `--force`. */
const INSTRUMENT_FAMILIES: ReadonlySet<FamilyName> = new Set<FamilyName>(['skipChecks', 'forcePush']);
/** A path whose last part is a file's name: an extension, or a capitalised name ("CODEOWNERS", "Makefile"). */
const NAMES_A_FILE = /(?:^|\/)(?:[^/]*\.[A-Za-z0-9]+|[A-Z][A-Za-z]*)$/;
/** Marks of a list of examples after a category: "such as", "like", "e.g.", "including", or a parenthesis. */
const EXAMPLE_MARKERS = compile(['such as', 'like', 'e.g.', 'eg', 'e.g', 'including', 'include', 'for example', 'for instance', 'i.e.', 'namely']);
const WELL_KNOWN_BRANCH = wordSet(L.WELL_KNOWN_BRANCHES);
const ENVIRONMENT_NAME = new Set(L.ENVIRONMENT_NAMES);
/** Names only an environment has ("dev/test" may be a folder; "production/live" is not). */
const DEPLOYED_ENVIRONMENT = /^(?:production|prod|staging|live|preprod|pre-prod|uat)$/i;
/** Families whose phrases' gaps describe the thing rather than narrow it: any check skipped, any commit made. */
const DESCRIBED_GAPS: ReadonlySet<FamilyName> = new Set<FamilyName>(['skipChecks', 'publish', 'commit']);
/** Words that say a package or a file is one more, not which kind: "add new dependencies", "add new files"; "install system packages" narrows. */
const ADDED_THING_WORDS = wordSet(['new', 'additional', 'extra', 'more', 'other', 'external', 'third-party', 'outside', 'unnecessary', 'unneeded', 'random', 'arbitrary', 'unapproved', 'unvetted']);

/** Whether a word in a phrase's gap only describes its thing ("the", "new dependencies") rather than narrows it. */
function gapDescribes(mention: Mention, w: Word): boolean {
  if (DESCRIBED_GAPS.has(mention.family)) return true;
  if (w.tags.has('Determiner') || w.tags.has('Possessive') || has(FUNCTION, w) || has(UNIVERSAL, w)) return true;
  // "modify the database schema": a schema is a database's.
  // ("create new tables": what is created is new, whichever table it is.)
  if (mention.family === 'schemaChange' && (has(DATABASE_WORDS, w) || has(ADDED_THING_WORDS, w))) return true;
  // "add new files": what is added is new, whichever file it is.
  return (mention.family === 'install' || mention.family === 'write') && has(ADDED_THING_WORDS, w);
}
const CHOOSING = wordSet(['use', 'prefer', 'always', 'only', 'run', 'invoke', 'choose', 'stick', 'favor', 'favour', 'switch']);
/** Labels that introduce a remark, not an instruction: "Note: we build with `vite`, not `webpack`." */
const NOTE_LABELS = wordSet(['note', 'tip', 'hint', 'example', 'fyi', 'info', 'context', 'background', 'aside']);
const SHOWING = wordSet(['show', 'write', 'document', 'mention', 'describe', 'explain', 'recommend', 'suggest', 'display', 'print']);
/** The verb of a relative clause on a kind of action or on anything: "commands that delete files", "anything that pushes". */
function relativeOfCategory(words: readonly Word[], verbAt: number): boolean {
  return /^(that|which)$/.test(words[verbAt - 1]?.norm ?? '') && (has(CATEGORY_NOUNS, words[verbAt - 2]) || /^(anything|something)$/.test(words[verbAt - 2]?.norm ?? ''));
}

/** Files of a kind a generic word may name elsewhere ("run scripts", "use tools"): as what a file action is over, some files only. */
const FILE_KINDS = wordSet(['script', 'scripts', 'tool', 'tools', 'asset', 'assets', 'artifact', 'artifacts', 'binary', 'binaries', 'program', 'programs']);
const CATEGORY_NOUNS = wordSet(['action', 'operation', 'change', 'loss', 'risk', 'command', 'thing', 'task', 'step', 'activity', 'setup', 'job', 'maintenance', 'administration', 'update', 'modification', 'write', 'mutation', 'tool', 'call', 'program', 'editor', 'pager', 'binary', 'cli', 'process', 'statement', 'query']);

/** Kinds followed by a list of their examples in `range` ("branches (main, develop)", "branches like main"): where each list runs. */
function exampledKinds(view: SentenceView, range: Range): { kind: number; from: number; to: number }[] {
  const words = view.words;
  const lists: { kind: number; from: number; to: number }[] = [];
  for (let kind = range.from; kind < range.to - 1; kind++) {
    const head = words[kind] as Word;
    const parenthesis = /\(\s*$/.test(head.post) || /\(/.test(words[kind + 1]?.pre ?? '');
    const marker = parenthesis ? undefined : startsWith(words, EXAMPLE_MARKERS, kind + 1, range.to);
    // ("protected origin branches (main, master)": a plural after a noun, before its examples, is a noun however tagged.)
    const noun = head.tags.has('Noun') || (/[^s]s$/.test(head.norm) && words[kind - 1]?.tags.has('Noun') === true && parenthesis);
    if (!noun || (!parenthesis && marker === undefined)) continue;
    let to = marker ?? kind + 1;
    while (to < range.to && !(parenthesis && /\)/.test(words[to - 1]?.post ?? '') && to > kind + 1)) to++;
    lists.push({ kind, from: marker ?? kind + 1, to });
  }
  return lists;
}

/**
 * The examples of a category the draft's action is stated over: "actions that update the booking
 * database (booking, modifying flights, editing baggage)", "external operations such as pushing
 * commits or posting comments". Each example's action is governed (SPEC section 4), each with the
 * words up to the next example. None (an empty list) when the examples are only the programs that do
 * the draft's own action ("install commands like `npm`, `pip`"): that action is the rule.
 */
function categoryExamples(view: SentenceView, draft: Draft): { mention: Mention; region: Range }[] | undefined {
  const words = view.words;
  const region = draft.regions[0];
  const first = draft.triggers[0];
  if (!region || !first) return undefined;
  const from = Math.min(region.from, first.start);
  // The category is named just before the draft's actions, or by its first action ("actions that update …").
  const headAt = (i: number) => has(CATEGORY_NOUNS, words[i]) && (words[i] as Word).tags.has('Noun');
  let head = -1;
  for (let i = Math.max(0, from - 8); i < Math.min(region.to, from + 12); i++) if (headAt(i)) head = i;
  // "any change of product types (e.g. …)" is a narrower kind than its examples say: no category reading.
  if (head === -1 || /^(of|to|for)$/.test(words[head + 1]?.norm ?? '')) return undefined;
  // ("update for minor changes like bug fixes": a kind after a preposition says when or why, not what is done.)
  let opener = head - 1;
  while (opener > first.end - 1 && (words[opener]?.tags.has('Adjective') || words[opener]?.tags.has('Determiner'))) opener--;
  if (head > first.end && /^(for|during|after|before|with|on|in|about)$/.test(words[opener]?.norm ?? '')) return undefined;
  for (let i = head + 1; i < region.to; i++) {
    const marker = startsWith(words, EXAMPLE_MARKERS, i, region.to);
    const parenthesis = /\(/.test((words[i] as Word).pre) || /\(\s*$/.test(words[i - 1]?.post ?? '');
    const colon = /:\s*$/.test(words[i - 1]?.post ?? '');
    if (marker === undefined && !parenthesis && !colon) continue;
    const start = marker ?? i;
    // ("before pushing code, creating PRs, sending messages (Slack, email)": examples after a list of actions are the last one's.)
    if (draft.triggers.filter((m) => m.start < start).length > 1) return undefined;
    // The list runs to its closing parenthesis, else to the end of the region.
    let end = region.to;
    for (let j = start; parenthesis && j < region.to; j++) {
      if (/\)/.test((words[j] as Word).post)) {
        end = j + 1;
        break;
      }
    }
    // A noun right after an example's action is its object ("pushing commits"), not another example.
    const mentions = view
      .mentionsIn({ from: start, to: end })
      .filter((m) => m.command !== undefined || !satisfies(m))
      .filter((m, index, all) => {
        const previous = all[index - 1];
        const word = words[m.start] as Word;
        // "(commit, push)": a comma or a conjunction between them makes the noun another example.
        const listed = previous !== undefined && (endsWithComma(words[previous.end - 1]) || has(COORDINATORS, words[previous.end]));
        const objectOfPrevious = previous !== undefined && !listed && m.command === undefined && m.start <= previous.end + 1;
        // "modifying shared infrastructure": a participle before the object describes it.
        const describing = m.form === 'past' && m.end === m.start + 1 && (words[m.end] as Word | undefined)?.tags.has('Noun') === true;
        return !(objectOfPrevious && ((word.tags.has('Noun') && !word.tags.has('Gerund')) || describing));
      });
    if (mentions.length === 0) return undefined;
    // "install commands like `npm`, `pip`": programs alone, as examples of the action's own commands, are
    // the programs that do it; the action is the rule, not every run of them.
    // ("…, or other install commands": the kind named again is one of them.)
    const programsOnly = mentions.some((m) => m.command !== undefined) && mentions.every((m) => (m.command !== undefined && (m.command.scope.commands ?? []).every((c) => !/\s/.test(c))) || (m.command === undefined && m.family === first.family));
    if (programsOnly && first.end === head && first.command === undefined) return [];
    // Each example runs to the next one, or to the comma that ends it: "(commit, push, reset)" lists "reset" too.
    const itemEnd = (mention: Mention, to: number) => {
      for (let k = mention.end - 1; k < to; k++) if (endsWithComma(words[k]) || has(COORDINATORS, words[k + 1])) return k + 1;
      return to;
    };
    return mentions.map((mention, index) => ({ mention, region: { from: mention.start, to: itemEnd(mention, mentions[index + 1]?.start ?? end) } }));
  }
  return undefined;
}

/** A noun followed by commands as its examples: "web servers (`python -m http.server`, …)", "dev servers such as `pnpm dev`". */
function commandExamplesAfter(view: SentenceView, at: number): boolean {
  const words = view.words;
  const w = words[at];
  if (w === undefined || !w.tags.has('Noun')) return false;
  // ("package managers: `npm`, `yarn`": a colon introduces them as a parenthesis does.)
  const opens = /\(\s*$/.test(w.post) || /\(/.test(words[at + 1]?.pre ?? '') || /^\s*:\s*$/.test(w.post);
  const listed = opens ? at + 1 : endsWithComma(w) ? undefined : startsWith(words, EXAMPLE_MARKERS, at + 1, words.length);
  return listed !== undefined && view.mentionAt(listed)?.command !== undefined;
}

/** Where a list of examples starts, within a few words: after "such as", "e.g." or an opening parenthesis. */
function examplesAfter(words: readonly Word[], from: number, to: number): number | undefined {
  for (let i = from + 1; i < Math.min(to, from + 15); i++) {
    const marker = startsWith(words, EXAMPLE_MARKERS, i, to);
    if (marker !== undefined) return marker;
    if (/\(/.test((words[i] as Word).pre) || /\(\s*$/.test(words[i - 1]?.post ?? '')) return startsWith(words, EXAMPLE_MARKERS, i, to) ?? i;
    if (closesClause(words[i - 1])) return undefined;
  }
  return undefined;
}

/**
 * A region that starts at an action said as a noun, taken back over the words that modify it:
 * "documentation changes", "production deploys" narrow the changes and the deploys.
 */
function withModifiers(view: SentenceView, triggers: readonly Mention[], region: Range): Range {
  const trigger = triggers.find((m) => m.start === region.from);
  const head = trigger ? (view.words[trigger.start] as Word) : undefined;
  // A plural after a modifier that itself follows a verb or a determiner is a noun, however tagged: "implementing UI/UX changes".
  let openerAt = region.from - 1;
  while (openerAt >= 0 && ((view.words[openerAt] as Word).tags.has('Noun') || (view.words[openerAt] as Word).tags.has('Adjective')) && !(view.words[openerAt] as Word).tags.has('Pronoun')) openerAt--;
  const opener = view.words[openerAt];
  // ("make risky edits": after a light verb too.)
  const pluralAfterModifier = head !== undefined && /s$/.test(head.norm) && openerAt < region.from - 1 && opener !== undefined && (opener.tags.has('Gerund') || opener.tags.has('Determiner') || opener.tags.has('Preposition') || /^(make|do|perform|apply)$/.test(opener.norm));
  if (!trigger || !head || (!pluralAfterModifier && (!head.tags.has('Noun') || (head.tags.has('Verb') && !head.tags.has('Plural'))))) return region;
  let from = region.from;
  // ("destructive operations (migrations, deletions)": an example opening a parenthesis has no modifier before it.)
  while (from > 0 && !parenthesisOpensAt(view.words, from)) {
    const w = view.words[from - 1] as Word;
    // ("Do not complete purchases": a light verb the tagger takes for an adjective modifies nothing.)
    const modifies = (w.tags.has('Noun') || w.tags.has('Adjective') || view.covered.has(from - 1)) && !w.tags.has('Pronoun') && !w.tags.has('Determiner') && !w.tags.has('Possessive') && !/[,;:.!?)]/.test(w.post) && !view.isMentionWord(from - 1) && !has(UNIVERSAL, w) && !skips(w) && !(has(VERB_ONLY_SKIP, w) && (from - 1 === 0 || /^(not|never|to|and|or|dont|don't)$/.test(view.words[from - 2]?.norm ?? '')));
    if (!modifies) break;
    from--;
  }
  return { from, to: region.to };
}

/** A folder named in words that is only an adjective before "repo(s)": "collaborative repos", "public repositories". */
function kindOfRepository(view: SentenceView, value: string): boolean {
  const name = value.replace(/^\*\*\//, '');
  return view.words.some((w, i) => w.norm === name.toLowerCase() && w.tags.has('Adjective') && !w.tags.has('Noun') && /^(repo|repos|repository|repositories)$/.test(view.words[i + 1]?.norm ?? ''));
}

/** Package managers, and the work every use of one is for: "dependency management", "installing packages". */
const PACKAGE_MANAGERS: ReadonlySet<string> = new Set(L.INTERCHANGEABLE_PROGRAMS.slice(0, 2).flat());
const PACKAGE_WORK = /^(dependency|dependencies|package|packages|management|managing|installation|installing)$/;

/** Nouns of an activity: "management", "formatting", "installation", "maintenance". */
const ACTIVITY_NOUN = /(?:ment|ing|tion|sion|ance|ence)s?$/;

/**
 * "Do not use `gh` to create PRs or issues": a program used to do operations of its own (`gh pr create`,
 * `gh issue create`) is those operations, no ban on every run of it. None when anything else is named.
 */
function operationsDoneWith(view: SentenceView, draft: Draft, named: readonly Mention[]): Mention[] {
  const words = view.words;
  const programs = named.flatMap((m) => m.command?.scope.commands ?? []);
  const region = draft.regions[0];
  if (programs.length === 0 || programs.some((p) => /\s/.test(p)) || region === undefined || named.length !== draft.triggers.length) return [];
  const last = Math.max(...named.map((m) => m.end));
  const to = words.findIndex((w, k) => k >= last && k < region.to && w.norm === 'to' && view.mentionAt(k + 1) !== undefined);
  if (to === -1) return [];
  const done = coordinatedFrom(view, view.mentionsIn({ from: to + 1, to: region.to }));
  const own = (m: Mention) => (m.command?.scope.commands ?? []).length > 0 && (m.command?.scope.commands ?? []).every((c) => programs.some((p) => c.startsWith(`${p} `)));
  return done.length > 0 && done.every(own) ? done : [];
}

/** Heads of a title that names a way of working, never a thing acted on: "**Approval mode:**", "Deletion protocol:". */
const TITLE_NOUNS = new Set(['mode', 'modes', 'protocol', 'policy', 'process', 'workflow', 'procedure', 'rule', 'rules', 'guideline', 'guidelines', 'principle', 'principles', 'practice', 'practices', 'etiquette', 'reminder', 'note', 'tip']);

/** Why a rule over named commands would be wider than stated: a place or a target after them that no command scope says. */
function commandNarrowing(view: SentenceView, draft: Draft, named: readonly Mention[]): string | undefined {
  const words = view.words;
  // "On main, never run `git push --force`", "… when on main": where the rule holds narrows the commands as well.
  const where = (draft.whereRegions ?? []).find((r) => entitiesIn(view, [r]).some((e) => e.kind !== 'command' && e.kind !== 'amount'));
  if (where) return `"${words.slice(where.from, where.to).map((w) => w.text).join(' ').trim()}" narrows the commands in a way no scope says`;
  const last = Math.max(...named.map((m) => m.end));
  const region = draft.regions[0];
  if (!region || region.to <= last) return undefined;
  // "never use `git add .`; stage specific files instead": what to do instead says nothing of the commands.
  // (A dash right after a code span's closing mark may be read into the word: ".` —".)
  const dashAfter = (w: Word) => /\s[-–—]\s/.test(`${w.text}${w.post}`);
  const boundary = words.findIndex((w, i) => i >= last - 1 && i < region.to && (/[;,]/.test(w.post) || dashAfter(w) || /[;,]$/.test(w.text)));
  // ("never use `git add .` — stage files explicitly": so does an instruction of its own after a dash or a semicolon.)
  const nextInstruction = boundary !== -1 && (dashAfter(words[boundary] as Word) || /;/.test(`${words[boundary]?.text}${words[boundary]?.post}`)) && (words[boundary + 1]?.tags.has('Imperative') === true || view.mentionAt(boundary + 1)?.form === 'base');
  const insteadAfter = boundary !== -1 && (nextInstruction || words.slice(boundary + 1, region.to).some((w) => /^(instead|rather)$/.test(w.norm)));
  // ("`kubectl delete` anything in the prod namespace": any object at all, then where, which narrows.)
  // ("`gcloud` commands against the production project": past the kind the commands are of.)
  const skipped = /^(anything|everything)$/.test(words[last]?.norm ?? '') || /^(commands?|operations?|calls?|invocations?|tools?)$/.test(words[last]?.norm ?? '') ? 1 : 0;
  const after = { from: last + skipped, to: insteadAfter ? Math.max(last + skipped, boundary + 1) : region.to };
  // ("do not open pull requests containing code generated or assisted by an LLM": what the agent makes is made by
  // one, so that sorts out none of its pull requests.)
  const byMachine = words.slice(after.from, after.to).some((w, k) => w.norm === 'by' && /^(generated|written|assisted|authored|created|produced|made)$/.test(words[after.from + k - 1]?.norm ?? '') && words.slice(after.from + k + 1, after.from + k + 3).some((b) => AUTHORING_MACHINES.test(b.norm)));
  if (byMachine && ![...view.textEntitiesIn(after), ...view.phraseEntitiesIn(after)].some((e) => e.kind !== 'command')) return undefined;
  // ("Always use `read_file` before `write_file` on the same path": the step is on the action's own target, as any
  // prerequisite's is; a purpose after it says why.)
  const sameTarget = draft.kind === 'prerequisite' && /^(on|to|for|at|with)$/.test(words[after.from]?.norm ?? '') && words[after.from + 1]?.norm === 'the' && words[after.from + 2]?.norm === 'same';
  if (sameTarget && (after.to <= after.from + 4 || (words[after.from + 4]?.norm === 'to' && words[after.from + 5]?.tags.has('Verb') === true))) return undefined;
  // "`npm run dev` or any development server commands": a kind listed after the commands is an item of
  // its own, left ungoverned (narrower, never wider); it says nothing of the commands named.
  // ("the `query` command or direct SQL for destructive operations": a purpose after the last item is both items', which narrows.)
  const purposeAt = words.findIndex((w, k) => k > after.from && k < after.to && w.norm === 'for');
  if (/^(or|and|nor)$/.test(words[after.from]?.norm ?? '') && has(CATEGORY_NOUNS, words[after.to - 1]) && !view.mentionsIn({ from: after.from, to: after.to }).some((m) => m.command !== undefined)) {
    return purposeAt === -1 ? undefined : `"${words.slice(purposeAt, after.to).map((w) => w.text).join(' ').trim()}" narrows the commands in a way no scope says`;
  }
  // "on the GitHub repository" names the forge every such command acts on, which narrows nothing.
  const forgeHost = (e: Entity) => e.kind === 'path' && e.inWords === true && FORGE_HOSTS.has(e.value.replace(/^\*\*\//, '').toLowerCase());
  // ("`transfer_funds` over $1,000": so does an amount, which the payment the command is says.)
  const target = [...view.textEntitiesIn(after), ...view.phraseEntitiesIn(after)].find((e) => e.kind !== 'command' && !forgeHost(e));
  // "`git rebase` on shared branches": a place or a kind said right after the commands narrows them too.
  const families = new Set(draft.triggers.map((m) => m.family));
  // "`aws` with `--profile prod`": the arguments it is run with narrow it too, but for a flag that is
  // an action of its own, read with the command ("`git push` with --force").
  const withOwnAction = words[after.from]?.norm === 'with' && /^(force|no-verify|hard)$/.test(words[after.from + 1]?.norm ?? '');
  // "Do NOT use `gh pr checkout --detach` for this": a purpose said before, which no scope says.
  // ("for this project" is the whole of it.)
  const pointer = words[after.from + 1];
  if (words[after.from]?.norm === 'for' && /^(this|that|these|those|it|them)$/.test(pointer?.norm ?? '') && (/[,;:.!?)—–-]/.test(pointer?.post ?? '') || !words[after.from + 2]?.tags.has('Noun'))) return `"for ${pointer?.text}" narrows the commands to a purpose said elsewhere, which no scope says`;
  // ("`kubectl delete` against any cluster": a place that is any of its kind narrows nothing.)
  // ("`kubectl drain` on a node": one of its kind, unnamed and unsorted, is any.)
  const oneOfKind = /^(a|an)$/.test(words[after.from + 1]?.norm ?? '') && after.to === after.from + 3 && (words[after.from + 2] as Word | undefined)?.tags.has('Noun') === true;
  const anyPlace = /^(on|in|against|across)$/.test(words[after.from]?.norm ?? '') && (/^(any|every|all)$/.test(words[after.from + 1]?.norm ?? '') || oneOfKind);
  // ("a system `brew` on `PATH`": the program found on the search path is every run of it by name.)
  if (/^(on|in|from)$/.test(words[after.from]?.norm ?? '') && after.to - after.from <= 3 && words[after.to - 1]?.text.replace(/[`*_.,;:!?)]/g, '') === 'PATH') return undefined;
  // ("`cd` out of the project root": "out of" is a place too.)
  const outOf = words[after.from]?.norm === 'out' && words[after.from + 1]?.norm === 'of';
  const placed = (outOf || /^(on|in|into|to|onto|against|for|from|under|inside|within|outside|across|with|beyond)$/.test(words[after.from]?.norm ?? '')) && !withOwnAction && !anyPlace;
  const qualified = placed ? objectWords(view, after, families).filter((w) => !view.mentions.some((m) => m.command !== undefined && words.indexOf(w) >= m.start && words.indexOf(w) < m.end)) : [];
  // "use `uv` instead of `pip` for dependency management": "for" an activity, after a replacement, says what
  // both commands are for, not where; "never run `npm install` for production deployments" is an occasion.
  // ("Use uv exclusively: do not use pip for dependency management": the one to use, said before, replaces them too.)
  const replaced = words.slice(0, after.from).some((w) => /^(instead|rather|exclusively|solely)$/.test(w.norm));
  // ("do not use pip or conda for dependency management": what such a tool is for, said of it, sorts out none of its uses.)
  const packageManagers = named.every((m) => (m.command?.scope.commands ?? []).every((c) => PACKAGE_MANAGERS.has(c)));
  const toolsOwnWork = packageManagers && qualified.length > 0 && qualified.every((w) => PACKAGE_WORK.test(w.norm));
  // ("use `dbt build` instead of `dbt run` to run the tests": so does "to" and a verb, the same purpose said as one.)
  // (An action's word after "to", whatever the tagger took it for: "to production" is a place.)
  const infinitive = replaced && words[after.from]?.norm === 'to' && (view.mentionAt(after.from + 1) !== undefined || words[after.from + 1]?.tags.has('Infinitive') === true);
  // ("use `cargo nextest` (not `cargo test`) for better output": a reason the one is better, said of no use of the other.)
  const putAside = replaced || words.slice(0, after.from).some((w) => /^(not|never)$/.test(w.norm) && /\(/.test(w.pre));
  const reason = putAside && words[after.from]?.norm === 'for' && /^(better|faster|cleaner|safer|clearer|improved|more|less)$/.test(words[after.from + 1]?.norm ?? '');
  const purpose = reason || infinitive || (words[after.from]?.norm === 'for' && qualified.length > 0 && (toolsOwnWork || (replaced && qualified.every((w) => w.tags.has('Gerund') || ACTIVITY_NOUN.test(w.norm) || (w.tags.has('Noun') && qualified.some((q) => ACTIVITY_NOUN.test(q.norm) || q.tags.has('Gerund')))))));
  // "`git` commands that modify the working tree": a relative clause says which of them.
  let relative = after.from;
  while (relative < after.to && has(CATEGORY_NOUNS, words[relative])) relative++;
  // ("never `git commit --amend` a commit that has been pushed": so does one on its object.)
  let object = after.from;
  while (object < after.to && (words[object] as Word).tags.has('Determiner')) object++;
  let nounsEnd = object;
  // ("never stash changes you didn't make": a plural right after the operation is its thing, though tagged as a verb.)
  const nounAt = (k: number) => ((words[k] as Word).tags.has('Noun') && !(words[k] as Word).tags.has('Pronoun')) || (k === object && pluralForm(words[k]));
  while (nounsEnd < Math.min(after.to, object + 3) && nounAt(nounsEnd) && !endsWithComma(words[nounsEnd])) nounsEnd++;
  // ("`docker rm -f` containers you didn't create": a relative clause without its "that" narrows them too.)
  const reducedRelative = /^(you|we|they|i|others|someone|somebody)$/.test(words[nounsEnd]?.norm ?? '') && !/[,;:.!?)`]/.test(words[nounsEnd - 1]?.post ?? '') && (words[nounsEnd + 1]?.tags.has('Verb') === true || words[nounsEnd + 1]?.tags.has('Auxiliary') === true || words[nounsEnd + 1]?.tags.has('Modal') === true);
  // ("never `git push --force` shared branches": an object sorted by a participle before it narrows the command to those.)
  const sorting = (w: Word) => /ed$/.test(w.norm) && w.tags.has('PastTense');
  const sortedObject = object === after.from && object + 1 < after.to && sorting(words[object] as Word) && !has(UNIVERSAL, words[object]) && !has(FUNCTION, words[object]) && !/[,;:.!?)]/.test((words[object] as Word).post) && (words[object + 1] as Word).tags.has('Noun');
  // ("never merge PRs you didn't open": the thing may be the operation's own word, said in it.)
  const ownThing = nounsEnd === after.from && named.some((m) => m.saidInWords === true && m.end === after.from && (words[m.end - 1]?.tags.has('Noun') === true || pluralForm(words[m.end - 1])));
  const whichObject = ((nounsEnd > object || ownThing) && (/^(that|which|who)$/.test(words[nounsEnd]?.norm ?? '') || reducedRelative)) || sortedObject;
  const which = (relative < after.to && /^(that|which)$/.test(words[relative]?.norm ?? '')) || whichObject;
  // "`git rebase` branches others are working on": whose they are narrows them too.
  // ("`gh issue close` on issues filed by users": who made them, too.)
  const others = words.slice(after.from, after.to).some((w, k) => /^(others|someone|somebody|people|teammates|colleagues)$/.test(w.norm) || madeByAt(words, after.from + k));
  // ("Do not use the `execute_sql` tool for writes": an action it is used for narrows it to those uses.)
  // (A program's own work on files is still all its runs: "never use `sed` for editing files"; an agent's tool is not.)
  const agentTools = named.every((m) => (m.command?.scope.commands ?? []).every((c) => TOOL_NAME.test(c)));
  const forAction = words[after.from]?.norm === 'for' && !replaced && !toolsOwnWork && view.mentionsIn(after).some((m) => m.command === undefined && !satisfies(m) && !(packageManagers && m.family === 'install') && (agentTools || !FILE_FAMILIES.has(m.family)));
  // ("`gh pr create` against upstream": a remote named by its role is one of several, which narrows.)
  const remote = placed && words.slice(after.from, after.to).some((w) => L.REMOTE_NAMES.includes(w.norm));
  // ("Don't run `npm install` more than once": how many times is a count no scope says; "not even once" is never.)
  const counted = words.slice(after.from, after.to).some((w, k) => /^(once|twice|thrice|times)$/.test(w.norm) && words[after.from + k - 1]?.norm !== 'even');
  // ("`rm -rf` outside the repo", "… on directories outside the project": every target but some.)
  const allBut = words.some((_, k) => k >= after.from && k < after.to && P.outside.some((p) => matchAt(words, k, p) !== undefined));
  // ("Never chmod the e2e tests": a program said as a verb has its object right after it, which narrows it as a place does.)
  const saidAsVerb = named.every((m) => NO_SUBCOMMANDS.has(m.command?.scope.commands?.[0]?.split(' ')[0] ?? '') && !/`/.test(`${words[m.start]?.pre ?? ''}${words[m.end - 1]?.post ?? ''}`));
  const directObject = saidAsVerb && !placed && nounsEnd > object && words.slice(object, nounsEnd).some((w) => !has(GENERIC, w) && !has(UNIVERSAL, w) && !has(FUNCTION, w));
  if (target || which || others || forAction || remote || counted || allBut || directObject || (qualified.length > 0 && !purpose)) return `"${words.slice(after.from, after.to).map((w) => w.text).join(' ').trim()}" narrows the commands in a way no scope says`;
  return undefined;
}

/** What an agent's own work is made by: "generated by an LLM", "written by AI", "assisted by Copilot". */
const AUTHORING_MACHINES = /^(llms?|ai|agents?|claude|chatgpt|copilot|gpt|models?|assistants?|codex|gemini|cursor)$/;

/** An operation said as its thing's noun alone: "PRs are not allowed", "pull requests need review". */
const FORGE_NOUN = /^(prs?|pull|mrs?|issues?)$/;
/** Words that leave an operation said as a noun whole: "new PRs", "GitHub issues", "your own PRs"; a feature branch is any branch of work. */
const WHOLE_OPERATION = wordSet(['feature', 'new', 'own', 'open', 'direct', 'manual', 'automatic', 'automated', 'more', 'additional', 'further', 'separate', 'unsolicited', 'unrequested', 'unnecessary', 'github', 'gitlab', 'review']);

/** A word that says which of an operation's things: an adjective or a noun, not a determiner, a quantifier or a name of the forge. */
function modifiesOperation(w: Word): boolean {
  return /^[a-z][a-z-]*$/.test(w.norm) && (w.tags.has('Adjective') || w.tags.has('Noun')) && !w.tags.has('Determiner') && !w.tags.has('Pronoun') && !w.tags.has('Possessive') && !has(UNIVERSAL, w) && !has(GENERIC, w) && !skips(w) && !has(WHOLE_OPERATION, w) && !has(FORGE_HOSTS, w) && !/[,;:.!?)/&+]/.test(w.post);
}

/** The parts of `range` that no mention of `cut` covers. */
function outside(range: Range, cut: readonly Mention[]): Range[] {
  let parts: Range[] = [range];
  for (const m of cut) parts = parts.flatMap((p) => (m.end <= p.from || m.start >= p.to ? [p] : [{ from: p.from, to: m.start }, { from: m.end, to: p.to }]));
  return parts.filter((p) => p.to > p.from);
}

/** The family whose actions are exactly a command's, when the command names no target: `git push --force` is a force push. */
function actionOfCommand(mention: Mention): Mention | undefined {
  const command = mention.command;
  if (!command || Object.keys(command.scope).length > 0) return undefined;
  const same = (verbs: readonly Verb[]) => verbs.length === command.verbs.length && verbs.every((v) => command.verbs.includes(v));
  const family = (Object.keys(L.FAMILIES) as FamilyName[]).find((name) => name !== 'command' && same(L.FAMILIES[name].verbs));
  return family === undefined ? undefined : { family, start: mention.start, end: mention.end, form: mention.form };
}

/** The actions of git itself, which a rule over every git command governs however they are done. */
const GIT_ACTIONS: readonly Verb[] = ['commit', 'push', 'force-push', 'rewrite-history', 'discard-changes'];

/**
 * Rules over named commands: each command's own verbs and targets ("never run `git push --force`"
 * forbids force pushes); commands that are only run merge into one rule over their names.
 */
function commandRules(draft: Draft, named: readonly Mention[]): ConstraintRule[] {
  const rules: ConstraintRule[] = [];
  const run = named.filter((m) => m.command?.verbs.length === 1 && m.command.verbs[0] === 'execute');
  const listed = unique(run.flatMap((m) => m.command?.scope.commands ?? []));
  // A command another one listed begins ("git checkout -b" beside "git checkout") is already in its scope.
  const commands = listed.filter((command) => !listed.some((shorter) => command.startsWith(`${shorter} `)));
  const withRequirement = (trigger: Verb[], scope: Scope): ConstraintRule[] => {
    if (draft.kind !== 'prerequisite') return [{ kind: draft.kind, trigger, scope }];
    const requires = verbsOf(draft.requires ?? [], undefined).filter((v) => !trigger.includes(v));
    return requires.length > 0 ? [{ kind: 'prerequisite', trigger, scope, requires }] : [];
  };
  if (commands.length > 0) rules.push(...withRequirement(['execute'], { commands }));
  // git as a whole ("no git operations") governs git's own actions too, however a tool does them.
  if (commands.includes('git')) rules.push(...withRequirement(VERBS.filter((v) => GIT_ACTIONS.includes(v)), {}));
  for (const m of named) {
    if (run.includes(m) || !m.command) continue;
    rules.push(...withRequirement(VERBS.filter((v) => m.command?.verbs.includes(v)), m.command.scope));
  }
  return rules;
}

// ---- revocations ---------------------------------------------------------------------------------

/** The topic named in words [from, to): its actions and targets; undefined when it names neither. */
function topicOf(view: SentenceView, range: Range): { verbs: Verb[]; scope: Scope } | undefined {
  if (range.to <= range.from) return undefined;
  const mentions = view.mentionsIn(range);
  const entities = [...view.textEntitiesIn(range), ...view.phraseEntitiesIn(range)];
  if (mentions.length === 0 && entities.length === 0) return undefined;
  const context = contextOf(view, mentions.map((m) => m.family), entities, [range]);
  const draft: Draft = { kind: 'prohibition', triggers: mentions, regions: [range] };
  const acted = actedTriggers(view, draft, context, [range]);
  const scope = scopeOf(view, draft, context, entities, [], acted);
  return { verbs: verbsOf(acted, context), scope: scope === 'unrepresentable' ? {} : scope };
}

/**
 * The word at `index` is in a parenthesis that opens right after a thing's noun, not a category of
 * actions: "branches (main, release)", "dependencies (npm, pip)" name the thing's members or the tools
 * it comes by, not actions of their own.
 */
function namesTheThingBefore(view: SentenceView, index: number): boolean {
  const words = view.words;
  for (let i = index; i >= Math.max(0, index - 12); i--) {
    const w = words[i] as Word;
    if (i < index && /\)/.test(w.post)) return false;
    const opensHere = /\(/.test(w.pre) ? i : i < index && /\(\s*$/.test(w.post) ? i + 1 : -1;
    if (opensHere === -1) continue;
    const noun = words[opensHere - 1];
    return noun !== undefined && noun.tags.has('Noun') && !has(CATEGORY_NOUNS, noun) && !view.isMentionWord(opensHere - 1);
  }
  return false;
}

/** Whether the word at `index` is inside a parenthesis opened after `from`. */
function inParenthesis(words: readonly Word[], from: number, index: number): boolean {
  return parenthesisOpening(words, from, index) !== undefined;
}

/** The first word inside the parenthesis the word at `index` is in, not before `from`. */
function parenthesisOpening(words: readonly Word[], from: number, index: number): number | undefined {
  for (let i = index; i >= from; i--) {
    const w = words[i] as Word;
    if (i < index && /\)/.test(w.post)) return undefined;
    if (/\(/.test(w.pre)) return i;
    if (i < index && /\(\s*$/.test(w.post)) return i + 1;
  }
  return undefined;
}

/** Whether the word at `index` is in a parenthesis that opens on the means: "(using `grep`)", "(via `rg` or `grep`)". */
function meansInParenthesis(words: readonly Word[], from: number, index: number): boolean {
  const opening = parenthesisOpening(words, from, index);
  return opening !== undefined && /^(using|via|with|through)$/.test(words[opening]?.norm ?? '');
}

/** The sentence's next few words from `offset` on (the rest of a word it falls in, then whole ones; a number range's empty parts left out). */
function textAfter(view: SentenceView, offset: number): string {
  const at = view.words.findIndex((w) => w.end > offset);
  if (at === -1) return '';
  const first = view.words[at] as Word;
  return [`${first.text.slice(Math.max(0, offset - first.start))}${first.post}`, ...view.words.slice(at + 1).filter((w) => w.text !== '').slice(0, 2).map((w) => `${w.pre}${w.text}${w.post}`)].join('');
}

/** What a number with no currency may count besides money: "under 500 lines", "up to 1,000 rows". */
const COUNTED_UNITS = /^(?:\s*[-–]\s*[\d.,]+)?\s*(?:lines?|loc|files?|characters?|chars?|tokens?|words?|bytes?|[kmg]i?b|items?|rows?|records?|requests?|calls?|results?|entries|pages?|messages?|emails?|retries|attempts?|times|steps?|turns?|minutes?|mins?|seconds?|secs?|ms|hours?|days?|weeks?|commits?|changes?|%|percent)\b/i;

/**
 * "New limit: up to $2,000 without asking", "you can now spend up to $2,000 on your own", "raise the
 * limit to $2,000": the spending limit moves. The rules on payments said before are taken back, and
 * a payment above the new amount needs the person's approval.
 */
function newSpendingLimit(view: SentenceView, clause: Range): Reading[] | undefined {
  const words = view.words.slice(clause.from, clause.to);
  const amount = view.textEntitiesIn(clause).find((e) => e.kind === 'amount' && (e.comparator === 'below' || e.comparator === 'none'));
  if (!amount || amount.kind !== 'amount') return undefined;
  // ("File size limit: keep files under 500-600 lines": a count of things, no sum of money.)
  if (!amount.currency && COUNTED_UNITS.test(textAfter(view, amount.end))) return undefined;
  // "New limit: up to $2,000 without asking": the limit may be named before the colon that opens the clause.
  const limitWord = view.words.slice(0, clause.to).some((w) => /^(limit|limits|budget|cap|threshold|ceiling)$/.test(w.norm));
  const spending = view.mentionsIn(clause).some((m) => m.family === 'pay');
  const unasked = findFirst(view.words, P.without, clause.from, clause.to) !== undefined || findFirst(view.words, P.onOwnAccord, clause.from, clause.to) !== undefined || words.some((w) => /^(freely|yourself)$/.test(w.norm));
  // ("Refunds are fine up to $100, anything more ask me": allowed below the amount, asked above it.)
  const at = wordAtOffset(view, clause.from, amount.start);
  const rest = { from: at, to: view.words.length };
  const askedAbove = spending && words.some((w) => /^(fine|ok|okay|allowed|free|can|may)$/.test(w.norm)) && view.words.slice(at).some((w) => /^(more|above|beyond|over|higher|larger)$/.test(w.norm)) && askCue(view, rest);
  // A ceiling for spending freed of asking, or a limit set to an amount.
  const ceiling = amount.comparator === 'below' && (unasked || askedAbove) && (spending || limitWord);
  const setLimit = limitWord && (amount.comparator === 'below' || /^(to|at|is|of|now)$/.test(view.words[wordAtOffset(view, clause.from, amount.start) - 1]?.norm ?? ''));
  if (!ceiling && !setLimit) return undefined;
  if (findFirst(view.words, P.negations, clause.from, clause.to) !== undefined) return undefined;
  return [
    { kind: 'revocation', topic: { verbs: ['pay'], scope: {} } },
    { kind: 'constraint', rule: { kind: 'confirmation', trigger: ['pay'], scope: { amountAbove: amount.amount, ...(amount.currency && { currency: amount.currency }) } } },
  ];
}

/**
 * Revocations: "you no longer need to back up temp/", "scratch that rule about emails", "ignore what
 * I said about the door", "never mind that rule", "the ban on force-pushing is lifted", "you can
 * delete temp files without backing them up from now on".
 */
function revocationIn(view: SentenceView, clause: Range): Reading | undefined {
  const words = view.words;
  const start = skipOpeners(words, clause.from, clause.to);
  const afterPermission = startsWith(words, P.permissions, start, clause.to) ?? start;
  // "scratch / forget / ignore / never mind … that rule (about …)", also after "you can".
  const verbEnd = startsWith(words, P.revoke, start, clause.to) ?? startsWith(words, P.revoke, afterPermission, clause.to);
  if (verbEnd !== undefined) {
    // "forget about backing up before deletes": a topic with no rule noun must name something.
    if (words[verbEnd]?.norm === 'about') {
      const topic = topicOf(view, { from: verbEnd + 1, to: clause.to });
      if (topic) return { kind: 'revocation', topic };
    }
    const noun = findFirst(words, P.ruleNouns, verbEnd, Math.min(clause.to, verbEnd + 5));
    if (noun) {
      const marker = startsWith(words, P.topicMarkers, noun.end, clause.to);
      const range = marker !== undefined ? { from: marker, to: clause.to } : { from: verbEnd, to: noun.start };
      const topic = topicOf(view, range);
      return { kind: 'revocation', ...(topic && { topic }) };
    }
  }
  // "the rule about temp/ no longer applies", "the ban on force-pushing is lifted"
  const noun = findFirst(words, P.ruleNouns, clause.from, clause.to);
  // The ending follows the rule and its topic closely: "the rule about temp/ no longer applies".
  const ended = noun ? findFirst(words, P.ruleEnded, noun.end, Math.min(clause.to, noun.end + 10)) : undefined;
  if (noun && ended) {
    const marker = startsWith(words, P.topicMarkers, noun.end, ended.start);
    const topic = topicOf(view, marker !== undefined ? { from: marker, to: ended.start } : { from: clause.from, to: noun.start });
    return { kind: 'revocation', ...(topic && { topic }) };
  }
  // "you no longer need to back up files in temp/", "no need to ask me before paying anymore"
  const noLonger = findFirst(words, P.noLonger, clause.from, clause.to);
  // "(either 'no longer needed' or …)": a reason quoted as a value, not a rule ending.
  if (noLonger && !inParenthesis(words, clause.from, noLonger.start)) {
    const subject = subjectBefore(words, clause.from, noLonger.start);
    if (subject === 'other') return undefined;
    // The topic runs to a reason after it ("…, it's regenerated every night").
    const reason = view.words.findIndex((w, i) => i >= noLonger.end && i < clause.to && endsWithComma(w) && (view.words[i + 1]?.tags.has('Pronoun') || has(CLAUSE_OPENERS, view.words[i + 1])));
    const range = { from: noLonger.end, to: reason === -1 ? clause.to : reason + 1 };
    const strong = findFirst(words, STRONG_TIME, clause.from, clause.to) !== undefined || words.slice(noLonger.start, noLonger.end).some((w) => w.norm === 'longer');
    if (!strong && satisfying(view.mentionsIn(range)).length === 0 && !askCue(view, range)) return undefined;
    const topic = topicOf(view, range);
    return topic ? { kind: 'revocation', topic } : undefined;
  }
  // "stop asking me before paying", "you can stop backing up temp/"
  const stop = startsWith(words, P.stopDoing, afterPermission, clause.to);
  if (stop !== undefined && (askCue(view, { from: stop, to: clause.to }) || satisfying(view.mentionsIn({ from: stop, to: stop + 3 })).length > 0)) {
    const topic = topicOf(view, { from: stop, to: clause.to });
    return topic ? { kind: 'revocation', topic } : undefined;
  }
  // "you can delete temp files without backing them up from now on", "feel free to push to main again"
  const permission = startsWith(words, P.permissions, start, clause.to);
  if (permission !== undefined) {
    const strong = findFirst(words, STRONG_TIME, clause.from, clause.to) !== undefined;
    const now = words.slice(permission, clause.to).some((w) => w.norm === 'now');
    const range = { from: permission, to: clause.to };
    const mentions = view.mentionsIn(range);
    if (mentions.length === 0 || !(strong || now)) return undefined;
    const topic = topicOf(view, range);
    if (!topic) return undefined;
    const scoped = Object.keys(topic.scope).length > 0 || findFirst(words, P.without, permission, clause.to) !== undefined;
    const anaphoric = Object.keys(topic.scope).length === 0 && pointsBack(view, mentions[0] as Mention, range);
    if (!strong && (!scoped || anaphoric)) return undefined;
    return { kind: 'revocation', topic };
  }
  return undefined;
}

// ---- entry point ---------------------------------------------------------------------------------

/**
 * Where the things put aside begin, if a marker of them is at `i`: "instead of", "rather than",
 * "never"; "not"/"no" only right after a parenthesis or a comma that follows the thing to use.
 */
function putAsideAt(words: readonly Word[], i: number, to: number): number | undefined {
  const marker = startsWith(words, P.insteadOf, i, to);
  if (marker !== undefined) return marker;
  const w = words[i] as Word;
  const negative = /^(not|no|never)$/.test(w.norm) && (/\($/.test(words[i - 1]?.post.trim() ?? '') || /\(/.test(w.pre) || (w.norm !== 'never' && endsWithComma(words[i - 1])));
  return negative ? i + 1 : undefined;
}

/** After the commands listed from `at`, the kind they are of: "`dlx`/`npx` commands" (not "never manual kubectl"). */
function kindNounAfter(view: SentenceView, at: number, to: number): boolean {
  let k = at;
  while (k < to && (has(COORDINATORS, view.words[k]) || view.mentionAt(k)?.command !== undefined)) k = view.mentionAt(k)?.command !== undefined ? (view.mentionAt(k) as Mention).end : k + 1;
  return /^(commands?|tools?|binaries|programs?|clis?|wrappers?|equivalents?|invocations?)$/.test(view.words[k]?.norm ?? '');
}

/**
 * "Use `pnpm` (not npm or yarn)", "use uv instead of pip", "prefer `vp dlx` over `npx`", "`uv` only
 * (no `pip`)": a command named as the one to use forbids the others named beside it.
 */
function alternativesFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  const commands = view.mentionsIn(clause).filter((m) => m.command !== undefined);
  // "use pnpm only": the others of its kind are the ones not to use.
  const alone = commands[0];
  // ("Only maintainers may publish to npm": an "only" with a subject and its verb between is about who acts.)
  const besideCommand = (i: number) => alone !== undefined && words.slice(Math.min(i + 1, alone.end), Math.max(i, alone.start)).length <= 2;
  const only = commands.length === 1 ? words.findIndex((w, i) => inRange(clause, i) && has(ONLY, w) && besideCommand(i)) : -1;
  const group = alone?.command?.scope.commands?.length === 1 ? L.INTERCHANGEABLE_PROGRAMS.find((g) => g.includes(alone.command?.scope.commands?.[0] ?? '')) : undefined;
  // "This project uses `uv` exclusively" says what the project is built with; "use pnpm only" is said to the agent.
  const described = alone !== undefined && words.slice(clause.from, alone.start).some((w) => has(CHOOSING, w) && w.tags.has('Verb') && formOf(w, 'use') === 'third');
  if (only !== -1 && alone && group && !described && !negatedIn(view, clause)) {
    const others = group.filter((program) => !alone.command?.scope.commands?.includes(program));
    return { drafts: [{ kind: 'prohibition', triggers: [{ ...alone, command: { verbs: ['execute'], scope: { commands: others }, checks: false } }], regions: [{ from: alone.start, to: alone.end }] }] };
  }
  if (commands.length === 0) return undefined;
  for (let i = clause.from; i < clause.to; i++) {
    const end = putAsideAt(words, i, clause.to);
    if (end === undefined) continue;
    // Said as an instruction ("use X instead of Y"), not as a description ("it is built with X rather than Y").
    // Shown or written about ("in the docs, always show X instead of Y"): what the text says, not what the agent runs.
    // An instruction: a word of choosing, or a clause that opens with an imperative ("Install packages: `uv add …` (not `pip install`)").
    // A label before a colon opens it too: "Install packages: `uv add …` (not `pip install`)".
    const labelled = clause.from > 0 && /:\s*$/.test(words[clause.from - 1]?.post ?? '');
    const opener = words[skipOpeners(words, labelled ? 0 : clause.from, clause.to)];
    const imperative = opener !== undefined && opener.tags.has('Verb') && (opener.tags.has('Imperative') || opener.tags.has('Infinitive')) && !has(SHOWING, opener) && !has(NOTE_LABELS, opener);
    if (!(imperative || words.slice(clause.from, i).some((b) => has(CHOOSING, b))) || words.slice(clause.from, i).some((b) => has(SHOWING, b) && b.tags.has('Verb'))) continue;
    // What to use may be a template no single command is (`uv add <package>`), in a code span all the same.
    const used = commands.filter((m) => m.end <= i);
    const usedTemplate = words.slice(clause.from, i).some((b) => /`/.test(b.pre) || /`/.test(b.post));
    // ("use bun instead of npm": a program whose name is also a word, written plainly, is still the one to use.)
    // ("make sure you never commit …": not a program's name said as a verb.)
    const usedPlain = words.slice(clause.from, i).some((b) => KNOWN_PROGRAMS.has(b.norm) && !b.tags.has('Verb'));
    // The ones put aside follow the marker, listed ("instead of `npm` or `yarn`"); a program named further on, in
    // a reason ("(… idiomatic pytest usage)"), is none of them.
    // (The first may come after a few words that sort them: "instead of package-manager-specific `dlx`/`npx` commands".)
    const others: Mention[] = [];
    for (const m of commands.filter((c) => c.start >= end)) {
      const between = words.slice(others.length === 0 ? end : (others[others.length - 1] as Mention).end, m.start);
      const sorting = others.length === 0 && between.length <= 4 && between.every((w) => !closesClause(w) && !endsWithComma(w) && !(w.tags.has('Verb') && !w.tags.has('Adjective') && !w.tags.has('Noun'))) && kindNounAfter(view, m.end, clause.to);
      // ("not a global `npm`", "instead of the system-wide `flutter`": where the program comes from says which copy, the same program.)
      if (!sorting && !between.every((w) => has(COORDINATORS, w) || w.tags.has('Determiner') || /^(bare|plain|raw|the|a|an|any|other|no|not|never|global|globally|system|system-wide|systemwide|wide|host|installed|default)$/.test(w.norm) || w.text === '')) break;
      others.push(m);
    }
    if ((used.length === 0 && !usedTemplate && !usedPlain) || others.length === 0) continue;
    // "`rm -f` instead of `rm`", "`docker compose` over `docker`": the command to use is a form of the
    // other, which no scope can forbid without forbidding it too.
    const written = (m: Mention) => m.command?.scope.commands ?? [];
    // (Or the two govern the same actions: `rm -f` and `rm` are both any deletion.)
    const sameRule = (a: Mention, b: Mention) => a.command !== undefined && JSON.stringify(a.command.verbs) === JSON.stringify(b.command?.verbs) && JSON.stringify(a.command.scope) === JSON.stringify(b.command?.scope);
    // ("use `./bin/brew`, not `brew`": a program run by its path is still that program to every scope.)
    const usedByPath = view.textEntitiesIn({ from: clause.from, to: i }).flatMap((e) => (e.kind === 'path' || e.kind === 'command') && e.value.includes('/') ? [e.value.split(/\s/)[0]?.split('/').pop()] : []);
    const formOfOther = others.some((other) => used.some((m) => sameRule(m, other)) || written(other).some((command) => usedByPath.includes(command) || used.some((m) => written(m).some((u) => u !== command && u.startsWith(`${command} `)))));
    if (formOfOther) return { unresolved: 'the command to use is a form of the one put aside, which no scope tells apart' };
    // "… unless you're explicitly asked to use `npm`": the person's request lets the other one run; so does
    // their yes ("… never `npm` without my OK").
    const excepted = words.findIndex((u, k) => k >= end && k < clause.to && /^(unless|except)$/.test(u.norm));
    const withoutYes = words.findIndex((u, k) => k >= end && k < clause.to && u.norm === 'without' && askCue(view, { from: k + 1, to: clause.to }));
    const unless = excepted !== -1 ? excepted : withoutYes;
    const kind = unless !== -1 && (unless === withoutYes || approverCue(view, { from: unless + 1, to: clause.to })) ? 'confirmation' : 'prohibition';
    return { drafts: [{ kind, triggers: others, regions: [{ from: (others[0] as Mention).start, to: unless === -1 ? clause.to : unless }] }] };
  }
  return undefined;
}

/** Verbs that say where files go: "use `./tmp/`", "write scratch files to `./tmp`", "put outputs in `out/`". */
const PLACING = wordSet(['use', 'write', 'put', 'store', 'save', 'keep', 'place', 'create']);

/**
 * "Use `./tmp/` (project-local), never `/tmp/`", "write scratch files to `./tmp`, not `/tmp`": a
 * folder named as the one to use forbids writing to the one named beside it.
 */
function pathAlternativesFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  // ("**Temp files**: Use `./tmp/` …": past a label.)
  const label = words.findIndex((w, k) => k >= clause.from && k < Math.min(clause.to, clause.from + 4) && /:\s*$/.test(w.post));
  const labelled = label !== -1 || /:\s*$/.test(words[clause.from - 1]?.post ?? '');
  const opener = words[skipOpeners(words, label !== -1 ? label + 1 : clause.from, clause.to)];
  // (After a label the tagger may take the capitalised verb for a name.)
  if (!opener || !has(PLACING, opener) || !(opener.tags.has('Imperative') || opener.tags.has('Infinitive') || labelled)) return undefined;
  const written = (range: Range) => view.textEntitiesIn(range).filter((e) => e.kind === 'path' && !e.inWords);
  for (let i = clause.from; i < clause.to; i++) {
    const marker = putAsideAt(words, i, clause.to);
    if (marker === undefined) continue;
    const others = written({ from: marker, to: clause.to });
    if (written({ from: clause.from, to: i }).length === 0 || others.length === 0 || view.mentionsIn({ from: marker, to: clause.to }).length > 0) return undefined;
    const write: Mention = { family: 'create', start: marker, end: marker, form: 'base' };
    return { drafts: [{ kind: 'prohibition', triggers: [write], regions: [{ from: marker, to: clause.to }] }] };
  }
  return undefined;
}

/**
 * "Push to feature branches, never directly to main", "deploy to staging, not to prod": the action
 * said once, then the place it must never go, with the verb left out.
 */
function elidedActionFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  // ("You can push to feature branches but never to main": after a contrast, the action is the permitted one before it.)
  const contrast = clause.from > 0 && has(CONTRASTS, words[clause.from]);
  let start = skipOpeners(words, contrast ? 0 : clause.from, clause.to);
  if (words[start]?.norm === 'you' && /^(can|may)$/.test(words[start + 1]?.norm ?? '')) start += 2;
  while (start < clause.to && has(LEAD_ADVERBS, words[start])) start++;
  const action = view.mentionAt(start);
  if (!action || action.start !== start || action.form !== 'base' || !governable([action]).length) return undefined;
  // The place is all the aside says: "write tests in tests/, never in src/" is about tests only, which no scope says.
  // ("Work on a feature branch, never on main": the action's own words may end on the preposition.)
  const ownPreposition = /^(to|on|in|into|against)$/.test((words[action.end - 1] as Word).norm);
  const object = ownPreposition ? 0 : words.slice(action.end, clause.to).findIndex((w) => /^(to|on|in|into|against)$/.test(w.norm));
  // ("Push to feature branches, not main": the place said right after the action may go unsaid after "not".)
  const placed = ownPreposition || object === 0;
  // ("Deploy only to staging, never to prod": an "only" before the place leaves the place put aside as said.)
  if (object === -1 || !words.slice(action.end, action.end + object).every((w) => has(GENERIC, w) || w.tags.has('Determiner') || w.tags.has('Possessive') || has(UNIVERSAL, w) || has(ONLY, w))) return undefined;
  for (let i = action.end; i < clause.to; i++) {
    const marker = putAsideAt(words, i, clause.to);
    if (marker === undefined) continue;
    let place = marker;
    while (place < clause.to && (words[place] as Word).tags.has('Adverb')) place++;
    const aside = { from: marker, to: clause.to };
    const named = [...view.textEntitiesIn(aside), ...view.phraseEntitiesIn(aside)];
    if (!(placed || /^(to|on|in|into|against)$/.test(words[place]?.norm ?? '')) || named.length === 0 || view.mentionsIn(aside).length > 0) return undefined;
    return { drafts: [{ kind: 'prohibition', triggers: [{ ...action, start: marker, end: marker }], regions: [aside] }] };
  }
  return undefined;
}

/**
 * "Add a new commit instead of amending", "fix the cause rather than bypassing the checks": an
 * instruction that puts an action aside forbids it.
 */
function putAsideFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  for (let i = clause.from; i < clause.to; i++) {
    const marker = startsWith(words, P.putAside, i, clause.to);
    if (marker === undefined) continue;
    const aside = view.mentionAt(marker);
    if (!aside || aside.start !== marker || aside.form !== 'gerund' || aside.command !== undefined) return undefined;
    // "Instead of deleting files, move them to `.trash/`": put first, the instruction follows its comma.
    if (i === skipOpeners(words, clause.from, clause.to)) {
      const comma = words.findIndex((w, k) => k >= aside.end - 1 && endsWithComma(w));
      const order = comma === -1 ? undefined : words[comma + 1];
      if (!order || !(order.tags.has('Imperative') || order.tags.has('Infinitive')) || order.tags.has('Copula') || order.tags.has('Auxiliary')) return undefined;
      return { drafts: [{ kind: 'prohibition', triggers: [aside], regions: [{ from: aside.start, to: comma + 1 }] }] };
    }
    // An instruction: the clause opens on a verb with no subject ("add", "fix"), not a description ("it is built …").
    // After a leading clause ("if a commit needs fixing, add …") and a softener ("try to fix …").
    let afterComma = i;
    while (afterComma > clause.from && !endsWithComma(words[afterComma - 1])) afterComma--;
    let start = skipOpeners(words, Math.max(clause.from, afterComma), i);
    while (start < i && /^(try|to|please|always|just|also|then|so)$/.test((words[start] as Word).norm)) start++;
    const verb = words[start];
    if (!verb || !verb.tags.has('Verb') || verb.tags.has('Copula') || verb.tags.has('Auxiliary') || verb.tags.has('Gerund') || verb.tags.has('PastTense') || verb.tags.has('PresentTense') && !verb.tags.has('Infinitive') && !verb.tags.has('Imperative')) return undefined;
    const region = { from: aside.start, to: objectEnd(view, aside.end, clause.to) };
    const topic = names(view, region) ? undefined : describedBefore(view, clause.from);
    return { drafts: [{ kind: 'prohibition', triggers: [aside], regions: [region, ...(topic ? [topic] : [])] }] };
  }
  return undefined;
}

/**
 * "The main branch is protected — open a PR instead of pushing": a clause before that describes a
 * named thing ("X is …") says what the action after it, with no object of its own, is on. Its subject.
 */
function describedBefore(view: SentenceView, before: number): Range | undefined {
  const copula = view.words.findIndex((w, i) => i > 0 && i < before && w.tags.has('Copula'));
  if (copula === -1) return undefined;
  const subject = { from: 0, to: copula };
  return [...view.textEntitiesIn(subject), ...view.phraseEntitiesIn(subject)].some((e) => e.kind === 'path' || e.kind === 'branch') ? subject : undefined;
}

/**
 * "Treat force pushes and deletions as requiring my OK", "consider `drop` and `truncate` destructive,
 * needing confirmation": the actions named are to be asked about (or never done, when forbidden).
 */
function treatAsFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  const start = skipOpeners(words, clause.from, clause.to);
  if (!(words[start] as Word | undefined)?.forms.some((f) => TREATING.has(f))) return undefined;
  const as = words.findIndex((w, i) => i > start && i < clause.to && w.norm === 'as');
  if (as === -1) return undefined;
  const triggers = governable(view.mentionsIn({ from: start + 1, to: as }));
  if (triggers.length === 0) return undefined;
  const rest = { from: as + 1, to: clause.to };
  const forbidden = words.slice(rest.from, rest.to).some((w) => has(FORBIDDEN, w));
  const asked = approverCue(view, rest) || findFirst(words, P.approvalNouns, rest.from, rest.to) !== undefined;
  if (!forbidden && !asked) return undefined;
  // Each action listed is one of the kind, with the words up to the next as its thing.
  const kind = forbidden ? 'prohibition' : 'confirmation';
  const itemEnd = (trigger: Mention, next: number) => {
    const comma = words.findIndex((w, i) => i >= trigger.end - 1 && i < next && endsWithComma(w));
    return comma === -1 ? next : comma + 1;
  };
  return { drafts: triggers.map((trigger, k) => ({ kind, triggers: [trigger], regions: [{ from: trigger.start, to: itemEnd(trigger, (triggers[k + 1] as Mention | undefined)?.start ?? as) }] })) };
}
const TREATING = new Set(['treat', 'consider', 'regard', 'handle', 'mark']);

/**
 * "Treat main as protected", "Respect the protected main branch": a branch kept as protected takes no
 * push of the agent's own, as branch protection refuses one.
 */
function protectedBranchFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  const start = skipOpeners(words, clause.from, clause.to);
  const verb = words[start];
  const branchAt = (k: number) => has(WELL_KNOWN_BRANCH, words[k]) || view.textEntitiesIn({ from: k, to: k + 1 }).some((e) => e.kind === 'branch');
  let branch = -1;
  let protectedAt = -1;
  if (verb?.forms.some((f) => TREATING.has(f)) === true) {
    // "Treat main as protected", "treat the main branch as protected".
    branch = branchAt(start + 1) ? start + 1 : branchAt(start + 2) && has(DEFINITE, words[start + 1]) ? start + 2 : -1;
    protectedAt = words.findIndex((w, k) => k > branch && k <= branch + 4 && k < clause.to && w.norm === 'protected');
  } else if (verb?.norm === 'respect') {
    // "Respect (the) protected main branch".
    protectedAt = words[start + 1]?.norm === 'protected' ? start + 1 : words[start + 2]?.norm === 'protected' && has(DEFINITE, words[start + 1]) ? start + 2 : -1;
    branch = protectedAt !== -1 && branchAt(protectedAt + 1) ? protectedAt + 1 : -1;
  }
  if (branch === -1 || protectedAt === -1) return undefined;
  const push: Mention = { family: 'push', start: protectedAt, end: protectedAt + 1, form: 'base' };
  return { drafts: [{ kind: 'prohibition', triggers: [push], regions: [{ from: branch, to: branch + 1 }] }] };
}
const FORBIDDEN = wordSet(['forbidden', 'prohibited', 'banned', 'off-limits', 'disallowed']);

/**
 * "- Commits: ask first", "`git push --force`: never", "Commit/push: only on explicit request" (and a
 * table row, "| `git push --force` | ❌ Never |", which normalisation writes as one): actions named
 * as a label, then what the rule says of them, with no action of its own.
 */
function labelledFrame(view: SentenceView, from: number): { readonly drafts: readonly Draft[] } | undefined {
  const words = view.words;
  // The tagger may keep a colon after a code span in the word: "/`:". A dash sets a label apart too: "`npm publish` — never".
  const endsWithColon = (w: Word) => /^[/`'"*_)\]]*\s*(?::|\s[—–-]\s)/.test(w.post) || /[`'"*_)\]]:$/.test(w.text);
  // ("| ⛔ CRITICAL | DROP TABLE | Backup + explicit confirmation |": a row's first cell that grades the risk only sorts the row.)
  const opening = skipOpeners(words, from, words.length);
  const graded = RISK_GRADES.test(words[opening]?.norm ?? '') && endsWithColon(words[opening] as Word);
  const start = graded ? skipOpeners(words, opening + 1, words.length) : opening;
  // "Installing packages (ask first)": a closing parenthesis that asks says the rule of what comes before it.
  const asides = trailingAside(view, start);
  const asideAt = asides ? asides.from - 1 : -1;
  // ("`make bootstrap` - Full rebuild (ask user first)": before an aside, what follows a label's own dash or colon glosses
  // it; the rule is the label's.)
  const glossed = asides ? words.findIndex((w, i) => i >= start && i < asideAt && endsWithColon(w) && governable(view.mentionsIn({ from: start, to: i + 1 })).length > 0) : -1;
  const colon = asides ? (glossed === -1 ? asideAt : glossed) : words.findIndex((w, i) => i >= start && endsWithColon(w));
  if (colon === -1 || colon + 1 >= words.length) return undefined;
  const label = { from: start, to: colon + 1 };
  // ("| HIGH | DELETE without WHERE | Explicit confirmation |": a label whose actions a condition narrows names none whole.)
  if (words.slice(label.from, label.to).some((w) => /^(without|unless|except)$/.test(w.norm))) return undefined;
  // What is said of the label runs to the next colon: a table row's further cells describe ("| `rm -rf /` | ❌ | Deletes everything |").
  const next = words.findIndex((w, i) => i > colon && endsWithColon(w));
  const body = asides ?? { from: colon + 1, to: next === -1 ? words.length : next + 1 };
  // ("Cancelled flights:": an action said as a participle describes the things the label names.)
  const actions = governable(view.mentionsIn(label)).filter((m) => m.form !== 'past');
  // "Actions that require approval: deleting files, force pushing": the label asks, the body lists what.
  // The label says an approval is needed ("require", "warrant", "needs my OK", "ask first"); the body
  // names actions ("deleting files"), not states ("pending, deleted") nor a sentence of its own.
  const listed = governable(view.mentionsIn(body));
  const needsApproval = askCue(view, label) || (findFirst(words, P.approvalNouns, label.from, label.to) !== undefined && words.slice(label.from, label.to).some((w) => /^(require|requires|required|need|needs|needed|warrant|warrants|demand|demands)$/.test(w.norm)));
  const firstListed = listed[0];
  // ("deploys, deletes, payments": a plural the tagger takes for a verb, with no subject before it, is a noun.)
  // ("…: push, PR, email": a list of actions' words alone names them, whatever the tagger makes of each.)
  const wordsOnly = listed.length > 0 && words.slice(body.from, body.to).every((w, k) => view.isMentionWord(body.from + k) || has(COORDINATORS, w));
  const named = firstListed !== undefined && (firstListed.form === 'gerund' || (view.words[firstListed.start] as Word).tags.has('Noun') || (firstListed.form === 'third' && firstListed.start === body.from) || wordsOnly) && listed.every((m) => m.form !== 'past') && !words.slice(body.from, body.to).some((w) => w.tags.has('Modal') || /^(must|should)$/.test(w.norm));
  if (actions.length === 0 && named && needsApproval && !negatedIn(view, label)) {
    return { drafts: [{ kind: 'confirmation', triggers: coordinatedFrom(view, listed), regions: [{ from: (listed[0] as Mention).start, to: body.to }] }] };
  }
  // "Read-only directories: `vendor/`, `third_party/`", "Protected files: `.env`": the label says to leave alone what the body lists.
  const labelText = view.sentence.text.slice((words[label.from] as Word).start - view.sentence.start, (words[colon] as Word).end - view.sentence.start);
  const bodyPaths = view.textEntitiesIn(body).filter((e) => e.kind === 'path' && !e.inWords);
  const onlyPaths = bodyPaths.length > 0 && words.slice(body.from, body.to).every((w) => bodyPaths.some((e) => w.start >= e.start - 1 && w.end <= e.end + 1) || has(COORDINATORS, w) || w.text === '');
  if (PROTECTED_KIND.test(labelText.replace(/[*_]/g, '')) && onlyPaths) return { drafts: [{ kind: 'prohibition', triggers: [{ family: 'touch', start: label.from, end: colon + 1, form: 'base' }], regions: [body] }] };
  const labelBefore = startsWith(words, P.before, label.from, label.to) !== undefined;
  // ("**Before Push:** Run `dbt build`": a command run before an action the project gates with its checks is one of them.)
  const bodyMentions = view.mentionsIn(body);
  const checked = labelBefore ? withProjectChecks(view, body, actions, { kind: 'prerequisite', steps: bodyMentions.filter(satisfies) }) : undefined;
  const steps = checked?.kind === 'prerequisite' && bodyMentions.every((m) => satisfies(m) || checked.steps.some((s) => s.start === m.start)) ? checked.steps : bodyMentions;
  // "Deploys: only after the tests pass", "Commits: run the linter first", "Before committing: run `npm test`":
  // the body's only actions are steps to take before.
  const stepFirst = steps.length > 0 && steps.every(satisfies) && (labelBefore || words.slice(body.from, body.to).some((w) => /^(after|once|first|before)$/.test(w.norm)));
  // ("`DROP TABLE`: Backup + explicit confirmation": a step and a yes said together are each wanted first.)
  const stepAndYes = steps.length > 0 && steps.every(satisfies) && !negatedIn(view, body) && (askCue(view, body) || findFirst(words, P.approvalNouns, body.from, body.to) !== undefined);
  if (actions.length === 0 || (steps.length > 0 && !stepFirst && !stepAndYes)) return undefined;
  // The label only names: no negation, ask or rule word of its own, no verb besides the actions.
  // (A particle tagged as a verb is none: "files in data/".)
  // (Nor is a target's name: "prod" in "Deploy to prod:".)
  const labelTargets = [...view.textEntitiesIn(label), ...view.phraseEntitiesIn(label)];
  const ownWord = (w: Word, i: number) => !view.isMentionWord(i) && !labelTargets.some((e) => w.start >= e.start && w.end <= e.end) && w.tags.has('Verb') && !w.tags.has('Auxiliary') && !w.tags.has('Adjective') && !w.tags.has('Particle') && !objectInIng(w, i);
  // ("Create meeting (confirmation required)": a noun in "-ing" right after the action is its object, however tagged.)
  const objectInIng = (w: Word, i: number) => w.tags.has('Gerund') && view.isMentionWord(i - 1) && !view.isMentionWord(i) && i === label.to - 1;
  if (negatedIn(view, label) || approverCue(view, label) || words.slice(label.from, label.to).some((w, k) => ownWord(w, label.from + k) || has(ONLY, w) || /^(always|must|should)$/.test(w.norm))) return undefined;
  const triggers = coordinatedFrom(view, actions);
  // "Payments: over $500 require approval": an amount the body bounds is the label's actions' too.
  const bounds = view.textEntitiesIn(body).filter((e) => e.kind === 'amount' && e.comparator !== 'none');
  const wordsOfEntity = (e: Entity): Range => {
    const after = words.findIndex((w) => w.start >= e.end);
    return { from: wordAtOffset(view, body.from, e.start), to: after === -1 ? words.length : after };
  };
  // ("`terraform apply` — never in production": so is a place the body names, where the rule holds.)
  const places = [...view.textEntitiesIn(body), ...view.phraseEntitiesIn(body)].filter((e) => e.kind === 'environment' || e.kind === 'branch' || e.kind === 'database');
  const placesEnd = Math.max(label.to, ...places.map((e) => wordAtOffset(view, body.from, e.start) + 1));
  const regions = [{ from: (actions[0] as Mention).start, to: placesEnd }, ...bounds.map(wordsOfEntity)];
  if (stepFirst || stepAndYes) {
    const prerequisite: Draft = { kind: 'prerequisite', triggers, regions, requires: steps, stepRegions: [body] };
    return { drafts: stepAndYes ? [{ kind: 'confirmation', triggers, regions }, prerequisite] : [prerequisite] };
  }
  const said = words.slice(body.from, body.to);
  const negated = said.some((w) => /^(not|never|no)$/.test(w.norm));
  const approval = askCue(view, body) || bareApproval(view, body) || findFirst(words, P.approvalNouns, body.from, body.to) !== undefined;
  // "✅ Allowed", "fine": a permission, unless it comes with an approval ("OK with confirmation").
  if (!negated && !approval && said.some((w) => /^(ok|okay|fine|allowed|permitted|yes|encouraged|welcome)$/.test(w.norm))) return undefined;
  // ("**Send emails** (permission granted but not used)": an approval said to be given already is a permission.)
  const given = findAll(words, P.approvalNouns, body.from, body.to).some((found) => /^(granted|given)$/.test(words[found.end]?.norm ?? ''));
  if (given) return undefined;
  // ("Docker -- run directly, don't ask user", "no need to ask": told not to ask, the agent acts without a yes.)
  const asked = findFirst(words, P.ask, body.from, body.to);
  const notAsked = asked !== undefined && (/^(not|never)$/.test(words[asked.start - 1]?.norm ?? '') || (/^(to|need)$/.test(words[asked.start - 1]?.norm ?? '') && /^(no|not|need)$/.test(words[asked.start - 2]?.norm ?? '')));
  if (notAsked) return undefined;
  // "only on explicit request", "ask first", "needs my OK", "never without asking".
  if (approval || approverCue(view, body)) return { drafts: [{ kind: 'confirmation', triggers, regions }] };
  // "never", "not allowed", "forbidden", "off-limits": said of the actions alone.
  const forbidding = negated || findFirst(words, P.forbidden, body.from, body.to) !== undefined || findFirst(words, P.readOnly, body.from, body.to) !== undefined;
  return forbidding ? { drafts: [{ kind: 'prohibition', triggers, regions }] } : undefined;
}

/**
 * "`.env` — never committed", "Secrets live in `config/secrets.h` (local, not committed)": an action in the
 * negated participle, set off after the one path written before it, is never done to that path.
 */
function pathAnnotationFrame(view: SentenceView, from: number): { readonly drafts: readonly Draft[] } | undefined {
  const words = view.words;
  for (let i = from + 1; i + 1 < words.length; i++) {
    if (!/^(never|not)$/.test((words[i] as Word).norm)) continue;
    const done = view.mentionAt(i + 1);
    // (The participle alone: "never generated files" sorts files by it.)
    if (!done || done.start !== i + 1 || done.end !== i + 2 || done.form !== 'past' || done.command !== undefined || governable([done]).length === 0) continue;
    // Set off by a dash, a colon, a comma or a parenthesis, and ending there: the annotation is the participle alone.
    const setOff = /(?:[—–:,(]|\s-)\W*$/.test(`${(words[i - 1] as Word).post}${(words[i] as Word).pre}`);
    // ("never edited by hand": how, after it, says nothing more.)
    const end = words[done.end]?.norm === 'manually' || words[done.end]?.norm === 'directly' ? done.end + 1 : words[done.end]?.norm === 'by' && words[done.end + 1]?.norm === 'hand' ? done.end + 2 : done.end;
    const ends = end === words.length || /^\W*[),;.—–]/.test((words[end - 1] as Word).post);
    if (!setOff || !ends) continue;
    const paths = view.textEntitiesIn({ from, to: i }).filter((e) => e.kind === 'path' && !e.inWords);
    if (paths.length !== 1) return undefined;
    const path = paths[0] as Entity;
    // (What the participle is said of is the path, not the words that describe it: "internal dev log, never committed".)
    const { thing: _described, ...onPath } = done;
    const after = words.findIndex((w) => w.start >= path.end);
    return { drafts: [{ kind: 'prohibition', triggers: [onPath], regions: [{ from: wordAtOffset(view, from, path.start), to: after === -1 ? words.length : after }] }] };
  }
  return undefined;
}

/** Words that grade a risk: "CRITICAL", "High", "medium". */
const RISK_GRADES = /^(critical|high|medium|low|severe|moderate|extreme)$/;

/** The parenthesis that ends a sentence after its first word, when it asks for a yes: "(ask first)", "(needs approval)". */
function trailingAside(view: SentenceView, start: number): Range | undefined {
  const words = view.words;
  const last = words.length - 1;
  if (last <= start || !/\)/.test((words[last] as Word).post)) return undefined;
  let open = last;
  while (open > start && !/\(/.test((words[open] as Word).pre) && !/\(\s*$/.test((words[open - 1] as Word).post)) open--;
  if (open <= start || !/\(/.test((words[open] as Word).pre + (words[open - 1] as Word).post)) return undefined;
  const aside = { from: open, to: words.length };
  // ("`terraform plan` (Always notify the user of any resource destruction)": an aside that names an action of
  // its own, or says what it asks about, is about that.)
  const asked = findFirst(words, P.ask, aside.from, aside.to);
  if (governable(view.mentionsIn(aside)).length > 0 || (asked && /^(of|about|regarding)$/.test(words[asked.end]?.norm ?? ''))) return undefined;
  // ("Editing files inside `migrations/` (never — they are history)": an aside that opens with "never", then only its reason, bans.)
  const reasonAfter = (words[open] as Word).post.trim() !== '' && /[—–:;,-]/.test((words[open] as Word).post);
  if ((words[open] as Word).norm === 'never' && (open === last || reasonAfter)) return { from: open, to: open + 1 };
  return askCue(view, aside) || bareApproval(view, aside) ? aside : undefined;
}

/**
 * "Tests first, then push", "back up data/ first, then you may delete it": steps said first, then the
 * action they come before. Only steps may come before "then"; "delete the logs first, then push" is
 * an order of work, no rule.
 */
function firstThenFrame(view: SentenceView, clause: Range): { readonly drafts: readonly Draft[] } | undefined {
  const words = view.words;
  const then = words.findIndex((w, i) => i > clause.from && i < clause.to && w.norm === 'then');
  if (then === -1) return undefined;
  // "Get approval, then deploy", "check with a human for approval and then process the refund": a yes sought
  // before the actions it comes first to.
  // ("After edits, ask for confirmation, then run: …": past a leading condition's comma.)
  const opening = skipOpeners(words, clause.from, then);
  const conditionComma = /^(after|once|when|whenever|if)$/.test(words[opening]?.norm ?? '') ? words.findIndex((w, k) => k > opening && k < then - 1 && endsWithComma(w)) : -1;
  const sought = { from: conditionComma === -1 ? clause.from : conditionComma + 1, to: then };
  const askedFirst = (askCue(view, sought) || findFirst(words, P.approvalNouns, sought.from, sought.to) !== undefined) && !negatedIn(view, sought) && governable(view.mentionsIn(sought)).length === 0;
  const after = governable(view.mentionsIn({ from: then + 1, to: clause.to }));
  if (askedFirst && after.length > 0 && !negatedIn(view, { from: then + 1, to: clause.to })) {
    const triggers = coordinatedFrom(view, after);
    return { drafts: [{ kind: 'confirmation', triggers, regions: [{ from: (triggers[0] as Mention).start, to: clause.to }] }] };
  }
  // ("Run the tests and only then commit": "only then" puts them first too; past a leading condition's comma.)
  const onlyThen = words[then - 1]?.norm === 'only';
  if (!words.slice(clause.from, then).some((w) => w.norm === 'first') && !onlyThen) return undefined;
  const before = view.mentionsIn({ from: onlyThen ? sought.from : clause.from, to: then });
  const steps = before.filter(satisfies);
  const actions = governable(view.mentionsIn({ from: then + 1, to: clause.to }));
  if (steps.length === 0 || steps.length !== before.length || actions.length === 0) return undefined;
  const triggers = coordinatedFrom(view, actions);
  return { drafts: [prerequisite(view, triggers, steps, [{ from: (triggers[0] as Mention).start, to: clause.to }], { from: clause.from, to: then })] };
}

/**
 * "You can delete files in tmp/, but back them up first", "Push to main as long as you run the tests first":
 * an action allowed or asked for, then a step to do before it, joined by "but", "just" or "as long as": the
 * step is the action's prerequisite. (Read over the whole sentence: its comma or "but" would part them.)
 */
function actionThenStepFrame(view: SentenceView, from: number): { readonly drafts: readonly Draft[] } | undefined {
  const words = view.words;
  const join = words.findIndex((w, i) => i > from && (/^(but|just)$/.test(w.norm) || (/^(as|so)$/.test(w.norm) && words[i + 1]?.norm === 'long' && words[i + 2]?.norm === 'as') || w.norm === 'provided'));
  if (join === -1) return undefined;
  const first = { from, to: join };
  const then = { from: join, to: words.length };
  const actions = governable(view.mentionsIn(first));
  const steps = view.mentionsIn(then);
  if (actions.length === 0 || steps.length === 0 || !steps.every(satisfies) || negatedIn(view, first)) return undefined;
  // The step comes first: "first", "beforehand", or a condition ("as long as you …") on the action.
  const condition = !/^(but|just)$/.test((words[join] as Word).norm);
  if (!condition && !words.slice(join).some((w) => /^(first|beforehand)$/.test(w.norm))) return undefined;
  // Allowed ("you can", "feel free to", "it's fine to") or asked for (an order): not a description of what happens.
  const start = skipOpeners(words, from, join);
  const allowed = words.slice(start, (actions[0] as Mention).start).some((w) => /^(can|may|free|fine|ok|okay|allowed|welcome)$/.test(w.norm));
  if (!allowed && (actions[0] as Mention).start !== start) return undefined;
  const triggers = coordinatedFrom(view, actions);
  return { drafts: [prerequisite(view, triggers, steps, [{ from: (triggers[0] as Mention).start, to: join }], then)] };
}

/** People whose approval is not the session's user's: "without manager approval", "approval from a maintainer". */
const OTHER_APPROVERS = /^(manager|managers|supervisor|supervisors|maintainer|maintainers|lead|leads|admin|admins|administrator|reviewer|reviewers|qa|legal|finance|security|compliance|team|committee|board|cto|ceo|owner's|manager's|supervisor's|maintainer's)$/;

/** The role noun whose approval a confirmation in the clause would need, when it is not the user's. */
function someoneElsesApproval(view: SentenceView, clause: Range): string | undefined {
  const words = view.words;
  for (const found of findAll(words, P.approvalNouns, clause.from, clause.to)) {
    // "manager approval", "a maintainer's sign-off"; "approval from a supervisor", "approved by the lead".
    const before = [words[found.start - 1]].find((w) => w !== undefined && OTHER_APPROVERS.test(w.norm) && !view.covered.has(found.start - 1));
    const by = /^(from|by)$/.test(words[found.end]?.norm ?? '') ? words.slice(found.end + 1, Math.min(clause.to, found.end + 4)).find((w) => OTHER_APPROVERS.test(w.norm)) : undefined;
    const role = before ?? by;
    if (role) return role.text;
  }
  return undefined;
}

/** Writings read for how to work, not the files an action changes: "the docs", "the style guide". */
const GUIDES = /^(docs|documentation|documents|guide|guides|guidelines|instructions|readme|spec|specs|specification|conventions|policy|policies|manual|charter|handbook|playbook|runbook)$/;

/** What a person reads before an action is done: the commit message before the commit, the draft before the send. */
const DRAFTED_CONTENT: readonly { readonly phrase: Phrase; readonly action: Pick<Mention, 'family' | 'command' | 'saidInWords'> }[] = [
  ...compile(['commit message', 'commit msg']).map((phrase) => ({ phrase, action: { family: 'commit' as const } })),
  ...compile(['draft email', 'email draft', 'draft reply', 'draft message', 'draft response']).map((phrase) => ({ phrase, action: { family: 'send' as const } })),
  ...compile(['pr description', 'pr title', 'pr body', 'pull request description', 'pull request title']).map((phrase) => ({ phrase, action: { family: 'command' as const, command: OPEN_PULL_REQUEST, saidInWords: true as const } })),
];
const DRAFTED_PHRASES = DRAFTED_CONTENT.map(({ phrase }) => phrase);

/**
 * "Show the commit message and wait for approval", "present the draft reply for confirmation": the
 * person's yes sought on what an action will carry is a yes on that action, when the clause names no
 * action of its own.
 */
function draftApprovalFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  const content = findFirst(words, DRAFTED_PHRASES, clause.from, clause.to);
  const action = content && DRAFTED_CONTENT.find(({ phrase }) => matchAt(words, content.start, phrase, clause.to) === content.end)?.action;
  if (!content || !action) return undefined;
  const { start, end } = content;
  if (governable(view.mentionsIn(clause)).some((m) => m.end <= start || m.start >= end)) return undefined;
  // The yes is sought after the content is shown: "show the commit message and confirm", not "confirm the message format with the lead".
  const confirmVerb = words.some((w, k) => k >= end && k < clause.to && /^(confirm|approve)$/.test(w.norm) && w.tags.has('Verb'));
  // ("present it for approval": what it is shown for.)
  const forApproval = findAll(words, P.approvalNouns, clause.from, clause.to).some((found) => words[found.start - 1]?.norm === 'for');
  if (!confirmVerb && !forApproval && !askCue(view, clause)) return undefined;
  // (The content names the action, not a target of it: nothing of it narrows the rule.)
  return { drafts: [{ kind: 'confirmation', triggers: [{ ...action, start, end, form: 'base' }], regions: [{ from: start, to: start }] }] };
}

/**
 * "Otherwise, do not process the refund", "If not, don't push": a rule that holds when what was said
 * before does not, which the sentence alone cannot settle. The opener, when the clause starts with it.
 */
function otherwiseOpener(view: SentenceView, clause: Range): string | undefined {
  const words = view.words;
  const opener = words[0];
  const otherwise = opener !== undefined && /^(otherwise|else)$/.test(opener.norm) && endsWithComma(opener);
  const ifNot = opener?.norm === 'if' && words[1]?.norm === 'not' && endsWithComma(words[1]);
  // (The opener may stand as a clause of its own before the rule's.)
  if ((!otherwise && !ifNot) || clause.from > (ifNot ? 2 : 1)) return undefined;
  return otherwise ? opener.text.replace(/,$/, '') : 'If not';
}

const FRAMES = [pullRequestRequiredFrame, selectOnlyFrame, exceedAmountFrame, putAsideFrame, alternativesFrame, pathAlternativesFrame, elidedActionFrame, personApprovesFrame, permissionForFrame, confirmWithPersonFrame, askQuestionFrame, treatAsFrame, protectedBranchFrame, actedOnMustFrame, nominalActionMustFrame, stepOverRelativeFrame, requirementFrame, connectorFrame, keepFrame, leaveAloneFrame, delegatedFrame, throughReviewFrame, permittedOnRequestFrame, onlyFrame, nothingGoesFrame, draftApprovalFrame, prohibitionFrame];

/** The rules of a frame's drafts, each once; or why they compile to nothing, when that is known. */
function compileDrafts(view: SentenceView, drafts: readonly Draft[]): Reading[] {
  view.unresolved = undefined;
  const readings: Reading[] = [];
  // "Never auto-archive", "archive only after confirmation": archiving governed is filing away (an
  // email, a ticket), no backup; as a step before an action ("archive the logs before deleting") it is one.
  const archiving = (m: Mention) => m.family === 'backup' && m.end - m.start === 1 && (view.words[m.start] as Word).forms.includes('archive');
  for (const draft of drafts.flatMap((d) => splitByObjects(view, d))) {
    // The commands the project checks with, which running counts as running the tests.
    const checks = (draft.requires ?? []).flatMap((step) => (step.command?.projectCheck ? (step.command.opaque ?? []) : []));
    const filedAway = draft.kind !== 'prerequisite' && draft.triggers.some(archiving) && draft.triggers.every((m) => m.family !== 'backup' || archiving(m));
    for (const compiled of compileDraft(view, draft)) {
      const rule = filedAway ? { ...compiled, trigger: compiled.trigger.filter((verb) => verb !== 'backup') } : compiled;
      if (rule.trigger.length === 0) {
        view.unresolved = 'archiving is filing a thing away, which no verb says';
        continue;
      }
      const key = JSON.stringify(rule);
      if (!readings.some((r) => r.kind === 'constraint' && JSON.stringify(r.rule) === key)) readings.push({ kind: 'constraint', rule, ...(checks.length > 0 && { checks }) });
    }
  }
  if (readings.length === 0 && view.unresolved !== undefined) readings.push({ kind: 'unresolved', reason: view.unresolved });
  return readings;
}

/**
 * "For safety, …", "As a precaution, …", "To prevent data loss, …": a leading phrase up to its comma that says
 * why, the rule after it. It names no action ("To make changes to `infra/`, ask me first" asks about them) and,
 * after "for" or "as", no target ("For production, …" says where); after "to" and a verb, a target is part of
 * the why ("To keep `main` green, …").
 */
function purposeEnd(view: SentenceView, clause: Range): number | undefined {
  const words = view.words;
  const first = skipOpeners(words, clause.from, clause.to);
  const infinitive = words[first]?.norm === 'to' && words[first + 1]?.tags.has('Infinitive') === true;
  if (!infinitive && !/^(for|as)$/.test(words[first]?.norm ?? '')) return undefined;
  const comma = words.findIndex((w, k) => k >= first && k < clause.to - 1 && endsWithComma(w));
  if (comma === -1 || comma - first > 5) return undefined;
  const phrase = { from: first, to: comma + 1 };
  if (view.mentionsIn(phrase).length > 0 || (!infinitive && entitiesIn(view, [phrase]).length > 0)) return undefined;
  return comma + 1;
}

/** Prepositions that open a phrase saying where or over what a rule holds: "On main, …", "In `data/`, …", "Over $200, …". */
const FRONTING = wordSet(['in', 'on', 'for', 'under', 'inside', 'within', 'over', 'above', 'beyond', 'at', 'to', 'into']);

/**
 * "On main, …", "For refunds over $200, …", "When on main, …", "If you are in `data/`, …", "As for main:
 * …": a phrase before the rule, up to its comma or colon, that says where or over what it holds.
 */
function frontedPhrase(view: SentenceView, clause: Range): Range | undefined {
  const words = view.words;
  const first = skipOpeners(words, clause.from, clause.to);
  const about = (words[first]?.norm === 'as' && words[first + 1]?.norm === 'for') || /^(regarding|concerning)$/.test(words[first]?.norm ?? '');
  // ("Anything over $500, ask first": "anything" and its amount, as "For anything over $500" says it.)
  const anythingOver = has(UNIVERSAL, words[first]) && (has(FRONTING, words[first + 1]) || (words[first + 1]?.norm === 'more' && words[first + 2]?.norm === 'than'));
  if (!about && !anythingOver && !has(FRONTING, words[placeOfCondition(words, first, clause.to) ?? first])) return undefined;
  // ("For destructive operations (DROP, TRUNCATE), …": a comma inside parentheses lists examples.)
  let depth = 0;
  // ("For any action that creates, modifies, or deletes files, …": a comma between actions of one form lists them.)
  const listsActions = (i: number) => {
    const before = view.mentions.find((m) => m.end === i + 1);
    const next = view.mentionAt(i + 1) ?? (has(COORDINATORS, words[i + 1]) ? view.mentionAt(i + 2) : undefined);
    return before !== undefined && next?.form === before.form;
  };
  const end = words.findIndex((w, i) => {
    if (i < first || i >= clause.to) return false;
    depth = Math.max(0, depth + parenthesesOpened(w.pre) + parenthesesOpened(w.post));
    return depth === 0 && ((endsWithComma(w) && !listsActions(i)) || /^[*_`'")\]]*\s*:/.test(w.post));
  });
  return end === -1 ? undefined : { from: first, to: end + 1 };
}

/** How many parentheses `text` opens, less those it closes. */
function parenthesesOpened(text: string): number {
  return (text.match(/\(/g)?.length ?? 0) - (text.match(/\)/g)?.length ?? 0);
}

/** "when (you are) on main", "while working in data/": the preposition of where the session stands when a rule holds. */
function placeOfCondition(words: readonly Word[], at: number, to: number): number | undefined {
  if (!/^(when|while|whenever|if|once)$/.test(words[at]?.norm ?? '')) return undefined;
  let preposition = at + 1;
  while (preposition < to && (has(BE_OR_GET, words[preposition]) || /^(you|we|it|working|currently|still)$/.test(words[preposition]?.norm ?? ''))) preposition++;
  return has(FRONTING, words[preposition]) ? preposition : undefined;
}

/** "Never force push when on main": where the session stands when the rule holds, said after it, narrows it too. */
function placeAfter(view: SentenceView, clause: Range, draft: Draft): Range[] {
  const words = view.words;
  const after = Math.max(...draft.triggers.map((m) => m.end));
  const at = words.findIndex((_, k) => k >= after && k < clause.to && placeOfCondition(words, k, clause.to) !== undefined);
  if (at === -1) return [];
  const end = words.findIndex((w, k) => k > at && k < clause.to && /[,;:.!?]/.test(w.post));
  const place = { from: at, to: end === -1 ? clause.to : end + 1 };
  return namesTargetsOnly(view, place) ? [place] : [];
}

/**
 * "On main, never force push", "In `data/`, never delete anything": a fronted phrase with no action
 * of its own that names targets: they are the rule's, or it would be wider than the sentence.
 */
function namesTargetsOnly(view: SentenceView, phrase: Range): boolean {
  return view.mentionsIn(phrase).length === 0 && entitiesIn(view, [phrase]).some(namesTarget);
}

/**
 * "For refunds over $200, ask me first", "Over $200, ask first": a request for a yes that names no
 * action of its own is about the actions the fronted phrase names; with only an amount there, about
 * spending it; with only a target, about touching it.
 */
function askAboutFronted(view: SentenceView, clause: Range, fronted: Range): Draft | undefined {
  const rest = { from: Math.max(clause.from, fronted.to), to: clause.to };
  if (view.mentionsIn(rest).length > 0 || !askCue(view, rest)) return undefined;
  const named = governable(view.mentionsIn(fronted));
  if (named.length > 0) return { kind: 'confirmation', triggers: named, regions: [{ from: (named[0] as Mention).start, to: fronted.to }] };
  const amount = view.textEntitiesIn(fronted).find((e) => e.kind === 'amount' && e.comparator !== 'none');
  const at = amount ? wordAtOffset(view, fronted.from, amount.start) : -1;
  // "In prod, ask first": a target named alone is any touching of it.
  const triggers = at === -1 ? touching(view, fronted) : [{ family: 'pay' as const, start: at, end: at + 1, form: 'base' as const }];
  return triggers.length === 0 ? undefined : { kind: 'confirmation', triggers, regions: [fronted] };
}

/** Reads one sentence of a user message: the rules it states and the rules it takes back. */
/** "if root privilege is needed, ask a human", "if you must, check with me first": a yes asked for when an action is due. */
function askedWhenNeeded(view: SentenceView, clause: Range): boolean {
  const words = view.words;
  const opener = skipOpeners(words, clause.from, clause.to);
  if (!/^(if|when|where)$/.test(words[opener]?.norm ?? '')) return false;
  const comma = words.findIndex((w, k) => k > opener && k < Math.min(clause.to, opener + 7) && endsWithComma(w));
  if (comma === -1 || !words.slice(opener + 1, comma + 1).some((w) => /^(needed|necessary|required|unavoidable|must|need|needs)$/.test(w.norm))) return false;
  const rest = { from: comma + 1, to: clause.to };
  return governable(view.mentionsIn(rest)).length === 0 && askCue(view, rest);
}

export function readSentence(sentence: Sentence): Reading[] {
  const view = new SentenceView(sentence);
  const words = view.words;
  if (words.length === 0) return [];
  const question = questionStart(words, sentence.text);
  if (question === 'question') return [];
  const start = typeof question === 'number' ? question : 0;
  // ("ps. files under `gen/` must not be edited", "one more thing: …": openers set apart by a mark say nothing; the sentence starts after them.)
  // (Where the openers end, whether the sentence starts before them or after.)
  const opener = skipOpeners(words, start, words.length);
  const from = opener > start && /[,:.;!—–-]/.test(words[opener - 1]?.post ?? '') ? opener : start;
  if (findFirst(words, P.hypothetical) || startsWith(words, P.advice, opener) !== undefined) return [];
  if (passedOnOrReported(view, from)) return [];
  // "When suggesting kubectl commands, prefer read-only ones": about what the agent proposes in words, not what it runs.
  // ("When proposing deletions, wait for confirmation": unless what is proposed waits for the person's yes.)
  const proposedForYes = /^(suggesting|proposing)$/.test(words[opener + 1]?.norm ?? '') && yesAwaited(words, opener + 1);
  if (/^(when|while|if)$/.test(words[opener]?.norm ?? '') && /^(suggesting|recommending|proposing|showing|documenting|describing|explaining|mentioning)$/.test(words[opener + 1]?.norm ?? '') && !proposedForYes) return [];
  const readings: Reading[] = [];
  const labelled = pathAnnotationFrame(view, from) ?? labelledFrame(view, from);
  if (labelled) return compileDrafts(view, labelled.drafts);
  // Read over the whole sentence: its comma would cut the steps from the action ("…first, then you may delete it").
  const sequence = firstThenFrame(view, { from, to: words.length }) ?? actionThenStepFrame(view, from);
  if (sequence) return compileDrafts(view, sequence.drafts);
  let fronted: Range | undefined;
  // Where the readings of the clause before this one start.
  let previousFrom = 0;
  for (const whole of clausesOf(view, from)) {
    const clause = { from: purposeEnd(view, whole) ?? whole.from, to: whole.to };
    const clauseFrom = readings.length;
    // ("Never `sudo`; if root privilege is needed, ask a human": the ban before it holds unless the person says yes.)
    if (askedWhenNeeded(view, clause) && readings.slice(previousFrom).some((r) => r.kind === 'constraint' && r.rule.kind === 'prohibition')) {
      for (let k = previousFrom; k < readings.length; k++) {
        const reading = readings[k] as Reading;
        if (reading.kind === 'constraint' && reading.rule.kind === 'prohibition') readings[k] = { ...reading, rule: { ...reading.rule, kind: 'confirmation' } };
      }
      continue;
    }
    previousFrom = clauseFrom;
    // "… because it was failing before your change", "…, since it breaks CI": a reason after the rule says why, and states nothing.
    if (clause.from > from && reasonOpensAt(words, clause.from)) continue;
    // "In the old days we never ran migrations without a backup", "it used to be that…": held once, or elsewhere.
    // (Said where the clause opens; "never push to main, we used to allow it" keeps its rule.)
    if (startsWith(words, P.notInForce, skipOpeners(words, clause.from, clause.to), clause.to) !== undefined) continue;
    if (clause.from === from) {
      fronted = frontedPhrase(view, clause);
      if (fronted?.to === clause.to) continue;
    }
    const askedAbout = fronted && askAboutFronted(view, clause, fronted);
    if (askedAbout) {
      readings.push(...compileDrafts(view, [askedAbout]));
      continue;
    }
    const limit = newSpendingLimit(view, clause);
    if (limit) {
      readings.push(...limit);
      continue;
    }
    const revocation = revocationIn(view, clause);
    if (revocation) {
      readings.push(revocation);
      continue;
    }
    for (const frame of FRAMES) {
      const outcome = frame(view, clause);
      if (!outcome) continue;
      const approver = outcome !== 'nothing' && 'drafts' in outcome && outcome.drafts.some((draft) => draft.kind === 'confirmation') ? someoneElsesApproval(view, clause) : undefined;
      if (outcome !== 'nothing' && 'unresolved' in outcome) readings.push({ kind: 'unresolved', reason: outcome.unresolved });
      else if (approver !== undefined) readings.push({ kind: 'unresolved', reason: `the approval is someone else's ("${approver}"), which no yes in the session shows` });
      else if (outcome !== 'nothing') {
        // "Never manually edit:" introduces the things it is about; said alone it is about none of them.
        // A prerequisite that names its step says all it needs ("All code must pass the hooks before committing:").
        const drafts = outcome.drafts
          .filter((draft) => !introducesList(view, clause) || namesObject(view, draft) || (draft.kind === 'prerequisite' && (draft.requires ?? []).length > 0))
          // ('preferences (e.g., "always ask before deploying")': a rule quoted as an example is none in force.)
          .filter((draft) => !draft.triggers.every((m) => quotedExampleAt(view.words, m.start)))
          .map((draft) => {
            const where = [...(fronted && namesTargetsOnly(view, fronted) ? [fronted] : []), ...placeAfter(view, clause, draft)];
            return where.length > 0 ? { ...draft, whereRegions: where } : draft;
          });
        const compiled = compileDrafts(view, drafts);
        // A rule said for when what came before does not hold is a note: which case it is, the sentence cannot settle.
        const otherwise = compiled.some((reading) => reading.kind === 'constraint') ? otherwiseOpener(view, clause) : undefined;
        if (otherwise !== undefined) readings.push({ kind: 'unresolved', reason: `"${otherwise}" makes it hold when what was said before does not, which the sentence alone cannot settle` });
        else for (const reading of compiled) if (!(reading.kind === 'constraint' && readings.some((r) => r.kind === 'constraint' && JSON.stringify(r.rule) === JSON.stringify(reading.rule)))) readings.push(reading);
      }
      break;
    }
  }
  return readings;
}
