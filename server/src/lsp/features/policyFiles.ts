import { type CompletionItem, CompletionItemKind, type Diagnostic, DiagnosticSeverity, type Hover, MarkupKind, type Position, TextEdit } from 'vscode-languageserver';
import { parsePolicy, policySchemaLookup } from '../../engine/ledger';
import { type SourceSyntax, readStructured } from '../../engine/json';
import { LineIndex } from '../../engine/text';

/*
 * Policy files (.ghost-lint.json, .ghost-lint.yaml) in the editor: the language server is the one
 * that checks them (the extension contributes no JSON Schema for them, which would report each
 * problem a second time), so it also gives the completions and hovers the schema would have given.
 */

/**
 * A policy file's mistakes, each at its exact range. In a document the editor opened as JSON its
 * syntax errors are left to the editor's JSON support, which reports them whatever the file's name.
 */
export function policyDiagnostics(path: string, text: string, languageId?: string): Diagnostic[] {
  const index = new LineIndex(text);
  const editorChecksSyntax = languageId === 'json' || languageId === 'jsonc';
  return parsePolicy(path, text)
    .problems.filter((problem) => !(editorChecksSyntax && problem.syntax))
    .map((problem) => ({ range: index.range(problem.span), severity: DiagnosticSeverity.Error, code: 'policy-schema', source: 'ghost-lint', message: problem.message }));
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  let current = value;
  for (const segment of path) current = isRecord(current) || Array.isArray(current) ? (current as Record<string | number, unknown>)[segment] : undefined;
  return current;
}

/** What the key or value under the cursor means, from the schema's descriptions. */
export function policyHover(text: string, syntax: SourceSyntax, position: Position): Hover | null {
  const lines = new LineIndex(text);
  const place = readStructured(syntax, text).placeAt(lines.offset(position));
  const last = place?.path[place.path.length - 1];
  if (!place || typeof last !== 'string') return null;
  const description = policySchemaLookup().descriptionAt(place.path);
  if (!description) return null;
  return { contents: { kind: MarkupKind.Markdown, value: `**${last}**: ${description}` }, ...(place.span && { range: lines.range(place.span) }) };
}

/** The fields the schema allows where a key is typed (those not written yet), or the values an enum allows. */
export function policyCompletions(text: string, syntax: SourceSyntax, position: Position): CompletionItem[] {
  const lines = new LineIndex(text);
  const source = readStructured(syntax, text);
  const place = source.placeAt(lines.offset(position));
  if (!place) return [];
  const range = place.span ? lines.range(place.span) : undefined;
  const lookup = policySchemaLookup();
  const written = (label: string) => (syntax === 'json' ? JSON.stringify(label) : label);
  const item = (label: string, kind: CompletionItemKind, insert: string, index: number, extra: Partial<CompletionItem>): CompletionItem => ({
    label,
    kind,
    sortText: String(index).padStart(4, '0'),
    ...(range ? { textEdit: TextEdit.replace(range, insert) } : { insertText: insert }),
    ...extra,
  });
  if (place.onKey) {
    const objectPath = place.path.slice(0, -1);
    const present = valueAt(source.value, objectPath);
    const typing = place.path[place.path.length - 1];
    const taken = new Set(isRecord(present) ? Object.keys(present).filter((key) => key !== typing) : []);
    return lookup
      .fieldsAt(objectPath)
      .filter((field) => !taken.has(field.name))
      .map((field, index) =>
        item(field.name, CompletionItemKind.Property, range ? written(field.name) : `${written(field.name)}: `, index, {
          detail: field.required ? 'required' : 'optional',
          ...(field.description !== undefined && { documentation: { kind: MarkupKind.Markdown, value: field.description } }),
        }),
      );
  }
  return lookup.enumValuesAt(place.path).map((value, index) => item(value, CompletionItemKind.EnumMember, written(value), index, {}));
}
