import { type Node as JsonTreeNode, findNodeAtLocation, getLocation } from 'jsonc-parser';
import { type Document, type Node as YamlNode, isMap, isNode, isPair, isScalar, isSeq, parseDocument } from 'yaml';
import type { z } from 'zod';
import { nodeSpan, parseJsonAt, valueOf } from './json';
import type { Span } from '../text/text';

/**
 * A JSON or YAML file read for validation (policy and case files): its plain value, its syntax
 * errors, and where each value and key sits, so every problem can be reported at its exact range.
 */

export type SourceSyntax = 'json' | 'yaml';
export type SourcePath = readonly PropertyKey[];

export interface SourceProblem {
  readonly span: Span;
  readonly message: string;
}

/** What is under an offset: the path of the innermost value or key there. */
export interface SourcePlace {
  readonly path: readonly (string | number)[];
  /** On (or typing) a key of the object at `path`'s parent; `path` ends with that key. */
  readonly onKey: boolean;
  /** The key or value written there, when there is one. */
  readonly span?: Span;
}

export interface StructuredSource {
  readonly syntax: SourceSyntax;
  readonly text: string;
  /** The whole value, as JSON.parse or YAML would give it; undefined for an empty or unreadable file. */
  readonly value: unknown;
  readonly problems: readonly SourceProblem[];
  /** The value at `path`, or its nearest written ancestor (the whole file at worst). */
  locate(path: SourcePath): Span;
  /** The value at exactly `path`; undefined when it is not written. */
  find(path: SourcePath): Span | undefined;
  /** The key of the entry at `path`; undefined when it is not written. */
  findKey(path: SourcePath): Span | undefined;
  /**
   * A string value as it is written: in JSON the literal (quotes included, escapes decoded against
   * it); in YAML the value's own characters when they stand verbatim in the text (plain, or quoted
   * without escapes), else undefined.
   */
  stringSource(path: SourcePath): { readonly literal: Span } | { readonly verbatim: Span } | undefined;
  /** The path of what sits at `offset`. */
  placeAt(offset: number): SourcePlace | undefined;
}

/** JSON for `.json` files, YAML for the rest (`.yaml`, `.yml`). */
export function syntaxOf(path: string): SourceSyntax {
  return path.endsWith('.json') ? 'json' : 'yaml';
}

export function readStructured(syntax: SourceSyntax, text: string): StructuredSource {
  return syntax === 'json' ? readJsonSource(text) : readYamlSource(text);
}

/** Where a zod issue points: an unknown key at that key's entry, anything else at its path. */
export function issuePath(issue: z.core.$ZodIssue): PropertyKey[] {
  return issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined ? [...issue.path, issue.keys[0]] : [...issue.path];
}

const WHOLE_FILE: Span = { start: 0, end: 0 };

function nearest(path: SourcePath, find: (path: SourcePath) => Span | undefined): Span {
  for (let depth = path.length; depth >= 0; depth--) {
    const span = find(path.slice(0, depth));
    if (span) return span;
  }
  return WHOLE_FILE;
}

function readJsonSource(text: string): StructuredSource {
  const { root, errors } = parseJsonAt(text);
  const nodeAt = (path: SourcePath): JsonTreeNode | undefined => (root ? findNodeAtLocation(root, path as (string | number)[]) : undefined);
  const find = (path: SourcePath) => {
    const node = nodeAt(path);
    return node ? nodeSpan(node) : undefined;
  };
  return {
    syntax: 'json',
    text,
    value: valueOf(root),
    problems: errors.map((e) => ({ span: e.span, message: e.message })),
    locate: (path) => nearest(path, find),
    find,
    findKey: (path) => {
      const key = nodeAt(path)?.parent?.children?.[0];
      return key && key.type === 'string' ? nodeSpan(key) : undefined;
    },
    stringSource: (path) => {
      const node = nodeAt(path);
      return node?.type === 'string' ? { literal: nodeSpan(node) } : undefined;
    },
    placeAt: (offset) => {
      const location = getLocation(text, offset);
      const node = location.previousNode;
      const under = node && node.offset <= offset && offset <= node.offset + node.length ? nodeSpan(node) : undefined;
      return { path: [...location.path], onKey: location.isAtPropertyKey, ...(under && { span: under }) };
    },
  };
}

const rangeOf = (node: unknown): Span | undefined => {
  if (!isNode(node) || !(node as YamlNode).range) return undefined;
  const [start, , end] = (node as YamlNode).range as [number, number, number];
  return { start, end };
};

/** The map pair or sequence item at each step of `path`. */
function yamlEntry(doc: Document, path: SourcePath): { key?: unknown; value: unknown } | undefined {
  let entry: { key?: unknown; value: unknown } = { value: doc.contents };
  for (const segment of path) {
    const node = entry.value;
    if (isMap(node)) {
      const pair = node.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === segment);
      if (!pair) return undefined;
      entry = { key: pair.key, value: pair.value };
    } else if (isSeq(node) && typeof segment === 'number') {
      if (segment >= node.items.length) return undefined;
      entry = { value: node.items[segment] };
    } else {
      return undefined;
    }
  }
  return entry;
}

interface YamlLine {
  readonly start: number;
  readonly indent: number;
  /** The line without its indentation and comment. */
  readonly content: string;
}

/** Lines with content (not blank, not only a comment), with their offsets. */
function contentLines(text: string): YamlLine[] {
  const lines: YamlLine[] = [];
  let start = 0;
  for (const raw of text.split('\n')) {
    const content = raw.replace(/\s+#.*$|^\s*#.*$/, '').trimEnd();
    const indent = raw.length - raw.trimStart().length;
    if (content.trim() !== '') lines.push({ start, indent, content: content.trim() });
    start += raw.length + 1;
  }
  return lines;
}

const spaces = (count: number) => `${count} space${count === 1 ? '' : 's'}`;

/** A line after which a deeper block may start: a key with nothing after its colon, a list item (its mapping goes on below), a block scalar's indicator. */
const opensBlock = (content: string) => /:$|^-$|^- |[|>][-+]?\d*$/.test(content);
const keyOf = (content: string) => /^(?:- )?("[^"]*"|'[^']*'|[^\s:#][^:#]*?)\s*:(?:\s|$)/.exec(content)?.[1];

/**
 * Lines whose indentation breaks the structure around them: a key indented deeper than the line before
 * it when that line opens no block (a continued plain scalar is not a key, so it is not one of them),
 * or a key indented between the levels of the keys above it.
 */
function misindentedLines(lines: readonly YamlLine[]): { line: YamlLine; message: string }[] {
  const found: { line: YamlLine; message: string }[] = [];
  const levels: YamlLine[] = [];
  // A line found off is not the structure the next one is measured against.
  let previous: YamlLine | undefined;
  for (const line of lines) {
    while (levels.length > 0 && (levels[levels.length - 1] as YamlLine).indent > line.indent) levels.pop();
    const top = levels[levels.length - 1];
    const isKey = keyOf(line.content) !== undefined;
    if (top && previous && top.indent < line.indent && !opensBlock(previous.content) && isKey) {
      const sibling = keyOf(previous.content);
      if (previous.indent < line.indent) {
        found.push({ line, message: `this line is indented ${spaces(line.indent)}, deeper than ${sibling ? `"${sibling}"` : 'the line'} above it (${previous.indent}), which opens no block; YAML reads indentation as structure: line it up with the key it belongs beside` });
        continue;
      }
      if (previous.indent > line.indent) {
        found.push({ line, message: `this line is indented ${spaces(line.indent)}, between the levels of the keys above it (${top.indent} and ${previous.indent}); YAML reads indentation as structure: line it up with the key it belongs beside` });
        continue;
      }
    }
    if (!top || top.indent < line.indent) levels.push(line);
    previous = line;
  }
  return found;
}

/**
 * The parser's errors; one caused by a mis-indented line is reported on that line, in words. The
 * parser reports what it made of the lines around it ("Implicit keys need to be on a single line" on
 * the key above), so each error is matched with a mis-indented line within a line of it.
 */
function yamlProblems(text: string, errors: readonly { pos: [number, number]; message: string; code: string }[]): SourceProblem[] {
  const lines = contentLines(text);
  const culprits = errors.length > 0 ? misindentedLines(lines) : [];
  const reported = new Set<number>();
  const problems: SourceProblem[] = [];
  for (const error of errors) {
    const before = lines.filter((l) => l.start <= error.pos[0]).at(-2)?.start ?? 0;
    const after = lines.find((l) => l.start > error.pos[1])?.start ?? text.length;
    const near = culprits.filter(({ line }) => line.start >= before && line.start <= after);
    if (near.length === 0) {
      problems.push({ span: { start: error.pos[0], end: error.pos[1] }, message: `invalid YAML: ${error.message.split('\n')[0] ?? error.code}` });
      continue;
    }
    for (const { line, message } of near) {
      if (reported.has(line.start)) continue;
      reported.add(line.start);
      problems.push({ span: { start: line.start, end: line.start + line.indent + line.content.length }, message: `invalid YAML: ${message}` });
    }
  }
  return problems.sort((a, b) => a.span.start - b.span.start);
}

function readYamlSource(text: string): StructuredSource {
  const doc = parseDocument(text, { prettyErrors: false });
  const find = (path: SourcePath) => rangeOf(path.length === 0 ? doc.contents : doc.getIn(path, true));
  return {
    syntax: 'yaml',
    text,
    value: doc.toJS(),
    problems: yamlProblems(text, doc.errors),
    locate: (path) => nearest(path, find),
    find,
    findKey: (path) => rangeOf(yamlEntry(doc, path)?.key),
    stringSource: (path) => {
      const node: unknown = doc.getIn(path, true);
      const span = rangeOf(node);
      if (!span || !isScalar(node) || typeof node.value !== 'string') return undefined;
      const written = text.slice(span.start, span.end);
      if (written === node.value) return { verbatim: span };
      const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
      return quoted && written.slice(1, -1) === node.value ? { verbatim: { start: span.start + 1, end: span.end - 1 } } : undefined;
    },
    placeAt: (offset) => yamlPlaceAt(doc.contents, offset, []),
  };
}

/** The innermost key or value of a YAML tree whose range holds `offset` (its end included: the cursor after a word). */
function yamlPlaceAt(node: unknown, offset: number, path: (string | number)[]): SourcePlace | undefined {
  const holds = (candidate: unknown) => {
    const span = rangeOf(candidate);
    return span !== undefined && span.start <= offset && offset <= span.end;
  };
  if (isMap(node)) {
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const key = isScalar(pair.key) ? pair.key.value : pair.key;
      if (typeof key !== 'string') continue;
      if (holds(pair.key)) return { path: [...path, key], onKey: true, ...spanOf(pair.key) };
      if (holds(pair.value)) return yamlPlaceAt(pair.value, offset, [...path, key]) ?? { path: [...path, key], onKey: false };
    }
    return holds(node) ? { path, onKey: false } : undefined;
  }
  if (isSeq(node)) {
    for (const [index, item] of node.items.entries()) if (holds(item)) return yamlPlaceAt(item, offset, [...path, index]) ?? { path: [...path, index], onKey: false };
    return holds(node) ? { path, onKey: false } : undefined;
  }
  return holds(node) ? { path, onKey: false, ...spanOf(node) } : undefined;
}

function spanOf(node: unknown): { span?: Span } {
  const span = rangeOf(node);
  return span ? { span } : {};
}
