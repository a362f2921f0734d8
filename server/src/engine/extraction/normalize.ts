import wordnet from './wordnet.json';
import { wordTable } from '../text';
import { TextMemo } from '../text/textMemo';
import { SLASHED_ACTIONS, actionsJoined } from './slashed';
import { AlternativesByText } from './alternatives';
import { glosses, saysNoItself } from './glosses';

/*
 * Text as people write it, made readable for the tagger: markdown emphasis, emoji and heading marks
 * taken out, chat shorthand and apostrophe-less contractions written out ("pls dont" → "please
 * don't", "w/o" → "without"). Every offset of the result maps back to the text as written, so
 * what is read keeps its exact source range.
 */

/** Text made readable, and the way back to the text as written. */
export interface ReadableText {
  readonly text: string;
  /** The offset in the written text of an offset in `text` (its length maps to the written text's end). */
  readonly original: (offset: number) => number;
}

/** Shorthand and contractions without apostrophes, lowercase, as whole words. */
const SHORTHAND: Readonly<Record<string, string>> = wordTable({
  pls: 'please', plz: 'please', plse: 'please', pleeease: 'please', b4: 'before', abt: 'about', bc: 'because', cuz: 'because', coz: 'because',
  rn: 'right now', ppl: 'people', msg: 'message', msgs: 'messages', pkg: 'package', pkgs: 'packages', deps: 'dependencies', dep: 'dependency',
  nvm: 'never mind', thx: 'thanks', ty: 'thanks', tmrw: 'tomorrow', tmr: 'tomorrow', ur: 'your', ya: 'you', yr: 'your', gonna: 'going to',
  wanna: 'want to', gotta: 'have to', okey: 'okay', k: 'okay', tho: 'though', altho: 'although', thru: 'through', w: 'with', wo: 'without',
  dont: "don't", doesnt: "doesn't", didnt: "didn't", cant: "can't", wont: "won't", isnt: "isn't", arent: "aren't", wasnt: "wasn't",
  werent: "weren't", shouldnt: "shouldn't", wouldnt: "wouldn't", couldnt: "couldn't", mustnt: "mustn't", havent: "haven't", hasnt: "hasn't",
  hadnt: "hadn't", neednt: "needn't", theres: "there's", thats: "that's", whats: "what's", youre: "you're", im: "I'm", ive: "I've",
  lets: "let's", ok: 'okay', u: 'you', esp: 'especially', pref: 'preferably', asap: 'as soon as possible', til: 'until', b4hand: 'beforehand',
  ops: 'operations', op: 'operation', cmd: 'command', cmds: 'commands',
});
/** Shorthand written with a slash: "w/o", "w/", "b/c". */
const SLASHED: Readonly<Record<string, string>> = wordTable({ 'w/o': 'without', 'w/out': 'without', 'w/': 'with', 'b/c': 'because', 'b/4': 'before' });

/** Words that only stress a rule, said alone in a parenthesis after it: "Never commit to `main` (critical)." */
const STRESS_WORDS = ['critical', 'important', 'mandatory', 'required', 'strict', 'strictly', 'crucial', 'essential', 'vital', 'non-negotiable', 'no exceptions', 'no exception', 'enforced', 'hard rule']
  .flatMap((word) => [`[${word[0]}${word[0]?.toUpperCase()}]${word.slice(1)}`, word.toUpperCase()])
  .join('|');

/** Action words joined by a slash ("drop/truncate"), to be read as alternatives. */
const SLASH_ACTIONS = [...SLASHED_ACTIONS]
  .sort((a, b) => b.length - a.length)
  .map((word) => `[${word[0]}${word[0]?.toUpperCase()}]${word.slice(1)}`)
  .join('|');

/** Words by which a line marked with a cross says itself whether, or on what condition, it is done. */
const SAYS_HOW_ITSELF = /\b(?:never|only\s+(?:after|with|when|once|if|upon))\b/i;

const PATTERN = new AlternativesByText(
  [
    // A markdown table row is read as its cells said in turn: "| `git push -f` | ❌ Never |" is "`git push -f`: Never.".
    String.raw`(?<tableOpen>^[ \t]*\|[ \t]*(?=[^\n]*\|[ \t]*$))`,
    String.raw`(?=[ \t]*\|)(?<=^[ \t]*\|[^\n]*\S)(?<tableBar>[ \t]*\|[ \t]*(?=[^\n]*\|[ \t]*$))`,
    String.raw`(?=[ \t]*\|[ \t]*$)(?<=^[ \t]*\|[^\n]*\S)(?<tableClose>[ \t]*\|[ \t]*$)`,
    // A cell that is only a cross says no: "| `rm -rf` | ❌ |".
    String.raw`(?<forbiddenCell>(?<=\|[ \t]*)(?:\u{274C}|\u{1F6AB}|\u{26D4}|\u{2717}|\u{2718}|\u{1F6D1})\u{FE0F}?(?=[ \t]*\|[^\n]*$))`,
    // Markdown emphasis around words: **never**, __never__, *never*, _never_ (not a glob's star: "src/**/*.ts", "**/dist").
    String.raw`(?<![/A-Za-z0-9])(?<emphasis>\*\*|__)(?=[^\s*_/]|[*_][A-Za-z\x60])`,
    // A bold title of a few words that opens an item, then a sentence with no mark between: "- **Never push to main**
    // Always open a PR." The title is a sentence of its own. (Not before a word in capitals: "- **DO NOT** MERGE PRS" is shouted whole.)
    // (The closing mark looked for first, so that the look back runs only where one is.)
    String.raw`(?=\*\*[ \t]+[A-Z]|__[ \t]+[A-Z])(?<=^[ \t]*(?:[-*+][ \t]+|\d{1,2}[.)][ \t]+)?(?:\*\*|__)[^*_\n:;.!?]*?[^\s*_:;.!?][ \t]+[^*_\n:;.!?]*?[A-Za-z0-9\x60)])(?<titleEnd>\*\*|__)(?=[ \t]+[A-Z](?![A-Z]))`,
    String.raw`(?<=[^\s*_/]|[A-Za-z.!?:)\x60][*_])(?<emphasisEnd>\*\*|__)(?!/)`,
    // (Around a code span too: "_Never commit to `main`_."; and around bold, or inside it: "_**Never push.**_", "**_Never push._**".)
    String.raw`(?:(?<![\w*/.])|(?<=(?<![\w*/.])(?:\*\*|__)))(?<star>[*_])(?=(?:\*\*|__)?[A-Za-z\x60])`,
    String.raw`(?<=[A-Za-z.!?:)\x60](?:\*\*|__)?)(?<starEnd>[*_])(?=(?:\*\*|__)(?![\w*/])|[^\w*/]|$)`,
    // A cross or a no-entry sign opening a line or an item marks what not to do: "- ❌ Modify fixtures by hand", "🚫 `git push --force`".
    String.raw`(?<=^[ \t]*(?:(?:[-*+]|\d{1,2}[.)])[ \t]+)?)(?<forbiddenMark>(?:\u{274C}|\u{1F6AB}|\u{26D4}|\u{2717}|\u{2718}|\u{1F6D1})\u{FE0F}?(?:[ \t]+(?=[A-Za-z\x60])|[ \t]*(?=[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}])))`,
    // Two hyphens set apart, as plain text writes a dash: "Always create a draft -- never send directly" (not a
    // command's end of options: "git checkout -- file").
    String.raw`(?=[ \t]+--[ \t])(?<!\bgit[ \t]+[\w-]+)(?<=[A-Za-z)*_])(?<doubleDash>[ \t]+--[ \t]+)(?=[A-Za-z*_])`,
    // An arrow from a case to what to do in it, a clause of its own: "You need a new dependency → Ask first".
    String.raw`(?=[ \t]+(?:\u{2192}|\u{21D2}|->|=>))(?<=\S)(?<arrowThen>[ \t]+(?:\u{2192}|\u{21D2}|->|=>)[ \t]+)(?=[A-Z][a-z']*[ \t]+[a-z][^)\n]*$)`,
    // Emoji, pictographs and the marks that dress them up.
    String.raw`(?<emoji>[\p{Extended_Pictographic}\u{FE0F}\u{200D}\u{20E3}\u{2713}-\u{2717}\u{2022}\u{25B6}\u{25BA}\u{2192}\u{21D2}])`,
    // A condition said first and closed by a colon is read as one closed by a comma: "Only after user approval: send it".
    String.raw`(?=:[ \t])(?<=^[ \t]*(?:[-*+][ \t]+)?[*_]{0,2}(?:[Oo]nly[ \t]+)?(?:[Aa]fter|[Ww]ith|[Ww]ithout|[Uu]pon|[Oo]nce)[ \t][^:\n]{1,60}?)(?<conditionColon>:)`,
    // A backslash before a grave accent, as a prompt kept in a JavaScript template string writes it ("Never edit \`a.json\`"): the accent alone.
    String.raw`(?<escapedGrave>\\(?=\x60))`,
    // A backslash before a mark Markdown would read, escaping it: "documentation files (\*.md)" is "*.md".
    String.raw`(?<escapedMark>\\(?=[*_#\[\]]))`,
    // A full-width grave accent, as a Japanese or Chinese input method types it, opens or closes a code span.
    String.raw`(?<fullWidthGrave>\u{FF40})`,
    // An enumerator inside a sentence says nothing: "You must not: (1) push to main, (2) delete branches".
    String.raw`(?<enumerator>(?<=(?:^|[:,;]|\s)[ \t]*)\((?:\d{1,2}|[a-h]|i{1,3}|iv|v|vi{1,3})\)[ \t]+(?=[A-Za-z\x60]))`,
    // The words of a reply quoted before the approval they make ('wait for explicit "yes, delete X" confirmation'):
    // what the person is to say, no action of the sentence's own.
    String.raw`(?<quotedReply>"[^"\n]{1,60}"(?=[ \t]+(?:confirmation|approval|reply|answer|response|go-ahead)\b))`,
    String.raw`(?<quotedReplyCurly>\u{201C}[^\u{201D}\n]{1,60}\u{201D}(?=[ \t]+(?:confirmation|approval|reply|answer|response|go-ahead)\b))`,
    // A Markdown link is its text: "[PromiseKit](https://github.com/mxcl/PromiseKit)" is "PromiseKit", no path.
    String.raw`(?<linkOpen>\[)(?=[^\]\n]+\]\([^)\s]+\))`,
    String.raw`(?=\]\()(?<=\[[^\]\n]+)(?<linkTarget>\]\([^)\s]+\))`,
    // A parenthesis that only stresses the rule before it, or says why after its stress, says nothing of the rule's own:
    // "… to `main` (critical).", "… (important: CI deploys it)".
    String.raw`(?<stressAside>[ \t]*\((?:${STRESS_WORDS}|!+)(?:!*|[ \t]*[:\u2014-][^()\n]*)\)(?=[ \t]*(?:[.!:;,]|$)))`,
    // A list's plus mark is read as its dash: the tagger takes a "+" for a word.
    String.raw`(?<plusMark>(?<=^[ \t]*)\+(?=[ \t]+\S))`,
    // A question tag that asks for a nod ("never push to main, ok?") says nothing of the rule; its "OK" is no approval.
    String.raw`(?<=[\p{L}\p{N}\x60)\]*_])(?<tagQuestion>(?:[ \t]*,[ \t]*(?:[Oo][Kk]|[Oo]kay|[Kk]|[Kk]k|[Rr]ight|[Yy]eah|[Aa]lright|[Gg]ot it|[Uu]nderstood|[Cc]lear|[Dd]eal|[Cc]ool)|[ \t]+(?:[Oo][Kk]|[Oo]kay|[Kk]|[Kk]k|[Yy]eah|[Aa]lright|[Gg]ot it|[Uu]nderstood))[ \t]*\?+(?=[ \t]*$))`,
    // Heading marks at a line's start.
    String.raw`(?<heading>^#{1,6}[ \t]+)`,
    // A thanks or a please that ends a line after the rule's last word says nothing of it: "never run pip thx!", "all tests must pass before merging pls".
    String.raw`(?=[ \t,]+(?:[Tt][Hh]|[Tt][Yy]|[Cc]heers|[Pp][Ll]))(?<=[A-Za-z0-9\x60)\]])(?<signOff>[ \t]*,?[ \t]*(?:[Tt]hx|THX|[Tt]hanks|THANKS|[Tt]hank you|[Tt]y|TY|[Tt]yvm|[Cc]heers|[Pp]ls|PLS|[Pp]lz|[Pp]lease|PLEASE)(?=[ \t]*[.!]*[ \t]*$))`,
    String.raw`(?<slashed>(?<![\w/])(?:[Ww]\/[Oo](?:[Uu][Tt])?|[Ww]\/(?=\s)|[Bb]\/[Cc4])(?![\w/]))`,
    // Actions joined by a slash are alternatives: "Write/Edit operations", "create/update".
    // (Words joined tight are tried in any form, "Creating/modifying"; with spaces, only actions as the lexicon
    // writes them, so that "logs/ thx" stays a path and a word.)
    String.raw`(?<alternatives>(?<![\w/.\x60-])(?=[A-Za-z]+ ?\/)(?:(?:${SLASH_ACTIONS})(?: ?\/ ?(?:${SLASH_ACTIONS}))+|[A-Za-z]+(?:\/[A-Za-z]+)+)(?![\w/\x60-]|\.\w))`,
  ],
  'gmu',
  // A table needs its bars, a condition its colon, an enumerator its parenthesis, a dash its hyphens, an escape its backslash, a link its
  // bracket, alternatives and shorthand their slash.
  { tagQuestion: '?', plusMark: '+', stressAside: '(', tableOpen: '|', tableBar: '|', tableClose: '|', forbiddenCell: '|', conditionColon: ':', enumerator: '(', quotedReply: '"', quotedReplyCurly: '\u201C', doubleDash: '-', escapedGrave: '\\', escapedMark: '\\', linkOpen: ']', linkTarget: ']', slashed: '/', alternatives: '/' },
);

/**
 * A word, or a hyphenated word whose parts are tried for typos ("force-psuh"): found in a pass of their
 * own, since a match of the pattern above, with its many named groups, costs far more than a word's.
 * None of that pattern's matches can start inside such a word, so the two passes find what one would.
 */
const WORD = /(?<![\w'’\/.-])(?:([A-Za-z][A-Za-z0-9]*)|([A-Za-z]+(?:-[A-Za-z]+)+))(?![\w'’\/-]|\.\w)/g;

/**
 * Typos of the words rules turn on: a word one edit (a letter left out, added, changed, or two
 * swapped) from exactly one rule word is that word, unless it is a real word of its own, as
 * WordNet's table says ("delte" is delete; "sever" stays sever).
 */
const RULE_WORDS: Readonly<Record<string, readonly string[]>> = wordTable((wordnet as { typoGuards: Record<string, string[]> }).typoGuards);
let typoIndex: Map<string, string[]> | undefined;

/** Rule words by each of their one-letter deletions and by themselves: a typo and its word share one. */
function typoCandidates(word: string): string[] {
  if (!typoIndex) {
    typoIndex = new Map();
    for (const rule of Object.keys(RULE_WORDS)) {
      for (const key of [rule, ...deletions(rule)]) typoIndex.set(key, [...(typoIndex.get(key) ?? []), rule]);
    }
  }
  const found = new Set<string>();
  for (const key of [word, ...deletions(word)]) for (const rule of typoIndex.get(key) ?? []) found.add(rule);
  return [...found].filter((rule) => oneEdit(word, rule));
}

function deletions(word: string): string[] {
  return Array.from({ length: word.length }, (_, i) => word.slice(0, i) + word.slice(i + 1));
}

/** Whether two different words are one deletion, insertion, substitution or adjacent swap apart. */
function oneEdit(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The rule word a lowercase word is a typo of, if it is one. */
function ruleWordTypoed(lower: string): string | undefined {
  if (lower.length < 3 || RULE_WORDS[lower] !== undefined) return undefined;
  // Short words are only swapped letters ("puhs"): other edits of them make too many real words.
  const candidates = typoCandidates(lower).filter((rule) => rule.length >= 5 || lower.length >= 5 || (rule.length === lower.length && [...rule].sort().join('') === [...lower].sort().join('')));
  if (candidates.length !== 1) return undefined;
  const rule = candidates[0] as string;
  return RULE_WORDS[rule]?.includes(lower) ? undefined : rule;
}

/**
 * Lowercase words by the rule word each is a typo of (null: none), for the whole process: every word
 * of every message is looked up, and text repeats the same few thousand words. Bounded.
 */
const TYPO_MEMO_LIMIT = 100_000;
const typoMemo = new Map<string, string | null>();

/** The rule word a typo stands for, if the word is one. */
function corrected(word: string): string | undefined {
  const lower = word.toLowerCase();
  let rule = typoMemo.get(lower);
  if (rule === undefined) {
    rule = ruleWordTypoed(lower) ?? null;
    if (typoMemo.size >= TYPO_MEMO_LIMIT) typoMemo.clear();
    typoMemo.set(lower, rule);
  }
  if (rule === null) return undefined;
  // Written as the typo was: "Nevr" is "Never", "DELTE" is "DELETE".
  if (word === word.toUpperCase()) return rule.toUpperCase();
  return /^[A-Z]/.test(word) ? rule.charAt(0).toUpperCase() + rule.slice(1) : rule;
}

/** Replacements to make, in order: [start, end, replacement] over the written text. */
function edits(text: string): [number, number, string][] {
  const result: [number, number, string][] = [];
  // Code spans are written as they are meant: `__snapshots__/`, `*.py`, `w/o` are names, not markup or shorthand.
  const spans = [...text.matchAll(/(`+)[^`\n]+?\1/g)].map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length] as const);
  const inSpan = (start: number) => spans.some(([from, to]) => start > from && start < to);
  // What the pattern matched, kept or not: the words inside a match (a quoted reply, a link's target) are not read.
  const matched: [number, number][] = [];
  for (const match of text.matchAll(PATTERN.for(text))) {
    const groups = match.groups ?? {};
    const start = match.index ?? 0;
    const end = start + match[0].length;
    matched.push([start, end]);
    // (The backslash that escapes a span's closing accent is inside the span, and goes all the same.)
    if (groups.escapedGrave === undefined && inSpan(start)) continue;
    if (groups.alternatives !== undefined) {
      if (!actionsJoined(groups.alternatives.replace(/ /g, ''))) continue;
      result.push([start, end, groups.alternatives.split(/ ?\/ ?/).join(' or ')]);
    } else if (groups.doubleDash !== undefined) {
      result.push([start, end, ' \u2014 ']);
    } else if (groups.arrowThen !== undefined) {
      result.push([start, end, '. ']);
    } else if (groups.titleEnd !== undefined) {
      result.push([start, end, '.']);
    } else if (groups.tableBar !== undefined) {
      result.push([start, end, ': ']);
    } else if (groups.conditionColon !== undefined) {
      result.push([start, end, ',']);
    } else if (groups.tableClose !== undefined) {
      result.push([start, end, '.']);
    } else if (groups.forbiddenCell !== undefined) {
      result.push([start, end, 'never']);
    } else if (groups.forbiddenMark !== undefined) {
      // ("❌ 测试失败时禁止提交代码": the line's own negation says it, after a condition the mark would be read into.)
      const line = text.slice(end, (text.indexOf('\n', end) + 1 || text.length + 1) - 1);
      // ("❌ `aws ec2 terminate-instances` — Never without approval": an English line that says "never" or "only
      // after …" itself says how; a "never" added before it would ban what it only conditions.)
      result.push([start, end, saysNoItself(line) || SAYS_HOW_ITSELF.test(line) ? '' : 'Never ']);
    } else if (groups.plusMark !== undefined) {
      result.push([start, end, '-']);
    } else if (groups.fullWidthGrave !== undefined) {
      result.push([start, end, '`']);
    } else if (groups.slashed !== undefined) {
      result.push([start, end, SLASHED[groups.slashed.toLowerCase()] ?? groups.slashed]);
    } else {
      result.push([start, end, '']);
    }
  }
  const words = wordEdits(text, matched, inSpan);
  const inOrder = words.length === 0 ? result : [...result, ...words].sort((a, b) => a[0] - b[0]);
  const glossed = glosses(text);
  return glossed.length === 0 ? inOrder : [...inOrder, ...glossed].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/**
 * Three words or more in capitals are shouted, and read in lower case: capitals there name nothing ("NO REAL
 * PAYMENTS PROCESSED"), and the tagger reads the words as it does written plainly.
 */
const SHOUTED = /(?<![\w'’\/.-])[A-Z][A-Z'’-]*(?:[ \t]+[A-Z][A-Z'’-]*){2,}(?![\w'’\/-])/g;
/** Acronyms keep their capitals in a shouted run, as the tagger knows them so: "OR WATCH CI". */
const ACRONYMS = new Set(['ci', 'cd', 'pr', 'prs', 'mr', 'mrs', 'api', 'apis', 'sql', 'db', 'dbs', 'ui', 'cli', 'aws', 'gcp', 'ssh', 'url', 'urls', 'json', 'yaml', 'id', 'ids', 'qa', 'llm', 'ai']);

/** Shorthand written out and typos corrected, in the words outside the pattern's matches and code spans. */
function wordEdits(text: string, matched: readonly [number, number][], inSpan: (start: number) => boolean): [number, number, string][] {
  const result: [number, number, string][] = [];
  const shouted = [...text.matchAll(SHOUTED)].map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length] as const);
  const isShouted = (start: number) => shouted.some(([from, to]) => start >= from && start < to);
  let next = 0;
  WORD.lastIndex = 0;
  for (let match = WORD.exec(text); match !== null; match = WORD.exec(text)) {
    const start = match.index;
    while (next < matched.length && (matched[next] as [number, number])[1] <= start) next++;
    if ((next < matched.length && (matched[next] as [number, number])[0] <= start) || inSpan(start)) continue;
    const [, word, hyphenated] = match;
    const loud = isShouted(start);
    if (word !== undefined) {
      const lower = word.toLowerCase();
      const replacement = SHORTHAND[lower] ?? corrected(word);
      if (loud && !ACRONYMS.has(lower)) {
        if ((replacement ?? lower) !== word) result.push([start, start + word.length, replacement ?? lower]);
        continue;
      }
      // "K" and "W" alone are too often a name or a list letter; "ok" only reads better lowercase.
      if (replacement === undefined || (lower.length === 1 && word !== lower)) continue;
      result.push([start, start + word.length, word === word.toUpperCase() && lower.length > 1 ? replacement.toUpperCase() : replacement]);
    } else if (hyphenated !== undefined) {
      let at = start;
      for (const part of hyphenated.split('-')) {
        const fixed = corrected(part) ?? (loud ? part.toLowerCase() : undefined);
        if (fixed !== undefined && fixed !== part) result.push([at, at + part.length, fixed]);
        at += part.length + 1;
      }
    }
  }
  return result;
}

/**
 * Texts made readable, by the text as written, for the whole process: a block of a message is made
 * readable again for its sentences and the variants tried on them, and corpora repeat whole
 * messages. Bounded by the characters kept; long texts are not kept.
 */
const readableMemo = new TextMemo<ReadableText>(64 * 1024, 16 * 1024 * 1024);

/** Forgets the texts made readable and the typos found: for a measurement that must read every text afresh. */
export function forgetReadableTexts(): void {
  readableMemo.clear();
  typoMemo.clear();
}

/** The written text made readable; text with nothing to change comes back as it is. */
export function readable(written: string): ReadableText {
  return readableMemo.get(written, madeReadable);
}

function madeReadable(written: string): ReadableText {
  const changes = edits(written);
  if (changes.length === 0) return { text: written, original: (offset) => offset };
  let text = '';
  // map[i]: the written offset of text[i]; one more entry for the end.
  const map: number[] = [];
  let at = 0;
  for (const [start, end, replacement] of changes) {
    for (let i = at; i < start; i++) map.push(i);
    text += written.slice(at, start);
    // A replacement's characters point at what they replace, from its start (the spaces that lead it
    // too) to its last character; one inserted where nothing was written points at what follows it.
    const lead = replacement.length - replacement.trimStart().length;
    for (let i = 0; i < replacement.length; i++) map.push(i <= lead || end === start ? start : Math.min(start + i - lead, end - 1));
    text += replacement;
    at = end;
  }
  for (let i = at; i < written.length; i++) map.push(i);
  text += written.slice(at);
  map.push(written.length);
  return {
    text,
    original: (offset) => map[Math.min(Math.max(offset, 0), map.length - 1)] as number,
  };
}
