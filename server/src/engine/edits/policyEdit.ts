import { type FormattingOptions, modify } from 'jsonc-parser';
import { type Node as YamlNode, type YAMLSeq, isMap, isSeq, parseDocument } from 'yaml';
import { type Suppression, parsePolicy } from '../ledger/policy';
import { parseJsonAt, prop } from '../json/json';
import { type TextEdit, applyEdits, insertBesideElement } from './transcriptEdit';

/** The file's own indentation: the first indented line's leading whitespace. */
function indentation(text: string): FormattingOptions {
  const lead = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  return lead.startsWith('\t') ? { insertSpaces: false, tabSize: 4 } : { insertSpaces: true, tabSize: lead.length };
}

function yamlScalar(value: string): string {
  return /^[\w][\w./@-]*$/.test(value) && !/^(true|false|null|yes|no|on|off|~|[-+]?\d[\d_.eE+-]*)$/i.test(value) ? value : JSON.stringify(value);
}

function yamlFlowMap(suppression: Suppression): string {
  return `{ ${Object.entries(suppression)
    .map(([k, v]) => `${k}: ${yamlScalar(String(v))}`)
    .join(', ')} }`;
}

function yamlBlockMap(suppression: Suppression, dashIndent: string): string {
  return Object.entries(suppression)
    .map(([k, v], i) => `${i === 0 ? `${dashIndent}- ` : `${dashIndent}  `}${k}: ${yamlScalar(String(v))}`)
    .join('\n');
}

/** Where a line ends after `offset` (just past its line break), or the end of the text. */
function afterLine(text: string, offset: number): number {
  if (offset > 0 && text[offset - 1] === '\n') return offset;
  const newline = text.indexOf('\n', offset);
  return newline === -1 ? text.length : newline + 1;
}

function yamlEdit(text: string, suppression: Suppression): TextEdit[] {
  const doc = parseDocument(text);
  const contents = doc.contents;
  const list = isMap(contents) ? contents.get('suppressions', true) : undefined;
  if (isSeq(list) && list.range) {
    const seq = list as YAMLSeq;
    const [start, end] = seq.range as [number, number, number];
    if (seq.flow) {
      // `[a, b]` or `[]`: add before the closing bracket.
      const close = text.lastIndexOf(']', end);
      const separator = seq.items.length > 0 ? ', ' : '';
      return [{ span: { start: close, end: close }, newText: `${separator}${yamlFlowMap(suppression)}` }];
    }
    const last = seq.items[seq.items.length - 1] as YamlNode | undefined;
    const firstItem = seq.items[0] as YamlNode | undefined;
    const itemStart = firstItem?.range?.[0] ?? start;
    const lineStart = text.lastIndexOf('\n', itemStart - 1) + 1;
    const dashIndent = /^[ \t]*/.exec(text.slice(lineStart, itemStart))?.[0] ?? '';
    const at = afterLine(text, last?.range?.[1] ?? end);
    const flowItems = isMap(last) && last.flow === true;
    const item = flowItems ? `${dashIndent}- ${yamlFlowMap(suppression)}` : yamlBlockMap(suppression, dashIndent);
    return [{ span: { start: at, end: at }, newText: `${at === text.length && !text.endsWith('\n') ? '\n' : ''}${item}\n` }];
  }
  if (list === undefined || list === null) {
    const itemIndent = /^([ \t]+)- /m.exec(text)?.[1] ?? '  ';
    const lead = text.length === 0 || text.endsWith('\n') ? '' : '\n';
    return [{ span: { start: text.length, end: text.length }, newText: `${lead}suppressions:\n${yamlBlockMap(suppression, itemIndent)}\n` }];
  }
  return [];
}

/**
 * Edits that add a suppression to a policy file, keeping the rest of it as written: a new item in
 * its `suppressions` list (in the style of the items already there), or the list itself. `text`
 * undefined means the file does not exist yet. Each result is checked by parsing the policy again;
 * when the minimal edit does not read back, the document is rewritten by the YAML library instead.
 */
export function addSuppression(path: string, text: string | undefined, suppression: Suppression): TextEdit[] {
  const json = path.endsWith('.json');
  if (text === undefined || text.trim() === '') {
    const created = json ? `${JSON.stringify({ suppressions: [suppression] }, null, 2)}\n` : `suppressions:\n${yamlBlockMap(suppression, '  ')}\n`;
    return [{ span: { start: 0, end: text?.length ?? 0 }, newText: created }];
  }
  const before = parsePolicy(path, text);
  let edits: TextEdit[];
  if (json) {
    const last = prop(parseJsonAt(text).root, 'suppressions')?.children?.at(-1);
    const appended = last && insertBesideElement(text, last, [suppression], 'after');
    const options = { formattingOptions: indentation(text), isArrayInsertion: true };
    edits = appended ? [appended] : modify(text, ['suppressions', -1], suppression, options).map((e) => ({ span: { start: e.offset, end: e.offset + e.length }, newText: e.content }));
  } else {
    edits = yamlEdit(text, suppression);
  }
  const after = parsePolicy(path, applyEdits(text, edits));
  if (edits.length > 0 && after.suppressions.length === before.suppressions.length + 1 && after.problems.length <= before.problems.length) return edits;
  const doc = parseDocument(text);
  doc.addIn(['suppressions'], doc.createNode(suppression));
  return [{ span: { start: 0, end: text.length }, newText: doc.toString() }];
}
