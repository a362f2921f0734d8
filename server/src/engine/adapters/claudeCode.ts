import type { JsonlDocument } from '../session/document';
import { isObject } from '../json/json';
import { type JsonlAdapter, SURE } from './types';
import { AUXILIARY_TYPES, CODEX_TYPES, CONVERSATION_TYPES } from './claudeCodeLines';
import { readSession } from './claudeCodeEdits';

/**
 * Claude Code sessions (~/.claude/projects/<project>/<session>.jsonl and subagents' agent-*.jsonl).
 *
 * How the format is read:
 * - An assistant message is written one content block per line, the lines sharing `message.id`.
 *   Consecutive lines of one `message.id` make ONE assistant turn (its text, spanning those lines);
 *   every tool_use of that `message.id` shares one batch. If other conversation lines come between
 *   lines of the same message (a tool result streamed back early), the rest opens another turn in
 *   the same batch.
 * - User lines are split by what each content block is: tool results, the person's text, and
 *   harness text (`<system-reminder>`, command wrappers and output, hook feedback, interruption
 *   markers, task notifications) that is never a user message.
 * - A slash command line (`<command-name>…`) is a user message only when the person gave it
 *   arguments (`<command-args>` not empty): those words are theirs. A bare command is 'meta'.
 * - A sidechain line (`isSidechain`, or an `agentId`) is a subagent's: its user-role text was written
 *   by the parent agent, not the person, so it is never a user message.
 * - The compaction boundary and summary are kept as 'compaction-boundary'/'compaction-summary'
 *   turns. Other system lines (hook summaries, local command echoes, durations) and bookkeeping
 *   lines (snapshots, queue operations, progress, attachments, unknown types) are skipped;
 *   `custom-title`, `ai-title` and `summary` lines name the session.
 * - A call whose error result is one of Claude Code's refusal texts, or whose line names a
 *   `toolDenialKind`, never ran (rejected, denied by a rule or hook, or aborted). A rejection's
 *   "the user said:" reason is the person's own message and becomes a user turn.
 * - Ranges: values come from the line's JSON.parse; the ranges of texts and tool_use blocks are found
 *   by scanning the line (jsonScan.ts), and tool results take their line's span, so no line costs a
 *   position tree unless it has a problem to point at.
 * - Each line is read on its own into steps (LineStep), once per line text, then the steps are
 *   replayed in order against what the lines before left. An editor's next version reads only its
 *   changed lines; typing in a message, which steers nothing, is spliced into the previous session.
 *   Those are claudeCodeLines.ts, claudeCodeReplay.ts and claudeCodeEdits.ts; this file detects the
 *   format and is its adapter.
 */

/**
 * Scores by content: conversation lines carrying Claude Code's envelope (`uuid`, `sessionId` or
 * `parentUuid`, a `message` with a role), or only its bookkeeping lines. Codex rollouts and Gemini CLI records
 * (`id`, no `message`) do not match.
 */
function sniffClaudeCode(doc: JsonlDocument): number {
  let conversation = 0;
  let auxiliary = 0;
  let other = 0;
  for (const line of doc.lines.slice(0, 200)) {
    const entry = line.value;
    if (!isObject(entry) || typeof entry.type !== 'string') {
      if (!line.error) other++;
      continue;
    }
    if (CODEX_TYPES.has(entry.type)) return 0;
    // Exporters and SDK captures may drop `sessionId`; the uuid chain (`parentUuid`) is still Claude Code's.
    const envelope = typeof entry.uuid === 'string' && (typeof entry.sessionId === 'string' || (!('sessionId' in entry) && 'parentUuid' in entry));
    if (CONVERSATION_TYPES.has(entry.type) && envelope && (entry.type === 'system' || (isObject(entry.message) && typeof entry.message.role === 'string'))) conversation++;
    else if (AUXILIARY_TYPES.has(entry.type) && (envelope || 'leafUuid' in entry || 'snapshot' in entry || 'operation' in entry || 'customTitle' in entry)) auxiliary++;
    else other++;
  }
  if (conversation > 0) return conversation + auxiliary >= other ? SURE : 0.6;
  return auxiliary > 0 && other === 0 ? 0.6 : 0;
}

export const claudeCodeAdapter: JsonlAdapter = {
  format: 'claude-code',
  kind: 'jsonl',
  sniff: sniffClaudeCode,
  parse: (doc) => [readSession(doc)],
};

