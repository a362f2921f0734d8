import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractConstraints } from '../../server/src/engine/extraction';
import { readable } from '../../server/src/engine/extraction/normalize';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session } from '../../server/src/engine/session';

function chat(content: string): Session {
  const parsed = parseTranscript({ name: 'chat.json', text: JSON.stringify([{ role: 'user', content }]) });
  if (parsed.kind !== 'transcript') throw new Error(parsed.reason);
  return parsed.sessions[0] as Session;
}

test('Chinese is read through its English gloss, each word mapped back to the characters it stands for', () => {
  const written = '不要推送到 main 分支';
  const { text, original } = readable(written);
  assert.equal(text, 'do not push to main branch');
  assert.equal(original(text.indexOf('push')), written.indexOf('推送'));
  assert.equal(original(text.indexOf('main')), written.indexOf('main'));
  assert.equal(original(text.indexOf('branch')), written.indexOf('分支'));
  assert.equal(original(text.length), written.length);
});

test('a postposition goes before its clause, 把 puts the verb before its object, a place opened by 在 is a phrase', () => {
  assert.equal(readable('提交代码前运行测试').text, 'before commit code, run tests');
  assert.equal(readable('当测试失败时，禁止提交').text, 'when tests fail, never commit');
  assert.equal(readable('不要把代码推送到 main').text, 'do not push code to main');
  assert.equal(readable('在生产环境中不要部署').text, 'in production do not deploy');
  // "前" after no action is no postposition: "前端" is a word of its own.
  assert.equal(readable('不要修改前端代码').text, 'do not modify frontend code');
});

test('traditional characters read as simplified ones do', () => {
  assert.equal(readable('禁止刪除測試').text, readable('禁止删除测试').text);
});

test('a statement mostly outside the glossary is left out; the statement beside it is still read', () => {
  const written = '禁止提交与当前任务无关的大规模噪音。不要推送到 main。';
  const { text } = readable(written);
  assert.equal(text, '. do not push to main. ');
});

test('Japanese and Korean put the verb last: its English goes before its object, a particle\'s before its phrase', () => {
  assert.equal(readable('mainブランチに直接pushしないでください。').text, 'do not push to main branch directly. ');
  assert.equal(readable('コミット前に必ずテストを実行してください。').text, 'before commit, always run tests. ');
  assert.equal(readable('main 브랜치에 직접 푸시하지 마세요.').text, 'do not push to main branch directly.');
  assert.equal(readable('사용자의 허락 없이 파일을 삭제하지 마세요.').text, 'without the user permission, do not delete files.');
  // A subject's verb follows it: "if tests fail".
  assert.equal(readable('테스트가 실패하면 커밋하지 마세요.').text, 'if tests fail, do not commit.');
  // A predicate that is no verb is said where it stands.
  assert.equal(readable('`git push --force`は禁止です。').text, '`git push --force` is forbidden. ');
});

test('a word the glossary lacks is read as a word that narrows the rule, never left out to widen it', () => {
  // "이미지 파일": image files, not every file; "이" opening a word is no particle.
  const extraction = extractConstraints(chat('이미지 파일을 삭제하지 마세요.'));
  assert.deepEqual(extraction.constraints, []);
  assert.match(extraction.unresolved?.[0]?.reason ?? '', /untranslated/);
  // A statement mostly of such words is not read at all.
  assert.equal(readable('스키마를 건드리지 마세요.').text.trim(), '.');
});

test('a rule stated in Chinese is enforced with the exact range of its sentence', () => {
  const content = '你好。未经用户确认，不得删除任何文件。谢谢';
  const extraction = extractConstraints(chat(content));
  assert.equal(extraction.constraints.length, 1);
  const [constraint] = extraction.constraints;
  assert.deepEqual(constraint?.rule.trigger, ['delete']);
  assert.equal(constraint?.rule.kind, 'confirmation');
  assert.equal(constraint?.text, '未经用户确认，不得删除任何文件。');
});
