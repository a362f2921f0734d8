/**
 * What was worked out from a text, kept by the text: a corpus repeats its messages, and each is read
 * again for every variant read with it. Bounded by the characters of the texts kept; a text longer
 * than `entryChars` is worked out every time, and the memo empties when it would grow past `totalChars`.
 */
export class TextMemo<T> {
  private readonly kept = new Map<string, T>();
  private chars = 0;

  constructor(
    private readonly entryChars: number,
    private readonly totalChars: number,
  ) {}

  has(text: string): boolean {
    return this.kept.has(text);
  }

  get(text: string, make: (text: string) => T): T {
    const known = this.kept.get(text);
    if (known !== undefined) return known;
    const made = make(text);
    if (text.length <= this.entryChars) {
      if (this.chars + text.length > this.totalChars) this.clear();
      this.kept.set(text, made);
      this.chars += text.length;
    }
    return made;
  }

  clear(): void {
    this.kept.clear();
    this.chars = 0;
  }
}
