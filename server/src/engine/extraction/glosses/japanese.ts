import type { TextEdit } from './edits';
import { type Gloss, VerbFinalGlossary } from './verbFinal';

/*
 * Rules written in Japanese ("mainブランチに直接pushしないでください", "コミット前に必ずテストを実行して
 * ください"), glossed into English order (verbFinal.ts). Japanese writes no spaces: words are found by
 * longest match in a glossary of the vocabulary of rules (most of its actions are nouns made verbs by
 * する, as 削除する), with the particles and the endings that say no, ask, or say when.
 */

const w = (english: string): Gloss => ({ english, role: 'word' });
const act = (english: string): Gloss => ({ english, role: 'action' });
const adv = (english: string): Gloss => ({ english, role: 'adverb' });
const ending = (english = ''): Gloss => ({ english, role: 'ending' });
const no = (english = 'do not'): Gloss => ({ english, role: 'negation' });
const when = (english: string): Gloss => ({ english, role: 'connective' });
const must = (english: string): Gloss => ({ english, role: 'modal' });

/**
 * Verbs of Japanese's own (not a noun and する): each is read in the forms its endings attach to, the
 * stem before ない (使わ), before て (使っ), before ます (使い), and the plain form (使う).
 */
const NATIVE_VERBS: Readonly<Record<string, string>> = {
  使う: 'use', 消す: 'delete', 書く: 'write', 送る: 'send', 触る: 'touch', 作る: 'create', 直す: 'fix', 戻す: 'revert', 壊す: 'break', 聞く: 'ask', 待つ: 'wait',
  押す: 'push', 読む: 'read', 呼び出す: 'call', 取り消す: 'cancel', 変える: 'change', 入れる: 'add', 捨てる: 'discard', 止める: 'stop', 加える: 'add',
  含める: 'include', 書き換える: 'rewrite', 取る: 'get',
};
/** A godan verb's last kana, and the kana its stems end in before ない, て and ます. */
const GODAN: Readonly<Record<string, readonly [string, string, string]>> = {
  う: ['わ', 'っ', 'い'], く: ['か', 'い', 'き'], す: ['さ', 'し', 'し'], つ: ['た', 'っ', 'ち'], る: ['ら', 'っ', 'り'], む: ['ま', 'ん', 'み'], ぶ: ['ば', 'ん', 'び'], ぬ: ['な', 'ん', 'に'], ぐ: ['が', 'い', 'ぎ'],
};
/** Verbs in -る that drop it for every stem (変える: 変え). */
const ICHIDAN = new Set(['変える', '入れる', '捨てる', '止める', '加える', '含める', '書き換える']);

function nativeVerbForms(): Record<string, Gloss> {
  const forms: Record<string, Gloss> = {};
  for (const [verb, english] of Object.entries(NATIVE_VERBS)) {
    const body = verb.slice(0, -1);
    const stems = ICHIDAN.has(verb) ? [body] : (GODAN[verb.slice(-1)] ?? []).map((kana) => `${body}${kana}`);
    for (const form of [verb, ...stems]) forms[form] = act(english);
  }
  return forms;
}

const GLOSSARY: Readonly<Record<string, Gloss>> = {
  ...nativeVerbForms(),
  // Actions.
  コミット: act('commit'), プッシュ: act('push'), 強制プッシュ: act('force push'), フォースプッシュ: act('force push'), マージ: act('merge'), リベース: act('rebase'),
  削除: act('delete'), 消去: act('delete'), 変更: act('change'), 修正: act('modify'), 編集: act('edit'), 作成: act('create'), 追加: act('add'), インストール: act('install'),
  デプロイ: act('deploy'), 実行: act('run'), ビルド: act('build'), 送信: act('send'), 支払い: act('pay'), 返金: act('refund'), キャンセル: act('cancel'), 更新: act('update'),
  上書き: act('overwrite'), 移動: act('move'), 公開: act('publish'), リリース: act('release'), 使用: act('use'), 利用: act('use'), 呼び出: act('call'),
  失敗: act('fail'), 成功: act('pass'), 通過: act('pass'), スキップ: act('skip'), 回避: act('bypass'),
  // Things acted on, and people.
  テスト: w('tests'), ファイル: w('files'), ブランチ: w('branch'), メイン: w('main'), 本番: w('production'), 本番環境: w('production'), データベース: w('database'),
  依存関係: w('dependencies'), 依存: w('dependencies'), パッケージ: w('packages'), コード: w('code'), リポジトリ: w('repository'), リモート: w('remote'),
  秘密情報: w('secrets'), シークレット: w('secrets'), 環境変数: w('environment variables'), 設定: w('config'), 設定ファイル: w('config files'), メール: w('email'),
  ユーザー: w('the user'), ユーザ: w('the user'), 開発者: w('the developer'), 指示: w('instructions'), 指示された: w('instructed'), 依頼された: w('asked'), 要求された: w('asked'), 求められた: w('asked'), 頼まれた: w('asked'), 依頼: w('asks'), 要求: w('asks'), 許可: w('permission'),
  承認: w('approval'), 確認: { english: 'confirmation', role: 'word', verb: 'confirm' }, に確認: act('confirm with'), と確認: act('confirm with'), 相談: act('consult'), に相談: act('consult'), 同意: w('consent'), 履歴: w('history'), フック: w('hooks'), コマンド: w('command'), 全て: w('all'), すべて: w('all'),
  新しい: w('new'), 新規: w('new'), 変更内容: w('changes'), 変更点: w('changes'),
  禁止事項: w('forbidden operations'), 禁止操作: w('forbidden operations'), 注意事項: w('notes'), 事項: w('items'),
  現在: w('current'), 作業: w('work'), ローカル: w('local'), プロジェクト: w('project'), タスク: w('task'), 機能: w('feature'), 問題: w('issue'), 実装: act('implement'),
  完了: act('finish'), 検証: act('verify'), エラー: w('errors'), 警告: w('warnings'), 型: w('type'), ドキュメント: w('documentation'), スクリプト: w('scripts'),
  ターミナル: w('terminal'), サーバー: w('server'), 機密情報: w('sensitive information'), 情報: w('information'), ハードコード: act('hardcode'), バージョン: w('version'),
  タグ: w('tag'), コメント: w('comment'), プルリクエスト: w('pull request'), レビュー: w('review'), コードレビュー: w('code review'), 一時: w('temporary'),
  キャッシュ: w('cache'), 外部: w('external'), ダウンロード: act('download'), アップロード: act('upload'), デバッグ: act('debug'), 環境: w('environment'),
  開発環境: w('development'), ステージング: w('staging'), 型チェック: w('type check'), リント: w('lint'), フォーマット: act('format'), 単体テスト: w('unit tests'),
  導入: act('add'), 報告: act('report'), 共有: act('share'), 転送: act('forward'), 名前変更: act('rename'), リネーム: act('rename'), 復元: act('restore'), 初期化: act('reset'),
  破棄: act('discard'), インポート: act('import'), レコード: w('records'), イシュー: w('issue'), 以前に: when('before'), 以前: when('before'),
  生成: act('generate'), 自動生成: w('generated'), 生成された: w('generated'), 手動: adv('manually'), 手動で: adv('manually'), 書き込み: act('write'), 書き込: act('write'),
  フラグ: w(''), この: w('this'), その: w('that'), これ: w('this'), それ: w('it'), 必要: w('needed'), など: w(''), 提示: act('show'), 提案: act('propose'),
  待: act('wait'), ルート: w('root'), 直下: w('root'), のみ: w('only'), だけ: w('only'), 避け: { english: 'avoid', role: 'negation' },
  明示的な: w('explicit'), 保存: act('save'), 管理: act('manage'), 開発: w('development'), 対応: act('handle'), 以下: w('the following'), 上記: w('the above'), 次の: w('the following'), 各: w('each'),
  既存: w('existing'), 既存の: w('existing'), 人間: w('a human'), 明確に: adv('clearly'), 原則: adv('as a rule'), 原則として: adv('as a rule'), 重要: w('important'),
  注意: w('caution'), 必須: w('required'), 推奨: w('recommended'), ライブラリ: w('library'), アップデート: act('update'), マイグレーション: w('migration'),
  テーブル: w('table'), データ: w('data'), 本番データ: w('production data'), ディレクトリ: w('directory'), フォルダ: w('folder'), パス: w('path'), 機密: w('secret'),
  秘密鍵: w('private key'), 鍵: w('key'), キー: w('key'), トークン: w('token'), パスワード: w('password'), 認証情報: w('credentials'), ログ: w('logs'), 出力: w('output'),
  メッセージ: w('message'), 通知: act('notify'), 強制: w('force'), リセット: act('reset'), リバート: act('revert'), 無断で: adv('without permission'),
  の際に: when('when'), の際は: when('when'), 際に: when('when'),
  以外: w('except'), 取得: act('get'),
  // Adverbs.
  直接: adv('directly'), 明示的に: adv('explicitly'), 必ず: adv('always'), 常に: adv('always'), 先に: adv('first'), 事前に: adv('first'), まず: adv('first'),
  勝手に: adv('on your own'), 自動で: adv('automatically'), 自動的に: adv('automatically'), 絶対に: adv(''), 決して: adv(''), 絶対: adv(''),
  // Particles.
  を: { english: '', role: 'object' }, は: { english: '', role: 'particle' }, が: { english: '', role: 'subject' }, に: { english: 'to', role: 'particle' },
  へ: { english: 'to', role: 'particle' }, で: { english: 'in', role: 'particle' }, から: { english: 'from', role: 'particle' }, まで: { english: 'until', role: 'particle' },
  の: { english: '', role: 'possessive' }, と: { english: 'and', role: 'possessive' }, や: { english: 'or', role: 'possessive' }, も: { english: '', role: 'particle' },
  または: { english: 'or', role: 'possessive' }, および: { english: 'and', role: 'possessive' },
  // Endings that say when, or on what condition.
  する前に: when('before'), の前に: when('before'), 前に: when('before'), 前: when('before'), した後: when('after'), の後: when('after'), 後に: when('after'),
  せずに: when('without'), ずに: when('without'), なしで: when('without'), なしに: when('without'), なく: when('without'), しない限り: when('unless'), ない限り: when('unless'), がない限り: when('unless'), がある場合のみ: when('only when'), がある場合: when('when'),
  された場合のみ: when('only when'), した場合のみ: when('only when'), の場合のみ: when('only when'), 場合のみ: when('only when'), 時のみ: when('only when'),
  された場合: when('when'), した場合: when('when'), した場合は: when('when'), 場合は: when('when'), する場合は: when('when'), の場合は: when('when'), する場合: when('when'), の場合: when('when'), 場合: when('when'), する時: when('when'), するとき: when('when'), 時: when('when'),
  // Endings that say no.
  しないでください: no(), しないで下さい: no(), しないで: no(), しないこと: no(), しない事: no(), しないように: no(), しないでね: no(), しない: no(),
  してはいけません: no('must not'), してはいけない: no('must not'), してはならない: no('must not'), してはダメ: no('must not'), してはだめ: no('must not'),
  しちゃダメ: no('must not'), ないでください: no(), ないで下さい: no(), ないで: no(), ないこと: no(), ないように: no(),
  てはいけません: no('must not'), てはいけない: no('must not'), ではいけません: no('must not'), ではいけない: no('must not'),
  を行わない: no(), を行わないこと: no(), を行わないでください: no(), は行わない: no(), を行いません: no(), は行いません: no(), しません: no(), ません: no(),
  避ける: no('avoid'), 避けること: no('avoid'), 避けてください: no('avoid'), は避ける: no('avoid'),
  // A clause as the object: "成功することを確認".
  することを: { english: '', role: 'clauseObject' }, ことを: { english: '', role: 'clauseObject' }, のを: { english: '', role: 'clauseObject' },
  すべきではない: no('should not'), すべきでない: no('should not'), べきではない: no('should not'), しないようにしてください: no(), しないようにする: no(),
  すべき: must('should'), しなければならない: must('must'), しなければなりません: must('must'), する必要があります: must('must'), する必要がある: must('must'),
  // Endings English needs nothing of: the imperative, politeness, a sentence's last word.
  を行ってください: ending(), を行う: ending(), を行うこと: ending(), してください: ending(), して下さい: ending(), すること: ending(), する事: ending(), こと: ending(), して: ending(), しましょう: ending(), する: ending(), します: ending(),
  てください: ending(), でください: ending(), て下さい: ending(), でした: ending(), ました: ending(), される: ending(), されます: ending(), ってください: ending(), ください: ending(), です: ending(), ます: ending(), だよ: ending(), よ: ending(), ね: ending(), だ: ending(),
  // Predicates that are not verbs.
  禁止: { english: 'is forbidden', role: 'copula' }, 禁止です: { english: 'is forbidden', role: 'copula' }, 厳禁: { english: 'is forbidden', role: 'copula' },
  禁止されています: { english: 'is forbidden', role: 'copula' }, 禁止されている: { english: 'is forbidden', role: 'copula' }, 禁止されます: { english: 'is forbidden', role: 'copula' },
  ダメ: { english: 'is not allowed', role: 'copula' }, だめ: { english: 'is not allowed', role: 'copula' }, 不可: { english: 'is not allowed', role: 'copula' },
};

const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}ー]/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const WORDS = new VerbFinalGlossary(GLOSSARY, JAPANESE);

export const JAPANESE_NEGATION = WORDS.negation;

/** The edits that gloss the Japanese in `text` (none when it has no kana: Chinese is read as Chinese). */
export function japaneseGlosses(text: string): TextEdit[] {
  return KANA.test(text) ? WORDS.edits(text, WORDS.words(text)) : [];
}
