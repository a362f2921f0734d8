import { attributesOf } from '../actions/actions';
import { isObject, valueOffsets } from '../json/json';
import type { ArgumentValue, ToolCall } from '../session/session';
import type { Span } from '../text/text';

/*
 * A call's arguments as binding reads them (SPEC section 5): values found by name, however a tool
 * spells or nests them, each with the way back to its exact place in the transcript; and amounts of
 * money as written.
 */

/** Names an argument may go by. */
export type Names = readonly string[];

export type ArgumentPath = readonly (string | number)[];

/** A string found in a call's arguments, with the way back to its source. */
export interface LocatedString {
  readonly value: string;
  /** Source span of value[start, end). */
  spanOf(start: number, end: number): Span;
}

export function wholeSpan(located: LocatedString): Span {
  return located.spanOf(0, located.value.length);
}

/** Argument names compare loosely: `filePath`, `file_path` and `file-path` are one name. */
function looseName(name: string): string {
  return name.toLowerCase().replace(/[_\-\s]/g, '');
}

/** Loose forms of the names binding asks for, mostly the tool table's own: a few hundred. */
const looseNamesAsked = new Map<string, string>();
/** Past this many names (policies' and transcripts' own), the memo forgets them and starts again. */
export const NAME_CACHE_LIMIT = 1_000;

function looseNameAsked(name: string): string {
  let loose = looseNamesAsked.get(name);
  if (loose === undefined) {
    if (looseNamesAsked.size >= NAME_CACHE_LIMIT) looseNamesAsked.clear();
    looseNamesAsked.set(name, (loose = looseName(name)));
  }
  return loose;
}

/** A path as a map key: a top-level name (most arguments) as itself behind a mark JSON never starts with. */
function pathKey(path: ArgumentPath): string {
  const first = path[0];
  return path.length === 1 && typeof first === 'string' ? `\u0001${first}` : JSON.stringify(path);
}

/**
 * The source span of value[start, end) for a string argument whose contents sit at `content` under
 * `depth` levels of JSON escaping (as `subSpanOfValue` gives it). The raw offsets are worked out once,
 * on the first span asked for: a command's words all ask. Contents without a backslash have none to
 * decode, so each character sits at its own offset.
 */
function valueSpans(text: string, content: Span, depth: 1 | 2): (start: number, end: number) => Span {
  // Undefined until the first span: then either the decoded offsets, or null when there are no escapes.
  let offsets: readonly number[] | null | undefined;
  const at = (i: number): number => {
    if (offsets === null) {
      const index = Math.min(Math.max(i, 0), content.end - content.start);
      return Number.isInteger(index) ? content.start + index : content.start;
    }
    return offsets?.[Math.min(Math.max(i, 0), offsets.length - 1)] ?? content.start;
  };
  return (start, end) => {
    if (offsets === undefined) offsets = hasBackslash(text, content) ? valueOffsets(text, content, depth) : null;
    return { start: at(start), end: at(end) };
  };
}

const BACKSLASH = 92;

function hasBackslash(text: string, span: Span): boolean {
  for (let i = span.start; i < span.end; i++) if (text.charCodeAt(i) === BACKSLASH) return true;
  return false;
}

/** Up to this many recorded values, a call's value at a path is found by a scan. */
const SCANNED_VALUES = 8;

function samePath(a: ArgumentPath, b: ArgumentPath): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Fields of an object inside a list that hold the string the list is about (`to: [{email, name}]`). */
const ELEMENT_FIELDS = ['email', 'address', 'path', 'file_path', 'id'];

/** A call's arguments, read by (loose) name, every value mapped back to its source span. */
export class CallArguments {
  /** The recorded values by path, for a call with many; built on first use. */
  private valuesByPath?: Map<string, ArgumentValue>;
  /** For each object read by loose name: the first of its keys with each loose form. */
  private looseKeys?: Map<object, Map<string, string>>;

  constructor(
    readonly call: ToolCall,
    readonly text: string,
  ) {}

  /** The names of the top-level arguments. */
  get names(): string[] {
    return isObject(this.call.input) ? Object.keys(this.call.input) : [];
  }

  /** The top-level argument called `name` (loosely), with its path as written. */
  find(name: string): { path: ArgumentPath; value: unknown } | undefined {
    return this.childNamed(this.call.input, [], name);
  }

  /** The top-level arguments, as written, that `names` name (loosely); each once. */
  present(names: Names): string[] {
    const keys = names.flatMap((name) => {
      const found = this.find(name);
      return found ? [String(found.path[0])] : [];
    });
    return [...new Set(keys)];
  }

  /**
   * Values at a dotted pattern: `to`, `options.path`, `to[]` (every element of the list `to`). Each segment
   * matches loosely.
   */
  resolve(pattern: string): { path: ArgumentPath; value: unknown }[] {
    let found: { path: ArgumentPath; value: unknown }[] = [{ path: [], value: this.call.input }];
    for (const segment of pattern.split('.')) {
      const each = segment.endsWith('[]');
      const name = each ? segment.slice(0, -2) : segment;
      found = found.flatMap((parent) => {
        const child = this.childNamed(parent.value, parent.path, name);
        if (!child) return [];
        if (!each) return [child];
        return Array.isArray(child.value) ? child.value.map((value, i) => ({ path: [...child.path, i], value })) : [child];
      });
    }
    return found;
  }

  /**
   * The strings of every argument among `names`, each argument once (`filename` and `file_name` are one):
   * a string (or number), each string element of a list, or the email/path/id field of each object in a list.
   */
  stringsOf(names: Names): LocatedString[] {
    const strings: LocatedString[] = [];
    let seen: Set<string> | undefined;
    for (const name of names) {
      const found = this.find(name);
      if (!found) continue;
      const key = pathKey(found.path);
      if (seen?.has(key)) continue;
      (seen ??= new Set()).add(key);
      this.collectStrings(found.path, found.value, strings);
    }
    return strings;
  }

  stringsAt(path: ArgumentPath, value: unknown): LocatedString[] {
    const strings: LocatedString[] = [];
    this.collectStrings(path, value, strings);
    return strings;
  }

  private collectStrings(path: ArgumentPath, value: unknown, into: LocatedString[]): void {
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) {
      into.push(this.located(path, String(value)));
    } else if (Array.isArray(value)) {
      value.forEach((element, i) => this.collectStrings([...path, i], element, into));
    } else if (isObject(value)) {
      for (const field of ELEMENT_FIELDS) {
        const child = this.childNamed(value, path, field);
        if (child && typeof child.value === 'string') {
          into.push(this.located(child.path, child.value));
          return;
        }
      }
    }
  }

  /** The first string of the first present argument among `names`. */
  first(names: readonly string[]): LocatedString | undefined {
    for (const name of names) {
      const found = this.find(name);
      const [value] = found ? this.stringsAt(found.path, found.value) : [];
      if (value) return value;
    }
    return undefined;
  }

  /** True when an argument among `names` holds `true` (or the string "true"). */
  isTrue(names: readonly string[]): boolean {
    return names.some((name) => {
      const value = this.find(name)?.value;
      return value === true || (typeof value === 'string' && value.toLowerCase() === 'true');
    });
  }

  /**
   * A string at `path` mapped to its source: through the escapes of its JSON string (both levels inside
   * OpenAI's stringified arguments). A value with no recorded span points at the arguments as a whole.
   */
  located(path: ArgumentPath, value: string): LocatedString {
    const argument = this.valueAt(path);
    const text = this.text;
    if (!argument) {
      const fallback = this.call.inputSpan ?? this.call.span;
      return { value, spanOf: () => fallback };
    }
    if (typeof argument.value !== 'string') return { value, spanOf: () => argument.contentSpan };
    return { value, spanOf: valueSpans(text, argument.contentSpan, argument.escapeDepth) };
  }

  /** The recorded value at `path` (the last one recorded there). Most calls have a few: a scan beats building a map. */
  private valueAt(path: ArgumentPath): ArgumentValue | undefined {
    const values = this.call.argumentValues;
    if (values.length <= SCANNED_VALUES) {
      for (let i = values.length - 1; i >= 0; i--) {
        const value = values[i];
        if (value && samePath(value.path, path)) return value;
      }
      return undefined;
    }
    if (!this.valuesByPath) {
      this.valuesByPath = new Map();
      for (const value of values) this.valuesByPath.set(pathKey(value.path), value);
    }
    return this.valuesByPath.get(pathKey(path));
  }

  private childNamed(parent: unknown, parentPath: ArgumentPath, name: string): { path: ArgumentPath; value: unknown } | undefined {
    if (!isObject(parent)) return undefined;
    if (name in parent) return { path: [...parentPath, name], value: parent[name] };
    this.looseKeys ??= new Map();
    let keys = this.looseKeys.get(parent);
    if (!keys) {
      keys = new Map();
      for (const key of Object.keys(parent)) {
        const loose = looseName(key);
        if (!keys.has(loose)) keys.set(loose, key);
      }
      this.looseKeys.set(parent, keys);
    }
    const key = keys.get(looseNameAsked(name));
    return key === undefined ? undefined : { path: [...parentPath, key], value: parent[key] };
  }
}

const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', '₩': 'KRW', '₣': 'CHF' };

/**
 * An amount as arguments give it: a number, or a string such as "$1,200.50", "1.200,50 EUR" or "USD 98.70".
 * The decimal separator is the last of `.`/`,` unless it is followed by exactly three digits alone.
 */
export function parseAmount(raw: unknown): { amount?: number; currency?: string } {
  if (typeof raw === 'number') return Number.isFinite(raw) ? { amount: raw } : {};
  if (typeof raw !== 'string') return {};
  const symbol = [...raw].find((char) => CURRENCY_SYMBOLS[char] !== undefined);
  const code = /\b([A-Z]{3})\b/.exec(raw)?.[1];
  const currency = code ?? (symbol !== undefined ? CURRENCY_SYMBOLS[symbol] : undefined);
  const digits = /-?\d[\d.,' ]*/.exec(raw)?.[0]?.replace(/[' ]/g, '');
  if (digits === undefined) return currency !== undefined ? { currency } : {};
  const lastSeparator = Math.max(digits.lastIndexOf('.'), digits.lastIndexOf(','));
  const decimals = lastSeparator === -1 ? '' : digits.slice(lastSeparator + 1);
  const separators = digits.match(/[.,]/g) ?? [];
  const isThousands = lastSeparator !== -1 && decimals.length === 3 && (separators.length > 1 ? new Set(separators).size === 1 : true);
  const normalized =
    lastSeparator === -1 || isThousands
      ? digits.replace(/[.,]/g, '')
      : `${digits.slice(0, lastSeparator).replace(/[.,]/g, '')}.${decimals}`;
  const amount = Number.parseFloat(normalized);
  return attributesOf(Number.isFinite(amount) ? amount : undefined, currency, undefined, undefined);
}
