import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { CodeAction, Diagnostic, DocumentSymbol, Hover, Location, MarkupContent, SemanticTokens } from 'vscode-languageserver-protocol/node';
import { analyzeSession } from '../../server/src/engine/pipeline';
import { parseTranscript } from '../../server/src/engine/parse';
import { REPAIR_RESULT_TEXT } from '../../server/src/engine/audit';
import { NEEDS_SHARED, SHARED_DIR, sharedPath } from '../support/shared';
import { EDITOR_CAPABILITIES, ServerUnderTest, applyWorkspaceEdit } from '../support/lsp';

interface Expected {
  readonly file: string;
  readonly format: string;
  readonly constraintLine: number;
  readonly violations: readonly { readonly callId: string; readonly lines: readonly [number, number] }[];
}

const expected: Expected[] = SHARED_DIR ? JSON.parse(readFileSync(sharedPath('transcripts', 'dev', 'expected.json'), 'utf8')) : [];

/** Violations of a text as the engine reads it (independently of the server). */
function violationsOf(name: string, text: string): { format: string; rules: string[] } {
  const parsed = parseTranscript({ name, text });
  if (parsed.kind !== 'transcript') return { format: parsed.kind, rules: [] };
  return { format: parsed.format, rules: parsed.sessions.flatMap((s) => analyzeSession(s).findings.filter((f) => f.callId !== undefined).map((f) => f.ruleId)) };
}

let server: ServerUnderTest;

before(async () => {
  server = new ServerUnderTest();
  await server.initialize({ capabilities: EDITOR_CAPABILITIES });
});

after(async () => {
  assert.equal(await server.stop(), 0);
});

describe('the dev transcripts in the editor', NEEDS_SHARED, () => {
  for (const entry of expected) {
    test(`${entry.file}: diagnostics, hover, navigation, highlighting and repair`, async () => {
      const path = sharedPath('transcripts', 'dev', entry.file);
      const text = readFileSync(path, 'utf8');
      const uri = pathToFileURL(path).href;
      const { diagnostics } = await server.open(uri, text);
      const violations = diagnostics.filter((d) => d.severity === 1);
      assert.equal(violations.length, entry.violations.length, diagnostics.map((d) => `${d.code} ${d.range.start.line + 1}`).join('\n'));
      const constraintLine = entry.constraintLine - 1;

      // Each violation sits inside the call's lines and links first to the constraint's sentence.
      for (const [i, want] of entry.violations.entries()) {
        const d = violations[i] as Diagnostic;
        assert.ok(d.range.start.line + 1 >= want.lines[0] && d.range.start.line + 1 <= want.lines[1], `${d.code} at line ${d.range.start.line + 1}`);
        assert.equal(d.relatedInformation?.[0]?.location.range.start.line, constraintLine);
        const hover = await server.connection.sendRequest<Hover>('textDocument/hover', { textDocument: { uri }, position: d.range.start });
        assert.match((hover.contents as MarkupContent).value, new RegExp(`call \`${want.callId}\`[\\s\\S]*\\*\\*Verdict:\\*\\* breaks 1 constraint`));
        const definition = await server.connection.sendRequest<Location[]>('textDocument/definition', { textDocument: { uri }, position: d.range.start });
        assert.deepEqual(
          definition.map((l) => l.range.start.line),
          [constraintLine],
        );
        const references = await server.connection.sendRequest<Location[]>('textDocument/references', {
          textDocument: { uri },
          position: d.relatedInformation?.[0]?.location.range.start,
          context: { includeDeclaration: false },
        });
        assert.ok(references.some((r) => r.range.start.line === d.range.start.line));

        // The repair (a prerequisite step, or the question for a confirmation) keeps the file in its format.
        const actions = await server.connection.sendRequest<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
        const repair = actions.find((a) => a.title.startsWith('Insert the'));
        if (!repair) {
          assert.equal(d.code, 'prohibition-violated', 'only prohibitions have no repair');
          continue;
        }
        const fixed = applyWorkspaceEdit(text, (await server.connection.sendRequest<CodeAction>('codeAction/resolve', repair)).edit, uri);
        const after = violationsOf(entry.file, fixed);
        assert.equal(after.format, entry.format);
        if (d.code === 'confirmation-missing') {
          assert.deepEqual(after.rules, ['confirmation-missing'], 'a confirmation still waits for the answer');
          continue;
        }
        assert.deepEqual(after.rules, ['prerequisite-failed'], 'a prerequisite repair reads "repaired in this copy" while its step has not run');
        // Once the step's real output replaces what ghost-lint wrote, the call waited for a step that ran.
        assert.ok(fixed.includes(REPAIR_RESULT_TEXT));
        assert.deepEqual(violationsOf(entry.file, fixed.replace(REPAIR_RESULT_TEXT, 'copied')).rules, []);
      }

      // The constraint's sentence is painted, and the outline has one entry per turn.
      const tokens = await server.connection.sendRequest<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri } });
      let line = 0;
      const lines: number[] = [];
      for (let i = 0; i < tokens.data.length; i += 5) {
        line += tokens.data[i] ?? 0;
        if (tokens.data[i + 3] === 0) lines.push(line);
      }
      assert.ok(lines.includes(constraintLine), `constraint tokens on lines ${lines.join(', ')}`);
      const symbols = await server.connection.sendRequest<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
      const parsed = parseTranscript({ name: entry.file, text });
      assert.equal(symbols.length, parsed.kind === 'transcript' ? parsed.sessions[0]?.turns.length : -1);
      await server.close(uri);
    });
  }
});
