import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { extractConstraints } from '../../server/src/engine/extraction';
import { readable } from '../../server/src/engine/extraction/normalize';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session } from '../../server/src/engine/session';
import { FUZZ_SEED, fuzzParameters } from '../support/fuzz';

/**
 * The glosses of Chinese, Japanese and Korean on text made of their rule words, unknown characters,
 * English, code and punctuation in any order: nothing throws, every offset of the text read maps back
 * into the text as written and never moves backwards, and every rule extracted points at the very
 * characters of the message it was stated in.
 */

const RUNS = 200;

const pieces = fc.constantFrom(
  '不要', '禁止', '提交', '推送', '之前', '时', '在', '中', '把', '由', '生成', '除非', '用户', '明确', '要求', '删除', '文件', '测试', '运行', '（', '）', '，', '。', '：', '；', '——',
  '커밋', '하기 전에', '반드시', '테스트를', '실행하세요', '하지 마세요', '없이', '사용자의', '허락', '금지', '이', '가', '을', '에', '전', '후',
  'コミット', '前に', '必ず', 'テストを', '実行してください', 'しないでください', 'ユーザーの', '許可', 'なく', 'は', 'を', 'に', '禁止です', 'ことを', '確認',
  'main', 'push', ' ', '\n', '- ', '**', '`git push --force`', '`dist/`', '❌ ', '(', ')', '.', ', ', ':', '`', '|',
);
const unknown = fc.integer({ min: 0x4e00, max: 0x9fff }).map((code) => String.fromCodePoint(code));
const text = fc.array(fc.oneof({ weight: 5, arbitrary: pieces }, { weight: 1, arbitrary: unknown }), { minLength: 1, maxLength: 40 }).map((parts) => parts.join(''));

function chat(content: string): Session | undefined {
  const parsed = parseTranscript({ name: 'chat.json', text: JSON.stringify([{ role: 'user', content }]) });
  return parsed.kind === 'transcript' ? parsed.sessions[0] : undefined;
}

test(`glosses: any mix of their words maps back into the text, in order (seed ${FUZZ_SEED})`, () => {
  fc.assert(
    fc.property(text, (written) => {
      const { text: read, original } = readable(written);
      let previous = 0;
      for (let offset = 0; offset <= read.length; offset++) {
        const at = original(offset);
        assert.ok(at >= 0 && at <= written.length, `offset ${offset} of ${JSON.stringify(read)} maps outside ${JSON.stringify(written)}`);
        assert.ok(at >= previous, `offset ${offset} of ${JSON.stringify(read)} maps before the one before it`);
        previous = at;
      }
      assert.equal(original(read.length), written.length);
    }),
    fuzzParameters(RUNS),
  );
});

test(`glosses: rules extracted from any mix point at their message's own characters (seed ${FUZZ_SEED})`, () => {
  fc.assert(
    fc.property(text, (written) => {
      const session = chat(written);
      if (!session) return;
      const extraction = extractConstraints(session, () => true);
      for (const stated of [...extraction.constraints, ...(extraction.unresolved ?? [])]) {
        assert.ok(stated.span.start >= 0 && stated.span.start <= stated.span.end && stated.span.end <= session.text.length, `${JSON.stringify(stated.text)}: its span lies outside the transcript`);
        assert.ok(written.includes(stated.text), `${JSON.stringify(stated.text)} is not text of ${JSON.stringify(written)}`);
      }
    }),
    fuzzParameters(RUNS),
  );
});
