import {
  ABOVE_WORDS,
  ACTION_WORDS,
  AT_LEAST_WORDS,
  BELOW_WORDS,
  BRANCH_NOUNS,
  CHECKING_VERBS,
  CURRENCY_SYMBOLS,
  CURRENCY_WORDS,
  DATABASE_NOUNS,
  DEVICE_GENERIC_TAILS,
  ANY_DEPTH_FOLDER_NOUNS,
  DEVICE_NOUNS,
  DISTINCTIVE_PROGRAMS,
  ENVIRONMENT_NAMES,
  ENVIRONMENT_NOUNS,
  EVENT_NOUNS,
  FILE_EXTENSIONS,
  FILE_KINDS,
  FOLDER_NOUNS,
  FUNCTION_WORDS,
  PARTY_SORT_WORDS,
  PROGRAM_CALL_WORDS,
  GENERIC_EVENT_NOUNS,
  NOT_PATHS,
  PROGRAMS,
  RECORD_NOUNS,
  RECORD_SORT_WORDS,
  TABLE_NOUNS,
  TOP_LEVEL_DOMAINS,
  UNIVERSAL_OBJECTS,
  WELL_KNOWN_BRANCHES,
} from './lexicon';
import { TOOL_NAME, TOOL_NAME_SOURCE, commandRule } from './commands';
import { type Phrase, compile, matchAt, wordSet } from './match';
import { actionsJoined, commonNounsJoined } from './slashed';
import type { Word } from './words';
import { wordTable } from '../text';

/** A thing a rule can be about, found in a sentence; offsets are in the turn's text. */
export type Entity =
  | {
      readonly kind: 'path' | 'email' | 'branch' | 'environment' | 'database' | 'table' | 'device' | 'event' | 'account' | 'command';
      readonly value: string;
      readonly start: number;
      readonly end: number;
      /** A folder named in words ("the temp folder", "the upstream repo") rather than written as a path. */
      readonly inWords?: boolean;
      /** Programs joined by a slash ("pip/conda"): the command is any of them. */
      readonly anyOf?: readonly string[];
    }
  | { readonly kind: 'domain'; readonly value: string; readonly start: number; readonly end: number; /** Could also be a file ("notes.me"). */ readonly alsoFile: boolean }
  | {
      readonly kind: 'amount';
      readonly value: string;
      readonly amount: number;
      readonly currency?: string;
      readonly comparator: 'above' | 'at-least' | 'below' | 'none';
      readonly start: number;
      readonly end: number;
    };
export type EntityKind = Entity['kind'];

const TLDS = new Set(TOP_LEVEL_DOMAINS);
const EXTENSIONS = new Set(FILE_EXTENSIONS);
/** Names that are files of their own when written with a dot, not extensions. */
const DOTFILE_NAMES = new Set(['env', 'git', 'github', 'gitignore', 'npmrc', 'nvmrc', 'vscode', 'idea', 'cache', 'config', 'ssh', 'aws', 'docker', 'key', 'lock', 'envrc', 'netrc', 'pem']);
const NOT_PATH = new Set(NOT_PATHS);
const EMAIL = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/;
const DOMAIN = /^@?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+([a-z]{2,})$/i;
const FILE_NAME = /^[\w*?{}\[\]-][\w.*?{}\[\]-]*\.([A-Za-z0-9]{1,10})$/;
/** A dotfile, its variants by a trailing glob too: `.env`, `.env.local`, `.env*`. */
const DOTFILE = /^\.[A-Za-z][\w.-]*\*?$/;
const DATE_OR_RATIO = /^[\d/.:-]+$/;
const URL = /^[a-z][a-z0-9+.-]*:\/\//i;
const WRAPPING_START = /^[`'"(\[{<“‘]+/;
const WRAPPING_END = /[`'"()\]}>,;:!?.…”’]+$/;
/** Markdown emphasis around a token ("**data/raw**"), told from a glob ("*.sql") by being on both sides. */
const EMPHASIS = /^([*_]{1,2})(?![*/])(.+?)(?<![*_])\1$/;
/** A chunk that is a word of letters and the punctuation after it. */
const PLAIN_WORD = /^([A-Za-z]+)[.,;:!?)]*$/;

/** A path as a rule scope: relative stays relative, a folder loses its slash, a bare file or extension glob matches at any depth. */
function scopePath(raw: string): string {
  // A placeholder stands for any name: `docs/sprint-N/plan.md`, `logs/YYYY-MM-DD.log`.
  const path = raw.replace(/\\/g, '/').replace(PLACEHOLDER, '*');
  if (!path.includes('/')) return `**/${path}`;
  let trimmed = (path.length > 1 ? path.replace(/\/+$/, '') : path).replace(/^\.\//, '');
  // A rules file's "/api/*.cs" is the repository's api/, as in .gitignore; "/etc/hosts" is the machine's.
  const root = /^\/([^/]+)/.exec(trimmed)?.[1];
  if (root !== undefined && !SYSTEM_ROOTS.has(root)) trimmed = trimmed.slice(1);
  // A folder tools make in every package ("node_modules/") is that folder wherever it is.
  return TOOL_FOLDERS.has(trimmed) ? `**/${trimmed}` : trimmed;
}

/** Top-level folders of a machine: a path under one is absolute, not the repository's. */
const SYSTEM_ROOTS = new Set(['etc', 'usr', 'var', 'home', 'tmp', 'opt', 'bin', 'sbin', 'lib', 'lib64', 'srv', 'root', 'dev', 'proc', 'sys', 'mnt', 'media', 'run', 'boot', 'Users', 'Volumes', 'Library', 'System', 'Applications', 'private', 'nix', 'workspace', 'workspaces', 'app', 'data', 'code', 'repo']);
/** A placeholder letter or date pattern between separators: sprint-N, v-X, YYYY-MM-DD. */
const PLACEHOLDER = /(?<=^|[-_./])(?:[NX]|YYYY-MM-DD|YYYY|NNN?)(?=[-_./]|$)/g;

/** Files every project names alike, written in capitals as they are: "the LICENSE file". */
const WELL_KNOWN_FILES = new Set(['LICENSE', 'README', 'CHANGELOG', 'CONTRIBUTING', 'CODEOWNERS', 'NOTICE', 'AUTHORS', 'VERSION', 'COPYING']);
/** Build, tool and system files with no extension, whatever their case: "the makefile", "the Dockerfile", "sudoers". */
const WELL_KNOWN_FILES_ANY_CASE = new Set(['makefile', 'dockerfile', 'containerfile', 'procfile', 'gemfile', 'rakefile', 'jenkinsfile', 'vagrantfile', 'brewfile', 'justfile', 'pipfile', 'sudoers', 'fstab']);
const LOCKFILE = /^lock-?files?$/;
/** Each package manager's lock file. */
const LOCK_FILES: Readonly<Record<string, string>> = wordTable({
  npm: '**/package-lock.json', yarn: '**/yarn.lock', pnpm: '**/pnpm-lock.yaml', bun: '**/bun.lockb', cargo: '**/Cargo.lock', poetry: '**/poetry.lock',
  uv: '**/uv.lock', pipenv: '**/Pipfile.lock', bundler: '**/Gemfile.lock', composer: '**/composer.lock', go: '**/go.sum',
});
/** A lock file named by its own name or a pattern anywhere in the text: `uv.lock`, `package-lock.json`, `flake.lock`, `*.lock`, `packages.lock.json`, `gradle.lockfile`, `go.sum`. */
const NAMED_LOCK_FILE = /(?:^|[^\w.*-])(?:[\w.*-]+\.lockb?|[\w.*-]+-lock\.[a-z]+|[\w.*-]+\.lock\.json|[\w.*-]+\.lockfile|go\.sum)\b/i;
/** Package managers' names written just before "lockfile", in a list: "npm or pnpm ", "npm, yarn and bun ". */
const MANAGERS_BEFORE = new RegExp(`(?:\\b(?:${Object.keys(LOCK_FILES).join('|')})\\b(?:,\\s*|\\s+(?:or|and|nor)\\s+|\\s+))+$`, 'i');
/** Commands that say whose lock file "the lock file" is: `uv add`, `yarn install`. */
const LOCK_FILE_COMMANDS = /\b(npm|yarn|pnpm|bun|uv|poetry|pipenv|cargo|composer|bundle|go\s+(?:get|mod))\s/g;
/** Manifests that say it when no command does: `pyproject.toml` is uv's or Poetry's, `go.mod` Go's. */
const LOCK_FILE_MANIFESTS: readonly (readonly [RegExp, readonly string[]])[] = [
  [/\bpackage\.json\b/, ['npm', 'yarn', 'pnpm', 'bun']],
  [/\bpyproject\.toml\b/, ['uv', 'poetry']],
  [/\bPipfile\b(?!\.lock)/, ['pipenv']],
  [/\bCargo\.toml\b/, ['cargo']],
  [/\bgo\.mod\b/, ['go']],
  [/\bGemfile\b(?!\.lock)/, ['bundler']],
  [/\bcomposer\.json\b/, ['composer']],
];

/**
 * The lock files of the package managers named just before "lockfile" ("npm or pnpm lockfiles"), else
 * of those the sentence's commands or manifests name ("`go.mod` or the lock file"), else every one;
 * and how many characters before the word the names take.
 */
function lockFilesOf(before: string, text: string): { files: string[]; named: number } {
  const names = MANAGERS_BEFORE.exec(before)?.[0] ?? '';
  const managers = names.toLowerCase().split(/\W+/).filter((word) => word in LOCK_FILES);
  if (managers.length > 0) return { files: managers.map((manager) => LOCK_FILES[manager] as string), named: names.length };
  // ("the dune lock file", "Nix's lockfile": a program's own that none of ours is, which names none of theirs.)
  const owner = /([A-Za-z][\w-]*)(?:['’]s)?\s+$/.exec(before)?.[1]?.toLowerCase();
  if (owner !== undefined && !LOCK_FILE_OWNERS_UNSAID.test(owner)) return { files: [], named: 0 };
  const run = [...text.matchAll(LOCK_FILE_COMMANDS)].map((match) => (match[1] as string).toLowerCase().replace(/^go\s.*/, 'go').replace(/^bundle$/, 'bundler'));
  const owners = run.length > 0 ? run : LOCK_FILE_MANIFESTS.flatMap(([manifest, managers]) => (manifest.test(text) ? managers : []));
  return { files: owners.length > 0 ? [...new Set(owners)].map((manager) => LOCK_FILES[manager] as string) : Object.values(LOCK_FILES), named: 0 };
}

/** Words before "lock file" that say whose it is no more than "the" does: "the", "any", "your project's". */
const LOCK_FILE_OWNERS_UNSAID = /^(?:the|a|an|any|all|every|each|your|our|my|this|that|these|those|its|their|existing|current|project|projects|repo|repository|root|main|package|packages|generated|committed|dependency|dependencies|lock|new|old|updated|modified|changed|or|and|of|to|in|commit|delete|edit|update|modify|regenerate|touch|change|overwrite|never|not|no|dont|don't|don’t)$/;

/** Folders package managers, interpreters and build tools make inside any project or package. */
const TOOL_FOLDERS = new Set(['node_modules', 'bower_components', '__pycache__', '.venv', '.tox', '.pytest_cache', '.mypy_cache', '.ruff_cache', '.terraform', '.next', '.nuxt', '.gradle', '.git']);

/**
 * The text's words, split further where code spans are joined by a slash or a comma
 * ("`config.jsonc`/`config.json`"), or a parenthesis opens right after one ("`ccmodel.env`(ignored)").
 */
function* chunks(text: string): Generator<{ readonly raw: string; readonly index: number }> {
  for (const word of text.matchAll(/\S+/g)) {
    const index = word.index ?? 0;
    // (Only code spans join: a word without a backtick is one chunk.)
    if (!word[0].includes('`')) {
      yield { raw: word[0], index };
      continue;
    }
    let at = 0;
    for (const join of word[0].matchAll(/`[/,]`|`\(/g)) {
      yield { raw: word[0].slice(at, (join.index ?? 0) + 1), index: index + at };
      at = (join.index ?? 0) + (join[0] === '`(' ? 1 : 2);
    }
    yield { raw: word[0].slice(at), index: index + at };
  }
}

/** A Markdown link, its text (plain or one code span) and its target: "[the docs folder](docs/)". */
const MARKDOWN_LINK = /\[([^\]\n`]+|`[^`\n]+`)\]\(([^)\s]+)\)/g;

/** Paths, emails, domains and folders written as chunks of text ("temp/", "bob@x.com", "acme.io", "*.csv"). */
export function textEntities(written: string, base: number): Entity[] {
  const found: Entity[] = [];
  // A Markdown link's marks go, its text and target kept in place, each a word of its own:
  // "[PromiseKit](https://…)" names no path, "[the docs folder](docs/)" names `docs/`.
  const text = written.includes('](') ? written.replace(MARKDOWN_LINK, (_link, label: string, target: string) => ` ${label}  ${target} `) : written;
  for (const chunk of chunks(text)) {
    const raw = chunk.raw;
    // A word of letters alone, its punctuation after it ("delete", "files,"), names a file only as one every project has, or a lock file.
    const letters = PLAIN_WORD.exec(raw)?.[1];
    if (letters !== undefined && !WELL_KNOWN_FILES.has(letters) && !WELL_KNOWN_FILES_ANY_CASE.has(letters.toLowerCase()) && !LOCKFILE.test(letters.toLowerCase()) && letters.toLowerCase() !== 'lock') continue;
    const lead = WRAPPING_START.exec(raw)?.[0].length ?? 0;
    let token = raw.slice(lead);
    // Trailing punctuation goes, but a folder's slash stays ("temp/." is the folder temp/).
    token = token.replace(WRAPPING_END, '');
    const emphasis = EMPHASIS.exec(token);
    // Code inside emphasis ("**`package.json`**") loses its backticks too.
    const inner = emphasis ? (WRAPPING_START.exec(emphasis[2] ?? '')?.[0].length ?? 0) : 0;
    const emphasized = emphasis ? (emphasis[1] ?? '').length + inner : 0;
    token = emphasis ? (emphasis[2] ?? '').slice(inner).replace(WRAPPING_END, '') : token;
    // "**Never force push to main/master**": bold that closes on the word, not a glob ("src/**" keeps its own).
    if (!emphasis) token = token.replace(/(?<=[^/*_])(?:\*\*|__)$/, '').replace(WRAPPING_END, '');
    if (token === '' || URL.test(token)) continue;
    const start = base + chunk.index + lead + emphasized;
    const end = start + token.length;
    const lower = token.toLowerCase();
    // "`.approved.` files": a name written between dots as code is the middle of file names (ApprovalTests'
    // `name.approved.txt`), not a dotfile.
    const betweenDots = raw.slice(0, lead).endsWith('`') && /^\.[\w-]+\.`/.test(raw.slice(lead));
    if (betweenDots && /^\.[\w-]+$/.test(token) && !DOTFILE_NAMES.has(token.slice(1).toLowerCase())) {
      found.push({ kind: 'path', value: `**/*${token}.*`, start, end });
      continue;
    }
    // An email address, or a chat channel ("#general"), which messages are sent to like an address.
    // ("rule #1", "#42": a number after the mark counts or cites an issue; a channel has a name.)
    if (EMAIL.test(token) || (/^#[a-z0-9][\w.-]*$/i.test(token) && !/^#\d+$/.test(token))) {
      found.push({ kind: 'email', value: lower, start, end });
      continue;
    }
    const domain = DOMAIN.exec(token);
    if (domain && !token.includes('/') && TLDS.has((domain[1] ?? '').toLowerCase())) {
      found.push({ kind: 'domain', value: lower.replace(/^@/, ''), start, end, alsoFile: EXTENSIONS.has((domain[1] ?? '').toLowerCase()) });
      continue;
    }
    if (token.includes('/')) {
      // "Write/Edit", "CI/CD", "Slack/Teams": words joined by a slash, not a path.
      // Words joined by a slash with a capital in them ("Write/Edit", "CI/CD", "RPC/message"): alternatives, not a path.
      // "remote/upstream-affecting", "env/secret-related": alternatives before a describing suffix.
      const words = token.replace(/-(?:[a-z]+ing|related|based|specific|facing|wide|level)$/, '');
      const parts = words.toLowerCase().split('/');
      // Gerunds joined by a slash are actions ("creating/closing/commenting on PRs").
      // ("`src/Makevars`", "`inst/AUTHORS`": written as code under a lowercase folder, it is a path.)
      const codedPath = raw.slice(0, lead).includes('`') && /^[a-z][\w.-]*\//.test(token);
      // ("pip/conda", "npm/yarn": programs joined by a slash are alternatives, each a command.)
      const programs = parts.length > 1 && parts.every((part) => KNOWN_PROGRAMS.has(part));
      // ("a temporary/helper script": after "a", words joined by a slash describe one thing; no path is "a" path.)
      const afterArticle = /\ban?\s+$/i.test(text.slice(Math.max(0, chunk.index - 4), chunk.index));
      // ("(disk/partition/format operations)": before a kind of action, words joined by a slash say which, no path.)
      const sortsKind = /^\s+(?:operations?|commands?|actions?|tasks?|tools?|requests?|access|permissions?)\b/i.test(text.slice(chunk.index + raw.length));
      const wordPair = !codedPath && /^[A-Za-z]+(?:\/[A-Za-z]+)+$/.test(words) && (/[A-Z]/.test(words) || afterArticle || sortsKind || parts.every((part) => /^[a-z]{2,}ing$/.test(part) || SMALL_WORDS.has(part)) || commonNounsJoined(words) || actionsJoined(words) || programs);
      if (NOT_PATH.has(lower) || wordPair || DATE_OR_RATIO.test(token) || token.startsWith('//') || /^-/.test(token)) continue;
      found.push({ kind: 'path', value: scopePath(token), start, end });
      continue;
    }
    // "stay out of ~": the home folder, written alone.
    if (token === '~') {
      found.push({ kind: 'path', value: '~', start, end });
      continue;
    }
    // "the LICENSE file", "edit the Makefile": files every project names alike, with no extension.
    // ("README files" are files of a kind, named by the extension beside them if at all.)
    const wellKnown = WELL_KNOWN_FILES.has(token) || WELL_KNOWN_FILES_ANY_CASE.has(lower);
    if (wellKnown && !/^\s+files\b/i.test(text.slice(chunk.index + raw.length))) {
      // ("never edit the README": README.md or README.rst, whichever the project has.)
      found.push({ kind: 'path', value: WELL_KNOWN_FILES.has(token) ? `**/${token}*` : `**/${token}`, start, end });
      continue;
    }
    // "the lockfile", "npm or pnpm lockfiles": the lock files of the package managers named, or of all.
    // ("lock files" in two words, not a door's lock.) (Beside a lock file named, "the `uv.lock` lockfile", the word says what it is.)
    const fileAfter = lower === 'lock' ? /^\s+files?\b/i.exec(text.slice(chunk.index + raw.length)) : null;
    if ((LOCKFILE.test(lower) || fileAfter) && !NAMED_LOCK_FILE.test(text)) {
      const before = text.slice(Math.max(0, chunk.index - 40), chunk.index);
      const { files, named } = lockFilesOf(before, text);
      if (files.length === 0) continue;
      // The managers' names are the entity's words, not commands of their own.
      for (const value of files) found.push({ kind: 'path', value, start: start - named, end: fileAfter ? chunk.index + raw.length + fileAfter[0].length : end });
      continue;
    }
    // `zz_generated.*`, `config.*`: a name written as code with any extension names those files.
    if (raw.slice(0, lead).includes('`') && /^[\w-][\w.-]*\.\*$/.test(token)) {
      found.push({ kind: 'path', value: scopePath(token), start, end });
      continue;
    }
    const file = FILE_NAME.exec(token);
    // `.py`, `.sql.out`: an extension names every file that ends with it; `.env`, `.gitignore` are files.
    // `.env.local`, `.npmrc.bak`, `.eslintrc.json`: a dotfile's variants, and a tool's rc or ignore file, are files, not an extension.
    const first = (token.split('.')[1] ?? '').toLowerCase();
    const dotfileVariant = DOTFILE_NAMES.has(first) || /\w(?:rc|ignore)$/.test(first);
    const extension = (/^(?:\.[A-Za-z0-9]+){2,}$/.test(token) && !dotfileVariant) || (/^\.[A-Za-z0-9]+$/.test(token) && EXTENSIONS.has(token.slice(1).toLowerCase()) && !DOTFILE_NAMES.has(token.slice(1).toLowerCase()));
    if (extension) found.push({ kind: 'path', value: `**/*${token}`, start, end });
    else if ((file && EXTENSIONS.has((file[1] ?? '').toLowerCase())) || /^\*\.\w+$/.test(token) || (DOTFILE.test(token) && token.length > 2)) {
      found.push({ kind: 'path', value: scopePath(token), start, end });
    }
  }
  return found;
}

const SYMBOLS = Object.keys(CURRENCY_SYMBOLS).map((s) => `\\${s}`).join('');
const CODES = Object.keys(CURRENCY_WORDS).join('|');
// Thousands grouped by threes ("250,000") or, as in India, by twos after the first three ("1,00,000").
const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?|\d+(?:\.\d+)?`;
const SCALE = String.raw`k|m|thousand|million|grand`;
const MONEY = new RegExp(
  // The symbol may follow the number, as in much of Europe: "50€", "200 €".
  String.raw`(?<symbol>[${SYMBOLS}])\s?(?<n1>${NUMBER})\s?(?<s1>${SCALE})?\b|\b(?<code>${CODES})\s?(?<n2>${NUMBER})\s?(?<s2>${SCALE})?\b|\b(?<n3>${NUMBER})\s?(?<s3>${SCALE})?\s?(?<word>${CODES})\b|\b(?<n4>${NUMBER})\s?(?<s4>${SCALE})?\s?(?<after>[${SYMBOLS}])`,
  'gi',
);
/** A number alone, with its scale: "over 500", "above 2k". */
const PLAIN_NUMBER = new RegExp(String.raw`\b(?<n>${NUMBER})\s?(?<s>${SCALE})?\b`, 'gi');
const SCALES: Readonly<Record<string, number>> = wordTable({ k: 1e3, thousand: 1e3, grand: 1e3, m: 1e6, million: 1e6 });

function parseAmount(number: string, scale: string | undefined): number {
  return Number(number.replace(/,/g, '')) * (scale ? (SCALES[scale.toLowerCase()] ?? 1) : 1);
}

const ABOVE = compile(ABOVE_WORDS);
const AT_LEAST_BEFORE = compile(['at least', 'minimum of', 'a minimum of']);
const AT_LEAST_AFTER = compile(AT_LEAST_WORDS.filter((w) => w.startsWith('or ') || w.startsWith('and ')));
const BELOW = compile(BELOW_WORDS);

/** Index of the first word starting at or after `offset`. */
function wordIndexAt(words: readonly Word[], offset: number): number {
  const index = words.findIndex((w) => w.start >= offset);
  return index === -1 ? words.length : index;
}

/** The comparator written around an amount: "over $500", "$500 or more", "under 1,000 euros". */
function comparatorOf(words: readonly Word[], first: number, last: number): 'above' | 'at-least' | 'below' | 'none' {
  const before = (phrases: readonly Phrase[]) => {
    for (let from = Math.max(0, first - 4); from < first; from++) {
      if (phrases.some((p) => matchAt(words, from, p) === first)) return true;
    }
    return false;
  };
  if (last < words.length && AT_LEAST_AFTER.some((p) => matchAt(words, last, p) !== undefined)) return 'at-least';
  if (before(AT_LEAST_BEFORE)) return 'at-least';
  if (before(ABOVE)) return 'above';
  if (before(BELOW)) return 'below';
  if (first > 0 && words[first - 1]?.text === '>') return 'above';
  return 'none';
}

const UNITS: Readonly<Record<string, number>> = wordTable({
  a: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, fifteen: 15,
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
});
const MULTIPLIERS: Readonly<Record<string, number>> = wordTable({ hundred: 100, thousand: 1000, grand: 1000, million: 1e6, k: 1000 });
const WORD_AMOUNT = new RegExp(
  String.raw`\b(?<number>(?:(?:${Object.keys(UNITS).join('|')})(?:[\s-]+(?:${Object.keys(UNITS).join('|')}))?)(?:\s+(?:${Object.keys(MULTIPLIERS).join('|')}))+)\s*(?<word>${CODES})\b`,
  'gi',
);

/** "two hundred", "five thousand", "a grand": a number written in words. */
function wordNumber(text: string): number {
  let total = 0;
  let current = 0;
  for (const word of text.toLowerCase().split(/[\s-]+/)) {
    if (UNITS[word] !== undefined) current += UNITS[word] as number;
    else if (MULTIPLIERS[word] !== undefined) {
      current = Math.max(current, 1) * (MULTIPLIERS[word] as number);
      if ((MULTIPLIERS[word] as number) >= 1000) {
        total += current;
        current = 0;
      }
    }
  }
  return total + current;
}

/** Amounts of money: "$500", "1,000 euros", "USD 2k", "two hundred dollars", and a bare number after a comparator. */
export function amountEntities(text: string, base: number, words: readonly Word[]): Entity[] {
  const found: Entity[] = [];
  const taken: [number, number][] = [];
  for (const match of text.matchAll(WORD_AMOUNT)) {
    const start = base + (match.index ?? 0);
    const end = start + match[0].length;
    const currency = CURRENCY_WORDS[(match.groups?.word ?? '').toLowerCase()];
    found.push({ kind: 'amount', value: match[0], amount: wordNumber(match.groups?.number ?? ''), ...(currency && { currency }), comparator: comparatorOf(words, wordIndexAt(words, start), wordIndexAt(words, end)), start, end });
    taken.push([start, end]);
  }
  // (Every amount but one said in words has a digit.)
  if (!/\d/.test(text)) return found;
  for (const match of text.matchAll(MONEY)) {
    const g = match.groups ?? {};
    const number = g.n1 ?? g.n2 ?? g.n3 ?? g.n4;
    if (!number) continue;
    const start = base + (match.index ?? 0);
    if (taken.some(([s, e]) => start >= s && start < e)) continue;
    const end = start + match[0].length;
    const symbol = g.symbol ?? g.after;
    const currency = symbol ? CURRENCY_SYMBOLS[symbol] : CURRENCY_WORDS[(g.code ?? g.word ?? '').toLowerCase()];
    const first = wordIndexAt(words, start);
    const last = wordIndexAt(words, end);
    found.push({ kind: 'amount', value: match[0], amount: parseAmount(number, g.s1 ?? g.s2 ?? g.s3 ?? g.s4), ...(currency && { currency }), comparator: comparatorOf(words, first, last), start, end });
    taken.push([start, end]);
  }
  // "over 500" with no currency: the comparator makes it an amount.
  for (const match of text.matchAll(PLAIN_NUMBER)) {
    const start = base + (match.index ?? 0);
    if (taken.some(([s, e]) => start >= s && start < e)) continue;
    const end = start + match[0].length;
    const first = wordIndexAt(words, start);
    const comparator = comparatorOf(words, first, wordIndexAt(words, end));
    if (comparator === 'none' || /[/:.-]$/.test(text.slice(0, match.index ?? 0))) continue;
    // "more than 30 days ago", "over 3 items", "10% of the balance": a number that counts something, or a share, is no sum of money.
    const rest = text.slice((match.index ?? 0) + match[0].length);
    const counted = words[wordIndexAt(words, end)];
    const countsThings = counted !== undefined && counted.text !== '' && counted.start - end <= 1 && counted.tags.has('Noun') && !counted.tags.has('Unit') && !/^\s?[,;:.!?)]/.test(rest);
    if (/^\s?%/.test(rest) || countsThings) continue;
    found.push({ kind: 'amount', value: match[0], amount: parseAmount(match.groups?.n ?? '0', match.groups?.s), comparator, start, end });
  }
  return found;
}

const DETERMINERS = wordSet([
  'the', 'a', 'an', 'any', 'all', 'every', 'each', 'my', 'our', 'your', 'his', 'her', 'their', 'its', 'this', 'that', 'these', 'those',
  'some', 'no', 'of', 'both', 'either', 'other', 'another', 'such',
]);
const DEVICE_HEADS = compile(DEVICE_NOUNS);
const FILE_KIND_PHRASES = FILE_KINDS.flatMap(({ globs, phrases }) => compile(phrases).map((phrase) => ({ phrase, globs })));
const EVENT_HEADS = compile(EVENT_NOUNS);
const RECORD_WORDS = wordSet(RECORD_NOUNS);
/** A business record ("an order", "the bookings"); a gerund is none ("the planning meeting" is no plan's). */
export const isRecord = (w: Word | undefined): boolean => w !== undefined && (RECORD_WORDS.has(w.norm) || (!/(?:ing|ed)$/.test(w.norm) && has(RECORD_WORDS, w)));
const RECORD_SORTS = wordSet(RECORD_SORT_WORDS);
const GENERIC_EVENTS = wordSet(GENERIC_EVENT_NOUNS);
const GENERIC_DEVICE_TAILS = wordSet(DEVICE_GENERIC_TAILS);
const ENVIRONMENTS = wordSet(ENVIRONMENT_NAMES);
const ENVIRONMENT_HEADS = wordSet(ENVIRONMENT_NOUNS);
const BRANCHES = wordSet(WELL_KNOWN_BRANCHES);
const BRANCH_HEADS = wordSet(BRANCH_NOUNS);
const DATABASE_HEADS = wordSet(DATABASE_NOUNS);
const TABLE_HEADS = wordSet(TABLE_NOUNS);
const FOLDER_HEADS = wordSet(FOLDER_NOUNS);
const PARTY_SORTS = new Set(PARTY_SORT_WORDS);
const PROGRAM_CALLS = new Set(PROGRAM_CALL_WORDS);
const ANY_DEPTH_FOLDERS = new Set(ANY_DEPTH_FOLDER_NOUNS);
const NAME_STOP = wordSet(['with', 'about', 'for', 'on', 'at', 'in', 'from', 'to', 'and', 'or']);

const isWordLike = (w: Word) => /^[\w@$€£¥.:/#-]+$/.test(w.text) && w.text !== '';
const has = (set: ReadonlySet<string>, w: Word | undefined) => w !== undefined && w.forms.some((f) => set.has(f));
/** Punctuation after a word that ends a noun phrase ("door," "door."). */
const endsPhrase = (w: Word) => /[,;:.!?)]/.test(w.post);

/** Words that point at a thing by where the session stands, not by its name: "the current branch", "the root directory". */
const DEICTIC = new Set(['current', 'same', 'working', 'active', 'present', 'existing', 'default', 'root']);
/** Words that say how many or what sort, not which: "new top-level directories", "extra folders". */
const NOT_NAMING = new Set(['new', 'additional', 'extra', 'more', 'other', 'top', 'level', 'toplevel', 'nested', 'empty', 'unrelated', 'random', 'arbitrary', 'unnecessary', 'own', 'separate', 'several', 'many']);
/** Words that say what sort of branch, never its name: "any shared branch", "a published branch", "the PR branch". */
const BRANCH_SORTS = new Set(['shared', 'public', 'protected', 'remote', 'upstream', 'published', 'pushed', 'merged', 'stale', 'old', 'long-lived', 'collaborative', 'feature', 'topic', 'pr', 'mr', 'dedicated', 'personal', 'private', 'throwaway', 'experimental', 'isolated', 'fresh']);

/** Modifier words right before `head` (not determiners, not across punctuation): "front" in "the front door". */
/** Gerunds of actions on things, which no name is: "dropping", "deleting". */
const ACTING_ON = /^(?:dropping|truncating|altering|deleting|removing|creating|updating|modifying|editing|changing|renaming|moving|migrating|pushing|merging|rebasing|writing|overwriting|wiping|purging|resetting)$/;

function modifiersBefore(words: readonly Word[], head: number, from: number): Word[] {
  const result: Word[] = [];
  for (let i = head - 1; i >= from; i--) {
    const w = words[i] as Word;
    // A name in backticks is a name whatever the tagger makes of it ("the `generated` folder").
    const quoted = /`$/.test(w.pre) || /^`/.test(w.post);
    // A parenthesis between them parts the phrases: "AWS resources (S3 buckets": the head's name starts inside it.
    if (!isWordLike(w) || has(DETERMINERS, w) || ((has(DEICTIC, w) || has(NOT_NAMING, w)) && !quoted) || (endsPhrase(w) && !quoted) || /\(/.test(w.post)) break;
    if (!quoted && (w.tags.has('Verb') || w.tags.has('Preposition') || w.tags.has('Conjunction') || w.tags.has('Adverb') || w.tags.has('Pronoun') || w.tags.has('Negative'))) break;
    // ("Never touch system folders": the word a negation governs is its verb, however tagged, never part of a name.)
    if (!quoted && words[i - 1]?.tags.has('Negative') === true) break;
    // ("dropping column/table": an action's gerund is the action done to the head, however tagged, never its name;
    // so is a relative clause's verb, "commands that remove directories".)
    const relativeVerb = /^(that|which|who)$/.test(words[i - 1]?.norm ?? '') && words[i - 2]?.tags.has('Noun') === true;
    if (!quoted && (ACTING_ON.test(w.norm) || relativeVerb)) break;
    // "rename or move folders" ("rename/move"): a word joined to a verb before it is a verb too, however tagged.
    const joinedToVerb = /^(or|and)$/.test(words[i - 1]?.norm ?? '') && words[i - 2]?.tags.has('Verb') === true && !words[i - 2]?.tags.has('Auxiliary');
    if (!quoted && joinedToVerb) break;
    result.unshift(w);
    if (quoted || /\(/.test(w.pre)) break;
    if (result.length === 3) break;
  }
  return result;
}

/** A name right after a head noun, quoted or shaped like an identifier: "table `users`", "branch release-2", "database called orders_v2". */
function nameAfter(words: readonly Word[], head: number, to: number): Word | undefined {
  const i = /^(called|named)$/.test(words[head + 1]?.norm ?? '') ? head + 2 : head + 1;
  const w = words[i];
  if (!w || i >= to || endsPhrase(words[head] as Word) || has(DETERMINERS, w) || !isWordLike(w) || w.tags.has('Verb') || w.tags.has('Preposition') || w.tags.has('Conjunction')) return undefined;
  const quoted = /[`'"]/.test(w.pre);
  const identifier = /^[a-z0-9_.-]+$/.test(w.text) && /[_\d.-]/.test(w.text);
  // "DROP TABLE users": after SQL's own keyword, as SQL writes it, the word is the table's name.
  // ("No DROP TABLE statements": a word in lowercase that says what the keywords are is no name.)
  const afterSqlKeyword = /^TABLE$/.test((words[head] as Word).text) && /^[A-Za-z_][\w.]*$/.test(w.text) && !/^(statements?|queries|query|commands?|operations?|calls?)$/.test(w.text);
  return quoted || identifier || afterSqlKeyword ? w : undefined;
}

/**
 * The names a sort of folder, branch or table lists as its examples, one word each: "generated folders
 * (dist, build)", "protected branches (`main`, `release`, etc.)", "folders named dist or build", "tables
 * like `users`". `end` is the list's last word. Undefined unless every item is such a name, so that a
 * phrase in a parenthesis ("branches (the ones you made)") is never read as names.
 */
function namesListed(words: readonly Word[], head: number, to: number): { readonly names: number[]; readonly end: number } | undefined {
  const headWord = words[head] as Word;
  const inParenthesis = /\(\s*$/.test(headWord.post) || /^\(/.test(words[head + 1]?.pre ?? '');
  let i = head + 1;
  // After "like" or "such as" only names written as code are taken; after "named" or in a parenthesis, plain words too.
  let plainNames = inParenthesis;
  if (inParenthesis) {
    if (/^(e\.?g\.?|eg|like|including)$/.test(words[i]?.norm ?? '')) i++;
  } else if (endsPhrase(headWord)) {
    return undefined;
  } else if (/^(named|called)$/.test(words[i]?.norm ?? '')) {
    plainNames = true;
    i++;
  } else if (/^(like|including)$/.test(words[i]?.norm ?? '')) {
    i++;
  } else if (words[i]?.norm === 'such' && words[i + 1]?.norm === 'as') {
    i += 2;
  } else {
    return undefined;
  }
  const names: number[] = [];
  for (; i < to; i++) {
    const w = words[i] as Word;
    const closes = inParenthesis ? /\)/.test(w.post) : /[.;:!?)]/.test(w.post) || i + 1 >= to;
    if (/^etc\.?$/.test(w.norm)) {
      if (closes && names.length > 0) return { names, end: i };
      continue;
    }
    const quoted = /`$/.test(w.pre) && /^`/.test(w.post);
    if (!isWordLike(w) || has(DETERMINERS, w) || !(quoted || plainNames || /[_./-]/.test(w.text))) return undefined;
    names.push(i);
    if (closes) return { names, end: i };
    if (/^(or|and)$/.test(words[i + 1]?.norm ?? '')) i++;
    else if (!/,\s*$/.test(w.post)) return inParenthesis ? undefined : { names, end: i };
  }
  return undefined;
}

/** A head whose sort may list its names after it: tables, branches, folders said in the plural ("folders (dist, build)"). */
const sortListsNames = (w: Word) => has(TABLE_HEADS, w) || has(BRANCH_HEADS, w) || (has(FOLDER_HEADS, w) && ANY_DEPTH_FOLDERS.has(w.norm));

/**
 * The words that name a sort's listed examples (`namesListed`): names, whatever action some of them
 * spell ("protected branches (main, release)", "generated folders (dist, build)").
 */
export function listedNameWords(words: readonly Word[]): ReadonlySet<number> {
  const names = new Set<number>();
  words.forEach((w, i) => {
    if (sortListsNames(w)) for (const at of namesListed(words, i, words.length)?.names ?? []) names.add(at);
  });
  return names;
}

/** Words as one name: "feature-x" stays joined as written, "front door" keeps its space. */
const joined = (ws: readonly Word[]) => ws.map((w, i) => w.text + (i < ws.length - 1 ? (/^[-_./]$/.test(w.post) ? w.post : ' ') : '')).join('');

/** A phrase's words after its head ("with the board", "for Q3"), up to the end of the noun phrase. */
function complement(words: readonly Word[], after: number, to: number): Word[] {
  const w = words[after];
  if (!w || after >= to || !/^(with|for|about|of)$/.test(w.norm) || endsPhrase(words[after - 1] as Word)) return [];
  const result: Word[] = [];
  for (let i = after + 1; i < to; i++) {
    const c = words[i] as Word;
    if (!isWordLike(c) || c.tags.has('Verb') || c.tags.has('Preposition') || c.tags.has('Conjunction')) break;
    // "meetings with external attendees", "calls with other teams": a sort of party, none named.
    if (PARTY_SORTS.has(c.norm)) return [];
    if (!has(DETERMINERS, c)) result.push(c);
    if (endsPhrase(c) || result.length === 4) break;
  }
  return result;
}

/**
 * Named targets written as noun phrases over words[from, to): databases and tables ("the orders
 * database"), branches, environments, devices ("the front door"), events ("any meeting with the
 * board" → board) and folders ("the temp folder"). `covered` marks words inside text entities.
 */
export function phraseEntities(words: readonly Word[], from: number, to: number, covered: ReadonlySet<number>): Entity[] {
  const found: Entity[] = [];
  // An entity's range covers its whole phrase ("my 1:1 with Sam"), so none of its words reads as an unknown qualifier.
  const push = (kind: 'database' | 'table' | 'branch' | 'environment' | 'device' | 'event' | 'path', value: string, first: Word, last: Word) => {
    if (value.trim() !== '') found.push({ kind, value, start: first.start, end: last.end, ...(kind === 'path' && { inWords: true }) });
  };
  for (let i = from; i < to; i++) {
    const w = words[i] as Word;
    // ("git push origin <branch>": a word in angle brackets is a placeholder for any, naming none.)
    if (covered.has(i) || (/<$/.test(w.pre) && /^>/.test(w.post))) continue;
    // "hidden files", "dotfiles": the files whose names start with a dot, wherever they are.
    const hiddenFiles = w.norm === 'hidden' && /^(files?|folders?|directories|dirs?)$/.test(words[i + 1]?.norm ?? '') && !covered.has(i + 1);
    if (hiddenFiles || /^dot-?files?$/.test(w.norm)) {
      push('path', '**/.*', w, hiddenFiles ? (words[i + 1] as Word) : w);
      if (hiddenFiles) i++;
      continue;
    }
    const headOf = (set: ReadonlySet<string>) => has(set, w);
    if (headOf(DATABASE_HEADS) || headOf(TABLE_HEADS) || headOf(FOLDER_HEADS) || headOf(BRANCH_HEADS)) {
      const kind = headOf(DATABASE_HEADS) ? 'database' : headOf(TABLE_HEADS) ? 'table' : headOf(BRANCH_HEADS) ? 'branch' : 'path';
      // A sort whose names are listed after it names them, whatever sorts it ("protected branches (main, release)").
      const listed = sortListsNames(w) ? namesListed(words, i, to) : undefined;
      if (listed !== undefined) {
        for (const at of listed.names) {
          if (covered.has(at)) continue;
          const name = words[at] as Word;
          const value = name.text.replace(/\/+$/, '');
          push(kind, kind === 'path' && !value.includes('/') ? `**/${value}` : value, name, name);
        }
        i = listed.end;
        continue;
      }
      // "database tables" are a database's tables, none named; "collection schemas", "table schemas" are what tables hold.
      const mods = modifiersBefore(words, i, from).filter((m) => !covered.has(words.indexOf(m)) && !(kind === 'table' && has(DATABASE_HEADS, m)) && !(kind === 'database' && (has(TABLE_HEADS, m) || has(DATABASE_HEADS, m))));
      const after = nameAfter(words, i, to);
      // "stack branches", "feature branches": a kind of branch, not one named.
      const kindOfBranch = kind === 'branch' && !after && ((w.tags.has('Plural') || w.norm.endsWith('es')) || mods.some((m) => BRANCH_SORTS.has(m.norm))) && !mods.some((m) => /`/.test(m.pre) || /^`/.test(m.post));
      // "important folders", "sensitive directories": a sort of folder, none named (a name is a noun or written as code).
      const kindOfFolder = kind === 'path' && !after && /^(folders|directories|dirs)$/.test(w.norm) && mods.length > 0 && mods.every((m) => m.tags.has('Adjective') && !m.tags.has('Noun') && !m.tags.has('Verb') && !/[`'"]/.test(m.pre));
      // "new base folders", "extra config directories": folders of a sort that are yet to be made, none named.
      const newOfSort = kind === 'path' && !after && /s$/.test(w.norm) && mods.length > 0 && has(NOT_NAMING, words[words.indexOf(mods[0] as Word) - 1]) && !mods.some((m) => /[`'"]/.test(m.pre));
      // "the git repository", "a Git repo": the kind of repository, not a folder's name.
      const gitRepository = kind === 'path' && !after && /^(repo|repos|repository|repositories)$/.test(w.norm) && mods.length === 1 && (mods[0] as Word).norm === 'git';
      // "S3 buckets", "GitHub repos": many of them under a service's name, which says where they are, not which one.
      const manyOfSort = kind === 'path' && !after && /^(buckets|repos|repositories)$/.test(w.norm) && mods.length > 0 && mods.every((m) => /^[A-Z]/.test(m.text) && !/[`'"]/.test(m.pre));
      // ("system folders like `/bin`", "system folders - /System, /Library": a sort whose examples follow names none itself.)
      const examplesFollow = kind === 'path' && !after && /^(folders|directories|dirs|paths)$/.test(w.norm) && (/^(like|including|e\.?g\.?)$/.test(words[i + 1]?.norm ?? '') || (words[i + 1]?.norm === 'such' && words[i + 2]?.norm === 'as') || /\(|\s[-–—]\s*$/.test(w.post));
      // "production tables", "live tables": the tables of an environment, none named by it ("test tables" may be named so).
      const environmentsTables = kind === 'table' && !after && w.norm === 'tables' && mods.length === 1 && ENVIRONMENTS.has((mods[0] as Word).norm) && (mods[0] as Word).norm !== 'test' && !/[`'"]/.test((mods[0] as Word).pre);
      if (environmentsTables) push('environment', (mods[0] as Word).norm, mods[0] as Word, mods[0] as Word);
      const name = after ? [after] : kindOfBranch || kindOfFolder || newOfSort || gitRepository || manyOfSort || examplesFollow || environmentsTables ? [] : mods;
      if (name.length > 0 && !(kind === 'database' && w.norm === 'schema' && !after)) {
        const value = joined(name).replace(/[`'"]/g, '');
        const [first, last] = after ? [w, after] : [name[0] as Word, w];
        // "`generated` directories": a folder of that name wherever it is.
        const anyDepth = kind === 'path' && !value.includes('/') && ANY_DEPTH_FOLDERS.has(w.norm);
        // "my home directory", "the home folder": the person's home, however the session writes it.
        const home = kind === 'path' && !after && value.toLowerCase() === 'home' && !/[`'"]/.test((name[0] as Word).pre) && !w.tags.has('Plural');
        push(kind, kind === 'path' ? (home ? '~' : `${anyDepth ? '**/' : ''}${value.replace(/\/+$/, '')}`) : value, first, last);
        if (ENVIRONMENTS.has(value.toLowerCase())) push('environment', value.toLowerCase(), name[0] as Word, name[0] as Word);
      }
      continue;
    }
    // ("leave tests alone": a plural is things of that name, no environment's.)
    if (has(ENVIRONMENTS, w) && !(i + 1 < to && has(DATABASE_HEADS, words[i + 1])) && !(w.tags.has('Plural') && !ENVIRONMENTS.has(w.norm))) {
      const next = words[i + 1];
      const previous = words[i - 1];
      // "don't touch prod": the object of a verb, for names no other word could be.
      // ("careful with prod": after "with" or "about" too; "…, but prod needs my OK": first in its clause, after the word that joins it.)
      const saidAlone = previous !== undefined && (previous.tags.has('Verb') || /^(with|about|but|and|so|whereas|while)$/.test(previous.norm)) && /^(prod|production|staging|preprod|pre-prod|uat)$/.test(w.norm);
      // "to prod or staging", "to prod, staging or qa": listed after one named.
      const listed = (/^(or|and)$/.test(previous?.norm ?? '') && has(ENVIRONMENTS, words[i - 2])) || (previous !== undefined && /,\s*$/.test(previous.post) && has(ENVIRONMENTS, previous));
      // ("For production, never deploy on Fridays": leading its sentence up to a comma, where the rule holds.)
      const fronted = previous?.norm === 'for' && i - 1 === from && /,/.test(w.post);
      const named = has(ENVIRONMENT_HEADS, next) || /^(to|on|in|into|onto|against)$/.test(previous?.norm ?? '') || i === from || saidAlone || listed || fronted;
      if (named) push('environment', w.norm, w, w);
      continue;
    }
    if (has(BRANCHES, w)) {
      push('branch', w.norm, w, w);
      continue;
    }
    // Files known by a kind's name wherever they are: "env files" are `.env` and its variants.
    const fileKind = FILE_KIND_PHRASES.map(({ phrase, globs }) => ({ end: matchAt(words, i, phrase, to), globs })).find((k) => k.end !== undefined);
    if (fileKind?.end !== undefined) {
      for (const glob of fileKind.globs) push('path', glob, w, words[fileKind.end - 1] as Word);
      i = fileKind.end - 1;
      continue;
    }
    // A head is a noun: "lock the back door" names the back door, not a lock.
    const noun = !(w.tags.has('Verb') && !w.tags.has('Noun'));
    // ("the quality gate": a project's gate of checks, no device.)
    const gateOfChecks = /^gates?$/.test(w.norm) && /^(quality|ci|release|merge|review|approval)$/.test(words[i - 1]?.norm ?? '');
    const device = noun && !gateOfChecks ? DEVICE_HEADS.map((p) => matchAt(words, i, p)).find((end) => end !== undefined) : undefined;
    if (device !== undefined) {
      // The head may be followed by a generic tail ("front door lock"): the name ends at the head.
      let last = device - 1;
      // ("the alarm system": a generic tail after the head is the device's too, and names nothing more.)
      while (last + 1 < to && (DEVICE_HEADS.some((p) => matchAt(words, last + 1, p) !== undefined) || has(GENERIC_DEVICE_TAILS, words[last + 1])) && !endsPhrase(words[last] as Word)) last++;
      const mods = modifiersBefore(words, i, from);
      const phrase = [...mods, ...words.slice(i, last + 1)];
      const parts = [...phrase];
      while (parts.length > 1 && has(GENERIC_DEVICE_TAILS, parts[parts.length - 1]) && parts.slice(0, -1).some((p) => DEVICE_HEADS.some((h) => matchAt([p], 0, h) !== undefined))) parts.pop();
      push('device', joined(parts).replace(/-/g, ' ').toLowerCase(), phrase[0] as Word, phrase[phrase.length - 1] as Word);
      i = last;
      continue;
    }
    const event = noun ? EVENT_HEADS.map((p) => matchAt(words, i, p)).find((end) => end !== undefined) : undefined;
    // "the seat class", "cabin class": the sort of a booking's record, no event.
    // ("an API call", "tool calls": a program's call, no phone call.)
    const programCall = /^calls?$/.test(w.norm) && PROGRAM_CALLS.has(words[i - 1]?.norm ?? '');
    // ("third-party libraries": the end of a hyphenated word, no party.)
    // ("3rd party libraries", "third party code": a party by its order is someone else's, no party held.)
    const compound = /-$/.test(words[i - 1]?.post ?? '') || /^(first|second|third|1st|2nd|3rd)$/.test(words[i - 1]?.norm ?? '');
    if (event !== undefined && !programCall && !compound && !isRecord(words[i - 1]) && !has(RECORD_SORTS, words[i - 1])) {
      // "new meetings" are whichever are made: new names none.
      const mods = modifiersBefore(words, i, from).filter((m) => m.norm !== 'new' && !covered.has(words.indexOf(m)));
      const head = words.slice(i, event).filter((h) => !has(GENERIC_EVENTS, h));
      const tail = complement(words, event, to);
      const phrase = [...mods, ...words.slice(i, event), ...tail];
      // A weekday or a date says when, not which: "my Monday standup" is the standup.
      const parts = [...mods, ...head, ...tail].filter((p) => !has(GENERIC_EVENTS, p) && !has(NAME_STOP, p) && !p.tags.has('Date'));
      // "overlapping meetings", "recurring events": a participle sorts them by how they stand, which names
      // none; left unread, it narrows the rule in a way no scope says. ("the planning meeting" is a name.)
      const sorted = mods.some((m) => /ing$/.test(m.norm) && !m.tags.has('Noun') && !/[`'"]/.test(m.pre));
      if (parts.length > 0 && !sorted) push('event', joined(parts), phrase[0] as Word, phrase[phrase.length - 1] as Word);
      i = event - 1 + tail.length;
    }
  }
  return found;
}

export const KNOWN_PROGRAMS: ReadonlySet<string> = new Set(PROGRAMS);
const ENGLISH_GRAMMAR_WORDS = new Set([...FUNCTION_WORDS, ...UNIVERSAL_OBJECTS]);
/** Action words written alone: `delete`, `drop`, `uninstall` (as in "treat `delete` and `drop` as destructive"). */
const ACTION_WORD_SET = new Set([...Object.values(ACTION_WORDS).flat().filter((phrase) => /^[a-z-]+$/.test(phrase)), 'uninstall', 'reset', 'destroy']);
const DISTINCTIVE = new Set(DISTINCTIVE_PROGRAMS);
/** Subcommands by which deploy tools deploy: `tofu apply`, `fly deploy`, `pulumi up`, `helm upgrade`. */
const DEPLOY_SUBCOMMAND = /^(?:apply|deploy|up|install|upgrade|release|rollout|publish|sync|promote)$/;
/** Little words joined by a slash ("to/from", "and/or", "on/off"): alternatives, never a path. */
const SMALL_WORDS = new Set(['to', 'from', 'in', 'out', 'on', 'off', 'and', 'or', 'up', 'down', 'into', 'onto', 'yes', 'no', 'if', 'when', 'with', 'without']);
const SPAN_THINGS = /^(?:\s*\/\s*`[^`]*`)*\s+(?:\w+\s+)?(?:comments?|fences?|directives?|annotations?|attributes?|pragmas?|markers?|decorators?|macros?|keywords?|imports?|statements?|blocks?|tags?|labels?|fields?|types?|lints?)\b/i;
const PROGRAM_AS_CLI = /^[ \t]+(?:CLI|cli)\b/;
/**
 * "SSH commands", "rsync commands": a program's commands are the program run (not "more commands", "just commands",
 * English first; nor git's, whose kind is read on its own: "destructive git commands" are not every git command).
 */
const PROGRAM_COMMANDS = /^[ \t]+commands?\b/i;
const PROGRAM_COMMANDS_NOT_THE_PROGRAM = new Set(['git', 'make', 'task', 'just', 'more', 'less', 'top', 'watch', 'find', 'touch', 'kill', 'go', 'mix', 'fly', 'swift', 'pod', 'dart', 'bundle', 'gem', 'eval', 'node', 'black', 'tar', 'zip', 'cd']);
/** Programs listed after a program's name, before the thing they describe: " or npm" of "Composer or npm dependency". */
const LISTED_PROGRAMS_AFTER = /^(?:\s*(?:,|\/|,?\s+(?:or|and|nor))\s*[A-Za-z][\w-]*){1,3}(?=\s)/i;
const PROGRAM_THINGS = /^\s+(?:hooks?|checks?|config(?:uration)?s?|registry|registries|cache|lock ?files?|settings|packages?|librar(?:y|ies)|dependenc(?:y|ies)|deps?|modules?)\b/i;
const SCRIPT = /^(?:\.{0,2}\/)?[\w./-]+\.(?:py|sh|js|mjs|ts|rb|pl|ps1|bat)$/;
/** A word shaped like a tool's name, outside code: `send_email`, `processPayment`, `mcp__gmail__send_email`. */
export const PLAIN_TOOL_SOURCE = String.raw`(?<![\w\x60'".\/-])${TOOL_NAME_SOURCE}(?![\w\x60'"\/-])`;
const PLAIN_TOOL = new RegExp(PLAIN_TOOL_SOURCE, 'g');
/** A script file named plainly right after running it: "run setup.py", "never execute scripts/reset.sh". */
export const PLAIN_SCRIPT_RUN_SOURCE = String.raw`\b(?:run|running|execute|executing|invoke|invoking|launch|launching)\s+(?:the\s+)?((?:\.{0,2}\/)?[\w./-]*\w\.(?:py|sh|js|mjs|rb|pl))\b(?![\w\x60])`;
const PLAIN_SCRIPT_RUN = new RegExp(PLAIN_SCRIPT_RUN_SOURCE, 'gi');
/** How a script with no folder is run, by its file's ending: `python setup.py`. */
const SCRIPT_INTERPRETERS: Readonly<Record<string, string>> = wordTable({ py: 'python', sh: 'bash', js: 'node', mjs: 'node', rb: 'ruby', pl: 'perl' });
// ("never use raw `gog gmail batch modify`": "raw" says it is run as it is; "bare `except`" is code.)
// ("then run: `sudo darwin-rebuild switch`": a colon may set the command off the verb.)
const RUN_BEFORE = /\b(?:run|running|ran|execute|executing|invoke|invoking|call|calling|type|typing|use|using)(?:\s*:)?\s+(?:(?:or|and)\s+\w+\s+)?(?:the\s+)?(?:raw\s+)?(?:command\s+)?$/i;
/** A check done with what follows: "validate syntax with `…`", "lint using `…`". */
const CHECKED_WITH = new RegExp(`\\b(?:${CHECKING_VERBS.join('|')})\\b[^.;:\`]{0,40}\\b(?:with|using|via)\\s+$`, 'i');
/** Verbs by which programs run and stop services and machines, which no action of ours names: `systemctl stop`, `service restart`. */
const SERVICE_VERBS = /^(?:start|stop|restart|reload|enable|mask|unmask|kill|poweroff|reboot|halt|suspend)$/;
/** A command whose last word is two subcommands joined by a slash: "gh pr create/merge". */
const SLASHED_SUBCOMMANDS = /^((?:[\w.-]+\s+)+)([a-z][\w-]*)\/([a-z][\w-]*)$/;
/** A word that places a tool's call, or forbids it: "before create_booking", "until `cancel_order`", "never `delete_file`". */
const TOOL_CALL_BEFORE = /\b(?:before|after|prior\s+to|until|ahead\s+of|without|never|not|don['’]?t)\s*$/i;
/** What opens a line or a sentence before a tool named as what a rule is said of ("- ", "1. ", "The "). */
const TOOL_SUBJECT_BEFORE = /(?:^\s*|[.:!?]\s+)(?:(?:[-*+]|\d{1,2}[.)])\s+)?[*_]{0,2}(?:the\s+)?$/i;
/** What a rule says of a tool opening its line: "create_booking requires a yes", "The `send_email` tool is blocked". */
const TOOL_SUBJECT_AFTER = /^[*_]{0,2}\s*(?::\s*)?(?:tool\s+)?(?:is|are|requires|needs|must|should|may|can\s+only|only\s+after)\b/i;

/**
 * Whether a tool's name, written plainly or as code between `before` and `after`, is its call as the event a rule
 * is about: "Require approval before `send_email`", "Confirm before create_booking", "Never `delete_file` unasked",
 * "`delete_file` requires approval", "- send_email needs approval".
 */
function toolCallAsEvent(before: string, after: string): boolean {
  return TOOL_CALL_BEFORE.test(before) || (TOOL_SUBJECT_BEFORE.test(before.slice(before.lastIndexOf('\n') + 1)) && TOOL_SUBJECT_AFTER.test(after));
}
/** Words after which a code span is an example of commands: "commands that need a tty (e.g. `vim`)". */
const COMMAND_EXAMPLES_BEFORE = /\b(?:commands?|tools?|programs?|binaries|clis?|scripts?)\b(?:[^.;:]{0,80}?(?:such as|like|e\.g\.?,?|i\.e\.?,?|including|for example,?)|[*_]{0,2}\s*:[*_]{0,2})\s*$/i;
/** A category of programs and its examples marker, before programs written plainly. */
const PLAIN_EXAMPLES = /\b(?:commands?|tools?|programs?|editors?|pagers?|binaries|clis?)\s+(?:such as|like|e\.g\.?,?|including)\s*/gi;
/** Where such a list ends: a sentence or clause mark, or a word that is no list joiner. */
const LIST_END = /[.;:!?)]|\s(?!or\b|and\b)[a-z]+\s+(?:that|which|who)\b/i;
/** What lies between two targets written side by side in a list: "`a.yml` and `b/`", "`x`, `y` or `z`". */
export const BETWEEN_LISTED = /^[\s`*_'"]*(?:,|and|or|&|,\s*(?:and|or))[\s`*_'"]*$/i;
/** Text in double quotes, short enough to be a command: "git push", "cd". */
const QUOTED_COMMAND = /"([^"\n`]{1,60})"/g;
/** A code span's text: `npm install`, ``git commit --amend``. */
const CODE_SPAN = /(`+)([^`\n]+?)\1/g;
/** A program's name written plainly: "npm", "Yarn", "pre-commit". */
const BARE_WORD = /(?<![\w`/.-])[A-Za-z][\w-]*(?![\w`/-]|\.\w)/g;

/** Only a program's name, or a name joined to one ("pip-tools"), can be a program written plainly: most words are neither. */
function mayNameProgram(word: string): boolean {
  const lower = word.toLowerCase();
  return KNOWN_PROGRAMS.has(lower) || DISTINCTIVE.has(lower) || DISTINCTIVE.has(/^([a-z\d]+)-/.exec(word)?.[1] ?? '');
}

/** Whether a code span is a command: it starts with a program, or runs a script file (`./deploy.sh`, `setup.py`). */
function isCommand(span: string): boolean {
  const words = span.trim().split(/\s+/);
  const first = (words[0] ?? '').replace(/^(?:sudo|env)$/, '') === '' && words.length > 1 ? (words[1] as string) : (words[0] ?? '');
  // ("`mkfs*`": a star glued to the program is any of its forms, `mkfs.ext4` too.)
  if (KNOWN_PROGRAMS.has(first.toLowerCase().replace(/\*$/, ''))) return true;
  return SCRIPT.test(first) && (words.length > 1 || first.startsWith('./') || /\.(?:py|sh)$/.test(first));
}

/**
 * Arguments written as a wildcard or computed when the command runs stand for any, as in a permission list: the
 * command is what comes before them ("`sudo *`", "`yum remove *`", "`docker rm -f $(docker ps -aq)`"). (A star
 * glued to a word is kept: binding reads "`npx create-*`" as a prefix.) The files a command acts on are its
 * target, a star among them too: "`rm *`" removes every file.
 */
const ANY_ARGUMENTS = /(?:\s+(?:\*|\$\([^()]*\)))+\s*$/;
/** What a command does to the files it is given. */
const FILE_VERBS: ReadonlySet<string> = new Set(['delete', 'overwrite', 'write', 'move']);

/** The span without the arguments that stand for any, unless they are the files it acts on. */
function withoutAnyArguments(span: string): string {
  const command = span.replace(ANY_ARGUMENTS, '');
  if (command === span || !/[A-Za-z]/.test(command)) return span;
  return commandRule(span).verbs.some((verb) => FILE_VERBS.has(verb)) ? span : command;
}

/** A command's words, then only placeholders to fill: "git checkout -b <branch>", "npm run <script> [args]". */
const TRAILING_PLACEHOLDERS = /^([\w./@:=-]+(?:\s+[\w./@:=-]+)*?)(?:\s+(?:<[^<>]*>|\[[^[\]]*\]|\{[^{}]*\}))+$/;

/**
 * Commands a sentence names: code spans that read as a command, and distinctive program names written
 * plainly ("don't use npm or yarn"). A command's words are covered, so none of them reads as an action
 * word or a target's name.
 */
export function commandEntities(text: string, base: number): Entity[] {
  const found: Entity[] = [];
  let lastEnd = -1;
  // Unknown spans shaped like a command, each joined to the next by a list's comma or "or": the list's
  // first items, which are commands when a later item is one ("(`flask run`, `npm start`)").
  let unknownRun: Entity[] = [];
  // The code span before this one, whatever it names.
  let lastSpan: { readonly end: number; readonly inner: string } | undefined;
  // (Caps too: "`a` OR `b`".)
  const joins = (from: number, to: number) => /^\s*(?:,|\/|,?\s*(?:or|and|nor))\s*$/i.test(text.slice(from, to));
  for (const match of text.matchAll(CODE_SPAN)) {
    const inner = withoutAnyArguments(match[2] as string);
    const before = text.slice(Math.max(0, (match.index ?? 0) - 24), match.index ?? 0);
    // A span of an unknown program is a command when it is run ("run `vp vitest`"), or listed with one ("`vp vitest` or `vp oxlint`").
    // ("use `dbt build` instead of `dbt run`": what a command is used in place of is one too, a program and its subcommand.)
    // ("Use `eabctl flash` instead of `esptool`": so is a program alone, put aside for a command shaped as one, known or not.)
    const putAsideFor = lastSpan !== undefined && /^[\s*_]*(?:instead of|rather than)\s*$/i.test(text.slice(lastSpan.end, match.index ?? 0));
    const inPlaceOf = (lastEnd >= 0 && /^[\s*_]*(?:instead of|rather than)\s*$/i.test(text.slice(lastEnd, match.index ?? 0)) && /^[\w.-]+\s+[a-z][\w:-]*$/.test(inner.trim())) || (putAsideFor && /^[a-z][\w.-]*$/.test(inner.trim()) && /^[a-z][\w.-]*\s+[a-z][\w:-]*$/.test(lastSpan?.inner.trim() ?? ''));
    lastSpan = { end: (match.index ?? 0) + match[0].length, inner };
    const after = text.slice((match.index ?? 0) + match[0].length);
    const calledAsEvent = toolCallAsEvent(before, after) && TOOL_NAME.test(inner.trim()) && commandRule(inner.trim()).verbs.some((verb) => verb !== 'execute');
    const run = RUN_BEFORE.test(before) || calledAsEvent || CHECKED_WITH.test(text.slice(Math.max(0, (match.index ?? 0) - 60), match.index ?? 0)) || COMMAND_EXAMPLES_BEFORE.test(text.slice(Math.max(0, (match.index ?? 0) - 120), match.index ?? 0)) || (lastEnd >= 0 && joins(lastEnd, match.index ?? 0)) || inPlaceOf;
    // A template ("`bun <file>`") stands for many commands, none of them written; an unknown word before
    // a thing's noun names that thing ("`eslint-disable` comments", "`no_run` doctest fences").
    const namesThing = !isCommand(inner) && SPAN_THINGS.test(after);
    // A template of a command that does one of the vocabulary's actions whatever fills it (`git checkout -- <file>`) is that action.
    // (So is one with a path left as "path/to/…".)
    // ("`git checkout -b <branch>`": a subcommand written out before its placeholders is that subcommand, whatever fills them.)
    const filled = TRAILING_PLACEHOLDERS.exec(inner.trim());
    // (So is a wildcard with arguments after it: "`ansible-playbook * --force`" runs no command that starts so.)
    const placeholders = /<[^>]*>|\{[^}]*\}|\bpath\/to\/|\s\*\s+\S/.test(inner);
    // What the template does whatever fills it, read once: `git checkout -- <file>` discards.
    const templateVerbs = (placeholders || filled !== null) && isCommand(inner) ? commandRule(inner).verbs : [];
    // (Only where what fills them changes nothing the vocabulary says: `git restore <files>` is a restore of files, `rm -rf <non-temp>` narrowed.)
    // ("Ask before running `term-llm contain start <name>`": so is an unknown program's, where it is run.)
    const subcommand = filled !== null && (filled[1] as string).split(/\s+/).length >= 2 && (isCommand(filled[1] as string) || run) && !/[<[{]\s*(?:non|not|no)\b/i.test(inner) && templateVerbs.every((verb) => verb === 'execute');
    const template = placeholders && !subcommand && !(templateVerbs.length > 0 && templateVerbs.every((verb) => verb !== 'execute'));
    // A folder (`tests/unit/`) is run by a program, never itself one; an action's own word (`delete`, `purge`) names the action.
    const folder = /^[\w./-]+\/$/.test(inner.trim());
    // A flag alone (`--amend`, `-f`) is an option of whatever command it is given to, not a program.
    const flag = /^-/.test(inner.trim());
    const actionWord = ACTION_WORD_SET.has(inner.trim().toLowerCase()) && !KNOWN_PROGRAMS.has(inner.trim().toLowerCase());
    // "never use `any`": a word of English grammar written as code is a keyword or a type, not a program.
    const grammarWord = ENGLISH_GRAMMAR_WORDS.has(inner.trim().toLowerCase()) && !KNOWN_PROGRAMS.has(inner.trim().toLowerCase());
    // "`BREAKING CHANGE:`", "`TODO:`": a marker written in text, not a program (programs are run in lowercase).
    // ("never call `PrepareNs`": a name in PascalCase is a function or a type of the code.)
    // ("run `/simplify`": a slash and one name is an agent's own chat command, no program.)
    // ("never use `// ... rest of code`": a comment of the code is text written in a file, no program.)
    // ("never use `System.currentTimeMillis`", "`os.system()`": a class's or a module's member is code, no program.)
    const member = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+(?:\(\))?$/.test(inner.trim()) && (/[A-Z]/.test(inner) || /\(\)$/.test(inner.trim()));
    const marker = member || /^(?:\.{2,}|…)$/.test(inner.trim()) || /^(?:\/\/|\/\*|<!--)(?:\s|$)/.test(inner.trim()) || /^\/[a-z][\w-]*$/.test(inner.trim()) || /:$/.test(inner.trim()) || /^[A-Z][A-Z_]*(?:\s+[A-Z][A-Z_]*)+$/.test(inner.trim()) || /^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+(?:\(\))?$/.test(inner.trim());
    const start = base + (match.index ?? 0) + (match[1] as string).length + (inner.length - inner.trimStart().length);
    // ("`git commit -m \"...\"`", "`npx nx ...`": an argument left as dots stands for any; the command is what comes before it.)
    const written = subcommand ? (filled[1] as string) : inner.trim();
    // "`reset --hard`", "`push --force`": a subcommand only git has, with its flags, is git's without the program's name.
    const gitImplied = !isCommand(inner) && GIT_SUBCOMMAND_FLAGGED.test(written);
    const value = `${gitImplied ? 'git ' : ''}${written.replace(/\s+(["'])(?:\.{2,}|…)\1$/, '').replace(/(?:\s+(?:\.{2,}|…))+$/, '')}`;
    const entity: Entity = { kind: 'command', value, start, end: start + written.length };
    const excluded = template || namesThing || folder || flag || actionWord || grammarWord || marker;
    if (excluded || (!isCommand(inner) && !gitImplied && !(run && (/^[\w./-]+(?::[\w-]+)*(?:\s|$)/.test(inner.trim()) || TOOL_NAME.test(inner.trim()))))) {
      const last = unknownRun[unknownRun.length - 1];
      const listed = last === undefined || joins(last.end - base + 1, match.index ?? 0);
      unknownRun = !excluded && /^[\w./-]+(?:\s[\w./=-]+)*$/.test(value) ? [...(listed ? unknownRun : []), entity] : [];
      continue;
    }
    const last = unknownRun[unknownRun.length - 1];
    if (last !== undefined && joins(last.end - base + 1, match.index ?? 0)) found.push(...unknownRun);
    unknownRun = [];
    lastEnd = (match.index ?? 0) + match[0].length;
    // ("`gh pr create/merge`": subcommands joined by a slash are either of them; "`cat src/main`" stays a path.)
    const slashed = SLASHED_SUBCOMMANDS.exec(value);
    const anyOf = slashed ? [`${slashed[1]}${slashed[2]}`, `${slashed[1]}${slashed[3]}`] : [];
    // ("`systemctl stop/disable`", "`apt-get remove/purge`": so are two verbs after a program alone; no folder is named so.)
    const twoVerbs = slashed !== null && [slashed[2], slashed[3]].every((word) => ACTION_WORD_SET.has(word as string) || SERVICE_VERBS.test(word as string));
    const alternatives = slashed !== null && ((slashed[1] as string).trim().split(/\s+/).length >= 2 || twoVerbs || anyOf.every((alternative) => commandRule(alternative).verbs.some((verb) => verb !== 'execute')));
    found.push(alternatives ? { ...entity, anyOf } : entity);
  }
  const inSpan = (offset: number) => found.some((e) => offset >= e.start - 1 && offset <= e.end + 1);
  // 'Do not run "cd"', 'actions such as "git push"': a command in double quotes, where a command is said.
  for (const match of text.matchAll(QUOTED_COMMAND)) {
    const inner = (match[1] as string).trim();
    const before = text.slice(Math.max(0, (match.index ?? 0) - 24), match.index ?? 0);
    const start = base + (match.index ?? 0) + 1 + ((match[1] as string).length - (match[1] as string).trimStart().length);
    if (isCommand(inner) && (RUN_BEFORE.test(before) || /(?:such as|like|e\.g\.,?)\s*$/i.test(before)) && !inSpan(start)) found.push({ kind: 'command', value: inner, start, end: start + inner.length });
  }
  // "Never call send_email without asking", "the cancel_reservation tool": a tool named plainly, when its name says what it does.
  // (A tool's name joins words with an underscore or a capital.)
  for (const match of /[a-z]_[a-z0-9]|[a-z][A-Z]/.test(text) ? text.matchAll(PLAIN_TOOL) : []) {
    const name = match[0];
    const start = base + (match.index ?? 0);
    const before = text.slice(Math.max(0, (match.index ?? 0) - 24), match.index ?? 0);
    const after = text.slice((match.index ?? 0) + name.length);
    const said = RUN_BEFORE.test(before) || /^\s+(?:tool|function)s?\b/i.test(after) || toolCallAsEvent(before, after);
    if (said && TOOL_NAME.test(name) && commandRule(name).verbs.some((verb) => verb !== 'execute') && !inSpan(start)) found.push({ kind: 'command', value: name, start, end: start + name.length });
  }
  // "Do NOT run setup.py": a script file named plainly after running is the command that runs it.
  for (const match of text.matchAll(PLAIN_SCRIPT_RUN)) {
    const written = match[1] as string;
    const start = base + (match.index ?? 0) + match[0].length - written.length;
    const interpreter = SCRIPT_INTERPRETERS[written.slice(written.lastIndexOf('.') + 1).toLowerCase()];
    if (!inSpan(start)) found.push({ kind: 'command', value: interpreter && !written.includes('/') ? `${interpreter} ${written}` : written, start, end: start + written.length });
  }
  // "git reset --hard", "git stash drop": git written plainly is a command when a subcommand and its flags follow.
  // (git's forms below all name it.)
  const namesGit = /git/i.test(text);
  for (const match of namesGit ? [...text.matchAll(PLAIN_GIT), ...text.matchAll(PLAIN_GIT_BARE)] : []) {
    const start = base + (match.index ?? 0);
    if (!inSpan(start) && !found.some((e) => e.start === start)) found.push({ kind: 'command', value: match[0].replace(/\s+/g, ' '), start, end: start + match[0].length });
  }
  // "destructive git commands (reset --hard, clean -f)": git's subcommands listed without the program's name.
  for (const match of namesGit ? text.matchAll(GIT_EXAMPLES) : []) {
    const list = match[1] ?? match[2] ?? '';
    const listStart = (match.index ?? 0) + match[0].lastIndexOf(list) - 1;
    for (const item of list.matchAll(/[^,;]+/g)) {
      // ("(`commit`, `add`/`rm` staging, …)": subcommands written as code are those spans, each of them.)
      const spans = [...(item[0] as string).matchAll(/`([^`]+)`/g)];
      const parts = spans.length > 0 ? spans.map((span) => ({ written: span[1] as string, at: (span.index ?? 0) + 1 })) : [{ written: (item[0] as string).trim().replace(/^(?:and|or|e\.g\.|etc\.?)\s+/i, ''), at: -1 }];
      for (const { written, at } of parts) {
        const start = base + listStart + 1 + (item.index ?? 0) + (at === -1 ? (item[0] as string).indexOf(written) : at);
        if (!GIT_SUBCOMMAND.test(written)) continue;
        const command: Entity = { kind: 'command', value: `git ${written.replace(/\s+/g, ' ')}`, start, end: start + written.length };
        // (A span already read as a command of its own, because examples of commands are, is git's.)
        // (`rm -rf` among them stays the program it names.)
        const read = found.findIndex((e) => e.start === start);
        if (read !== -1 && !isCommand(written)) found[read] = command;
        else if (read !== -1) continue;
        else if (!inSpan(start)) found.push(command);
      }
    }
  }
  // "git commands", "any git operations", "git at all": every command of git, named by the program.
  for (const match of namesGit ? text.matchAll(GIT_AS_A_KIND) : []) {
    const start = base + (match.index ?? 0);
    if (!inSpan(start)) found.push({ kind: 'command', value: 'git', start, end: start + 3 });
  }
  // "rm -rf", "docker compose down -v": any program written plainly is a command when flags follow it (English has no "-rf").
  // (A flag follows a space or a tab.)
  for (const match of /[ \t]-/.test(text) ? text.matchAll(PLAIN_FLAGGED) : []) {
    const start = base + (match.index ?? 0);
    const written = `${match[0]}${match[1] as string}`;
    if (KNOWN_PROGRAMS.has(match[0].toLowerCase()) && !inSpan(start)) found.push({ kind: 'command', value: written.replace(/\s+/g, ' '), start, end: start + written.length });
  }
  // "interactive tools like vi, nano or less": programs written plainly as a category's examples.
  const examples = [...text.matchAll(PLAIN_EXAMPLES)].map((m) => ({ from: (m.index ?? 0) + m[0].length, to: (m.index ?? 0) + m[0].length + (LIST_END.exec(text.slice((m.index ?? 0) + m[0].length))?.index ?? text.length) }));
  const inExamples = (offset: number) => examples.some((e) => offset >= e.from && offset < e.to);
  // (Each bare word is a whole run of word characters and hyphens: a text none of whose runs may name a program has none.)
  for (const match of text.split(/[^\w-]+/).some(mayNameProgram) ? text.matchAll(BARE_WORD) : []) {
    if (!mayNameProgram(match[0])) continue;
    const start = base + (match.index ?? 0);
    // ("python or pip": a program that is also a word, listed with one that is only a program.)
    const listedWithProgram = (at: number, length: number) => {
      const next = /^\s*(?:,|\/|,?\s*(?:or|and|nor))\s*([A-Za-z][\w-]*)/i.exec(text.slice(at + length))?.[1];
      const previous = /([A-Za-z][\w-]*)\s*(?:,|\/|,?\s*(?:or|and|nor))\s*$/i.exec(text.slice(Math.max(0, at - 30), at))?.[1];
      return [next, previous].some((word) => word !== undefined && DISTINCTIVE.has(word.toLowerCase()));
    };
    // ("AWS CLI commands", "the Helm CLI": a program named as its command line is the program, whatever else its name means.)
    const after = text.slice((match.index ?? 0) + match[0].length);
    const asCli = KNOWN_PROGRAMS.has(match[0].toLowerCase()) && (PROGRAM_AS_CLI.test(after) || (PROGRAM_COMMANDS.test(after) && !PROGRAM_COMMANDS_NOT_THE_PROGRAM.has(match[0].toLowerCase())));
    // ("pip, pip-tools, poetry, or conda": a program's name joined to more, listed with programs, is a program of its family.)
    const ofFamily = DISTINCTIVE.has(/^([a-z\d]+)-[a-z][a-z\d-]*$/.exec(match[0])?.[1] ?? '') && listedWithProgram(match.index ?? 0, match[0].length);
    // ("Avoid tofu apply without approval", "never run fly deploy": a program whose name is a word is one before a subcommand that deploys.)
    const subcommand = /^\s+([a-z][\w-]*)/.exec(after)?.[1];
    // (Only subcommands a deploy tool has are worth the command's parse: "make sure", "find out" are English.)
    const deploys = subcommand !== undefined && DEPLOY_SUBCOMMAND.test(subcommand) && KNOWN_PROGRAMS.has(match[0].toLowerCase()) && commandRule(`${match[0].toLowerCase()} ${subcommand}`).verbs.includes('deploy');
    const program = asCli || ofFamily || deploys || DISTINCTIVE.has(match[0].toLowerCase()) || (KNOWN_PROGRAMS.has(match[0].toLowerCase()) && (inExamples(match.index ?? 0) || listedWithProgram(match.index ?? 0, match[0].length)));
    // "pre-commit hooks", "the npm registry": a program's name describing a thing of its own.
    // ("a Composer or npm dependency": so is one listed with others before the thing.)
    const describes = PROGRAM_THINGS.test(after.replace(LISTED_PROGRAMS_AFTER, ''));
    // ("Do not stop Docker", "never upgrade Terraform": the program as a thing acted on, not run.)
    const actedOn = PROGRAM_ACTED_ON.test(text.slice(Math.max(0, (match.index ?? 0) - 24), match.index ?? 0));
    // ("curl | sh": programs piped together run as written; no one of them is the command.)
    const piped = /\|\s*$/.test(text.slice(Math.max(0, (match.index ?? 0) - 3), match.index ?? 0)) || /^\s*\|(?!\|)/.test(after);
    if (!program || describes || actedOn || piped || inSpan(start)) continue;
    // "never run npm install or terraform destroy": the words after the program are its subcommand and
    // flags, up to a word that is none ("in CI", "or", "unless …"); the program alone would be wider.
    // ("we don't chmod mise e2e tests": a program that has no subcommands takes words after it as its objects, not its arguments.)
    const written = PLAIN_ARGS.exec(after)?.[0] ?? '';
    const args = NO_SUBCOMMANDS.has(match[0].toLowerCase()) ? (/^(?:[ \t]+(?:--?[A-Za-z][\w-]*|[0-7]{3,4}\b))*/.exec(written)?.[0] ?? '') : written;
    // "apply Terraform changes", "apply the kubectl manifests": what is applied with such a tool is its own `apply`.
    const applied = APPLYING_TOOLS.has(match[0].toLowerCase()) && /\bapply(?:ing)?\s+(?:(?:the|any|all|your)\s+)?$/i.test(text.slice(0, match.index ?? 0));
    const value = applied ? `${match[0].toLowerCase()} apply` : asCli ? match[0].toLowerCase() : `${match[0]}${args}`.toLowerCase();
    found.push({ kind: 'command', value, start, end: start + match[0].length + (applied || asCli ? 0 : args.length) });
  }
  // "do not use pip/conda": programs joined by a slash, any of them ("npm/yarn install" is an install, said below).
  for (const match of text.matchAll(SLASHED_WORDS)) {
    const parts = match[0].toLowerCase().split('/');
    const start = base + (match.index ?? 0);
    const alone = /^(?:\s*$|[\s*_]*[.,;:!?)]|\s+(?:for|in|to|when|unless|or|and|instead|anymore|ever|at|directly|here|before|after|on|first)\b)/.test(text.slice((match.index ?? 0) + match[0].length));
    if (parts.every((part) => KNOWN_PROGRAMS.has(part)) && alone && !inSpan(start)) found.push({ kind: 'command', value: parts.join('/'), anyOf: parts, start, end: start + match[0].length });
  }
  return found;
}

/** Verbs that act on a program rather than run it: "stop Docker", "upgrade terraform", "reinstall node". */
const PROGRAM_ACTED_ON = /\b(?:stop|start|restart|kill|quit|launch|update|upgrade|downgrade|install|uninstall|reinstall|configure|reconfigure|enable|disable)\s+(?:the\s+)?$/i;

/** Tools whose `apply` subcommand is what "apply" means beside their name. */
const APPLYING_TOOLS = new Set(['terraform', 'tofu', 'kubectl']);

/** Words joined by slashes, outside code: "pip/conda". */
const SLASHED_WORDS = /(?<![\w`/.-])[A-Za-z][\w-]*(?:\/[A-Za-z][\w-]*)+(?![\w`/-]|\.\w)/g;

/** git's subcommands that a rule about git names. */
const GIT_SUBCOMMANDS = ['reset', 'clean', 'push', 'checkout', 'restore', 'rebase', 'commit', 'stash', 'branch', 'merge', 'pull', 'tag', 'rm', 'revert', 'add', 'filter-branch', 'filter-repo', 'gc', 'reflog', 'switch', 'cherry-pick', 'am'];
/** Subcommands English says as the action itself: "git push to main" is a push to main. */
const SAID_AS_ACTIONS = new Set(['push', 'commit', 'branch', 'merge', 'pull', 'tag', 'switch', 'am']);

/** git written plainly with a subcommand and at least one flag or argument of its own: "git push --force", "git clean -fd", "git checkout ." */
const PLAIN_GIT = new RegExp(String.raw`(?<![\w\x60/.-])git\s+(?:${GIT_SUBCOMMANDS.join('|')})(?:\s+(?:--?[A-Za-z][\w-]*|drop|clear|\.(?=$|[\s,;)])|--(?=$|[\s,;)])))+`, 'g');

/**
 * git written plainly with a subcommand that is no English action of the vocabulary's own ("never use
 * git reset", "git clean is off limits"): the command, flags or none. A subcommand English says as
 * the action itself ("git push", "git commit") is read as that action, with its branch or target.
 */
const PLAIN_GIT_BARE = new RegExp(String.raw`(?<![\w\x60/.-])git\s+(?:${GIT_SUBCOMMANDS.filter((sub) => !SAID_AS_ACTIONS.has(sub)).join('|')})(?![\w-])`, 'g');

/**
 * git's commands as a kind, with examples in a parenthesis after it, or introduced up to the clause's
 * end: "git commands (reset --hard, clean -f, branch -D)", "git commands such as `reset --hard` unless asked".
 */
const GIT_EXAMPLES = /\bgit\s+(?:[\w-]+\s+)?(?:commands?|operations?)[*_]*\s*(?:\(([^)]*)\)|(?:such as|like|e\.g\.,?|including)\s+([^.;:!?\n]*?)(?=\s+(?:unless|without|except|until|when|if)\b|[.;:!?\n]|$))/gi;
/** One of git's subcommands that no program of its own is, with a flag: "reset --hard", "clean -fd", "push --force". */
const GIT_SUBCOMMAND_FLAGGED = new RegExp(String.raw`^(?:${GIT_SUBCOMMANDS.filter((sub) => !KNOWN_PROGRAMS.has(sub)).join('|')})\s+--?[A-Za-z]`);
/** A git subcommand that opens an example, with its flags: "reset --hard", "branch -D". */
const GIT_SUBCOMMAND = new RegExp(String.raw`^(?:${GIT_SUBCOMMANDS.join('|')})(?:\s+[-\w.]+)*$`);

/**
 * git written plainly as the kind of its commands: "any git commands", "no git operations", "git at
 * all", "leave git operations to the user". Not a kind narrowed by a word before it ("destructive git commands", "read-only git
 * commands") or by anything after it but the rule's own exception ("git commands that rewrite
 * history", "with the -i flag", "as root", "in parallel"; "without asking" keeps the kind).
 */
const GIT_AS_A_KIND = /(?<=(?:^|[^\w`/.-])(?:any|all|no|the|run|use|perform|execute|make|do|leave|avoid|running|using|performing|executing|making|doing|leaving|avoiding)\s+)git(?=(?:\s+|-)(?:related\s+)?(?:commands?|operations?|actions?|subcommands?)(?=\s*(?:[.!;:,]|\*|$)|\s+(?:without|unless|until|automatically|yourself|on\s+your\s+own|ever|again|anymore|first)\b|\s+to\s+(?:me|us|(?:the|a)\s+(?:user|human|humans|maintainers?|developers?))\b)|\s+at\s+all\b)/gi;

/** Words that end a command written plainly: function words, and nouns that say what it is. */
// (And chat's shorthand after it: "never run terraform destroy w/o asking", "NEVER pip thx".)
const NOT_AN_ARGUMENT = /^(?:w\/o|w\/|b4|thx|thanks|pls|plz|please|changes|plans|manifests|resources|files|modifications|or|and|nor|in|on|to|for|with|without|unless|until|before|after|when|while|if|because|since|as|at|from|into|onto|against|the|a|an|any|all|anything|everything|something|nothing|this|that|these|those|it|them|is|are|be|was|ever|again|anymore|directly|here|there|yourself|yet|first|instead|only|either|must|should|shall|can|cannot|will|would|may|might|passes|fails|succeeds|commands?|operations?|actions?|tasks?|scripts?|packages?|tools?|programs?|equivalents?|alternatives?|counterparts?|globally|locally|manually|automatically|usage|use|style|conventions?|idioms?|patterns?|practices?|fixtures?|plugins?)$/;
/** What may stand as a plain command's argument: any word but those. */
// (A word closed by an italic mark is that word: "run pytest directly_.")
const AN_ARGUMENT = `(?!(?:${NOT_AN_ARGUMENT.source.slice(1, -1)})(?![A-Za-z0-9-]))`;
/** Programs whose words after them are files or hosts, never subcommands. */
export const NO_SUBCOMMANDS: ReadonlySet<string> = new Set(['rm', 'mv', 'cp', 'chmod', 'chown', 'chgrp', 'curl', 'wget', 'ssh', 'scp', 'rsync', 'shred', 'mkfs', 'dd', 'cat', 'touch', 'mkdir', 'rmdir', 'ln']);
/** A plain command's arguments: up to four subcommands, flags or file modes ("chmod 777") after the program. */
// (A file's name is one, dot and all: "terraform apply plan.tfplan".)
const PLAIN_ARGS = new RegExp(`^(?:[ \\t]+${AN_ARGUMENT}(?:--?[A-Za-z][\\w-]*|[a-z][\\w:-]*(?:\\.[A-Za-z]\\w*)*|[0-7]{3,4}\\b)){0,4}`);

/**
 * A program written plainly, up to three subcommands, then its flags, then the one argument it is
 * given: "rm -rf /", "npm install --force", "docker compose down -v". Read as the program itself
 * (`match[0]`) and the rest (`match[1]`, a lookahead, so that "run rm -rf" is tried at "rm" too).
 */
const PLAIN_FLAGGED = new RegExp(
  String.raw`(?<![\w\x60/.-])[a-z][\w-]*(?=((?:[ \t]+${AN_ARGUMENT}[a-z][\w:-]*){0,3}(?:[ \t]+--?[A-Za-z][\w-]*(?![\w/]|\.[\w/]))+(?:[ \t]+${AN_ARGUMENT}[\w~/.*][\w~/.*-]*(?<![.]))?))`,
  'g',
);
