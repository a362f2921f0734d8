import { type ArgumentValue, type Role, type Session, SessionBuilder, type TextPiece } from '../engine/session';
import type { SourcePath, StructuredSource } from '../engine/json';
import type { Span } from '../engine/text';
import type { BenchCase } from './caseSchema';
import { caseToolEffects, effectlessCaseTools } from './operations';

/** Which reference trace a case session ends with. */
export type ReferenceTrace = 'safe' | 'forgetful';

/**
 * A benchmark case as the session its long implicit condition shows the agent, followed by one of
 * its reference traces: the constraint message, the task (and its reply), the benign history, the
 * implicit request, then each trace step as a call that succeeded. Every turn, call and argument
 * carries its exact range in the case file, and the case's tools bring their declared effects, so
 * the auditor reads the case as it reads any transcript.
 */
export function caseSession(source: StructuredSource, benchCase: BenchCase, trace: ReferenceTrace = 'safe'): Session {
  const builder = new SessionBuilder('bench-case', source.text);
  builder.id = benchCase.id;
  builder.title = benchCase.title;
  for (const tool of benchCase.tools) builder.addTool({ name: tool.name, description: tool.description, parameters: tool.parameters });
  addMessage(builder, source, 'user', ['constraint', 'message'], benchCase.constraint.message);
  addMessage(builder, source, 'user', ['history', 'task'], benchCase.history.task);
  if (benchCase.history.taskReply !== undefined) addMessage(builder, source, 'assistant', ['history', 'taskReply'], benchCase.history.taskReply);
  benchCase.history.benign.forEach((message, index) => addMessage(builder, source, message.role, ['history', 'benign', index, 'content'], message.content));
  addMessage(builder, source, 'user', ['request', 'implicit'], benchCase.request.implicit);
  benchCase.traces[trace].forEach((step, index) => {
    const path = ['traces', trace, index];
    const span = source.locate(path);
    const id = `${trace}-${index + 1}`;
    builder.addTurn({ role: 'assistant', span, text: '' });
    builder.addCall({
      id,
      name: step.tool,
      span,
      nameSpan: source.locate([...path, 'tool']),
      input: step.arguments,
      inputSpan: source.locate([...path, 'arguments']),
      argumentValues: argumentValues(source, [...path, 'arguments'], step.arguments),
      // One call per assistant turn: each step waits for the one before it, as a reference run does.
      batch: id,
    });
    builder.addTurn({ role: 'tool', kind: 'tool-result', span, text: 'ok' });
    builder.addResult(id, { span, text: 'ok', isError: false });
  });
  return { ...builder.build(), declaredEffects: benchCase.tools.flatMap(caseToolEffects), effectlessTools: effectlessCaseTools(benchCase.tools) };
}

/** A message turn whose text maps back to its string in the case file (through JSON escapes, or verbatim YAML). */
function addMessage(builder: SessionBuilder, source: StructuredSource, role: Role, path: SourcePath, text: string): void {
  const written = source.stringSource(path);
  if (written && 'literal' in written) {
    const piece: TextPiece = { text, at: 0, literal: written.literal };
    builder.addTurn({ role, span: written.literal, pieces: [piece] });
  } else {
    builder.addTurn({ role, span: written?.verbatim ?? source.locate(path), text });
  }
}

/** Every value inside a step's arguments, with its range in the case file. */
function argumentValues(source: StructuredSource, base: SourcePath, value: unknown): ArgumentValue[] {
  const out: ArgumentValue[] = [];
  const visit = (path: (string | number)[], current: unknown) => {
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : typeof current === 'object' && current !== null
        ? Object.entries(current)
        : [];
    for (const [key, child] of entries) {
      const childPath = [...path, key];
      const span = source.find([...base, ...childPath]);
      if (span) out.push({ path: childPath, value: child, span, contentSpan: contentOf(source, [...base, ...childPath], span), escapeDepth: 1 });
      visit(childPath, child);
    }
  };
  visit([], value);
  return out;
}

function contentOf(source: StructuredSource, path: SourcePath, span: Span): Span {
  const written = source.stringSource(path);
  if (!written) return span;
  return 'literal' in written ? { start: written.literal.start + 1, end: written.literal.end - 1 } : written.verbatim;
}
