import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseTranscript } from '../../server/src/engine/parse';
import { type Policy, parsePolicy } from '../../server/src/engine/ledger';
import { ChatDocumentScanner, type FileReport, StreamedChatCheck, reportFile } from '../../server/src/engine/report';
import { generateTranscript } from '../../scripts/plantedTranscripts';
import { NEEDS_SHARED, REPO_ROOT, sharedPath } from '../support/shared';
import { FUZZ_SEED } from '../support/fuzz';

/*
 * `check` of an OpenAI chat JSON document read in pieces (engine/report/streamedChat.ts) against the
 * whole-file check: the same report, locations included, however the document is laid out, cut into
 * pieces and audited in steps; and a report only when it is one the whole-file read would give.
 */

interface Streamed {
  readonly report: FileReport | undefined;
  readonly unresumable: string | undefined;
  /** Tools the first read met after the messages, which a second read was given. */
  readonly readAgain: boolean;
}

function streamed(text: string, stepChars: number, pieceChars: number, policies: readonly Policy[] = []): Streamed {
  const read = (tools?: readonly unknown[]) => {
    const check = new StreamedChatCheck(() => policies, { stepChars, ...(tools && { tools }) });
    for (let at = 0; at < text.length; at += pieceChars) check.add(text.slice(at, at + pieceChars));
    return { report: check.finish('chat.json'), check };
  };
  const first = read();
  const late = first.check.lateTools;
  if (late === undefined) return { report: first.report, unresumable: first.check.unresumable, readAgain: false };
  const again = read(late);
  return { report: again.report, unresumable: again.check.unresumable, readAgain: true };
}

function whole(text: string, policies: readonly Policy[] = []): FileReport {
  return reportFile('chat.json', parseTranscript({ name: 'chat.json', text }), { policies });
}

const CUTS: readonly [step: number, piece: number][] = [
  [1, 97],
  [2_000, 4_096],
  [40_000, 1_000_000],
];

/** The reads of every cut, in the order of CUTS. */
function assertSameReport(name: string, text: string, policies: readonly Policy[] = []): Streamed[] {
  const want = whole(text, policies);
  return CUTS.map(([step, piece]) => {
    const read = streamed(text, step, piece, policies);
    assert.equal(read.unresumable, undefined, `${name}, steps of ${step}: could not go on`);
    assert.deepEqual(read.report, want, `${name}, steps of ${step}, pieces of ${piece}`);
    return read;
  });
}

/** A generated chat document's parts: its tools, its messages, and the rule it breaks. */
function chatParts(seed: number, bytes = 120_000): { tools: unknown; messages: unknown[]; violations: number } {
  const planted = generateTranscript({ shape: 'openai-chat', bytes, seed });
  const { tools, messages } = JSON.parse(planted.text) as { tools: unknown; messages: unknown[] };
  return { tools, messages, violations: planted.violations.length };
}

function jsonUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

function isChat(text: string): boolean {
  const parsed = parseTranscript({ name: 'chat.json', text });
  return parsed.kind === 'transcript' && parsed.format === 'openai-chat';
}

test('a change steps back from a guarded call makes a run of the tests before it stale, as in the whole document', () => {
  // The deletion settles steps before the commit: the steps keep it for the commit's staleness check.
  const call = (id: string, command: string) => ({ role: 'assistant', tool_calls: [{ id, type: 'function', function: { name: 'bash', arguments: JSON.stringify({ command }) } }] });
  const messages = [
    { role: 'user', content: 'Always run the tests before you commit.' },
    call('test', 'npm test'),
    { role: 'tool', tool_call_id: 'test', content: 'ok' },
    ...Array.from({ length: 30 }, (_, i) => [call(`c${i}`, i === 3 ? 'rm notes.txt' : 'ls'), { role: 'tool', tool_call_id: `c${i}`, content: 'x' }]).flat(),
    call('commit', 'git commit -am wip'),
    { role: 'tool', tool_call_id: 'commit', content: 'done' },
  ];
  const text = JSON.stringify({ messages }, null, 1);
  assert.ok(whole(text).sessions[0]?.findings.some((f) => f.ruleId === 'prerequisite-late'), 'the whole document finds the run stale');
  assertSameReport('a deletion between the tests and the commit', text);
});

describe('an OpenAI chat document checked in pieces reports what the whole file reports', () => {
  test('generated sessions with rules stated early and broken late, their tools before the messages', () => {
    for (const seed of [1, 2, 3]) {
      const planted = generateTranscript({ shape: 'openai-chat', bytes: 200_000, seed });
      assertSameReport(`seed ${seed}`, planted.text);
      const findings = whole(planted.text).sessions[0]?.findings ?? [];
      assert.ok(findings.filter((f) => f.level !== 'note').length >= planted.violations.length, 'the planted violations are found');
    }
  });

  test('laid out every way: one line, indented, CRLF and a byte-order mark, a bare message list, tools after the messages', () => {
    const { tools, messages } = chatParts(4);
    const layouts: Record<string, string> = {
      'one line': JSON.stringify({ model: 'gpt-4.1', tools, messages }),
      indented: JSON.stringify({ tools, messages }, null, 2),
      'CRLF and BOM': `\ufeff${JSON.stringify({ messages, tools }, null, '\t').replace(/\n/g, '\r\n')}\r\n`,
      'a message list': JSON.stringify(messages, null, 1),
      'tools after the messages': JSON.stringify({ messages, tools, temperature: 0 }),
    };
    for (const [name, text] of Object.entries(layouts)) {
      assert.ok(isChat(text), name);
      // In small pieces, the check starts reading before it meets tools that follow the messages.
      const [inSmallPieces] = assertSameReport(name, text);
      assert.equal(inSmallPieces?.readAgain, name === 'tools after the messages' || name === 'CRLF and BOM', `${name}: read a second time`);
    }
  });

  test('with a workspace policy: its rules and suppressions', () => {
    const policy = parsePolicy(
      '/work/proj/.ghost-lint.yaml',
      ['rules:', '  - { id: no-raw-delete, kind: prohibition, trigger: [delete], scope: { paths: ["data/raw/**"] } }', 'suppressions:', '  - { rule: constraint-detected, reason: "notes are not wanted here" }', ''].join('\n'),
    );
    assert.deepEqual(policy.problems, []);
    assertSameReport('with a policy', generateTranscript({ shape: 'openai-chat', bytes: 100_000, seed: 5 }).text, [policy]);
  });

  test('the chat documents among the examples and the test fixtures', () => {
    let checked = 0;
    for (const file of [...jsonUnder(join(REPO_ROOT, 'examples')), ...jsonUnder(join(REPO_ROOT, 'test'))]) {
      const text = readFileSync(file, 'utf8');
      if (!isChat(text)) continue;
      assertSameReport(file, text);
      checked++;
    }
    assert.ok(checked >= 3, `${checked} files checked`);
  });

  test('the shared real and dev sessions', NEEDS_SHARED, () => {
    for (const file of jsonUnder(sharedPath('transcripts'))) {
      const text = readFileSync(file, 'utf8');
      if (isChat(text)) assertSameReport(file, text);
    }
  });
});

describe('a document a whole-file read would not read as an OpenAI chat gets no report, and the reason', () => {
  const { tools, messages } = chatParts(6, 30_000);
  const stopsWith = (text: string, reason: RegExp) => {
    const { report, unresumable } = streamed(text, 1_000, 512);
    assert.equal(report, undefined, String(reason));
    assert.match(unresumable ?? '', reason);
  };

  test('JSON that is broken, cut short or followed by more', () => {
    const text = JSON.stringify({ tools, messages });
    stopsWith(text.replace('}]}', '},]}'), /not valid/);
    stopsWith(text.slice(0, -10), /ends before its JSON does/);
    stopsWith(`${text}\n{"more": 1}`, /something follows/);
    stopsWith(`${text.slice(0, 200)}\u0001${text.slice(200)}`, /not valid/);
  });

  test('another format: Anthropic content blocks, a benchmark case, no messages, a document of another shape', () => {
    stopsWith(JSON.stringify({ messages: [...messages, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'x', content: 'ok' }] }] }), /Anthropic content blocks/);
    stopsWith(JSON.stringify({ domain: 'filesystem', constraint: {}, tools: [], environment: {}, history: messages }), /benchmark case/);
    stopsWith(JSON.stringify({ model: 'gpt-4.1', choices: [] }), /no "messages"/);
    stopsWith(JSON.stringify({ messages: [{ author: 'someone', text: 'hello' }] }), /does not read as an OpenAI chat/);
    stopsWith('"just a string"', /not a JSON array or object/);
    stopsWith(JSON.stringify({ messages, tools: { read_file: {} } }), /"tools" is not a list/);
    stopsWith(`{"messages": [], ${JSON.stringify({ messages }).slice(1)}`, /"messages" is given twice/);
  });
});

test('the scanner lays each message out on a line of its own, where the document has it', () => {
  const text = '\ufeff{"model": "m",\r\n "messages": [ {"role": "user",\n "content": "a\\"]}"} ,\n\t{"role":"assistant","content":"b"}],\n "n": 1}\n';
  const scanner = new ChatDocumentScanner();
  const laidOut = [...text].map((char) => scanner.feed(char)).join('');
  scanner.end();
  assert.equal(scanner.stopped, undefined);
  assert.equal(laidOut.length, text.length);
  const lines = laidOut.split('\n').filter((line) => line.trim() !== '');
  assert.deepEqual(
    lines.map((line) => JSON.parse(line) as unknown),
    [
      { role: 'user', content: 'a"]}' },
      { role: 'assistant', content: 'b' },
    ],
  );
  assert.equal(laidOut.indexOf('{"role": "user",'), text.indexOf('{"role": "user",'));
  assert.equal(laidOut.indexOf('{"role":"assistant"'), text.indexOf('{"role":"assistant"'));
});

test('any message list, laid out any way and cut anywhere, comes out one message to a line, each where the document has it', () => {
  const layout = fc.constantFrom<(value: unknown) => string>(
    (value) => JSON.stringify(value),
    (value) => JSON.stringify(value, null, 2),
    (value) => JSON.stringify(value, null, '\t').replace(/\n/g, '\r\n'),
  );
  fc.assert(
    fc.property(fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 12 }), fc.boolean(), layout, fc.integer({ min: 1, max: 50 }), (messages, bare, write, pieceChars) => {
      const text = write(bare ? messages : { model: 'm', messages, n: 1 });
      const scanner = new ChatDocumentScanner();
      let laidOut = '';
      for (let at = 0; at < text.length; at += pieceChars) laidOut += scanner.feed(text.slice(at, at + pieceChars));
      assert.equal(scanner.stopped, undefined);
      assert.equal(laidOut.length, text.length);
      const lines: { start: number; value: unknown }[] = [];
      for (let start = 0; start < laidOut.length; ) {
        const end = laidOut.indexOf('\n', start);
        const line = laidOut.slice(start, end === -1 ? laidOut.length : end);
        const first = line.search(/\S/);
        if (first !== -1) lines.push({ start: start + first, value: JSON.parse(line) as unknown });
        start = end === -1 ? laidOut.length : end + 1;
      }
      assert.deepEqual(
        lines.map((line) => line.value),
        JSON.parse(JSON.stringify(messages)),
      );
      // Each line holds the message's own text, at its own offset.
      for (const line of lines) assert.deepEqual(JSON.parse(text.slice(line.start, line.start + laidOut.slice(line.start).search(/\n|$/)).trimEnd()), line.value);
    }),
    { seed: FUZZ_SEED, numRuns: 300 },
  );
});
