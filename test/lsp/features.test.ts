import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import {
  type CodeAction,
  type CompletionItem,
  type CompletionList,
  type Diagnostic,
  DiagnosticSeverity,
  type DocumentSymbol,
  type Hover,
  type InlayHint,
  type Location,
  type MarkupContent,
  type Range,
  type SemanticTokens,
} from 'vscode-languageserver-protocol/node';
import { analyzeSession } from '../../server/src/engine/pipeline';
import type { Span } from '../../server/src/engine/text';
import { parseTranscript } from '../../server/src/engine/parse';
import { REPAIR_RESULT_TEXT } from '../../server/src/engine/audit';
import { TOKEN_MODIFIERS, TOKEN_TYPES } from '../../server/src/lsp/features/semanticTokens';
import { AuditWorkspaceRequest, LargeFileClosedNotification, LargeFileOpenedNotification, LedgerRequest } from '../../shared/protocol';
import { marked } from '../support/fixture';
import { EDITOR_CAPABILITIES, ServerUnderTest, applyWorkspaceEdit, positionAt } from '../support/lsp';

/** The range of a marked span in a fixture's text. */
function rangeOf(text: string, span: { start: number; end: number }): Range {
  return { start: positionAt(text, span.start), end: positionAt(text, span.end) };
}

// An OpenAI chat session (pretty-printed, one message per line): the rule ⟦0⟧, a backup of
// another file ⟦1⟧, then a deletion ⟦2⟧ that the rule governs: prerequisite-other-target.
const BACKUP = marked(`{
  "messages": [
    {"role": "user", "content": "⟦Before you delete anything in temp/, back it up first.⟧ Then tidy up."},
    {"role": "assistant", "tool_calls": [⟦{"id": "c1", "type": "function", "function": {"name": "backup_file", "arguments": "{\\"path\\": \\"temp/b.csv\\"}"}}⟧]},
    {"role": "tool", "tool_call_id": "c1", "content": "saved temp/b.csv.bak"},
    {"role": "user", "content": "Now ⟦remove⟧ temp/a.csv please."},
    {"role": "assistant", "tool_calls": [⟦{"id": "c2", "type": "function", "function": {"name": "delete_file", "arguments": "{\\"path\\": \\"temp/a.csv\\"}"}}⟧]},
    {"role": "tool", "tool_call_id": "c2", "content": "deleted"}
  ]
}`);
const [RULE, BACKUP_CALL, USER_ASK, DELETE_CALL] = BACKUP.spans as [Span, Span, Span, Span];

// A confirmation ⟦0⟧, a yes ⟦1⟧ to the proposal before it (an approval), the payment, then a revocation ⟦2⟧.
const PAYMENT = marked(`[
  {"role": "user", "content": "⟦Ask me before paying anything over $500.⟧"},
  {"role": "assistant", "content": "I will pay the Acme invoice of $1,200 now, ok?"},
  {"role": "user", "content": "⟦Yes, go ahead.⟧"},
  {"role": "assistant", "tool_calls": [{"id": "p1", "type": "function", "function": {"name": "pay_invoice", "arguments": "{\\"payee\\": \\"Acme\\", \\"amount\\": 1200}"}}]},
  {"role": "tool", "tool_call_id": "p1", "content": "paid"},
  {"role": "user", "content": "⟦Never mind that rule.⟧"}
]`);

const RULE_LINE = 'Before you delete anything in temp/, back it up first.';

/** Prerequisite violations in the same story, in three more formats, for the repair round trip. */
const REPAIR_FIXTURES: { name: string; format: string; text: string }[] = [
  {
    name: 'anthropic.json',
    format: 'anthropic',
    text: `${JSON.stringify(
      {
        model: 'claude-sonnet-4-5',
        messages: [
          { role: 'user', content: RULE_LINE },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'delete_file', input: { path: 'temp/a.csv' } }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'deleted' }] },
        ],
        tools: [
          { name: 'delete_file', input_schema: { type: 'object', properties: { path: { type: 'string' } } } },
          { name: 'backup_file', input_schema: { type: 'object', properties: { path: { type: 'string' } } } },
        ],
      },
      null,
      2,
    )}\n`,
  },
  {
    name: 'claude-code.jsonl',
    format: 'claude-code',
    text: [
      { parentUuid: null, type: 'user', uuid: 'u1', message: { role: 'user', content: RULE_LINE } },
      { parentUuid: 'u1', type: 'assistant', uuid: 'a1', message: { id: 'm1', type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'rm temp/a.csv', description: 'Delete' } }] } },
      { parentUuid: 'a1', type: 'user', uuid: 'u2', message: { role: 'user', content: [{ tool_use_id: 'toolu_1', type: 'tool_result', content: '', is_error: false }] } },
    ]
      .map((line) => JSON.stringify({ isSidechain: false, userType: 'external', cwd: '/home/dev/p', sessionId: 's1', version: '2.0.14', ...line }))
      .join('\n')
      .concat('\n'),
  },
  {
    name: 'codex.jsonl',
    format: 'codex',
    text: [
      { timestamp: '2026-01-01T00:00:00Z', type: 'session_meta', payload: { id: 'x', cwd: '/home/dev/p', originator: 'codex_cli_rs' } },
      { timestamp: '2026-01-01T00:00:01Z', type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: RULE_LINE }] } },
      { timestamp: '2026-01-01T00:00:02Z', type: 'response_item', payload: { type: 'function_call', name: 'shell', arguments: JSON.stringify({ command: ['bash', '-lc', 'rm temp/a.csv'] }), call_id: 'call_1' } },
      { timestamp: '2026-01-01T00:00:03Z', type: 'response_item', payload: { type: 'function_call_output', call_id: 'call_1', output: JSON.stringify({ output: '', metadata: { exit_code: 0 } }) } },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n')
      .concat('\n'),
  },
];

/** What the engine makes of a text: its format and its call findings (read independently of the server). */
function reanalyse(name: string, text: string): { format: string; violations: string[] } {
  const parsed = parseTranscript({ name, text });
  assert.equal(parsed.kind, 'transcript');
  if (parsed.kind !== 'transcript') throw new Error('unreachable');
  return { format: parsed.format, violations: parsed.sessions.flatMap((s) => analyzeSession(s).findings.filter((f) => f.callId !== undefined).map((f) => f.ruleId)) };
}

function decodeTokens(tokens: SemanticTokens): { line: number; character: number; length: number; type: string; modifiers: string[] }[] {
  const out = [];
  let line = 0;
  let character = 0;
  for (let i = 0; i < tokens.data.length; i += 5) {
    const [dl = 0, dc = 0, length = 0, type = 0, bits = 0] = tokens.data.slice(i, i + 5);
    line += dl;
    character = dl === 0 ? character + dc : dc;
    out.push({ line, character, length, type: TOKEN_TYPES[type] ?? '?', modifiers: TOKEN_MODIFIERS.filter((_, b) => bits & (1 << b)) });
  }
  return out;
}

const workspace = mkdtempSync(join(tmpdir(), 'ghost-lint-lsp-'));
let server: ServerUnderTest;

before(async () => {
  server = new ServerUnderTest();
  await server.initialize({ capabilities: EDITOR_CAPABILITIES, folders: [workspace] });
});

after(async () => {
  assert.equal(await server.stop(), 0);
  rmSync(workspace, { recursive: true, force: true });
});

describe('a transcript open in the editor', () => {
  const uri = 'untitled:backup.json';
  let diagnostics: Diagnostic[];
  before(async () => {
    diagnostics = (await server.open(uri, BACKUP.text)).diagnostics;
  });

  test('the violating call is an error whose related information is the rule and the backup of another file', () => {
    const violation = diagnostics.find((d) => d.code === 'prerequisite-other-target');
    assert.ok(violation);
    assert.equal(violation.severity, DiagnosticSeverity.Error);
    assert.deepEqual(violation.range, rangeOf(BACKUP.text, DELETE_CALL));
    assert.deepEqual(
      violation.relatedInformation?.map((r) => r.location),
      [
        { uri, range: rangeOf(BACKUP.text, RULE) },
        { uri, range: rangeOf(BACKUP.text, BACKUP_CALL) },
      ],
    );
    assert.equal(violation.codeDescription?.href.endsWith('/docs/rules/prerequisite-other-target.md'), true);
  });

  test('constraint-detected is a hint on the sentence', () => {
    const note = diagnostics.find((d) => d.code === 'constraint-detected');
    assert.equal(note?.severity, DiagnosticSeverity.Hint);
    assert.deepEqual(note?.range, rangeOf(BACKUP.text, RULE));
  });

  test('hover on the call: its bound action, the constraint checked, the verdict and why', async () => {
    const hover = await server.connection.sendRequest<Hover>('textDocument/hover', { textDocument: { uri }, position: positionAt(BACKUP.text, DELETE_CALL.start + 5) });
    const text = (hover.contents as MarkupContent).value;
    assert.match(text, /`delete` → `temp\/a\.csv` \(path\)/);
    assert.match(text, /✗ \*\*prerequisite-other-target\*\* · "Before you delete anything in temp\/, back it up first\." \(prerequisite; turn 0, 4 turns earlier\)/);
    assert.match(text, /The backup of temp\/b\.csv \(call c1\) covered another target/);
    assert.match(text, /\*\*Verdict:\*\* breaks 1 constraint/);
  });

  test('hover on the constraint: compiled rule, when active, and turns and tokens to each governed call', async () => {
    const hover = await server.connection.sendRequest<Hover>('textDocument/hover', { textDocument: { uri }, position: positionAt(BACKUP.text, RULE.start + 3) });
    const text = (hover.contents as MarkupContent).value;
    assert.match(text, /\| prerequisite \| delete \| paths temp \| backup \|/);
    assert.match(text, /\*\*Active\*\* from turn 0 to the end of the session/);
    assert.match(text, /\*\*Governs 1 call\*\*/);
    const distance = /turn 4, `delete_file` `c2`: 4 turns and (\d+) tokens later · prerequisite-other-target/.exec(text);
    assert.ok(distance, text);
    assert.ok(Number(distance[1]) > 10);
    assert.deepEqual(hover.range, rangeOf(BACKUP.text, RULE));
  });

  test('definition goes from the call to its constraint; references from the constraint to the calls it governs', async () => {
    const definition = await server.connection.sendRequest<Location[]>('textDocument/definition', { textDocument: { uri }, position: positionAt(BACKUP.text, DELETE_CALL.start + 1) });
    assert.deepEqual(definition, [{ uri, range: rangeOf(BACKUP.text, RULE) }]);
    const position = positionAt(BACKUP.text, RULE.start + 1);
    const refs = await server.connection.sendRequest<Location[]>('textDocument/references', { textDocument: { uri }, position, context: { includeDeclaration: false } });
    assert.deepEqual(refs, [{ uri, range: rangeOf(BACKUP.text, DELETE_CALL) }]);
    const withDeclaration = await server.connection.sendRequest<Location[]>('textDocument/references', { textDocument: { uri }, position, context: { includeDeclaration: true } });
    assert.equal(withDeclaration.length, 2);
  });

  test('document symbols outline the turns, with the constraint and the calls inside them', async () => {
    const symbols = await server.connection.sendRequest<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['0 user', '1 assistant', '2 tool tool-result', '3 user', '4 assistant', '5 tool tool-result'],
    );
    assert.deepEqual(symbols[0]?.children?.map((c) => c.name), ['prerequisite: Before you delete anything in temp/, back it up first.']);
    const call = symbols[4]?.children?.[0];
    assert.equal(call?.name, 'delete_file');
    assert.equal(call?.detail, 'c2 · prerequisite-other-target');
  });

  test('an inlay hint before the governed call says where its constraint came from, and links to it', async () => {
    const hints = await server.connection.sendRequest<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri }, range: rangeOf(BACKUP.text, { start: 0, end: BACKUP.text.length }) });
    assert.equal(hints.length, 1);
    const [hint] = hints;
    assert.deepEqual(hint?.position, positionAt(BACKUP.text, DELETE_CALL.start));
    const [label] = hint?.label as { value: string; location: Location }[];
    assert.equal(label?.value, 'constraint from turn 0, 4 turns earlier, governs this call');
    assert.deepEqual(label?.location, { uri, range: rangeOf(BACKUP.text, RULE) });
  });

  test('the ledger request lists the constraint, its lifetime and its verdict on each governed call', async () => {
    const ledger = await server.connection.sendRequest(LedgerRequest.method, { uri });
    const [constraint] = (ledger as { sessions: { constraints: unknown[] }[] }).sessions[0]?.constraints as { kind: string; activeFrom: number; governs: { callId: string; verdict: string }[]; source: Location }[];
    assert.equal(constraint?.kind, 'prerequisite');
    assert.equal(constraint?.activeFrom, 0);
    assert.deepEqual(constraint?.source, { uri, range: rangeOf(BACKUP.text, RULE) });
    assert.deepEqual(
      constraint?.governs.map((g) => [g.callId, g.verdict]),
      [['c2', 'prerequisite-other-target']],
    );
  });

  test('a hover cancelled before the server dispatched it is answered "cancelled"', async () => {
    const hover = { jsonrpc: '2.0', id: 'hover-1', method: 'textDocument/hover', params: { textDocument: { uri }, position: positionAt(BACKUP.text, RULE.start) } };
    const cancel = { jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 'hover-1' } };
    const response = await server.sendTogether([hover, cancel], 'hover-1');
    assert.deepEqual(response.error, { code: -32800, message: 'cancelled before it was handled' });
  });
});

describe('quick fixes', () => {
  async function actionsAt(uri: string, text: string, offset: number, diagnostics: Diagnostic[]): Promise<CodeAction[]> {
    const range = rangeOf(text, { start: offset, end: offset });
    const inRange = diagnostics.filter((d) => d.range.start.line <= range.start.line && range.start.line <= d.range.end.line);
    return server.connection.sendRequest<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics: inRange } });
  }

  test('inserting the repair keeps the OpenAI chat file in its layout; the finding reads "repaired in this copy" until the real output is recorded', async () => {
    const uri = 'untitled:repair-chat.json';
    const { diagnostics } = await server.open(uri, BACKUP.text);
    const actions = await actionsAt(uri, BACKUP.text, DELETE_CALL.start + 1, diagnostics);
    const repair = actions.find((a) => a.title.startsWith('Insert the repair'));
    assert.ok(repair, actions.map((a) => a.title).join('\n'));
    assert.equal(repair.edit, undefined, 'the edit is computed on resolve');
    const resolved = await server.connection.sendRequest<CodeAction>('codeAction/resolve', repair);
    const fixed = applyWorkspaceEdit(BACKUP.text, resolved.edit, uri);
    // Two new messages, written like their neighbours: one per line, four spaces in, ": " and ", ".
    const added = fixed.split('\n').filter((line) => !BACKUP.text.split('\n').includes(line));
    assert.deepEqual(added, [
      '    {"role": "assistant", "content": null, "tool_calls": [{"id": "ghost-lint-repair", "type": "function", "function": {"name": "backup_file", "arguments": "{\\"path\\":\\"temp/a.csv\\"}"}}]},',
      `    {"role": "tool", "tool_call_id": "ghost-lint-repair", "content": ${JSON.stringify(REPAIR_RESULT_TEXT)}},`,
    ]);
    // The inserted step has not run: the finding says the copy is repaired, never that the session is clean.
    assert.deepEqual(reanalyse('fixed.json', fixed), { format: 'openai-chat', violations: ['prerequisite-failed'] });
    const republished = await server.change(uri, 2, fixed);
    assert.deepEqual(
      republished.diagnostics.map((d) => d.code),
      ['constraint-detected', 'prerequisite-failed'],
    );
    assert.match(String(republished.diagnostics[1]?.message), /^repaired in this copy: delete of temp\/a\.csv: the backup required at turn 0 has not run$/m);
    // Once the step's real output replaces the placeholder, the deletion waited for a backup that ran.
    const ran = fixed.replace(JSON.stringify(REPAIR_RESULT_TEXT), '"saved temp/a.csv.bak"');
    assert.deepEqual(reanalyse('ran.json', ran), { format: 'openai-chat', violations: [] });
  });

  for (const fixture of REPAIR_FIXTURES) {
    test(`inserting the repair keeps a ${fixture.format} file valid in its format, and the finding reads "repaired in this copy"`, async () => {
      const uri = `untitled:${fixture.name}`;
      const { diagnostics } = await server.open(uri, fixture.text);
      const violation = diagnostics.find((d) => d.code === 'prerequisite-missing');
      assert.ok(violation, JSON.stringify(diagnostics));
      const offset = positionToOffset(fixture.text, violation.range.start);
      const repair = (await actionsAt(uri, fixture.text, offset, [violation])).find((a) => a.title.startsWith('Insert the repair'));
      assert.ok(repair);
      const resolved = await server.connection.sendRequest<CodeAction>('codeAction/resolve', repair);
      const fixed = applyWorkspaceEdit(fixture.text, resolved.edit, uri);
      assert.deepEqual(reanalyse(fixture.name, fixed), { format: fixture.format, violations: ['prerequisite-failed'] });
      if (fixture.name.endsWith('.jsonl')) {
        for (const line of fixed.trimEnd().split('\n')) JSON.parse(line);
        assert.equal(fixed.trimEnd().split('\n').length, fixture.text.trimEnd().split('\n').length + 2);
      } else {
        JSON.parse(fixed);
      }
      if (fixture.format === 'claude-code') {
        // The parentUuid chain runs through the inserted lines.
        const lines = fixed.trimEnd().split('\n').map((l) => JSON.parse(l) as { uuid: string; parentUuid: string | null });
        for (let i = 1; i < lines.length; i++) assert.equal(lines[i]?.parentUuid, lines[i - 1]?.uuid);
      }
      await server.close(uri);
    });
  }

  test('marking the constraint revoked inserts a user message the extraction reads as its revocation', async () => {
    const uri = 'untitled:revoke.json';
    const { diagnostics } = await server.open(uri, BACKUP.text);
    const actions = await actionsAt(uri, BACKUP.text, DELETE_CALL.start + 1, diagnostics);
    const revoke = actions.find((a) => a.title.startsWith('Mark the constraint revoked from turn 4'));
    assert.ok(revoke, actions.map((a) => a.title).join('\n'));
    assert.match(revoke.title, /"You no longer need to back up files in temp\/ before deleting them\."/);
    const fixed = applyWorkspaceEdit(BACKUP.text, (await server.connection.sendRequest<CodeAction>('codeAction/resolve', revoke)).edit, uri);
    assert.deepEqual(reanalyse('revoked.json', fixed), { format: 'openai-chat', violations: [] });
    const republished = await server.change(uri, 2, fixed);
    assert.match(String(republished.diagnostics[0]?.message), /revoked by "You no longer need to back up files in temp\/ before deleting them\."/);
  });

  test('on a user message, a constraint that still governs later calls can be revoked from that turn', async () => {
    const uri = 'untitled:revoke-here.json';
    await server.open(uri, BACKUP.text);
    const actions = await actionsAt(uri, BACKUP.text, USER_ASK.start, []);
    assert.deepEqual(
      actions.map((a) => a.title),
      ['Mark "Before you delete anything in temp/, back it up first." revoked from turn 3: insert the user message "You no longer need to back up files in temp/ before deleting them."'],
    );
  });

  test('suppressing a finding creates .ghost-lint.yaml in the workspace folder; once saved, the finding is gone', async () => {
    const path = join(workspace, 'suppress', 'session.json');
    const uri = pathToFileURL(path).href;
    const { diagnostics } = await server.open(uri, BACKUP.text);
    const suppress = (await actionsAt(uri, BACKUP.text, DELETE_CALL.start + 1, diagnostics)).find((a) => a.title.startsWith('Suppress'));
    assert.equal(suppress?.title, 'Suppress prerequisite-other-target on call c2 in .ghost-lint.yaml (with a reason)');
    const resolved = await server.connection.sendRequest<CodeAction>('codeAction/resolve', suppress);
    const policyUri = pathToFileURL(join(workspace, '.ghost-lint.yaml')).href;
    assert.deepEqual(resolved.edit?.documentChanges?.[0], { kind: 'create', uri: policyUri, options: { ignoreIfExists: true } });
    const policy = applyWorkspaceEdit('', resolved.edit, policyUri);
    assert.equal(policy, 'suppressions:\n  - rule: prerequisite-other-target\n    call: c2\n    reason: "Accepted in the editor; replace this with why the result is acceptable."\n');
    writeFileSync(join(workspace, '.ghost-lint.yaml'), policy);
    const republished = server.diagnostics(uri, (p) => !p.diagnostics.some((d) => d.code === 'prerequisite-other-target'));
    await server.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: policyUri, type: 1 }] });
    assert.deepEqual(
      (await republished).diagnostics.map((d) => d.code),
      ['constraint-detected'],
    );
    rmSync(join(workspace, '.ghost-lint.yaml'));
    await server.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: policyUri, type: 3 }] });
  });
});

function positionToOffset(text: string, position: { line: number; character: number }): number {
  const lines = text.split('\n');
  return lines.slice(0, position.line).reduce((n, l) => n + l.length + 1, 0) + position.character;
}

describe('semantic tokens', () => {
  test('constraint sentences, approvals and revocations are painted, with their kind and state', async () => {
    const uri = 'untitled:payment.json';
    await server.open(uri, PAYMENT.text);
    const tokens = decodeTokens(await server.connection.sendRequest<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri } }));
    const [rule, yes, revocation] = PAYMENT.spans.map((s) => rangeOf(PAYMENT.text, s));
    assert.deepEqual(tokens, [
      { line: rule?.start.line, character: rule?.start.character, length: 40, type: 'constraint', modifiers: ['confirmation', 'ended'] },
      { line: yes?.start.line, character: yes?.start.character, length: 14, type: 'approval', modifiers: ['confirmation'] },
      { line: revocation?.start.line, character: revocation?.start.character, length: 21, type: 'revocation', modifiers: [] },
    ]);
  });
});

describe('policy files in the editor', () => {
  test('a policy file gets its schema problems at their exact range', async () => {
    const text = marked('rules:\n  - id: x\n    kind: prohibition\n    trigger: [⟦explode⟧]\n');
    const uri = pathToFileURL(join(workspace, 'elsewhere', '.ghost-lint.yaml')).href;
    const { diagnostics } = await server.open(uri, text.text, 'yaml');
    assert.equal(diagnostics.length, 1);
    assert.deepEqual(diagnostics[0]?.range, rangeOf(text.text, text.spans[0] ?? { start: 0, end: 0 }));
    assert.equal(diagnostics[0]?.code, 'policy-schema');
    await server.close(uri);
  });

  test('a JSON policy file opened as JSON: its syntax errors are left to the editor\'s JSON support, its schema problems reported once', async () => {
    const text = marked('{ "rules": [ { "id": "x", "kind": ⟦"forbid"⟧, "trigger": ["delete"] } ]\n');
    const uri = pathToFileURL(join(workspace, 'json-policy', '.ghost-lint.json')).href;
    const { diagnostics } = await server.open(uri, text.text, 'json');
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.range]),
      [['policy-schema', rangeOf(text.text, text.spans[0] ?? { start: 0, end: 0 })]],
      JSON.stringify(diagnostics.map((d) => d.message)),
    );
    await server.close(uri);
    // Opened as plain text, nothing else reports the missing brace: ghost-lint does.
    const plain = await server.open(uri, text.text, 'plaintext');
    assert.ok(plain.diagnostics.length > diagnostics.length, JSON.stringify(plain.diagnostics.map((d) => d.message)));
    await server.close(uri);
  });

  test('completions in a policy file: the fields not written yet where a key is typed, the allowed values where an enum is', async () => {
    const uri = pathToFileURL(join(workspace, 'completing', '.ghost-lint.yaml')).href;
    const text = 'rules:\n  - id: x\n    kind: \n    tr\nsuppressions:\n  - rule: \n';
    await server.open(uri, text, 'yaml');
    const complete = async (line: number, character: number) => {
      const result = await server.connection.sendRequest<CompletionItem[] | CompletionList | null>('textDocument/completion', { textDocument: { uri }, position: { line, character } });
      return (Array.isArray(result) ? result : (result?.items ?? [])).map((item) => item.label);
    };
    assert.deepEqual(await complete(2, 10), ['prohibition', 'prerequisite', 'confirmation']);
    const fields = await complete(3, 6);
    assert.ok(fields.includes('trigger') && fields.includes('scope'), JSON.stringify(fields));
    assert.ok(!fields.includes('id') && !fields.includes('kind'), 'the fields already written are not offered again');
    assert.ok((await complete(5, 10)).includes('prerequisite-missing'));
    await server.close(uri);
  });

  test("an open policy file's unsaved rules govern the transcripts beside it", async () => {
    const folder = join(workspace, 'governed');
    const uri = pathToFileURL(join(folder, 'session.json')).href;
    const transcript = PAYMENT.text.replace('Ask me before paying anything over $500.', 'Pay what is due.');
    assert.deepEqual((await server.open(uri, transcript)).diagnostics, []);
    const policyUri = pathToFileURL(join(folder, '.ghost-lint.yaml')).href;
    const policy = 'rules:\n  - id: no-acme\n    kind: prohibition\n    trigger: [pay]\n    scope: { accounts: [Acme] }\n';
    const governed = server.diagnostics(uri, (p) => p.diagnostics.length > 0);
    await server.open(policyUri, policy, 'yaml');
    const [violation] = (await governed).diagnostics;
    assert.equal(violation?.code, 'prohibition-violated');
    assert.equal(violation?.relatedInformation?.[0]?.location.uri, policyUri);
    await server.close(policyUri);
    await server.close(uri);
  });
});

describe('files read from disk', () => {
  test('a file too large for the editor to sync is read from disk, with a notice', async () => {
    const path = join(workspace, 'large.json');
    writeFileSync(path, BACKUP.text);
    const uri = pathToFileURL(path).href;
    const published = server.diagnostics(uri);
    await server.connection.sendNotification(LargeFileOpenedNotification.method, { uri });
    const { diagnostics, version } = await published;
    assert.equal(version, undefined);
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      ['constraint-detected', 'prerequisite-other-target'],
    );
    assert.match(server.messages.at(-1)?.message ?? '', /ghost-lint read large\.json \(0 MB\) from disk/);
    const cleared = server.diagnostics(uri);
    await server.connection.sendNotification(LargeFileClosedNotification.method, { uri });
    assert.deepEqual((await cleared).diagnostics, []);
  });

  test('the workspace audit reads every transcript under a folder, with progress', async () => {
    const folder = join(workspace, 'audit');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'a.json'), BACKUP.text);
    writeFileSync(join(folder, 'b.json'), PAYMENT.text);
    writeFileSync(join(folder, 'package.json'), '{"name": "not a transcript"}');
    const result = await server.connection.sendRequest(AuditWorkspaceRequest.method, { folders: [pathToFileURL(folder).href], workDoneToken: 'audit-1' });
    const { files, cancelled } = result as { files: { uri: string; format: string; findings: { ruleId: string }[] }[]; cancelled: boolean };
    assert.equal(cancelled, false);
    assert.deepEqual(
      files.map((f) => [f.uri.split('/').pop(), f.format, f.findings.map((x) => x.ruleId)]),
      [
        ['a.json', 'openai-chat', ['constraint-detected', 'prerequisite-other-target']],
        ['b.json', 'openai-chat', ['constraint-detected']],
      ],
    );
    const kinds = server.progress.filter((p) => p.token === 'audit-1').map((p) => (p.value as { kind: string }).kind);
    assert.deepEqual(kinds, ['begin', 'report', 'report', 'report', 'end']);
    assert.equal(readFileSync(join(folder, 'a.json'), 'utf8'), BACKUP.text);
  });
});
