import { CHINESE_NEGATION, chineseGlosses } from './chinese';
import { type TextEdit, inTextOrder } from './edits';
import { JAPANESE_NEGATION, japaneseGlosses } from './japanese';
import { KOREAN_NEGATION, koreanGlosses } from './korean';

/*
 * Rules written in Chinese, Japanese or Korean, glossed into the English extraction reads: each
 * language's glossary and word order in its own module, the edits they make applied by normalize.ts.
 */

export { type TextEdit, UNKNOWN_WORD } from './edits';

/** A script some gloss reads. */
export const GLOSSED_SCRIPT = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** The edits that gloss what `text` says in Chinese, Japanese or Korean (none for text without their scripts). */
export function glosses(text: string): TextEdit[] {
  if (!GLOSSED_SCRIPT.test(text)) return [];
  // Text with kana is Japanese, whose kanji are Han characters too; Han without kana is Chinese.
  return inTextOrder([...chineseGlosses(text), ...japaneseGlosses(text), ...koreanGlosses(text)]);
}

/** Whether a line says no in its own words ("❌ 禁止提交", "❌ 푸시 금지"), so a cross before it adds no "never". */
export function saysNoItself(line: string): boolean {
  return GLOSSED_SCRIPT.test(line) && [CHINESE_NEGATION, JAPANESE_NEGATION, KOREAN_NEGATION].some((negation) => negation.test(line));
}
