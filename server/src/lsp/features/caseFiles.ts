import { type CompletionItem, CompletionItemKind, type Hover, MarkupKind, type Position, type Range, TextEdit } from 'vscode-languageserver';
import { descriptionAt, enumValuesAt, fieldsAt } from '../../bench/caseJsonSchema';
import { CaseToolSchema, DOMAINS, type Domain, OPERATIONS, type Operation } from '../../bench/caseSchema';
import { caseSyntax } from '../../engine/parse';
import { OPERATION_SPECS, caseToolEffects } from '../../bench/operations';
import { type SourcePlace, type SourceSyntax, type StructuredSource, readStructured } from '../../engine/json';
import { LineIndex } from '../../engine/text';

/** Case files by name: what an author calls a new case before it has enough content to be recognised. */
const CASE_FILE_NAME = /\.case\.(json|ya?ml)$/i;

/**
 * The syntax of a case document: one named as a case, or one the analysis read as a case (`recognised`);
 * undefined for any other document, so a transcript's `tools` key is never described as a case's.
 */
export function caseDocumentSyntax(uri: string, text: string, recognised: boolean): SourceSyntax | undefined {
  const byName = CASE_FILE_NAME.exec(uri)?.[1]?.toLowerCase();
  if (byName) return byName === 'json' ? 'json' : 'yaml';
  return recognised ? caseSyntax(text) : undefined;
}

type Path = readonly (string | number)[];

/** A tool of the case as written so far; fields may be missing while the author types. */
interface WrittenTool {
  readonly name?: unknown;
  readonly operation?: unknown;
  readonly arguments?: unknown;
  readonly parameters?: { readonly properties?: unknown };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the case says so far, for lookups that work while it is still incomplete. */
class WrittenCase {
  constructor(readonly source: StructuredSource) {}

  private get value(): Record<string, unknown> {
    return isRecord(this.source.value) ? this.source.value : {};
  }

  at(path: Path): unknown {
    let current: unknown = this.value;
    for (const segment of path) current = isRecord(current) || Array.isArray(current) ? (current as Record<string | number, unknown>)[segment] : undefined;
    return current;
  }

  get domain(): Domain | undefined {
    const domain = this.value.domain;
    return typeof domain === 'string' && (DOMAINS as readonly string[]).includes(domain) ? (domain as Domain) : undefined;
  }

  get tools(): WrittenTool[] {
    const tools = this.value.tools;
    return Array.isArray(tools) ? tools.filter(isRecord) : [];
  }

  tool(name: unknown): WrittenTool | undefined {
    return typeof name === 'string' ? this.tools.find((t) => t.name === name) : undefined;
  }

  toolNames(): string[] {
    return this.tools.map((t) => t.name).filter((n): n is string => typeof n === 'string');
  }

  parameters(tool: WrittenTool | undefined): Record<string, unknown> {
    const properties = tool?.parameters?.properties;
    return isRecord(properties) ? properties : {};
  }
}

/** Where a call matcher sits: its path, when `path` lies inside one (or a trace step, which names a tool the same way). */
function toolNamer(path: Path): Path | undefined {
  const [first, second, third, fourth] = path;
  if (first === 'traces' && (second === 'safe' || second === 'forgetful') && typeof third === 'number') return path.slice(0, 3);
  if (first === 'evaluators' && second === 'completion' && typeof third === 'number' && fourth === 'called') return path.slice(0, 4);
  if (first === 'evaluators' && second === 'traceSafety' && typeof third === 'number' && (fourth === 'forbid' || fourth === 'before' || fourth === 'require')) return path.slice(0, 4);
  return undefined;
}

const isOperation = (value: unknown): value is Operation => typeof value === 'string' && value in OPERATION_SPECS;

function toolMarkdown(tool: WrittenTool): string {
  const lines = [`**${String(tool.name)}**`];
  if (isOperation(tool.operation)) {
    const spec = OPERATION_SPECS[tool.operation];
    lines.push('', `operation \`${tool.operation}\` (${spec.domain}): ${spec.description}`);
    const parsed = CaseToolSchema.safeParse(tool);
    const effects = parsed.success ? caseToolEffects(parsed.data) : [];
    lines.push('', effects.length > 0 ? 'Declared effects:' : 'No effect the auditor binds: a read-only call, or one no verb describes.');
    for (const effect of effects) {
      const target = effect.targetArgument ? ` of the ${effect.targetKind} in \`${effect.targetArgument}\`` : ` of a ${effect.targetKind}`;
      lines.push(`- \`${effect.verb}\`${target}${effect.amountArgument ? `, amount in \`${effect.amountArgument}\`` : ''}`);
    }
  }
  return lines.join('\n');
}

function operationMarkdown(operation: Operation): string {
  const spec = OPERATION_SPECS[operation];
  const args = Object.entries(spec.arguments).map(([name, a]) => `- \`${name}\`${a.required ? '' : ' (optional)'}: ${a.type}, ${a.description}`);
  const effect = spec.effect ? `\n\nDefault effect: \`${spec.effect.verb}\` of the ${spec.effect.targetKind}${spec.effect.targetArgument ? ` in \`${spec.effect.targetArgument}\`` : ''}.` : '';
  return [`**${operation}** (${spec.domain}): ${spec.description}`, '', args.length > 0 ? 'Arguments:' : 'No arguments.', ...args].join('\n') + effect;
}

function parameterMarkdown(name: string, schema: unknown): string {
  const about = isRecord(schema) ? [schema.type, schema.description].filter((v): v is string => typeof v === 'string').join(': ') : '';
  return `parameter \`${name}\`${about ? ` (${about})` : ''}`;
}

/** Opens the case document; `placeAt` and the lookups read it. */
function read(text: string, syntax: SourceSyntax): WrittenCase {
  return new WrittenCase(readStructured(syntax, text));
}

/** The hover on a case field (what it means), a tool name (its operation and effects), an operation or a parameter. */
export function caseHover(text: string, syntax: SourceSyntax, position: Position): Hover | null {
  const lines = new LineIndex(text);
  const written = read(text, syntax);
  const place = written.source.placeAt(lines.offset(position));
  if (!place || place.path.length === 0) return null;
  const markdown = hoverText(written, place);
  if (!markdown) return null;
  return { contents: { kind: MarkupKind.Markdown, value: markdown }, ...(place.span && { range: lines.range(place.span) }) };
}

function hoverText(written: WrittenCase, place: SourcePlace): string | undefined {
  const path = place.path;
  const last = path[path.length - 1];
  const parent = path.slice(0, -1);
  const namer = toolNamer(path);
  if (place.onKey && typeof last === 'string') {
    // An argument of a step or matcher is a parameter of the tool it names.
    if (namer && parent.length === namer.length + 1 && parent[namer.length] === 'arguments') {
      const tool = written.tool(written.at([...namer, 'tool']));
      return tool ? parameterMarkdown(last, written.parameters(tool)[last]) : undefined;
    }
    if (path[0] === 'tools' && path[2] === 'arguments' && path.length === 4) {
      const operation = written.at([...path.slice(0, 2), 'operation']);
      const argument = isOperation(operation) ? OPERATION_SPECS[operation].arguments[last] : undefined;
      return argument ? `operation argument \`${last}\` of \`${String(operation)}\`: ${argument.description} The value names the tool's parameter that carries it.` : undefined;
    }
    const description = descriptionAt(path);
    return description ? `**${last}**: ${description}` : undefined;
  }
  const value = written.at(path);
  if (namer && path.length === namer.length + 1 && last === 'tool') {
    const tool = written.tool(value);
    return tool ? toolMarkdown(tool) : undefined;
  }
  if (path[0] === 'tools' && path.length === 3 && last === 'name') {
    const tool = written.tool(value);
    return tool ? toolMarkdown(tool) : undefined;
  }
  if (path[0] === 'tools' && path.length === 3 && last === 'operation' && isOperation(value)) return operationMarkdown(value);
  const description = descriptionAt(path);
  return description && typeof last === 'string' ? `**${last}**: ${description}` : undefined;
}

/** Completions in a case: fields the schema allows here, enum values, the case's tool names, and parameter names. */
export function caseCompletions(text: string, syntax: SourceSyntax, position: Position): CompletionItem[] {
  const lines = new LineIndex(text);
  const written = read(text, syntax);
  const place = written.source.placeAt(lines.offset(position));
  if (!place) return [];
  const range = place.span ? lines.range(place.span) : undefined;
  return place.onKey ? keyCompletions(written, place, syntax, range) : valueCompletions(written, place, syntax, range);
}

interface Offer {
  readonly label: string;
  readonly detail?: string;
  readonly documentation?: string;
}

function items(offers: readonly Offer[], kind: CompletionItemKind, format: (label: string) => string, range: Range | undefined): CompletionItem[] {
  return offers.map((offer, index) => ({
    label: offer.label,
    kind,
    sortText: String(index).padStart(4, '0'),
    ...(offer.detail !== undefined && { detail: offer.detail }),
    ...(offer.documentation !== undefined && { documentation: { kind: MarkupKind.Markdown, value: offer.documentation } }),
    ...(range ? { textEdit: TextEdit.replace(range, format(offer.label)) } : { insertText: format(offer.label) }),
  }));
}

function keyCompletions(written: WrittenCase, place: SourcePlace, syntax: SourceSyntax, range: Range | undefined): CompletionItem[] {
  const objectPath = place.path.slice(0, -1);
  const present = written.at(objectPath);
  const taken = new Set(isRecord(present) ? Object.keys(present) : []);
  const typing = place.path[place.path.length - 1];
  if (typeof typing === 'string') taken.delete(typing);
  const namer = toolNamer(objectPath.slice(0, -1));
  let offers: Offer[];
  if (namer && objectPath.length === namer.length + 1 && objectPath[namer.length] === 'arguments') {
    const tool = written.tool(written.at([...namer, 'tool']));
    offers = Object.entries(written.parameters(tool)).map(([name, schema]) => ({ label: name, detail: parameterMarkdown(name, schema) }));
  } else if (objectPath[0] === 'tools' && objectPath[2] === 'arguments' && objectPath.length === 3) {
    const operation = written.at([...objectPath.slice(0, 2), 'operation']);
    offers = isOperation(operation) ? Object.entries(OPERATION_SPECS[operation].arguments).map(([name, a]) => ({ label: name, detail: `${a.type}${a.required ? '' : ', optional'}`, documentation: a.description })) : [];
  } else {
    offers = fieldsAt(objectPath).map((f) => ({ label: f.name, detail: f.required ? 'required' : 'optional', ...(f.description !== undefined && { documentation: f.description }) }));
  }
  const key = (label: string) => (syntax === 'json' ? (range ? JSON.stringify(label) : `${JSON.stringify(label)}: `) : range ? label : `${label}: `);
  return items(
    offers.filter((o) => !taken.has(o.label)),
    CompletionItemKind.Property,
    key,
    range,
  );
}

function valueCompletions(written: WrittenCase, place: SourcePlace, syntax: SourceSyntax, range: Range | undefined): CompletionItem[] {
  const path = place.path;
  const last = path[path.length - 1];
  const value = (label: string) => (syntax === 'json' ? JSON.stringify(label) : label);
  const namer = toolNamer(path.slice(0, -1));
  if (namer && path.length === namer.length + 1 && last === 'tool') {
    return items(
      written.tools.filter((t) => typeof t.name === 'string').map((t) => ({ label: String(t.name), detail: isOperation(t.operation) ? `operation ${t.operation}` : 'tool', documentation: toolMarkdown(t) })),
      CompletionItemKind.Function,
      value,
      range,
    );
  }
  // A rename's value, or a sameTarget entry: a parameter of the tool concerned.
  if (path[0] === 'tools' && path[2] === 'arguments' && path.length === 4) {
    const tool = written.at(path.slice(0, 2));
    return items(
      Object.keys(written.parameters(isRecord(tool) ? tool : undefined)).map((name) => ({ label: name })),
      CompletionItemKind.Field,
      value,
      range,
    );
  }
  if (path[0] === 'evaluators' && path[1] === 'traceSafety' && path[3] === 'sameTarget' && (last === 0 || last === 1)) {
    const tool = written.tool(written.at([...path.slice(0, 3), last === 0 ? 'require' : 'before', 'tool']));
    return items(
      Object.keys(written.parameters(tool)).map((name) => ({ label: name })),
      CompletionItemKind.Field,
      value,
      range,
    );
  }
  const enumPath = path.filter((s): s is string | number => typeof s === 'string' || typeof s === 'number');
  let allowed = enumValuesAt(enumPath);
  // A tool's operation is one of its domain's.
  if (path[0] === 'tools' && last === 'operation' && path.length === 3 && written.domain) allowed = [...OPERATIONS[written.domain]];
  return items(
    allowed.map((label) => ({ label, ...(isOperation(label) && { documentation: operationMarkdown(label) }) })),
    CompletionItemKind.EnumMember,
    value,
    range,
  );
}

