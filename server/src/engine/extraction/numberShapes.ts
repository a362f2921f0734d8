/**
 * Sentences that differ only in their numbers ("… DOB April 24, 1988.", then "April 71, 3455.") are
 * tagged once: each plain number is masked to a stand-in of its shape, the masked sentence is tagged,
 * and the real digits are put back at the same offsets. The tagger (compromise) reads a plain number by
 * its shape alone, with one exception, a four-digit year, whose value range the stand-in keeps:
 *
 * - every rule of its that looks at digits is a regular expression over the term's shape (digit counts,
 *   and the marks around them: `:`, `/`, `-`, `.` between digits, `$`, `%`, `st`/`th`, `am`/`pm`, an
 *   apostrophe), or a number's length; a plain number has none of those marks in its term;
 * - its lexicon and its match patterns name numbers of one digit only ("motel 6", "1 800 …"), and
 *   numbers of one digit are left as they are;
 * - its year rule (preTagger 2nd pass, `tagYear`) compares a four-digit number with 1400, 1920, 2025
 *   and 2100, so a four-digit number's stand-in lies between the same bounds.
 *
 * `test/unit/extraction-numbers.test.ts` holds the tagging so put back to the tagger's own over every
 * sentence of the rule corpora and the bench corpora (with their digits varied) and the edges above;
 * a term whose digits are not where its offsets say is tagged whole instead.
 */

/**
 * A plain number: two digits or more, after a space or the text's start (or a currency sign there:
 * "$500"), before a space, the end, or one closing mark and then either; not a time ("10 am"), whose
 * hour the tagger reads by value.
 */
const PLAIN_NUMBER = /(?<=(?:^|\s)[$€£]?)\d{2,}(?=[,.;!?]?(?:\s|$))(?!\s*[ap]\.?m\b)/gi;

/** A four-digit number's stand-in: one per range the tagger's year rule tells apart (1400 < year < 2100; 1920 ≤ close year < 2025). */
function yearStandIn(value: number): string {
  if (value <= 1400) return '1000';
  if (value < 1920) return '1500';
  if (value < 2025) return '2000';
  if (value < 2100) return '2050';
  return '5000';
}

function standIn(digits: string): string {
  return digits.length === 4 ? yearStandIn(Number(digits)) : '5'.repeat(digits.length);
}

/** The text with each plain number replaced by its stand-in (same length), or undefined when that changes nothing. */
export function numbersMasked(text: string): string | undefined {
  const masked = text.replace(PLAIN_NUMBER, standIn);
  return masked === text ? undefined : masked;
}

/** What extraction reads of a term the tagger gives (words.ts `toWord`). */
export interface TaggedTerm {
  text: string;
  pre: string;
  post: string;
  normal: string;
  machine?: string;
  implicit?: string;
  root?: string;
  tags: string[];
  offset: { start: number; length: number };
}

export interface TaggedSentence {
  terms: TaggedTerm[];
  offset: { start: number; length: number };
}

const DIGIT = /\d/;

/**
 * The tagging of `text` from that of `masked` (its `numbersMasked`): the same terms and tags, each
 * term's digits taken from `text` at its offsets. Undefined when a term's digits cannot be placed so
 * (the tagger's offsets drifted, or it changed a number's text), for the caller to tag `text` itself.
 */
export function withNumbersOf(text: string, masked: string, sentences: readonly TaggedSentence[]): TaggedSentence[] | undefined {
  const result: TaggedSentence[] = [];
  for (const sentence of sentences) {
    const terms: TaggedTerm[] = [];
    for (const term of sentence.terms) {
      const real = withRealDigits(text, masked, term);
      if (!real) return undefined;
      terms.push(real);
    }
    result.push({ terms, offset: sentence.offset });
  }
  return result;
}

function withRealDigits(text: string, masked: string, term: TaggedTerm): TaggedTerm | undefined {
  const start = term.offset.start;
  const end = start + term.offset.length;
  const { pre, post } = term;
  if (![term.text, pre, post, term.normal, term.machine, term.implicit, term.root].some((field) => field !== undefined && DIGIT.test(field))) return term;
  if (masked.slice(start, end) !== term.text || masked.slice(start - pre.length, start) !== pre || masked.slice(end, end + post.length) !== post) return undefined;
  const realText = text.slice(start, end);
  // A derived form with digits is the term's text or its lowercase; any other is not known to follow the digits.
  const derived = (field: string | undefined): string | undefined | false => {
    if (field === undefined || !DIGIT.test(field)) return field;
    if (field === term.text) return realText;
    if (field === term.text.toLowerCase()) return realText.toLowerCase();
    return false;
  };
  const normal = derived(term.normal);
  const machine = derived(term.machine);
  const implicit = derived(term.implicit);
  const root = derived(term.root);
  if (normal === false || normal === undefined || machine === false || implicit === false || root === false) return undefined;
  return {
    text: realText,
    pre: text.slice(start - pre.length, start),
    post: text.slice(end, end + post.length),
    normal,
    ...(machine !== undefined && { machine }),
    ...(implicit !== undefined && { implicit }),
    ...(root !== undefined && { root }),
    tags: term.tags,
    offset: term.offset,
  };
}
