/*
 * Rules written in Chinese ("不要直接推送到 main 分支", "除非用户明确要求，否则不得执行 `git commit`"),
 * glossed word by word into the English extraction reads. Instruction files in Chinese state their
 * rules in a small, formulaic vocabulary (negations, modals, conditions, the actions of git, files,
 * deploys and payments), in subject–verb–object order like English; what differs is where conditions
 * and times go ("提交之前" is "before committing") and the 把 construction, which puts the object
 * first. Those are reordered; every other word keeps its place. The gloss is an edit of the text like
 * normalize.ts's others, so each English word maps back to the characters it stands for.
 *
 * The glossary is written here rather than drawn from a dictionary: it holds only the vocabulary of
 * rules, each entry in the sense a rule gives it (提交 is "commit", not "hand in"), which a general
 * dictionary's first sense would not. A word the glossary lacks is read as one that narrows the rule
 * (edits.ts), never left out.
 * Text in Japanese (with kana) is left as written: its kanji are not Chinese words in Chinese order.
 */

import { type TextEdit, type Token, clauseStart, gerund, inTextOrder, isPunctuation, longestMatches, spaced, stickyAt, understood } from './edits';

/** Words, in simplified characters; traditional spellings are derived (`TRADITIONAL`). */
const GLOSSARY: Readonly<Record<string, string>> = {
  // Negations and modals.
  不要: 'do not', 别: "don't", 不准: 'never', 不许: 'never', 禁止: 'never', 严禁: 'never', 切勿: 'never', 切忌: 'never', 请勿: 'do not', 勿: 'do not',
  不得: 'must not', 不能: 'must not', 不可: 'must not', 不可以: 'must not', 不应: 'should not', 不应该: 'should not', 不应当: 'should not', 不允许: 'never',
  绝对不要: 'never', 绝对不能: 'never', 绝对不可以: 'never', 绝对禁止: 'never', 绝不: 'never', 决不: 'never', 永远不要: 'never', 从不: 'never', 千万不要: 'never',
  禁止事项: 'forbidden operations', 禁止操作: 'forbidden operations', 禁止行为: 'forbidden operations', 注意事项: 'notes', 事项: 'items', 操作: 'operations', 避免: 'avoid', 必须: 'must', 务必: 'must', 一定要: 'must', 需要: 'must', 须: 'must', 应该: 'should', 应当: 'should', 应: 'should', 总是: 'always',
  才能: 'may', 才可以: 'may', 方可: 'may', 可以: 'may', 始终: 'always', 一律: 'always', 确保: 'make sure', 请: 'please', 先: 'first', 首先: 'first', 只: 'only', 只能: 'only', 仅: 'only', 仅能: 'only', 只有: 'only',
  // Conditions and exceptions.
  除非: 'unless', 未经: 'without', 如果: 'if', 若: 'if', 如需: 'if you need to', 一旦: 'once', 直到: 'until', 无需: 'no need to', 不需要: 'no need to',
  // People, and what they say.
  用户: 'the user', 使用者: 'the user', 开发者: 'the developer', 开发人员: 'the developer', 人工: 'a human', 你: 'you', 您: 'you', 我: 'I', 我们: 'we',
  助手: 'the assistant', 明确: 'explicitly', 明确地: 'explicitly', 显式: 'explicitly', 明示: 'explicitly', 要求: 'asks', 请求: 'asks', 指示: 'instructs',
  征得: 'get', 取得: 'get', 获得: 'get', 事先: 'beforehand', 同意: 'consent', 确认: 'confirmation', 批准: 'approval', 许可: 'permission', 允许: 'permission', 授权: 'authorization', 审批: 'approval', 询问: 'ask', 告知: 'tell',
  // Confirming said as the verb it is: "请先确认" is "please confirm first", "与我确认" is "confirm with me".
  先确认: 'confirm first', 与我确认: 'confirm with me', 跟我确认: 'confirm with me', 和我确认: 'confirm with me', 向我确认: 'confirm with me',
  与用户确认: 'confirm with the user', 跟用户确认: 'confirm with the user', 和用户确认: 'confirm with the user', 向用户确认: 'confirm with the user',
  手动: 'manually', 手工: 'by hand', 自己: 'themselves', 亲自: 'themselves',
  // Actions.
  提交: 'commit', 推送: 'push', 强制推送: 'force push', 强推: 'force push', 合并: 'merge', 变基: 'rebase', 重置: 'reset', 回滚: 'roll back', 撤销: 'revert',
  暂存: 'stage', 拉取: 'pull', 切换: 'switch', 删除: 'delete', 删掉: 'delete', 移除: 'remove', 清除: 'clear', 清空: 'empty', 销毁: 'destroy', 修改: 'modify',
  更改: 'change', 改动: 'change', 变更: 'change', 编辑: 'edit', 手动编辑: 'hand-edit', 手动修改: 'hand-edit', 覆盖: 'overwrite', 重写: 'rewrite',
  写入: 'write to', 创建: 'create', 新建: 'create', 生成: 'generate', 重命名: 'rename', 移动: 'move', 安装: 'install', 卸载: 'uninstall', 升级: 'upgrade',
  添加: 'add', 新增: 'add', 增加: 'add', 加入: 'add', 引入: 'add', 更新: 'update', 恢复: 'restore', 还原: 'revert', 丢弃: 'discard', 共享: 'share', 转发: 'forward',
  部署: 'deploy', 上线: 'deploy', 发布: 'publish', 运行: 'run', 执行: 'run', 跑: 'run', 调用: 'call', 使用: 'use', 用: 'use', 构建: 'build', 编译: 'build',
  格式化: 'format', 检查: 'check', 类型检查: 'type check', 代码检查: 'lint', 通过: 'pass', 失败: 'fail', 发送: 'send', 付款: 'pay', 支付: 'pay',
  转账: 'transfer money', 退款: 'refund', 取消: 'cancel', 预订: 'book', 触碰: 'touch', 改: 'change', 删: 'delete', 跳过: 'skip', 绕过: 'bypass',
  // Things acted on.
  代码: 'code', 测试: 'tests', 单元测试: 'unit tests', 文件: 'files', 目录: 'directory', 文件夹: 'folder', 配置: 'config', 配置文件: 'config files',
  密钥: 'secrets', 秘钥: 'secrets', 凭证: 'credentials', 凭据: 'credentials', 密码: 'passwords', 环境变量: 'environment variables', 日志: 'logs',
  仓库: 'repository', 远程: 'remote', 远程仓库: 'the remote', 主分支: 'the main branch', 分支: 'branch', 历史: 'history', 提交历史: 'commit history', 提交记录: 'commit history', 包: 'packages', 库: 'libraries',
  资料: 'data', 资料库: 'database', 钩子: 'hooks', 依赖: 'dependencies', 依赖包: 'dependencies', 数据库: 'database', 表: 'table', 数据: 'data', 迁移: 'migration', 生产环境: 'production', 线上环境: 'production',
  生产: 'production', 邮件: 'email', 电子邮件: 'email', 消息: 'message', 订单: 'order', 更改内容: 'changes', 改动内容: 'changes', 锁文件: 'lockfiles',
  当前: 'current', 当前分支: 'the current branch', 工作: 'work', 管理: 'management', 本地: 'local', 项目: 'project', 任务: 'task', 功能: 'feature', 问题: 'issue',
  修复: 'fix', 实现: 'implement', 完成: 'finish', 验证: 'verify', 错误: 'errors', 警告: 'warnings', 类型: 'type', 注释: 'comments', 文档: 'documentation',
  脚本: 'scripts', 命令: 'command', 终端: 'terminal', 服务器: 'server', 服务: 'service', 敏感信息: 'sensitive information', 信息: 'information', 敏感: 'sensitive',
  硬编码: 'hardcode', 版本: 'version', 标签: 'tag', 评论: 'comment', 合并请求: 'merge request', 拉取请求: 'pull request', 代码审查: 'code review', 审查: 'review',
  临时: 'temporary', 缓存: 'cache', 第三方: 'third-party', 外部: 'external', 下载: 'download', 上传: 'upload', 调试: 'debug', 环境: 'environment',
  测试环境: 'test environment', 开发环境: 'development', 预发布环境: 'staging', 远程分支: 'remote branch', 历史记录: 'history', 强制: 'force', 集成测试: 'integration tests',
  单测: 'unit tests', 远程操作: 'remote operations', 包括但不限于: 'including but not limited to', 任何时候: 'at any time', 确定: 'sure',
  全局: 'global', 备份: 'back up', 不先: 'without first', 直推: 'directly push', 纳入版控: 'commit', 纳入版本控制: 'commit', 加入版本控制: 'commit', 版本控制: 'version control',
  是自动生成的: 'are generated', 自动生成的: 'generated', 生成的: 'generated', 自动生成: 'generated',
  重要: 'important', 受影响的: 'affected', 影响: 'affect', 由: 'by', 工具: 'tool', 会话: 'session', 本: 'this', 产出物: 'build output', 产物: 'build output',
  // Degree and manner.
  直接: 'directly', 主动: 'proactively', 擅自: 'on your own', 自行: 'on your own', 自动: 'automatically', 随意: 'freely', 任何: 'any', 所有: 'all',
  全部: 'all', 每次: 'every time', 新: 'new', 新的: 'new', 现有: 'existing', 已有: 'existing', 未提交: 'uncommitted', 未完成: 'unfinished',
  // Joining words.
  和: 'and', 与: 'and', 及: 'and', 以及: 'and', 并: 'and', 或: 'or', 或者: 'or', 到: 'to', 至: 'to', 从: 'from', 向: 'to', 给: 'to', 对: 'to',
  它: 'it', 它们: 'they', 这些: 'these', 这个: 'this', 那些: 'those', 前端: 'frontend', 后端: 'backend', 前提: 'premise', 目录下: '', 目录中: '', 目录里: '',
  文件夹下: '', 文件夹中: '', 下: '', 中: 'in', 里: 'in', 内: 'in', 上: 'on', 是: 'is', 包括: 'including', 例如: 'such as', 比如: 'such as', 等: '', 的: '', 地: '', 了: '', 进行: '', 去: '',
  // Times a rule's condition names, which its action does not depend on.
  周一: '', 周二: '', 周三: '', 周四: '', 周五: '', 周六: '', 周日: '', 周末: '', 星期五: '', 上午: '', 下午: '', 晚上: '', 夜间: '', 今天: '', 明天: '',
};

/** Words that end a clause and say when its action is: "提交之前" is "before committing". */
const POSTPOSITIONS: Readonly<Record<string, string>> = {
  之前: 'before', 以前: 'before', 前: 'before', 之后: 'after', 以后: 'after', 后: 'after', 时: 'when', 的时候: 'when', 时候: 'when',
};
/** Words that close a place opened by "在": "在生产环境中" is "in production". */
const PLACE_POSTPOSITIONS: Readonly<Record<string, string>> = { 中: 'in', 里: 'in', 内: 'in', 上: 'on' };
/** One-character postpositions close a clause only when it holds an action: "提交前", "提交代码后" (but "前端", "前提"). */
const AFTER_ACTION_ONLY = new Set(['前', '后']);
/** Words that open a clause a postposition closes, and say nothing of their own: "在提交之前", "当测试失败时". */
const CLAUSE_OPENERS = new Set(['在', '当', '于']);
/** Markers that put the object before its verb: "把代码推送到 main" is "push code to main". */
const OBJECT_FIRST = new Set(['把', '将']);

const ACTIONS = new Set(['纳入版控', '纳入版本控制', '加入版本控制', '直推', '备份', '提交', '推送', '强制推送', '强推', '合并', '变基', '重置', '回滚', '撤销', '暂存', '拉取', '切换', '删除', '删掉', '移除', '清除', '清空', '销毁', '修改', '更改', '改动', '变更', '编辑', '手动编辑', '手动修改', '覆盖', '重写', '写入', '创建', '新建', '生成', '重命名', '移动', '安装', '卸载', '升级', '部署', '上线', '发布', '运行', '执行', '跑', '调用', '使用', '构建', '编译', '格式化', '检查', '发送', '付款', '支付', '转账', '退款', '取消', '预订', '改', '删', '完成', '通过', '失败']);

/**
 * Traditional spellings of the simplified characters the glossary uses, so "禁止刪除測試" reads as
 * "禁止删除测试" does.
 */
const TRADITIONAL: Readonly<Record<string, string>> = {
  别: '別', 许: '許', 严: '嚴', 请: '請', 应: '應', 该: '該', 绝: '絕', 对: '對', 决: '決', 远: '遠', 从: '從', 须: '須', 务: '務', 总: '總', 终: '終',
  确: '確', 仅: '僅', 经: '經', 无: '無', 户: '戶', 发: '發', 员: '員', 们: '們', 显: '顯', 询: '詢', 问: '問', 审: '審',
  权: '權', 动: '動', 亲: '親', 强: '強', 并: '併', 变: '變', 滚: '滾', 销: '銷', 换: '換', 删: '刪', 编: '編', 辑: '輯',
  盖: '蓋', 写: '寫', 创: '創', 装: '裝', 载: '載', 级: '級', 线: '線', 执: '執', 运: '運', 调: '調', 构: '構', 译: '譯', 检: '檢',
  类: '類', 码: '碼', 过: '過', 败: '敗', 转: '轉', 账: '賬', 预: '預', 订: '訂', 触: '觸', 绕: '繞', 测: '測', 试: '試', 单: '單', 录: '錄',
  资: '資', 钩: '鉤', 钥: '鑰', 备: '備', 纳: '納', 产: '產', 响: '響', 会: '會', 话: '話', 凭: '憑', 证: '證', 据: '據', 环: '環', 志: '誌', 仓: '倉', 库: '庫', 历: '歷', 赖: '賴', 数: '數', 迁: '遷', 邮: '郵', 电: '電',
  项: '項', 锁: '鎖', 随: '隨', 现: '現', 与: '與', 则: '則', 时: '時', 后: '後', 当: '當', 将: '將', 进: '進', 门: '門', 开: '開', 关: '關',
  周: '週', 间: '間', 内: '內', 里: '裡', 负: '負', 责: '責', 为: '為', 这: '這', 个: '個', 么: '麼', 样: '樣', 还: '還', 让: '讓', 说: '說',
};

const toTraditional = (word: string) => [...word].map((c) => TRADITIONAL[c] ?? c).join('');

/** Every word by its spellings: simplified, and traditional where that differs. */
function bySpelling<T>(table: Readonly<Record<string, T>>): Map<string, T> {
  const result = new Map<string, T>();
  for (const [word, value] of Object.entries(table)) {
    result.set(word, value);
    result.set(toTraditional(word), value);
  }
  return result;
}

const WORDS = bySpelling(GLOSSARY);
const POSTS = bySpelling(POSTPOSITIONS);
const PLACE_POSTS = bySpelling(PLACE_POSTPOSITIONS);
const ACTION_SPELLINGS = new Set([...ACTIONS].flatMap((word) => [word, toTraditional(word)]));
const OPENERS = new Set([...CLAUSE_OPENERS].flatMap((word) => [word, toTraditional(word)]));
const OBJECT_MARKERS = new Set([...OBJECT_FIRST].flatMap((word) => [word, toTraditional(word)]));
const ONE_CHARACTER_POSTS = new Set([...AFTER_ACTION_ONLY].flatMap((word) => [word, toTraditional(word)]));
const LONGEST = Math.max(...[...WORDS.keys(), ...POSTS.keys()].map((word) => word.length));

/** A Chinese negation: a line with one says no itself, whatever mark it opens with ("❌ 禁止提交"). */
export const CHINESE_NEGATION = new RegExp([...WORDS].filter(([, gloss]) => /^(?:never|do not|don't|must not|should not|avoid)$/.test(gloss)).map(([word]) => word).join('|'));

const HAN = /\p{Script=Han}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** Where a clause ends, in Chinese or in English punctuation. */
const CLAUSE_END = /[，。；：、！？,;:!?\n]/;

/** What 提交 opens rather than commits: "提交 PR" is submitting a pull request. */
const REQUEST_AFTER = /\s*(?:PR|pr|MR|mr|pull request|merge request|拉取请求|合并请求|合併請求)\b/y;

/** The edits that gloss the Chinese in `text` (none when it has none, or is Japanese). */
export function chineseGlosses(text: string): TextEdit[] {
  if (!HAN.test(text) || KANA.test(text)) return [];
  const { tokens, unread } = understood(text, longestMatches(text, HAN, lookup, LONGEST));
  tokens.forEach((token, index) => {
    if (token.word === '提交' && stickyAt(text, REQUEST_AFTER, token.end)) token.gloss = 'submit';
    // "避免提交": "avoid committing".
    const next = tokens[index + 1];
    if (token.gloss === 'avoid' && next?.start === token.end && ACTION_SPELLINGS.has(next.word)) next.gloss = gerund(next.gloss);
  });
  const insertions: TextEdit[] = [];
  reorderPostpositions(text, tokens, insertions);
  reorderObjectFirst(tokens);
  reorderAgent(text, tokens, insertions);
  // "——" is one dash, as English writes it: "`role.yaml` —— 由 `make manifests` 生成".
  const dashes = [...text.matchAll(/——/g)].map((m): TextEdit => [m.index ?? 0, (m.index ?? 0) + 2, '—']);
  return inTextOrder([...spaced(text, HAN, tokens, insertions), ...unread, ...dashes]);
}

/** Verbs done by someone 由 names, as their participles: "由 `make manifests` 生成" is "generated by `make manifests`". */
const PARTICIPLES: Readonly<Record<string, string>> = { 生成: 'generated', 自动生成: 'generated', 创建: 'created', 维护: 'maintained', 管理: 'managed', 编写: 'written', 产生: 'produced' };
const PARTICIPLE_SPELLINGS = bySpelling(PARTICIPLES);

/** "由 X 生成": the participle goes where 由 stood, before its "by". */
function reorderAgent(text: string, tokens: Token[], insertions: TextEdit[]): void {
  tokens.forEach((token, index) => {
    if (token.word !== '由') return;
    const verb = tokens.slice(index + 1, index + 8).find((t, i, rest) => PARTICIPLE_SPELLINGS.has(t.word) || isPunctuation(t) || CLAUSE_END.test(text.slice((rest[i - 1] ?? token).end, t.start)));
    const participle = verb && PARTICIPLE_SPELLINGS.get(verb.word);
    if (!verb || participle === undefined) return;
    insertions.push([token.start, token.start, participle]);
    verb.gloss = '';
  });
}

/** A word's gloss: grammatical words (postpositions, 在, 把) gloss to nothing until reordered. */
function lookup(word: string): string | undefined {
  return WORDS.get(word) ?? (POSTS.has(word) || OPENERS.has(word) || OBJECT_MARKERS.has(word) ? '' : undefined);
}

/**
 * "测试失败时禁止提交代码" reads "when tests fail, never commit code": a postposition's word goes
 * before its clause, and a comma after it. A clause starts after the punctuation before it, or
 * after a word that opens it ("在", "当").
 */
function reorderPostpositions(text: string, tokens: Token[], insertions: TextEdit[]): void {
  tokens.forEach((token, index) => {
    const place = PLACE_POSTS.get(token.word);
    const post = POSTS.get(token.word) ?? place;
    if (post === undefined) return;
    const previous = tokens[index - 1];
    let from = index - 1;
    while (from >= 0 && !isPunctuation(tokens[from] as Token) && !OPENERS.has((tokens[from] as Token).word) && !CLAUSE_END.test(text.slice((tokens[from] as Token).end, (tokens[from + 1] ?? token).start))) from--;
    // ("push 前": an action written in Latin letters just before.)
    const latinAction = /[A-Za-z]\s?$/.test(text.slice(Math.max(0, token.start - 2), token.start));
    if (ONE_CHARACTER_POSTS.has(token.word) && !latinAction && (previous?.end !== token.start || !tokens.slice(from + 1, index).some((t) => ACTION_SPELLINGS.has(t.word)))) return;
    const opener = tokens[from];
    const opened = opener !== undefined && OPENERS.has(opener.word);
    // A place is closed only where "在" opened it; "数据库中的数据" is "the data in the database" as it stands.
    if (place !== undefined && !POSTS.has(token.word) && !opened) return;
    if (opened) opener.gloss = '';
    // The clause runs from what ends the one before (a mark, an opener, a break in the text between, the
    // line's start) to the postposition, and may open on text that is not Chinese ("用户要求commit时", "push 前").
    const boundary = opener?.end ?? lineStart(text, token.start);
    const gap = text.slice(boundary, (tokens[from + 1] ?? token).start);
    let breakAt = gap.length;
    while (breakAt > 0 && !CLAUSE_END.test(gap[breakAt - 1] as string)) breakAt--;
    const start = clauseStart(text, boundary + breakAt);
    if (!/\S/.test(text.slice(start, token.start))) return;
    if (place !== undefined && !POSTS.has(token.word) && movedPlace(text, tokens, start, from + 1, index, post, insertions)) {
      token.gloss = '';
      return;
    }
    insertions.push([start, start, `${post} `]);
    const next = tokens[index + 1];
    // A place is a phrase, not a clause: "在生产环境中执行迁移" is "in production run migrations", no comma.
    token.gloss = (next?.start === token.end && isPunctuation(next)) || place !== undefined ? '' : ',';
  });
}

/**
 * A place said before its verb goes after the verb's phrase, as English says it: "在生产环境中执行数据库迁移"
 * is "run database migration in production". A place with text of another script in it stays, and its
 * verb is said before it instead: "在受影响的 app 中运行" is "run in affected app". Whether it was moved.
 */
function movedPlace(text: string, tokens: Token[], start: number, first: number, close: number, preposition: string, insertions: TextEdit[]): boolean {
  const place = tokens.slice(first, close);
  const closing = tokens[close] as Token;
  const verb = tokens[close + 1];
  if (!verb || !ACTION_SPELLINGS.has(verb.word)) return false;
  const allChinese = !/\S/.test(text.slice(start, place[0]?.start ?? closing.start)) && place.every((t, i) => !/\S/.test(text.slice(t.end, (place[i + 1] ?? closing).start)));
  const said = place.map((t) => t.gloss).filter((gloss) => gloss !== '').join(' ');
  if (!allChinese || said === '') {
    insertions.push([start, start, `${verb.gloss} ${preposition} `]);
    verb.gloss = '';
    return true;
  }
  // After the verb's phrase: up to the clause's end.
  let next = close + 1;
  while (next < tokens.length && !isPunctuation(tokens[next] as Token) && !CLAUSE_END.test(text.slice((tokens[next - 1] as Token).end, (tokens[next] as Token).start))) next++;
  const ending = tokens[next];
  // Before the mark that ends the clause, or the break in the text before the next word.
  const end = !ending ? text.trimEnd().length : isPunctuation(ending) ? ending.start : (tokens[next - 1] as Token).end + text.slice((tokens[next - 1] as Token).end, ending.start).search(/\s*[\n,;:!?]/);
  insertions.push([end, end, ` ${preposition} ${said}`]);
  for (const t of place) t.gloss = '';
  return true;
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** "把代码推送到 main" reads "push code to main": the verb goes where 把 stood. */
function reorderObjectFirst(tokens: Token[]): void {
  tokens.forEach((token, index) => {
    if (!OBJECT_MARKERS.has(token.word)) return;
    const verb = tokens.slice(index + 1, index + 8).find((t) => ACTION_SPELLINGS.has(t.word) || isPunctuation(t));
    if (!verb || !ACTION_SPELLINGS.has(verb.word)) {
      token.gloss = '';
      return;
    }
    token.gloss = verb.gloss;
    verb.gloss = '';
  });
}

