import { decodedToRawOffsets } from '../json/json';
import type { Session, Turn } from '../session/session';
import type { Span } from '../text/text';
import { BETWEEN_LISTED, type Entity, textEntities } from './entities';
import { PROGRAMS } from './lexicon';
import { readable } from './normalize';
import { readSentences, type Word } from './words';
import { wordTable } from '../text';

/** A sentence of a user message: its words (offsets in the turn's text) and its exact source range. */
export interface Sentence {
  readonly turnIndex: number;
  readonly text: string;
  readonly span: Span;
  /** Offset of the sentence in the turn's text; word offsets are in the turn's text too. */
  readonly start: number;
  readonly words: readonly Word[];
  /**
   * For a list item under a line that introduces it ("Never do these without asking:"): the item
   * read together with that line, in the ways it can combine, to try when the item alone states
   * nothing. Their words have offsets in their own text; their span is the item's.
   */
  readonly withLeadIn?: readonly Sentence[];
  /**
   * For an item whose own words ban, under a line that makes an exception of the person's yes
   * ("Prohibited unless the human explicitly requests them:" + "- **NEVER deploy** - …"): the item's
   * first clause with that exception, read in place of the ban when it asks.
   */
  readonly withLeadException?: () => Sentence | undefined;
  /**
   * For an agent's permission entry (opencode's `"kubectl delete*": deny` under `bash:`): the rule it
   * configures, said in words ("Never run `kubectl delete`."), read in place of the entry.
   */
  readonly configured?: Sentence;
  /**
   * For a sentence whose object points back ("Never delete anything in it."): the sentence with the
   * pointer replaced by the target the sentence before it names ("data/raw is the only copy."), to
   * try when the sentence alone names nothing. Made on demand: most sentences never need it.
   */
  readonly withAntecedent?: () => Sentence | undefined;
  /**
   * For a sentence of a list item labelled by a path ("- `dist/` — build output; avoid committing."):
   * its last clause said of that path ("`dist/`: avoid committing"), to try when the sentence states
   * nothing, or only a rule over every target. Made on demand (none when nothing follows the label).
   */
  readonly withPathLabel?: () => Sentence | undefined;
  /**
   * For a sentence with an aside in parentheses ("force-pushing (can also overwrite upstream), …"):
   * the sentence without it, to try when the sentence states nothing: an aside explains, and its
   * actions are not the rule's. Made on demand.
   */
  readonly withoutAsides?: () => Sentence;
  /** Its asides, when they only point elsewhere to read ("(see docs/git.md)", "(cf. RFC 1)"): they name no target of the rule. */
  readonly referenceAsides?: readonly string[];
  /** The sentence after a bold label that sums it up ("**Never commit directly** - Always ask before committing"), alone. */
  readonly withoutLabel?: () => Sentence;
  /**
   * For a sentence that ends in a kind's examples after its condition ("No destructive commands without
   * confirmation (rm -rf, drop database)"): the examples right after the kind, where they belong.
   */
  readonly withExamplesAtKind?: () => Sentence;
  /**
   * For a sentence that says its second step with the first one's verb left out ("Run `make lint` before
   * committing, and `make test` before pushing"): each step said whole. Made on demand.
   */
  readonly withVerbRepeated?: () => readonly Sentence[];
  /** For a sentence that sets a target against the one its action is said of ("Edit `src/`, not `dist/`"): the action said of it, banned. */
  readonly withContrast?: () => Sentence;
  /** For a label whose rule is in a parenthesis before its colon ("**Auto-generated** (do NOT edit): `docs/`"): the rule as the label. */
  readonly withRuleOfLabel?: () => Sentence;
  /** For a command line with a rule in its shell comment ("make bootstrap  # ask first"): the command labelled by it. */
  readonly withComment?: () => Sentence;
  /** The last sentence of a heading with list items under it ("### DO NOT MODIFY unless instructed"): it introduces them, as a line ending in a colon does. */
  readonly leadsItems?: true;
  /**
   * Whether the sentence before it in its paragraph may have said what a ban with no object is about:
   * not when it is itself a short ban that names nothing ("Never auto-archive. Never delete
   * permanently."). Undefined for a first sentence.
   */
  readonly namedBefore?: () => boolean;
}

/** A rule in parentheses after a phrase: "Generated files (do not edit by hand)". */
const RULE_ASIDE = /(?<=\S)\s*\((?:do not|don['’]?t|never|avoid|must not|should not)\s[^()]*\)/i;

/** An aside that only points elsewhere to read: "(see docs/safety.md)", "(cf. the runbook)", "(details in `OPS.md`)". */
const REFERENCE_ASIDE = /^\s*\((?:see|cf|refer\s+to|details|more\s+in|source)\b[^()]*\)$/i;

/**
 * A parenthesis that explains, widens or cites rather than names or lists: it opens with a modal, a
 * pronoun, a "because", an "including" or a "see", or it is a risk level beside a label ("**Push**
 * (medium-risk):" says how much is at stake, not which pushes).
 */
const ASIDE = /\s*\((?:(?:can|could|may|might|will|would|it|it's|this|that|which|since|because|as|so|they|these|those|otherwise|else|including|even|especially|see|cf|repo|source|details|(?:low|medium|moderate|high|critical)[- ]risk)\b|i\.e\.)[^()]*\)/gi;

/** A stretch of a turn's text and how its offsets map to the source. */
interface Segment {
  readonly text: string;
  /** Offset in the turn's text. */
  readonly at: number;
  /** Maps an offset in `text` to the source; undefined when only the whole turn can be pointed at. */
  readonly toSource?: (offset: number) => number;
}

function segments(session: Session, turn: Turn): Segment[] {
  if (turn.pieces.length > 0) {
    return turn.pieces.map((piece) => {
      let offsets: Int32Array | undefined;
      const toSource = (offset: number) => {
        offsets ??= decodedToRawOffsets(session.text, piece.literal);
        return offsets[Math.min(Math.max(offset, 0), offsets.length - 1)] ?? piece.literal.start;
      };
      return { text: withUnixLineEnds(piece.text), at: piece.at, toSource };
    });
  }
  // A turn built from text that is verbatim in the source (a rejection reason) maps one to one.
  const verbatim = session.text.slice(turn.span.start, turn.span.end) === turn.text;
  return [{ text: withUnixLineEnds(turn.text), at: 0, ...(verbatim && { toSource: (offset: number) => turn.span.start + offset }) }];
}

/** Lines ended as Windows ends them, "\r\n", read as "\n" with a space before it, so that offsets hold. */
const withUnixLineEnds = (text: string) => (text.includes('\r') ? text.replace(/\r(?=\n)/g, ' ').replace(/\r/g, '\n') : text);

const FENCE = /^\s*(```|~~~)/;
const QUOTED = /^\s*>/;
const QUOTE_MARKS = /^(?:\s*>)+\s?/;
/** A line that is only a markup tag ("<INSTRUCTIONS>", "</user_instructions>") wraps text; it says nothing. */
const TAG_LINE = /^\s*<\/?[A-Za-z_][\w.:-]*(?:\s[^>]*)?>\s*$/;
/**
 * Markup tags around a rule, as prompts wrap one ("<rule>Never push to main.</rule>", "<b>Never</b> push"):
 * a closing tag anywhere, an opening one at the line's start (after a list's mark) or closed later on
 * the line ("cd <directory>" is a placeholder).
 */
const MARKUP_TAG = /(?<=^[ \t]*(?:(?:[-*+]|\d{1,2}[.)])[ \t]+)?)<[A-Za-z_][\w.:-]*(?:[ \t][^<>\n]*)?>(?=[ \t]*\S)|<([A-Za-z_][\w.:-]*)(?:[ \t][^<>\n]*)?>(?=[^\n]*<\/\1>)|<\/[A-Za-z_][\w.:-]*>/g;

/** The line with its markup tags blanked (not in code spans), so that offsets hold. */
function withoutMarkupTags(line: string): string {
  if (!line.includes('<')) return line;
  const spans = [...line.matchAll(/(`+)[^`]+?\1/g)].map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length] as const);
  return line.replace(MARKUP_TAG, (tag, _name, offset: number) => (spans.some(([from, to]) => offset > from && offset < to) ? tag : ' '.repeat(tag.length)));
}
const LIST_OR_HEADING = /^\s*(?:[-*•+]\s|\d{1,2}[.)]\s|#{1,6}\s)/;

const LIST_ITEM = /^\s*(?:[-*•+]\s|\d{1,2}[.)]\s)/;
const HEADING = /^\s*#{1,6}\s/;
/** A heading that forbids what is listed under it: "## Forbidden commands", "### NEVER", "## Do not run". */
const FORBIDDING_HEADING = /^\s*#{1,6}\s+[^\w]*(?:(?:strictly|absolutely|globally)\s+)?(?:forbidden|prohibited|banned|denied|blocked|disallowed|never|do\s+not|don['’]t|must\s+not|not\s+allowed)\b/i;

interface Block {
  text: string;
  readonly at: number;
  readonly kind: 'paragraph' | 'item' | 'heading';
  /** An item that is a command line under a line that introduces it ("Never run these without asking:"). */
  readonly command?: true;
  /** A command line's shell comment that says a rule of it: "make bootstrap  # ask user first". */
  readonly comment?: string;
  /** An item that is only a file's or a folder's name, under a line that introduces it. */
  readonly named?: true;
  /** An item that is a table's row under a line that introduces it: read whole, its cells as "first: rest". */
  readonly row?: true;
  /** A line (or a list entry) that configures an agent's permission: for what, and what doing it takes. */
  readonly permission?: Permission;
}

type Decision = 'deny' | 'ask' | 'allow';
/**
 * A command's pattern, or a file tool over a path pattern (none: every file). (`lastMatchWins`: opencode's
 * order, where a later entry overrides; in Claude Code a deny or an ask always holds.)
 */
type Permission = { readonly decision: Decision; readonly lastMatchWins?: true } & ({ readonly command: string } | { readonly fileTool: 'edit' | 'read'; readonly path?: string } | { readonly toolCall: string });

/** A line that is only a path's name, in code or in bold, or with an extension or a closing slash, and perhaps an aside: "**CATALOG.md** (root directory)". */
const NAME_LINE = /^\s*(?:`[^`\s]*[./][^`\s]*`|\*\*[^*\s]*[./][^*\s]*\*\*|[\w~-][\w.~\/-]*\.[A-Za-z]\w{0,5}|[\w~.-][\w.~\/-]*\/)\s*(?:\([^)]*\))?\s*$/;
/** A command line: a known program first (after a prompt's `$`), then its arguments. */
const COMMAND_LINE = new RegExp(`^\\s*(?:\\$\\s+)?(?:${PROGRAMS.map((p) => p.replace(/[-.]/g, '\\$&')).join('|')})(?=\\s|$)`);
/** A shell comment after a command: what it explains is not the command. */
const SHELL_COMMENT = /\s+#\s.*$/;
/**
 * How a command's comment opens when it says a rule of the command: "# ask user first", "# NEVER in production",
 * "# only with approval", or ends: "# Accept changes (ask user first)". ("# do not kill it" says one of another action.)
 */
const RULE_IN_COMMENT = /^(?:ask|confirm|never|only\s+(?:with|after|if|on|when)|requires?\s|needs?\s+(?:approval|confirmation|permission)|(?:don['’]?t|do\s+not)\s+(?:run|use|execute)\b)|\((?:ask|confirm)[^)]*\)\s*$/i;

/**
 * Blocks worth reading: paragraphs, with list items and headings on their own, leaving out fenced
 * code and, in chat, quoted lines (pasted material, not the person's instructions). In instructions
 * (a system prompt, a CLAUDE.md) a quoted line is the author's own callout ("> **NEVER** push …"):
 * it is read with its marks blanked, so that offsets hold.
 */
function blocks(text: string, quotesAreOwn: boolean): Block[] {
  const result: Block[] = [];
  let current: Block | undefined;
  let fenced = false;
  let rowsIntroduced = false;
  // The decision of the Claude Code permission list the line is in.
  let permissionList: Decision | undefined;
  let at = 0;
  // Commands listed one per line after a line ending in a colon, in a fence or not, are its items.
  // ("## Forbidden commands" over "| typecheck | `make typecheck` |": so does a heading that forbids, as it does its list's items.)
  const introduces = () => /:\s*$/.test(result[result.length - 1]?.text.replace(/[*_`\s]+$/, '') ?? '') || result[result.length - 1]?.command === true || result[result.length - 1]?.named === true || (result[result.length - 1]?.kind === 'heading' && FORBIDDING_HEADING.test(result[result.length - 1]?.text ?? ''));
  for (const written of text.split('\n')) {
    const unquoted = quotesAreOwn ? written.replace(QUOTE_MARKS, (marks) => ' '.repeat(marks.length)) : written;
    const line = fenced ? unquoted : withoutMarkupTags(unquoted);
    const lineAt = at;
    at += line.length + 1;
    if (FENCE.test(line)) {
      fenced = !fenced;
      current = undefined;
      continue;
    }
    // ("```bash" + "make release  # ask user first": a command whose comment says a rule of it, fenced or not.)
    const commandLine = line.trim() !== '' && COMMAND_LINE.test(line);
    const comment = commandLine && line.includes('#') ? SHELL_COMMENT.exec(line)?.[0].replace(/^\s+#\s*/, '') : undefined;
    const ruleComment = comment !== undefined && RULE_IN_COMMENT.test(comment) ? comment : undefined;
    // ("## Before committing" over "```bash" + "pnpm lint": the command lines right under a heading are read with it,
    // as under a line ending in a colon.)
    const underHeading = result[result.length - 1]?.kind === 'heading';
    if (commandLine && (introduces() || underHeading || current?.command === true || ruleComment !== undefined)) {
      current = { text: line.replace(SHELL_COMMENT, '').trimEnd(), at: lineAt, kind: 'item', command: true, ...(ruleComment !== undefined && { comment: ruleComment }) };
      result.push(current);
      current = undefined;
      continue;
    }
    // So are names of files listed one per line without a mark ("Never edit these files:" + "`a.json`" + "`b.json`").
    if (!fenced && NAME_LINE.test(line) && introduces()) {
      result.push({ text: line, at: lineAt, kind: 'item', named: true });
      current = undefined;
      continue;
    }
    const entry = fenced ? null : PERMISSION_ENTRY.exec(line);
    if (entry && COMMAND_LINE.test(entry[2] as string)) {
      result.push({ text: line, at: lineAt, kind: 'item', permission: { command: (entry[2] as string).replace(/[\s*]+$/, ''), decision: entry[3] as Decision, lastMatchWins: true } });
      current = undefined;
      continue;
    }
    // A Claude Code settings list, `"ask": [` … `]`: each entry is a permission of its own, read at its place.
    const openers = fenced ? [] : [...line.matchAll(PERMISSION_LIST)];
    // (A list left open ends at the first line that is no JSON of it: the text after is read as ever.)
    if (openers.length === 0 && !/^\s*(?:["\]}]|$)/.test(line)) permissionList = undefined;
    if (openers.length > 0 || permissionList) {
      // The line's parts: the list it goes on with, then each list opened on it.
      const parts = [{ decision: permissionList, from: 0 }, ...openers.map((o) => ({ decision: o[1] as Decision, from: (o.index ?? 0) + o[0].length }))];
      parts.forEach(({ decision, from }, k) => {
        const part = line.slice(from, (openers[k]?.index ?? line.length));
        if (decision !== undefined) {
          for (const found of part.matchAll(TOOL_PERMISSION)) {
            const permission = toolPermission(found[1] as string, found[2], decision);
            if (permission) result.push({ text: found[0], at: lineAt + from + (found.index ?? 0), kind: 'item', permission });
          }
        }
        permissionList = part.includes(']') ? undefined : decision;
      });
      current = undefined;
      continue;
    }
    if (fenced || QUOTED.test(line) || TAG_LINE.test(line) || line.trim() === '') {
      current = undefined;
      rowsIntroduced = false;
      continue;
    }
    // A table's rows after a line that introduces them are its items: "These commands need approval:" +
    // "| `git reset --hard` | Discards all changes |" (its header and rule rows say nothing of their own).
    if (TABLE_ROW.test(line) && (rowsIntroduced || introduces())) {
      rowsIntroduced = true;
      current = undefined;
      if (!TABLE_RULE_ROW.test(line)) result.push({ text: line, at: lineAt, kind: 'item', row: true });
      continue;
    }
    rowsIntroduced = false;
    if (!current || LIST_OR_HEADING.test(line)) {
      current = { text: line, at: lineAt, kind: HEADING.test(line) ? 'heading' : LIST_ITEM.test(line) ? 'item' : 'paragraph' };
      result.push(current);
      // A heading is one line: the next one starts a block of its own.
      if (current.kind === 'heading') current = undefined;
    } else {
      // A hard-wrapped line goes on the sentence (one character for one, so offsets hold); a new line otherwise ends it.
      current.text += `${continues(current.text, line) ? ' ' : '\n'}${line}`;
    }
  }
  return result;
}

/**
 * An agent's permission for a command pattern, as opencode's agent files write it under `bash:`:
 * `"terraform destroy*": deny`, `"git push*": ask`. (Quoted: a pattern with spaces or a glob is.)
 */
const PERMISSION_ENTRY = /^\s*(["'])(.+?)\1\s*:\s*(deny|ask|allow)\s*(?:#.*)?$/;

/** A Claude Code settings list of permission rules: `"deny": [`, `"ask": [`. */
const PERMISSION_LIST = /"(deny|ask|allow)"\s*:\s*\[/g;
/**
 * One of its rules: `"Bash(git push:*)"`, `"Edit(src/**)"`, `"Write"`, an MCP server's tool
 * `"mcp__gmail__send_email"` (a tool we have no action for, or a whole server, is passed over).
 */
const TOOL_PERMISSION = /"(Bash|Edit|Write|MultiEdit|NotebookEdit|Read|mcp__[\w-]+__[\w-]+)(?:\(([^"]*)\))?"/g;

/** The permission a Claude Code rule sets, in the terms of a command or a file tool; none for a pattern no rule says. */
function toolPermission(tool: string, pattern: string | undefined, decision: Decision): Permission | undefined {
  if (tool.startsWith('mcp__')) return pattern === undefined ? { decision, toolCall: tool } : undefined;
  const every = pattern === undefined || /^\*+$/.test(pattern.trim());
  if (tool === 'Bash') {
    // "Bash(npm run test:*)", "Bash(git diff *)": the command's prefix is the pattern.
    const command = every ? '' : (pattern as string).replace(/(?::\*|\s*\*)+$/, '').trim();
    if (!every && (command === '' || command.includes('*'))) return undefined;
    return { decision, command };
  }
  const fileTool = tool === 'Read' ? 'read' : 'edit';
  if (every) return { decision, fileTool };
  // Paths as Claude Code writes them: "//abs" from the root, "/p" and "./p" from the project, "~/p" from home.
  const written = (pattern as string).trim();
  const path = written.startsWith('//') ? written.slice(1) : written.replace(/^\.?\//, '');
  return path === '' ? undefined : { decision, fileTool, path };
}

/**
 * The rule a permission entry configures, said in words; none when an entry after it allows a narrower
 * pattern of the same command ("`kubectl delete*`: deny" then "`kubectl delete pod*`: allow"), which no
 * scope can leave out.
 */
function configuredRule(block: Block, after: readonly Block[]): string | undefined {
  const permission = block.permission;
  if (!permission || permission.decision === 'allow') return undefined;
  const ask = permission.decision === 'ask';
  if ('fileTool' in permission) {
    const verb = permission.fileTool === 'read' ? 'read' : 'edit';
    const what = permission.path === undefined ? 'files' : `\`${permission.path}\``;
    return ask ? `Ask before you ${verb} ${what}.` : `Never ${verb} ${what}.`;
  }
  if ('toolCall' in permission) return ask ? `Ask before calling \`${permission.toolCall}\`.` : `Never call \`${permission.toolCall}\`.`;
  const command = permission.command;
  if (permission.lastMatchWins && after.some((b) => b.permission?.decision === 'allow' && 'command' in b.permission && b.permission.command.startsWith(command))) return undefined;
  if (command === '') return ask ? 'Ask before running any shell command.' : 'Never run any shell command.';
  return ask ? `Ask before running \`${command}\`.` : `Never run \`${command}\`.`;
}

/** A markdown table's row, and its rule row under the header ("| --- | :-: |"). */
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE_ROW = /^\s*\|(?:\s*:?-+:?\s*\|)+\s*$/;

/** Words that cannot end a sentence: a line ending in one was wrapped. */
const OPEN_ENDING = /(?:,|\b(?:a|an|the|and|or|but|nor|to|of|in|on|at|for|from|with|without|by|before|after|until|unless|if|when|than|any|all|every|no|not|never|must|should|only|your|our|my|their|its|is|are|be)\s*)$/i;
/** Markdown files are wrapped at 70–120 columns: a long line whose sentence is not over goes on. */
const WRAP_COLUMN = 60;

function continues(previous: string, line: string): boolean {
  const last = previous.slice(previous.lastIndexOf('\n') + 1).trimEnd();
  if (/[.!?:;]["')`*_]*$/.test(last)) return false;
  // ("comments on" + "GitHub issues/PRs": after a word no sentence ends on, a capital is a name, not a new sentence.)
  if (OPEN_ENDING.test(last)) return true;
  // (A shorter line of a few words ending on a word goes on when the next opens on a word no thought opens on:
  // "Never push" + "to main."; "dont touch prod" + "staging is fine" are two.)
  return /^\s*[a-z`(\[]/.test(line) && (last.length >= WRAP_COLUMN || (CONTINUING_OPENER.test(line) && /[A-Za-z]$/.test(last) && last.trim().split(/\s+/).length >= 2));
}

/** Words a wrapped line goes on with, which open no sentence of their own in a rule: "to main", "without asking". */
const CONTINUING_OPENER = /^\s*(?:to|on|in|into|onto|from|of|for|with|without|before|after|unless|until|or|and|nor|than|that|which|by|via|at|the|a|an|any|all|every|your|our|its|their)\b/;

/**
 * The sentences of a user message that may say something extraction understands: `worthReading`
 * is a cheap test, applied to each block and then to each of its sentences, so only sentences
 * that pass it meet the tagger.
 */
export function userSentences(session: Session, turn: Turn, worthReading: (text: string) => boolean): Sentence[] {
  const result: Sentence[] = [];
  for (const segment of segments(session, turn)) {
    let leadIn: string | undefined;
    // Whether the lead-in line ended in a colon (a heading does not).
    let leadInColon = false;
    // The lead-in of items nested under an item that introduces them, and that item's indent.
    let nested: { lead: string; indent: number } | undefined;
    // The item before, for examples nested under it ("- Never run risky git operations." + "  - Examples: …").
    let previousItem: { text: string; indent: number } | undefined;
    let previousKind: Block['kind'] | undefined;
    const all = blocks(segment.text, turn.kind === 'instructions');
    for (const [n, block] of all.entries()) {
      const leadsItems = block.kind === 'heading' && all[n + 1]?.kind === 'item';
      const readableText = readable(block.text).text;
      const indent = /^\s*/.exec(block.text)?.[0].length ?? 0;
      const examplesOf = block.kind === 'item' && previousItem && indent > previousItem.indent ? withExamples(previousItem.text, readableText) : undefined;
      if (block.kind === 'item' && !examplesOf) previousItem = { text: readableText, indent };
      else if (block.kind !== 'item') previousItem = undefined;
      if (nested && (block.kind !== 'item' || indent <= nested.indent)) nested = undefined;
      // A heading leads the items under it, and the paragraph right under it: "## Before committing" + "Run `make test`."
      const leading = block.kind === 'item' ? (nested?.lead ?? leadIn) : block.kind === 'paragraph' && previousKind === 'heading' ? leadIn : undefined;
      // ("Preferred checks before submitting:" + "- `pnpm lint`": what is recommended binds nothing; an item still reads alone.)
      const lead = leading !== undefined && ADVISORY_LEAD.test(leading) ? undefined : leading;
      const leadColon = block.kind === 'item' && nested === undefined && leadInColon;
      previousKind = block.kind;
      // A heading, or a line ending in a colon (an item too, for the items nested under it), introduces the
      // items after it; any other paragraph ends that. An item that introduces items of its own fills its
      // line's placeholder: "Never do the following without asking:" + "Run any of these commands:" reads
      // "Never run any of these commands without asking" for the items under it.
      if (block.kind === 'item' && lead !== undefined && PLACEHOLDER.test(lead) && /:\s*$/.test(readableText)) nested = { lead: lead.replace(DO_PLACEHOLDER, lowerFirst(leadInText(readableText))), indent };
      // A line in bold alone reads as a heading: "**Generated files. Never hand-edit them.**".
      else if (/:\s*$/.test(readableText) || block.kind === 'heading' || BOLD_LINE.test(block.text)) {
        leadIn = leadInText(readableText);
        leadInColon = /:\s*$/.test(readableText);
      }
      else if (block.kind !== 'item') leadIn = undefined;
      if (block.permission) {
        const rule = configuredRule(block, all.slice(n + 1));
        const [entry] = rule === undefined ? [] : readSentences(block.text, segment.at + block.at, () => true);
        if (rule === undefined || entry === undefined) continue;
        // The entry whole, its quotes too, which a sentence would leave out.
        const local = { start: block.at + block.text.length - block.text.trimStart().length, end: block.at + block.text.trimEnd().length };
        const span = segment.toSource ? { start: segment.toSource(local.start), end: segment.toSource(local.end) } : turn.span;
        result.push({ turnIndex: turn.index, text: segment.text.slice(local.start, local.end), span, start: entry.start, words: entry.words, configured: read(rule, turn.index, span) });
        continue;
      }
      // "## When not to use" + "- Editing files without approval": a skill's situations, described, not rules.
      if (block.kind === 'item' && lead !== undefined && WHEN_TO_USE.test(lead)) continue;
      // (A command line is read as the command it is, as if written in backticks: "make bootstrap" under "Ask first:".)
      const itemSaid = block.command ? `\`${readableText.trim()}\`` : readableText;
      const gated = lead !== undefined ? checkBeforeGate(lead, itemSaid) : undefined;
      if (!worthReading(readableText) && !(lead !== undefined && worthReading(`${lead} ${itemSaid}`)) && !(gated !== undefined && worthReading(gated)) && !(examplesOf && worthReading(examplesOf)) && block.comment === undefined) continue;
      // A table's rows are read under its header: "| Delete files | Yes |" under "Requires approval".
      const header = tableHeader(block.text);
      const sentences = readSentences(block.text, segment.at + block.at, lead === undefined && !examplesOf && !header && block.comment === undefined ? worthReading : () => true);
      const summed = LABEL_THEN_SENTENCE.exec(block.text);
      sentences.forEach((sentence, index) => {
        const local = { start: sentence.start - segment.at, end: sentence.end - segment.at };
        const span = segment.toSource ? { start: segment.toSource(local.start), end: segment.toSource(local.end) } : turn.span;
        const text = segment.text.slice(local.start, local.end);
        // A command line is read as the command it is, as if written in backticks.
        // (A row's sentence may start past its opening bar, which its cells are read by.)
        const itemText = block.command ? `\`${text.trim()}\`` : block.row ? readable(block.text).text : readable(text).text;
        // (The row is the block's line the sentence starts on: a cell's mark may end a sentence of its own.)
        const rowStart = sentence.start - (segment.at + block.at);
        const row = header ? block.text.slice(block.text.lastIndexOf('\n', rowStart - 1) + 1, (block.text.indexOf('\n', rowStart) + 1 || block.text.length + 1) - 1) : undefined;
        // ("| Delete logs | ❌ |" under "Needs confirmation": no confirmation needed, which states no rule, and never a ban.)
        if (header && row !== undefined && index > 0 && noToApproval(header, row)) return;
        const underHeader = header && row !== undefined && index > 0 ? rowUnderHeader(header, row) : undefined;
        // (The item's first clause: what follows a dash or a colon explains it.)
        const exception = index === 0 && block.kind === 'item' && lead !== undefined ? LEAD_CONDITION.exec(lead.replace(/[*_:\s]+$/, ''))?.[1] : undefined;
        const withLeadException = exception !== undefined && ASKED_EXCEPTION.test(exception) ? () => read(`${(itemText.replace(LIST_MARK, '').split(/\s[-–—]\s|;\s|:\s/)[0] ?? '').replace(/[.!\s]+$/, '')} ${exception}.`, turn.index, span) : undefined;
        const withLeadIn = underHeader !== undefined ? [read(underHeader, turn.index, span)] : index !== 0 ? [] : examplesOf !== undefined ? [read(examplesOf, turn.index, span)] : lead !== undefined ? combined(lead, itemText, turn.index, span, leadColon) : [];
        // "- `dist/`: build output. Do not edit.": a later sentence of an item labelled by a path is about that path.
        // (So is a later sentence of a table row whose first cell is a path, from the row's line.)
        const inBlock = sentence.start - (segment.at + block.at);
        const line = block.kind === 'item' ? 0 : block.text.lastIndexOf('\n', inBlock - 1) + 1;
        const labelled = block.kind === 'item' ? PATH_LABEL.exec(block.text) : ROW_PATH_LABEL.exec(block.text.slice(line));
        const withPathLabel = labelled
          ? () => {
              const afterLabel = inBlock - line >= labelled[0].length ? text : text.slice(labelled[0].length - (inBlock - line));
              const lastClause = readable(afterLabel).text.split(/;\s+|[.!]\s+/).filter((clause) => clause.trim() !== '').pop();
              return lastClause ? read(`${labelled[1]}: ${lastClause}`, turn.index, span) : undefined;
            }
          : undefined;
        const withAntecedent = POINTER.test(text) ? () => antecedentVariant(segment.text.slice(0, local.start), readable(text).text, turn.index, span) : undefined;
        const namedBefore = local.start > 0 ? () => !bareBan(previousSentence(segment.text.slice(0, local.start))) : undefined;
        const withoutAsides = hasAside(text) ? () => read(readable(text).text.replace(ASIDE, ''), turn.index, span) : undefined;
        const asides = withoutAsides !== undefined ? (text.match(ASIDE) ?? []) : [];
        const referenceAsides = asides.length > 0 && asides.every((aside) => REFERENCE_ASIDE.test(aside)) ? asides : undefined;
        const plain = readable(text).text;
        const examplesAtKind = EXAMPLES_AFTER_CONDITION.exec(plain);
        const withExamplesAtKind = examplesAtKind && !hasAside(examplesAtKind[3] as string) ? () => read(`${examplesAtKind[1]} ${examplesAtKind[3]}${examplesAtKind[2]}.`, turn.index, span) : undefined;
        const steps = stepsWithVerbRepeated(plain);
        const withVerbRepeated = steps ? () => steps.map((said) => read(said, turn.index, span)) : undefined;
        const ruleOfLabel = RULE_IN_LABEL.exec(plain);
        const withRuleOfLabel = ruleOfLabel ? () => read(`${ruleOfLabel[1]}: ${ruleOfLabel[2]}`, turn.index, span) : undefined;
        const comment = block.comment;
        const withComment = comment !== undefined ? () => read(`\`${text.trim()}\` — ${comment}`, turn.index, span) : undefined;
        const contrast = CONTRAST.exec(plain);
        const withContrast = contrast ? () => read(`Never ${lowerFirst(contrast[1] as string)}${contrast[4]}${contrast[3]}.`, turn.index, span) : undefined;
        // The sentence after such a label, read alone when the whole states no rule.
        // (This sentence's own words after it, never the sentences after it in the block.)
        const withoutLabel = summed && index === 0 && inBlock <= summed[0].length && text.length > summed[0].length - inBlock ? () => read(readable(text.slice(summed[0].length - inBlock)).text, turn.index, span) : undefined;
        const last = leadsItems && index === sentences.length - 1;
        result.push({ turnIndex: turn.index, text, span, start: sentence.start, words: sentence.words, ...(withLeadIn.length > 0 && { withLeadIn }), ...(withLeadException && { withLeadException }), ...(withAntecedent && { withAntecedent }), ...(withPathLabel && { withPathLabel }), ...(withoutAsides && { withoutAsides }), ...(referenceAsides && { referenceAsides }), ...(withoutLabel && { withoutLabel }), ...(withExamplesAtKind && { withExamplesAtKind }), ...(withVerbRepeated && { withVerbRepeated }), ...(withContrast && { withContrast }), ...(withRuleOfLabel && { withRuleOfLabel }), ...(withComment && { withComment }), ...(last && { leadsItems: true as const }), ...(namedBefore && { namedBefore }) });
      });
    }
  }
  return result;
}

/**
 * A bold label that is a clause of its own (three words or more), then a spaced dash or a colon and a
 * sentence: "- **NEVER commit code directly** - Always ask for user permission before committing",
 * "4. **NEVER READ SECRETS**: Never read or open `run_bot.sh`". The label sums up; the sentence says it.
 */
const LABEL_THEN_SENTENCE = /^(\s*(?:[-*•+]\s+|\d{1,2}[.)]\s+)?(?:\*\*|__)[^*_\n\s]+(?:\s+[^*_\n\s]+){2,}?(?:[.!]?(?:\*\*|__)\s+[-–—]|:(?:\*\*|__)|(?:\*\*|__):)\s+)(?=[A-Za-z`])/;

/** An item that lists examples of what the item above it names: "Examples: `git push`, `git pull`". */
const EXAMPLES_LABEL = /^\s*(?:[-*•+]\s+|\d{1,2}[.)]\s+)?(?:examples?|e\.g\.?|for example|for instance|including|such as)\s*:?\s*/i;
/** The kind of thing a rule's examples are of: "git operations", "commands", "destructive actions". */
const CATEGORY = /\b(?:operations?|commands?|actions?|changes?|tasks?|things?|steps?|tools?)\b/i;

/**
 * The item above with the examples nested under it in place, after the kind they are of: "Do not run
 * remote-affecting git operations without permission." + "Examples: `git push`" reads "Do not run
 * remote-affecting git operations such as `git push` without permission".
 */
function withExamples(parent: string, item: string): string | undefined {
  const label = EXAMPLES_LABEL.exec(item);
  if (!label) return undefined;
  const examples = item.slice(label[0].length).replace(/[.!]+\s*$/, '').trim();
  const rule = parent.replace(LIST_MARK, '').replace(/[.!]+\s*$/, '').trim();
  const kind = CATEGORY.exec(rule);
  if (!kind || examples === '') return undefined;
  const at = kind.index + kind[0].length;
  return `${rule.slice(0, at)} such as ${examples}${rule.slice(at)}`;
}

const RUN_VERB = /\b(?:run|execute|use|invoke)\s+/i;
const STEP_CONNECTOR = /\S\s(?:before|after|prior to)\s\S/i;
const AND = /,?\s+and\s+/gi;
/** A verb of its own, which makes what follows "and" a clause of its own rather than a second step. */
const OWN_VERB = /^(?:then\s+)?(?:run|execute|use|invoke|always|never|do|don['’]t|please)\b/i;

/**
 * Two steps, each before its own action, the second said without the verb they share: "Run `make lint`
 * before committing, and `make test` before pushing" reads "Run `make lint` before committing." and "Run
 * `make test` before pushing.". (Scanned at each "and", not by one pattern: a pattern of lazy groups takes
 * time that grows with the cube of a long sentence.)
 */
function stepsWithVerbRepeated(text: string): [string, string] | undefined {
  const verb = RUN_VERB.exec(text);
  if (!verb) return undefined;
  const head = text.slice(0, verb.index + verb[0].length);
  for (const and of text.matchAll(AND)) {
    const at = and.index ?? 0;
    if (at <= head.length) continue;
    const first = text.slice(head.length, at);
    const second = text.slice(at + and[0].length).replace(/\s*[.!]?\s*$/, '');
    // (Only the first "and" after a step: the second step runs to the end, with no clause after its action.)
    if (!STEP_CONNECTOR.test(first)) continue;
    if (OWN_VERB.test(second) || !STEP_CONNECTOR.test(second) || /[,;]/.test(second.slice(second.search(/\s(?:before|after|prior to)\s/i)))) return undefined;
    return [`${head}${first}.`, `${head}${second}.`];
  }
  return undefined;
}
/** "Auto-generated (do NOT edit manually): `docs/enums/`": a label whose rule, a ban or an ask, is set in a parenthesis before its colon. */
const RULE_IN_LABEL = /^[^()\n]{1,40}?\(((?:do\s+not|don['’]t|never|ask|no)\b[^()\n]*)\)\s*:\s*(.+)$/i;

/**
 * "Always edit files in `src/`, never `dist/`", "Edit `src/`, not `dist/`": a target set against the one an
 * action is said of, the verb left out, is where the action is not done.
 */
const CONTRAST = /^(?:(?:always|only)\s+)?([^`]*?)(`[^`\n]+`)([^,;`]*),\s+(?:but\s+)?(?:never|not)\s+(?:(?:in|into|to|under|inside)\s+)?(?:(?:a|an|the)\s+)?(`[^`\n]+`)[^,;`]*?[.!]?\s*$/i;
/** A kind of action, then its condition, then the kind's examples in parentheses closing the sentence. */
const EXAMPLES_AFTER_CONDITION = /^(.*\b(?:commands|operations|actions|changes)\b)(\s+(?:without|unless|until|except)\b[^()]*?)\s*(\([^()]+\))\s*[.!]?\s*$/i;

function hasAside(text: string): boolean {
  ASIDE.lastIndex = 0;
  return ASIDE.test(text);
}

/**
 * A text of our own making read as one sentence (its words have offsets in it; its span is the
 * source's). Its words are tagged when first asked for: extraction tries such variants in turn and
 * stops at the first that states a rule, so most are never read.
 */
function read(text: string, turnIndex: number, span: Span): Sentence {
  let words: readonly Word[] | undefined;
  return {
    turnIndex,
    text,
    span,
    start: 0,
    get words() {
      words ??= readSentences(text, 0, () => true).flatMap((sentence) => sentence.words);
      return words;
    },
  };
}

const LABEL_PATH = String.raw`(?:\x60[^\x60\n]+\x60|[\w.-]+(?:\/[\w.-]*)+)`;
/** An item that opens with a path as its label, or paths listed: "- `dist/`: …", "- **`gen/`** — …", "- `out/`, `dist/` — …". */
const PATH_LABEL = new RegExp(String.raw`^\s*(?:[-*•+]|\d{1,2}[.)])\s+(?:\*\*|__)?(${LABEL_PATH}(?:\s*(?:,|and|or)\s*${LABEL_PATH})*)(?:\*\*|__)?\s*(?::|\s[-–—]\s)`);

/** A table row whose first cell is a path: "| `data/raw/` | Immutable inputs. Never edit. |". */
const ROW_PATH_LABEL = new RegExp(String.raw`^\s*\|\s*(?:\*\*|__)?(${LABEL_PATH})(?:\*\*|__)?\s*\|`);

/** A pointer to a target named before: "it", "them", or "there" (a place). */
const POINTER = /\b(it|them|there)\b(?=[\s.,;:!?)]*$|[\s.,;:!?)]+(?:[a-z]+\s*){0,4}[.!?]*\s*$|\s*[;—–]|,\s+(?:because|since|as|so|and|but|run|use)\b)/i;
const TARGET_KINDS = new Set(['path', 'email', 'domain']);

/**
 * The sentence with its pointer replaced by the last target the text before it writes out, within the
 * same stretch of text: "data/raw is the only copy. Never delete anything in it." reads "… in data/raw".
 */
function antecedentVariant(before: string, text: string, turnIndex: number, span: Span): Sentence | undefined {
  const pointer = POINTER.exec(text);
  if (!pointer) return undefined;
  const previousText = previousSentence(before);
  const targets = textEntities(previousText, 0).filter((e) => TARGET_KINDS.has(e.kind));
  // "them" points at many: a glob or a folder named before, rather than one file after it ("`gen/*.ts` come from `build.py`").
  const named = (e: Entity) => previousText.slice(e.start, e.end);
  const them = pointer[1]?.toLowerCase() === 'them';
  const many = them ? targets.filter((e) => /[*?]|\/$/.test(named(e))).pop() : undefined;
  // ("`.stats.yml` and `.github/workflows` are generated. Avoid editing them.": the targets written together.)
  const together = them && !many ? writtenTogether(previousText, targets) : [];
  const target = many ?? targets.pop();
  if (!target) return undefined;
  const replacement = together.length > 1 ? together.map(named).join(' and ') : pointer[1]?.toLowerCase() === 'there' ? `in ${named(target)}` : named(target);
  const variant = `${text.slice(0, pointer.index)}${replacement}${text.slice(pointer.index + (pointer[1]?.length ?? 0))}`;
  const words = readSentences(variant, 0, () => true).flatMap((sentence) => sentence.words);
  return { turnIndex, text: variant, span, start: 0, words };
}

/** The sentence just before the text's end, readable, within its paragraph (not earlier paragraphs). */
function previousSentence(before: string): string {
  return readable(before.split(/\n\s*\n/).pop()?.split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== '').pop() ?? '').text;
}

/** A ban of a few words that names no target: "Never auto-archive.", "Don't force push.", after a label too ("IMPORTANT: Never auto-archive."). */
const BARE_BAN = /^\s*(?:[-*•]\s+)?(?:(?:\*\*)?[A-Za-z]+(?:\*\*)?:(?:\*\*)?\s+)?(?:never|don['’]?t|do not|no)\s+\S+(?:\s+\S+){0,2}?[.!]?\s*$/i;
const bareBan = (sentence: string) => BARE_BAN.test(sentence) && !textEntities(sentence, 0).some((e) => TARGET_KINDS.has(e.kind));

/** The first run of targets joined by "and", "or" or commas: "`a.yml` and `b/`", "`x`, `y` or `z`". */
function writtenTogether(text: string, targets: readonly Entity[]): Entity[] {
  for (let i = 0; i < targets.length; i++) {
    const run = [targets[i] as Entity];
    while (i + 1 < targets.length && BETWEEN_LISTED.test(text.slice((targets[i] as Entity).end, (targets[i + 1] as Entity).start))) run.push(targets[++i] as Entity);
    if (run.length > 1) return run;
  }
  return [];
}

/** A sentence that says the items after it are instances of the one before: "This includes:", "These cover:". */
const INCLUDES = /^(?:this|these|that|it|which)\s+(?:includes?|covers?|applies\s+to|means)$/i;
/** The kind of thing a rule is about, which its instances can be put in place of: "documentation files", "config". */
const OBJECT_KIND = /\b(?:files?|folders?|directories|documents?|docs|documentation|pages|scripts|configs?|configuration|settings|templates|modules|packages|dependencies|tables|branches|commands?|operations?|actions?)\b/i;
/** Where a rule's object ends, before its condition: "… only when asked to", "… without asking". */
const AFTER_OBJECT = /[\s,]+(?:only|when|whenever|unless|without|before|after|if|except)\b/i;

/**
 * "Update documentation files intended for humans only when asked to. This includes:" introduces
 * instances of the rule's object: the rule with a placeholder for them after that object.
 */
function withInstancesOf(rule: string): string | undefined {
  const kind = OBJECT_KIND.exec(rule);
  if (!kind) return undefined;
  const afterKind = kind.index + kind[0].length;
  const condition = AFTER_OBJECT.exec(rule.slice(afterKind));
  const at = condition ? afterKind + condition.index : rule.length;
  return `${rule.slice(0, at)}, such as the following,${rule.slice(at)}`;
}

/** A label that calls attention to a line: "Important:", "NOTE:", "Warning!". */
const NOTICE_LABEL = /^(?:important|note|nb|warning|caution|reminder|critical|attention)\s*[:!]\s+/i;

/** The sentence of a heading or a line that introduces what follows: its last sentence, without marks and colon. */
function leadInText(text: string): string {
  // "Dangerous commands (ask first):": the parenthesis says what the line asks of its items.
  // ("Important: before pushing, always run:": a label before the line says nothing of its items.)
  const written = text.replace(/^\s*(?:#{1,6}\s+|[-*•+]\s+|\d{1,2}[.)]\s+)/, '').replace(NOTICE_LABEL, '').replace(/:\s*$/, '').replace(/\s*\(((?:ask|confirm|check with)\b[^()]*)\)\s*$/i, ' — $1').trim();
  // "Generated files (do not modify by hand):": the rule in parentheses is what the line says of its items.
  const aside = RULE_ASIDE.exec(written);
  const line = aside ? aside[0].trim().slice(1, -1) : written;
  const sentences = line.split(/(?<=[.!?])\s+(?=\S)/);
  const last = sentences[sentences.length - 1] ?? line;
  const rule = sentences.length > 1 && INCLUDES.test(last.trim()) ? withInstancesOf((sentences[sentences.length - 2] as string).replace(/[.!]+$/, '')) : undefined;
  // "## Pre-commit checklist" + "- Tests pass": the items come before the stage's action, as under "Before committing".
  const stage = STAGE_HEADING.exec((rule ?? last).trim()) ?? STAGE_PROCESS.exec((rule ?? last).trim());
  const stages = stage ? [stage[1], stage[2]].flatMap((name) => (name ? [STAGE_GERUNDS[name.toLowerCase().replace(/\s+/g, ' ')]] : [])) : [];
  return stages.length > 0 ? `Before ${stages.join(' or ')}` : (rule ?? last);
}

/** Words in a line that stand for the items after it: "never do these", "any of the following". */
const PLACEHOLDER = /\b(?:(?:any of )?(?:the following|these)(?: (?:actions|things|commands|operations|steps|changes|files|tasks|items))?|the \w+ below|below)\b/i;
/** The placeholder with the verb that stands for the items' own ("do the following"). */
const DO_PLACEHOLDER = new RegExp(`(?:\\bdo\\s+)?${PLACEHOLDER.source}`, 'i');
/** A paragraph that is one line in bold. */
const BOLD_LINE = /^\s*(\*\*|__)[^*_\n]+\1\s*$/;
/** A line that ends on a pronoun for the things its items name: "Never hand-edit them." */
const POINTED_OBJECT = /\b(?:them|these|those)\s*[.!]*\s*$/i;
const CONNECTOR = /\b(?:before|after|when|whenever|if|until|unless|without|once|prior to|while)\b/i;
/** A heading that names, as a gerund, an action that gates the work (a commit, a push, a PR, a merge, a deploy, a release). */
const GATE_TOPIC = /^(?:#{1,6}\s+)?(?:\d{1,2}[.)]\s+)?((?:committing|pushing|merging|deploying|releasing|publishing|(?:creating|opening|submitting|raising)\s+(?:an?\s+|the\s+)?(?:prs?|pull\s+requests?|merge\s+requests?|mrs?))\b[^.:!?]{0,40}?)\s*:?\s*$/i;
/** An item that is a check of the code: tests, linters, type checks. */
const CHECK_STEP = /\b(?:tests?|lint(?:er|ers|ing)?|type-?check(?:s|ing)?|checks)\b/i;

/** How a checklist's step opens: an order to run or check, or the command itself. */
const CHECK_ORDER = /^(?:(?:run|ensure|make sure|verify|check|execute)\b|`[^`]+`\s*(?:$|[(—–-]))/i;

/**
 * "### Creating PRs" + "1. Ensure all tests pass": a step that checks, listed under an action that gates the work,
 * comes before it. Only a step said as one: an order to check, or a command written as code, short, on no
 * condition of its own.
 */
function checkBeforeGate(lead: string, item: string): string | undefined {
  const gate = GATE_TOPIC.exec(lead.trim());
  const step = item.replace(LIST_MARK, '').trim();
  const saidAsStep = CHECK_ORDER.test(step) && CHECK_STEP.test(step) && step.length <= 100 && !CONNECTOR.test(step);
  return gate && saidAsStep && !CONNECTOR.test(lead) ? `Before ${lowerFirst(gate[1] as string)}, ${lowerFirst(step)}` : undefined;
}
/** A kind of action a line's items may be examples of: "production changes", "destructive SQL". */
const ACTION_KIND = new RegExp(`${CATEGORY.source}|\\b(?:sql|quer(?:y|ies)|statements?)\\b`, 'i');
/** A line that opens on its negation: "Never …", "Do not …", "Don't …". */
const NEGATED_OPENING = /^\s*(?:never|do\s+not|don['’]t)\s/i;
const lowerFirst = (text: string) => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
const LIST_MARK = /^\s*(?:[-*•+]\s+|\d{1,2}[.)]\s+)/;
/** A word that makes a line a rule of its own, not only a topic's name. */
const RULE_WORD = /\b(?:never|always|only|ask|confirm|don['’]?t|do\s+not|must|should|avoid|forbidden|prohibited|required?|approval|permission)\b/i;
/** An item that opens on a condition of its own: "If tests cannot be run, …", "When asked to …". */
const OWN_CONDITION = /^(?:if|when|whenever|after|before|once|while|unless|until)\b/i;
const ASKING = /\b(?:ask|confirm|confirmation|check with|approval|permission|sign[- ]?off|consent|ok|okay|go-ahead|green light|authori[sz]ation)\b/i;
/**
 * A heading that bans what it lists without a verb of its own: "Forbidden Operations", "Prohibited
 * commands", "Operations Claude will never do", "Off-limits".
 */
const BANNED_KIND = /^(?:(?:strictly\s+|absolutely\s+|globally\s+)?(?:forbidden|prohibited|banned|denied|blocked|disallowed|not allowed|off[- ]limits|don['’]?ts|what\s+not\s+to\s+do|things\s+to\s+avoid|avoid|instead\s+of\s+(?:running|using|calling))\b|[\w\s]*\b(?:will|must|should|shall)\s+never\s+do\b|(?:what|things|actions|operations|commands)\s+(?:that\s+)?[\w\s]{0,20}\b(?:must|should|shall|may|can)(?:\s+not|n['’]t)\s+do\b|(?:things|actions|operations|commands)\s+(?:to\s+)?never\b|(?:things|actions|operations|commands)\s+(?:that\s+(?:are|is)\s+)?(?:not\s+(?:permitted|allowed)|forbidden|prohibited|banned|disallowed)\b)/i;
/** A line that requires something of a kind, then introduces its examples: "… requires confirmation, including:". */
const EXAMPLES_OF_REQUIRED = /^[^:]*?\b((?:requires?|needs?|must\s+(?:have|get|be)|should\s+(?:have|get|be))\b[^:]*?),?\s+(?:including|such\s+as|for\s+example|e\.g\.?)\s*:?$/i;
/** A heading over things to leave as they are: "Protected files", "Read-only paths", "Off-limits". */
export const PROTECTED_KIND = /^(?:protected|read[- ]only|off[- ]limits|untouchable)(?:\s+(?:files?|paths?|folders?|directories|dirs?|locations?))?\s*:?$/i;
/** A heading's own condition, in parentheses or after its words: "Forbidden Commands (unless the user asks)". */
const LEAD_CONDITION = /\(?\b((?:unless|without|except|until)\b[^)]*)\)?\s*$/i;
/** A lead's condition that is the person's yes: "… unless the human explicitly requests them". */
const ASKED_EXCEPTION = /\b(?:ask(?:s|ed)?|request(?:s|ed)?|instruct(?:s|ed)?|tells?|told|approv(?:es?|ed|al)|confirm(?:s|ed|ation)?|permission|consent)\b/i;

/** A line that is a condition of what its items say: "When asked to fix tests:", "If the build fails:" ("For publish tasks": the work they are for). */
const LEADING_CONDITION = /^\s*(?:(?:when|whenever|if|before|after|once|while|unless|until)\b|for\s+(?:[\w-]+\s+){0,2}(?:tasks?|operations?|jobs?|work)\s*:?\s*$)/i;
/** A line that ends mid-clause, on a word its items complete: "any action that:", "files such as:". */
const CONTINUED_BY_ITEM = /\b(?:that|which|who|whose|where|to|of|are|is|includes?|including|like|as|(?:before|after|until|unless|when|whenever|if|once)(?:\s+(?:you|we|they|agents?|the agent|claude))?|without|prior to)\s*$/i;

/** A lead-in that recommends what follows rather than requiring it. */
const ADVISORY_LEAD = /^\W*(?:preferred|recommended|suggested|optional|nice[- ]to[- ]have|tips?)\b/i;
/** A heading of the situations a skill or tool is for: "When to use", "When NOT to use this skill", "Use it when". */
const WHEN_TO_USE = /^(?:when\s+(?:not\s+|never\s+)?to\s+use|use\s+(?:this|it|this\s+skill|this\s+tool)\s+(?:only\s+)?when|(?:do\s+not|don['’]?t)\s+use\s+(?:this|it)\s+when)\b/i;

/** A heading named for the stage before an action, or two: "Pre-commit checklist", "Pre-commit and pre-PR". */
const STAGE = '(commit|push|deploy|deployment|merge|release|upgrade|install|pr)';
const STAGE_HEADING = new RegExp(`^pre[- ]?${STAGE}\\b(?:\\s*(?:and|&|/|,)\\s*pre[- ]?${STAGE}\\b)?\\s*(?:checklist|checks?|steps?|requirements?|tasks?|list)?\\s*$`, 'i');
/** A heading named for an action's own checklist or process: "PR checklist", "Pull Request Process", "Commit requirements". */
const STAGE_PROCESS = /^(?:the\s+|our\s+)?(commit|push|deploy|deployment|merge|release|pr|pull\s+request)\s+(?:checklist|process|requirements|steps|gates?)\s*$/i;
const STAGE_GERUNDS: Readonly<Record<string, string>> = wordTable({ commit: 'committing', push: 'pushing', deploy: 'deploying', deployment: 'deploying', merge: 'merging', release: 'releasing', upgrade: 'upgrading', install: 'installing', pr: 'opening a PR', 'pull request': 'opening a PR' });

/** A markdown table's header cells, when the block is a table: "| Operation | Requires approval |" over "| --- | --- |". */
function tableHeader(text: string): string[] | undefined {
  // (Every block of every message comes here: most are no table, told by their first character.)
  if (!/^\s*\|/.test(text)) return undefined;
  const [first, separator, ...rows] = text.split('\n');
  if (first === undefined || separator === undefined || rows.length === 0 || !/^\s*\|/.test(first) || !/^\s*\|?\s*:?-{3,}/.test(separator)) return undefined;
  return cellsOf(first);
}

const cellsOf = (row: string) => row.trim().replace(/^\||\|$/g, '').split('|').map((cell) => cell.trim());

/**
 * A row said with the header of its yes or no: "| Delete files | Yes |" under "Requires approval" is
 * "Delete files: Requires approval"; "| Push to main | No |" under "Allowed" is "Push to main: not Allowed".
 * (A no under an approval's header asks nothing, so it says nothing here.)
 */
function rowUnderHeader(header: readonly string[], row: string): string | undefined {
  const cells = cellsOf(row);
  if (cells.length !== header.length || !row.includes('|')) return undefined;
  // (A header asked as a question says the same: "Requires confirmation?". A yes under an approval's header comes
  // before one under another's: "| Git push | Yes | Yes |" under "Side-effectful? | Requires confirmation?".)
  const saidOf = (j: number) => (header[j] as string).replace(/\?+\s*$/, '');
  const columns = [...cells.keys()].slice(1).sort((a, b) => Number(APPROVAL_HEADER.test(saidOf(b))) - Number(APPROVAL_HEADER.test(saidOf(a))));
  for (const j of columns) {
    const cell = (cells[j] as string).replace(/[*_`]/g, '');
    const said = saidOf(j);
    if (/^(yes|y|required|always|\u2705|\u2714\uFE0F?)$/i.test(cell)) return `${cells[0]}: ${said}`;
    if (/^(no|n)$/i.test(cell) && /\b(allowed|permitted|ok|okay|safe)\b/i.test(said)) return `${cells[0]}: not ${said}`;
  }
  // ("| Read files | Delete files |" under "| Do | Don't |": what a column headed by a ban holds is banned.)
  const banned = header.findIndex((said) => FORBIDDING_HEADER.test(said.replace(/[*_`]/g, '')));
  const bannedCell = banned === -1 ? '' : (cells[banned] as string).trim();
  if (banned !== -1 && /[A-Za-z`]/.test(bannedCell) && !/^(n\/?a|none|-+|—)$/i.test(bannedCell)) return `Never ${bannedCell.charAt(0).toLowerCase()}${bannedCell.slice(1)}`;
  // ("| **WRITE_HIGH** | Deploy code, modify IAM | Explicit approval |" under "Class | Examples | Default Approval":
  // the actions named in a column of examples take the approval said under its header.)
  const approval = header.findIndex((said) => APPROVAL_HEADER.test(said));
  const examples = header.findIndex((said) => EXAMPLES_HEADER.test(said));
  const asked = (cells[approval] ?? '').replace(/[*_`]/g, '');
  const noneAsked = /^(no|n|none|autonomous)\b|\bnot\s+(?:required|needed|necessary)\b/i.test(asked);
  if (approval > 0 && examples !== -1 && examples !== approval && ASKING.test(asked) && !noneAsked) return `${cells[examples]}: ${asked}`;
  return undefined;
}
/** A column's header that bans what it holds: "Don't", "❌ Never", "Not allowed", "I Cannot". */
const FORBIDDING_HEADER = /^\W*(?:don['’]?t|do\s+not|never|avoid|not\s+allowed|forbidden|prohibited|banned|disallowed|(?:i|you|agents?)\s+(?:cannot|can['’]?t|must\s+not)|cannot|must\s+not)\W*$/i;
/** A header over the actions a row is about, by example: "Examples", "Actions", "Operations". */
const EXAMPLES_HEADER = /^\W*(examples?|actions?|operations?|commands?|tools?)\W*$/i;

/** A row's no under a header that asks for a yes: "| Delete logs | ❌ |" under "Needs confirmation". */
function noToApproval(header: readonly string[], row: string): boolean {
  const cells = cellsOf(row);
  return cells.length === header.length && cells.some((cell, j) => j > 0 && /^(no|n|\u274C|\u2717|\u2718)\uFE0F?$/i.test(cell.replace(/[*_`]/g, '')) && APPROVAL_HEADER.test(header[j] as string));
}
const APPROVAL_HEADER = /\b(approval|approve|confirm|confirmation|sign[- ]?off|permission|ask|asks|ok|review)\b/i;

/**
 * A list item read with the line that introduces it, in the ways the two combine: the item in place
 * of the line's placeholder ("Never do these without asking:" + "deleting files"), the item then the
 * line's condition ("Before committing:" + "run the tests"), the line then the item ("Do not:" + "push
 * to main"). Tried in that order by extraction, the first that states something wins. `leadColon`:
 * the line ended in a colon, so an item that is a path or a command written as code may be what it lists.
 */
function combined(lead: string, item: string, turnIndex: number, span: Span, leadColon: boolean): Sentence[] {
  const body = item.replace(LIST_MARK, '').replace(ASIDE, '').trim();
  // The item's first clause: what follows a dash or a colon explains it, unless it lists ("Destructive operations: a, b, c").
  const [head] = body.split(/\s[-–—]\s|;\s/);
  const listing = /:\s.*,/.test(head ?? '');
  const clause = ((listing ? head : head?.split(/:\s/)[0]) ?? body).replace(/[.!?]+$/, '');
  // A label the list explains says what its examples have in common: a category ("Destructive
  // operations: a, b") is read with them; a clause ("Actions that affect shared state: …") may say more
  // than a rule can, so the list alone is tried first.
  const colon = clause.search(/:\s/);
  const listed = listing ? clause.slice(colon + 1).trim() : undefined;
  const clauseLabel = listing && (/\b(?:that|which|who)\b/i.test(clause.slice(0, colon)) || clause.slice(0, colon).trim().split(/\s+/).length > 4);
  const texts: string[] = [];
  // "Never modify without asking:" + "code in `backend/`": the item is the action's object, before the line's condition.
  const condition = CONNECTOR.exec(lead);
  // "… before any action that:" + "sends a message": a line that stops mid-clause is continued by its item.
  const continued = CONTINUED_BY_ITEM.test(lead);
  const objectSlot = condition !== null && condition.index > 0 && !PLACEHOLDER.test(lead) && !continued ? condition.index : undefined;
  // "Never hand-edit them." + "Fixture JSONs (`tests/fixtures/*.json`) are generated…": the item's written path is what "them" is.
  const pointer = POINTED_OBJECT.exec(lead);
  const path = pointer ? /`([^`\s]*[/.*][^`\s]*)`/.exec(body)?.[0] : undefined;
  if (pointer && path) texts.push(`${lead.slice(0, pointer.index)}${path}`);
  for (const part of listed === undefined ? [clause] : clauseLabel ? [listed, clause] : [clause, listed]) {
    if (objectSlot !== undefined) texts.push(`${lead.slice(0, objectSlot).trimEnd()} ${part} ${lead.slice(objectSlot)}`);
    // "Never make production changes without approval:" + "Deployments to production": the line's kind of action
    // is what its items are examples of, each done on the line's condition.
    const forbidden = objectSlot !== undefined && ACTION_KIND.test(lead.slice(0, objectSlot)) ? NEGATED_OPENING.exec(lead) : null;
    if (forbidden && objectSlot !== undefined) texts.push(`${forbidden[0].trimEnd()} do ${lowerFirst(part)} ${lead.slice(objectSlot)}`);
    // "NEVER run any command that matches these patterns:" + "Modifying `/etc/sudoers`": an item that is an action
    // of its own, said as a gerund, is what the ban's line forbids.
    // (Not when the line has a condition of its own, which the item read in its place keeps.)
    if (NEGATED_OPENING.test(lead) && condition === null && /^[A-Za-z]+ing\s/.test(part.trim())) texts.push(`Avoid ${lowerFirst(part.trim())}`);
    if (PLACEHOLDER.test(lead)) texts.push(lead.replace(PLACEHOLDER, part));
    // "Any destructive or remote action requires confirmation, including:" + "`git commit`": an example of the
    // kind takes the kind's place before what the line requires of it.
    const exampled = EXAMPLES_OF_REQUIRED.exec(lead.trim());
    if (exampled) texts.push(`${part.trim()} ${exampled[1]}`);
    const gated = checkBeforeGate(lead, part);
    if (gated !== undefined) texts.push(gated);
    // "Ask before:" + "committing" is continued by its item, read below.
    if (CONNECTOR.test(lead) && !continued) texts.push(`${part} ${lead.charAt(0).toLowerCase()}${lead.slice(1)}`);
    // "Ask first:" + "adding dependencies": asking comes before the item's action.
    else if (ASKING.test(lead) && !continued) texts.push(`${lead} before ${part}`);
    // "Protected files" + "`.env`", "Read-only paths" + "`data/raw/`": the item is kept as it is.
    // (Not with an exception, which no scope says: "`.claude/hooks/` (exception: `.md` files are exempt)".)
    if (PROTECTED_KIND.test(lead.trim()) && /^`[^`\s]+`/.test(part.trim()) && !/\b(?:except|exception|exempt|unless)/i.test(body)) texts.push(`${/^`[^`\s]+`/.exec(part.trim())?.[0]} is read-only`);
    // "Forbidden Commands (unless the user asks)" + "`git reset --hard`": never the item, on the heading's condition.
    // ("Denied commands" + "`nmap *`": what a heading of commands lists as code is run, a program we do not know too.)
    const run = /\b(?:commands?|programs?|tools?|binaries|clis?)\b/i.test(lead) && /^`/.test(part.trim()) ? 'run ' : '';
    if (BANNED_KIND.test(lead)) texts.push(`Never ${run}${lowerFirst(part)}${LEAD_CONDITION.exec(lead)?.[1] ? ` ${LEAD_CONDITION.exec(lead)?.[1]}` : ''}`);
    // After a line's condition, the item would be the condition's object, not the action's.
    // "When asked to fix tests:" + "Only change tests": a leading condition, then its main clause.
    // ("After edits, ask for confirmation, then run:" + "`sudo darwin-rebuild switch`": a line ending on its verb is continued by its item.)
    const endsOnRun = leadColon && /\b(?:run|execute)\s*$/i.test(lead);
    // ("## Commands" + "If tests cannot be run, say so": an item that opens on a condition of its own is a sentence of its
    // own, no continuation of a heading that only names a topic.)
    const topicBeforeClause = !leadColon && !RULE_WORD.test(lead) && lead.trim().split(/\s+/).length <= 3 && OWN_CONDITION.test(part.trim());
    if (objectSlot === undefined && !topicBeforeClause) texts.push(!continued && !endsOnRun && LEADING_CONDITION.test(lead) ? `${lead}, ${lowerFirst(part)}` : `${lead} ${part}`);
    // "Files that must never be deleted:" + "`.env`": the line's colon introduced its items; with it an item that
    // opens on a path or a command written as code is what the line lists.
    if (leadColon && objectSlot === undefined && !continued && !LEADING_CONDITION.test(lead) && /^`[^`]+`/.test(part.trim())) texts.push(`${lead}: ${part}`);
  }
  return texts.map((text) => read(text, turnIndex, span));
}
