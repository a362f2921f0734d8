/**
 * One regular expression of named alternatives, compiled for each text without the alternatives that
 * need a character the text does not have. Such an alternative matches nowhere in it, so leaving it
 * out changes no match; and a look-behind that reaches back to the line's start is tried at every
 * position, which on long lines is most of a scan.
 */
export class AlternativesByText {
  private readonly compiled = new Map<string, RegExp>();
  /** The characters some alternative needs, each once. */
  private readonly needed: readonly string[];

  /**
   * `parts` are the alternatives in order, each with a named group of its own; `needs` gives, by a
   * group's name, a character a text must have for its alternative to match anywhere in it.
   */
  constructor(
    private readonly parts: readonly string[],
    private readonly flags: string,
    private readonly needs: Readonly<Record<string, string>>,
  ) {
    this.needed = [...new Set(Object.values(needs))];
  }

  /** The expression for `text`: the same matches in it as the whole alternation finds. */
  for(text: string): RegExp {
    const missing = this.needed.filter((character) => !text.includes(character)).join('');
    let pattern = this.compiled.get(missing);
    if (!pattern) {
      const kept = this.parts.filter((part) => {
        const need = this.needs[/\(\?<([A-Za-z]\w*)>/.exec(part)?.[1] ?? ''];
        return need === undefined || !missing.includes(need);
      });
      pattern = new RegExp(kept.join('|'), this.flags);
      this.compiled.set(missing, pattern);
    }
    return pattern;
  }
}
