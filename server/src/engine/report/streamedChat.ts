import { openAiChatAdapter } from '../adapters/openaiChat';
import { isObject } from '../json/json';
import type { Policy } from '../ledger/policy';
import { CASE_SNIFF_LENGTH, caseSyntax } from '../parse/caseSniff';
import { pickAdapter } from '../parse/parse';
import { readJson } from '../session/document';
import type { FileReport } from './report';
import { StreamedCheck } from './streamedCheck';

/*
 * `check` of an OpenAI chat JSON document too long to read whole (one array of messages, or an object
 * with "messages"): a scanner walks the document piece by piece and lays each message out on a line of
 * its own, where the document has it (every other character blanked, a line break after each
 * message), and the check in pieces of JSON Lines sessions (streamedCheck.ts) reads those lines with
 * the chat reader's lines adapter. The offsets are the file's, and the file's own line breaks place
 * the findings, so the report is the one a whole-file read gives. Where that cannot be promised (the
 * document is not valid JSON, declares its tools, or may read as another format) the check gives none
 * and says why.
 *
 * A hand-written scanner rather than a streaming JSON parser from npm: the engine's offsets count
 * UTF-16 units of the text, where those parsers count bytes, and the check needs only where each
 * message starts and ends (each message is then parsed whole, by JSON.parse).
 */

/** Messages the format is picked by, with the document's other members: as many as a JSON Lines sniff reads lines. */
const SNIFFED_MESSAGES = 200;
/** Text of members other than "messages" held for the sniff: past this the document is not read in pieces. */
const MEMBERS_LIMIT_CHARS = 1024 * 1024;

type Place =
  /** Before the root value. */
  | 'start'
  /** In the root object: before a member's key (or its end), in the key, before its colon, before its value, after it. */
  | 'key'
  | 'keyText'
  | 'colon'
  | 'memberValue'
  | 'afterMember'
  /** In the message list: before a message (or its end), after one. */
  | 'message'
  | 'afterMessage'
  /** After the root value. */
  | 'end';

/** What ends a string or escapes in it; a bracket or a quote outside strings; what ends a number or a literal. */
const STRING_STOP = /["\\]/g;
const STRUCTURE = /["{}[\]]/g;
const PRIMITIVE_END = /[ \t\n\r,\]}]/g;

const isBlank = (code: number): boolean => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/** A JSON value read a piece at a time: where it ends, with strings and nesting followed. */
class ValueText {
  private readonly parts: string[] = [];
  private length = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private primitive = false;
  private done = false;

  /** Whether the value is complete. */
  get complete(): boolean {
    return this.done;
  }

  get chars(): number {
    return this.length;
  }

  text(): string {
    return this.parts.join('');
  }

  /** Reads `piece` from `from` (the value's first character, on the first call); returns where the value ends in it, or `piece.length`. */
  read(piece: string, from: number): number {
    let at = from;
    if (this.length === 0) {
      const first = piece.charCodeAt(at);
      this.primitive = first !== 0x7b && first !== 0x5b && first !== 0x22;
    }
    // From one character that matters to the next: a string's end or escape, a bracket or a quote, a primitive's end.
    while (at < piece.length && !this.done) {
      if (this.escaped) {
        this.escaped = false;
        at++;
        continue;
      }
      const pattern = this.inString ? STRING_STOP : this.primitive ? PRIMITIVE_END : STRUCTURE;
      pattern.lastIndex = at;
      const found = pattern.exec(piece);
      if (!found) {
        at = piece.length;
        break;
      }
      at = found.index;
      if (this.primitive) {
        this.done = true;
        break;
      }
      const code = piece.charCodeAt(at++);
      if (code === 0x5c) this.escaped = true;
      else if (code === 0x22) {
        this.inString = !this.inString;
        if (!this.inString && this.depth === 0) this.done = true;
      } else if (code === 0x7b || code === 0x5b) this.depth++;
      else if (--this.depth === 0) this.done = true;
    }
    this.parts.push(piece.slice(from, at));
    this.length += at - from;
    return at;
  }

  /** The end of the file ends a number or a literal. */
  finish(): void {
    if (this.primitive && this.length > 0) this.done = true;
  }
}

/**
 * Walks an OpenAI chat document a piece at a time: each piece comes back as the text the lines
 * adapter reads (of the same length), or the scanner stops and says why (`stopped`).
 */
export class ChatDocumentScanner {
  private place: Place = 'start';
  private rootIsArray = false;
  private value: ValueText | undefined;
  private key = '';
  private readonly keys = new Set<string>();
  private readonly members: [string, unknown][] = [];
  private membersChars = 0;
  private readonly sample: unknown[] = [];
  private messages = 0;
  private lineBreakDue = false;
  private offset = 0;
  /** The start of the document, until it is long enough to tell a benchmark case by. */
  private head = '';
  private sniffed = false;
  private toolList: readonly unknown[] | undefined;
  private why: string | undefined;

  /** The document's tool definitions, once read. */
  get tools(): readonly unknown[] | undefined {
    return this.toolList;
  }

  /** Why the document cannot be read in pieces, once it cannot. */
  get stopped(): string | undefined {
    return this.why;
  }

  /** Whether the document reads as an OpenAI chat, by its start (its first messages and the members before them). */
  get recognised(): boolean {
    return this.sniffed && this.why === undefined;
  }

  /** The next piece of the document, laid out for the lines adapter. */
  feed(piece: string): string {
    if (this.offset < CASE_SNIFF_LENGTH) this.readHead(piece);
    const out: string[] = [];
    let blankFrom = 0;
    const blankTo = (to: number): void => {
      if (to <= blankFrom) return;
      out.push(this.lineBreakDue ? `\n${' '.repeat(to - blankFrom - 1)}` : ' '.repeat(to - blankFrom));
      this.lineBreakDue = false;
      blankFrom = to;
    };
    let at = 0;
    while (at < piece.length && this.why === undefined) {
      const value = this.value;
      if (value) {
        const from = at;
        at = value.read(piece, at);
        if (this.place === 'message') {
          out.push(piece.slice(from, at).replace(/[\r\n]/g, ' '));
          blankFrom = at;
        }
        if (value.complete) this.valueEnded(value);
        continue;
      }
      const code = piece.charCodeAt(at);
      if (isBlank(code) || (code === 0xfeff && this.offset + at === 0)) {
        at++;
        continue;
      }
      this.structural(code);
      if (this.value) blankTo(at);
      else at++;
    }
    if (this.why !== undefined) return '';
    blankTo(piece.length);
    this.offset += piece.length;
    return out.join('');
  }

  /** The document ended: whether it was whole, and whether it reads as an OpenAI chat. */
  end(): void {
    if (this.why !== undefined) return;
    if (this.value) {
      this.value.finish();
      if (this.value.complete) this.valueEnded(this.value);
    }
    if (this.why === undefined && this.place !== 'end') this.why = 'the document ends before its JSON does';
    if (this.offset < CASE_SNIFF_LENGTH) this.readHead('', true);
    if (this.why === undefined) this.sniff();
  }

  private readHead(piece: string, atEnd = false): void {
    this.head += piece.slice(0, CASE_SNIFF_LENGTH - this.head.length);
    if (this.head.length < CASE_SNIFF_LENGTH && !atEnd) return;
    if (caseSyntax(this.head) !== undefined) this.why = 'it is a benchmark case';
    this.head = '';
  }

  private structural(code: number): void {
    switch (this.place) {
      case 'start':
        if (code === 0x5b) {
          this.rootIsArray = true;
          this.place = 'message';
        } else if (code === 0x7b) this.place = 'key';
        else this.why = 'it is not a JSON array or object';
        return;
      case 'key':
        if (code === 0x22) {
          this.value = new ValueText();
          this.place = 'keyText';
        } else if (code === 0x7d && this.members.length === 0 && !this.keys.has('messages')) this.place = 'end';
        else this.why = 'its JSON is not valid';
        return;
      case 'colon':
        if (code === 0x3a) {
          this.place = 'memberValue';
          return;
        }
        this.why = 'its JSON is not valid';
        return;
      case 'memberValue':
        if (this.key === 'messages') {
          if (code === 0x5b) this.place = 'message';
          else this.why = 'its "messages" is not a list';
          return;
        }
        this.value = new ValueText();
        return;
      case 'afterMember':
        if (code === 0x2c) this.place = 'key';
        else if (code === 0x7d) this.place = 'end';
        else this.why = 'its JSON is not valid';
        return;
      case 'message':
        if (code === 0x5d && this.messages === 0) this.listEnded();
        else if (code !== 0x2c && code !== 0x5d) this.value = new ValueText();
        else this.why = 'its JSON is not valid';
        return;
      case 'afterMessage':
        if (code === 0x2c) this.place = 'message';
        else if (code === 0x5d) this.listEnded();
        else this.why = 'its JSON is not valid';
        return;
      default:
        this.why = 'something follows its JSON';
    }
  }

  private keyEnded(key: string): void {
    this.key = key;
    if (this.keys.has(this.key)) this.why = `its "${this.key}" is given twice`;
    this.keys.add(this.key);
    this.place = 'colon';
  }

  private valueEnded(value: ValueText): void {
    this.value = undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value.text());
    } catch {
      this.why = 'its JSON is not valid';
      return;
    }
    if (this.place === 'keyText') {
      this.keyEnded(parsed as string);
      return;
    }
    if (this.place === 'memberValue') {
      this.membersChars += value.chars;
      if (this.membersChars > MEMBERS_LIMIT_CHARS) this.why = `its members other than "messages" hold more than ${MEMBERS_LIMIT_CHARS / 1024 / 1024} MB`;
      this.members.push([this.key, parsed]);
      if (this.key === 'tools') {
        if (Array.isArray(parsed)) this.toolList = parsed;
        else this.why = 'its "tools" is not a list';
      }
      this.place = 'afterMember';
      return;
    }
    // A message of Anthropic's shapes makes the whole document another format's.
    if (hasAnthropicBlock(parsed)) this.why = 'a message holds Anthropic content blocks';
    if (this.messages < SNIFFED_MESSAGES) this.sample.push(parsed);
    this.messages++;
    this.lineBreakDue = true;
    this.place = 'afterMessage';
    if (this.messages === SNIFFED_MESSAGES) this.sniff();
  }

  private listEnded(): void {
    this.place = this.rootIsArray ? 'end' : 'afterMember';
    if (!this.rootIsArray) this.members.push(['messages', []]);
  }

  /** Whether a whole-file read picks the chat reader: judged from the document's other members and its first messages. */
  private sniff(): void {
    const members = this.members.map(([key, value]): [string, unknown] => [key, key === 'messages' ? this.sample : value]);
    // Sniffed while the message list is read, the members after it are not known yet.
    if (this.place === 'message' || this.place === 'afterMessage') members.push(['messages', this.sample]);
    const root = this.rootIsArray ? this.sample : Object.fromEntries(members);
    if (!this.rootIsArray && !this.keys.has('messages')) this.why = 'it has no "messages"';
    else if (pickAdapter(readJson(JSON.stringify(root))) !== openAiChatAdapter) this.why = 'it does not read as an OpenAI chat';
    this.sniffed = true;
  }
}

function hasAnthropicBlock(message: unknown): boolean {
  const content = isObject(message) ? message.content : undefined;
  return Array.isArray(content) && content.some((block) => isObject(block) && (block.type === 'tool_use' || block.type === 'tool_result'));
}

/**
 * A check in pieces of an OpenAI chat document (see above). Its policies are asked for once the
 * document's start reads as a chat (a file that does not is no session, and needs none): the text
 * laid out until then waits. Every read needs the document's tools first: when they follow its first
 * messages the check stops, and gives them (`lateTools`) for a second read that knows them.
 */
export class StreamedChatCheck {
  private readonly scanner = new ChatDocumentScanner();
  private check: StreamedCheck | undefined;
  private waiting: [laidOut: string, original: string][] = [];
  private readTools: string | undefined;
  private stopped: string | undefined;

  constructor(
    private readonly policies: () => readonly Policy[],
    private readonly options: { readonly stepChars?: number; readonly tools?: readonly unknown[] } = {},
  ) {}

  /** Why the check cannot go on, once it cannot. */
  get unresumable(): string | undefined {
    return this.scanner.stopped ?? this.stopped ?? this.check?.unresumable;
  }

  /** The document's tools, when they came after its messages were read without them: a second read given them (`tools`) can go on. */
  get lateTools(): readonly unknown[] | undefined {
    return this.stopped === LATE_TOOLS ? this.scanner.tools : undefined;
  }

  add(piece: string): void {
    if (this.unresumable !== undefined) return;
    const laidOut = this.scanner.feed(piece);
    if (this.scanner.stopped !== undefined) return;
    this.waiting.push([laidOut, piece]);
    if (this.scanner.recognised) this.read();
  }

  /** The report of the whole document, once every piece was added; `undefined` when the check could not go on. */
  finish(path: string): FileReport | undefined {
    this.scanner.end();
    if (this.scanner.stopped !== undefined) return undefined;
    const check = this.read();
    if (JSON.stringify(this.scanner.tools) !== this.readTools) {
      this.stopped = LATE_TOOLS;
      return undefined;
    }
    return check.finish(path);
  }

  private read(): StreamedCheck {
    if (!this.check) {
      const tools = this.options.tools ?? this.scanner.tools;
      this.readTools = JSON.stringify(tools);
      this.check = new StreamedCheck('openai-chat', this.policies(), this.options.stepChars, tools !== undefined ? { tools } : {});
    }
    for (const [laidOut, original] of this.waiting) this.check.add(laidOut, original);
    this.waiting = [];
    return this.check;
  }
}

const LATE_TOOLS = 'its tools follow its messages';
