import type * as Yaml from 'yaml';
import { isObject } from '../json/json';

// Only results that look like YAML need the parser: it is loaded then, not with every binding.
let loadedYaml: typeof Yaml | undefined;

/*
 * Ids whose meaning earlier tool results gave: a listing that shows `evt_7f3a` beside "Q3 board review"
 * lets a later `cancel_event(evt_7f3a)` be known to cancel the board review (SPEC section 5).
 */

/** Keys that name an object's own id, most specific first; `*_id`/`…Id` keys count when no such key is present. */
const OWN_ID_KEYS = ['id', 'id_', 'uuid', 'guid'];
const OTHER_ID_KEY = /(?:_id|[a-z]Id)$/;
/** Keys whose text says what the object is, preferred in this order. */
const TITLE_KEYS = ['title', 'summary', 'subject', 'name', 'label', 'filename', 'file_name', 'from', 'sender'];

/** Results longer than this are not scanned for ids: listings that matter are short, and a 50 MB file must stay fast. */
const MAX_RESULT_LENGTH = 200_000;

/**
 * One listing line: an optional bullet, number or table bar, the id, a separator, and the rest.
 * `evt_7f3a: Board review (Mon 10:00)`, `- evt_7f3a  Board review`, `| evt_7f3a | Board review |`.
 */
const LISTING_LINE = /^\s*(?:[-*•+]\s+|\d+[.)]\s+|\|\s*)?#?([A-Za-z0-9][\w.\-/]*)\s*(?::\s+|\|\s*|[—–-]\s+|\s+)(.+)$/;

/** The first line of a file shown with line numbers: `     1\t…` or `     1→…`. */
const NUMBERED_FILE = /^\s*1(?:\t|→)/;

/** YAML worth parsing: a `key: value` line whose key names an id (AgentDojo dumps results as YAML). */
const YAML_ID_LINE = /^\s*(?:-\s+)?(?:id|id_|uuid|guid|\w+_id|\w+Id)\s*:\s*\S/m;

/**
 * An id as listings write them: letters and digits mixed (`evt_7f3a`, `3RK2T9`), or a number of three or
 * more digits (order 88121). Words, dates and times are not ids.
 */
function looksLikeId(token: string): boolean {
  if (/^\d{3,}$/.test(token)) return true;
  return /[A-Za-z]/.test(token) && /\d/.test(token) && !/^\d+(?:[.:]\d+)*(?:am|pm)?$/i.test(token);
}

function cleanLabel(text: string): string {
  return text
    .replace(/\s*\|\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Built incrementally in the order results came back, so a call sees only what was known when it was
 * issued. The first meaning given to an id stays: listings come before the calls that act on them, and a
 * later confirmation ("evt_7f3a: cancelled") says less about what the id is.
 */
export class IdIndex {
  private readonly meanings = new Map<string, string>();

  constructor(known: Iterable<readonly [string, string]> = []) {
    for (const [id, label] of known) this.meanings.set(id, label);
  }

  get labels(): ReadonlyMap<string, string> {
    return this.meanings;
  }

  add(resultText: string): void {
    this.addMeanings(idMeanings(resultText));
  }

  /** Meanings read from one result (`idMeanings`), in order; an id keeps the first it was given. `added` receives the ids given a meaning now. */
  addMeanings(meanings: readonly (readonly [string, string])[], added?: string[]): void {
    for (const [id, label] of meanings) {
      if (this.meanings.has(id)) continue;
      this.meanings.set(id, label);
      added?.push(id);
    }
  }

  /** Takes back the meaning of ids given one since (as `added` listed them). */
  forget(ids: readonly string[]): void {
    for (const id of ids) this.meanings.delete(id);
  }
}

/**
 * What one tool result says ids mean, in the order it says it: `[id, label]` pairs, possibly repeating
 * an id (the index keeps the first). A result can be read once and its meanings kept for later.
 */
export function idMeanings(resultText: string): [string, string][] {
  if (resultText.length > MAX_RESULT_LENGTH) return [];
  const found: [string, string][] = [];
  const remember = (id: string, label: string) => {
    const clean = cleanLabel(label);
    if (id !== '' && clean !== '') found.push([id, clean]);
  };
  const structured = parseStructured(resultText);
  if (structured !== undefined) meaningsInValue(structured, remember);
  else meaningsInLines(resultText, remember);
  return found;
}

type Remember = (id: string, label: string) => void;

function meaningsInValue(value: unknown, remember: Remember): void {
  if (Array.isArray(value)) {
    for (const item of value) meaningsInValue(item, remember);
    return;
  }
  if (!isObject(value)) return;
  const id = ownId(value);
  const title = titleOf(value);
  if (id !== undefined && title !== undefined) remember(id, title);
  for (const [key, child] of Object.entries(value)) {
    // `{"evt_7f3a": {"title": …}}`: an object keyed by ids.
    if (isObject(child) && ownId(child) === undefined && looksLikeId(key)) {
      const childTitle = titleOf(child);
      if (childTitle !== undefined) remember(key, childTitle);
    }
    meaningsInValue(child, remember);
  }
}

function meaningsInLines(text: string, remember: Remember): void {
  // A file shown with line numbers (`cat -n`, Claude Code's Read) is not a listing of ids.
  if (NUMBERED_FILE.test(text)) return;
  for (const line of text.split('\n')) {
    const match = LISTING_LINE.exec(line);
    if (!match) continue;
    const id = (match[1] ?? '').replace(/[.]+$/, '');
    if (looksLikeId(id)) remember(id, match[2] ?? '');
  }
}

/** A JSON result (object or array), or a YAML one that carries id keys; undefined for plain text. */
function parseStructured(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      // Not JSON after all: read it as lines.
    }
  }
  if (!YAML_ID_LINE.test(text)) return undefined;
  try {
    loadedYaml ??= require('yaml') as typeof Yaml;
    const value: unknown = loadedYaml.parse(text, { uniqueKeys: false, logLevel: 'silent' });
    return isObject(value) || Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function idText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function ownId(object: Record<string, unknown>): string | undefined {
  for (const key of OWN_ID_KEYS) {
    const id = idText(object[key]);
    if (id !== undefined) return id;
  }
  // Without an own id key, a single `*_id` key names the object (`{"event_id": …, "title": …}`);
  // with several (`user_id`, `calendar_id`) it is unclear which one the title belongs to.
  const others = Object.keys(object).filter((key) => OTHER_ID_KEY.test(key) && idText(object[key]) !== undefined);
  return others.length === 1 ? idText(object[others[0] ?? '']) : undefined;
}

function titleOf(object: Record<string, unknown>): string | undefined {
  for (const key of TITLE_KEYS) {
    const title = object[key];
    if (typeof title === 'string' && title.trim() !== '') return title;
  }
  return undefined;
}
