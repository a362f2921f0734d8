import { type CallInit, SessionBuilder, type TurnInit } from '../session/builder';
import type { JsonLine, JsonlDocument } from '../session/document';
import type { Session, TextPiece } from '../session/session';
import { type LineStep, type PieceSource, type Stamp, type ToolUseReading, INTERRUPTED_FOR_TOOL_USE, argumentsAt, lineSteps, spanAt, stamped, turnAt } from './claudeCodeLines';

/*
 * Claude Code: the steps each line was read into, replayed in order against what the lines before
 * left (how the format is read: claudeCode.ts).
 */

/** Lines of one assistant message collected until the message ends; offsets absolute. */
interface PendingAssistant {
  readonly key: string;
  readonly batch: string;
  readonly start: number;
  end: number;
  readonly synthetic: boolean;
  readonly stamp: Stamp;
  readonly pieces: PieceSource[];
  readonly toolUses: { readonly toolUse: ToolUseReading; readonly base: number }[];
}

/** Replays each line's steps against the session being built, at the line's place. */
export class ClaudeCodeReader {
  private readonly builder: SessionBuilder;
  private readonly seenUuids = new Set<string>();
  private pending: PendingAssistant | undefined;
  private lastBatch: string | undefined;
  private customTitle: string | undefined;
  private aiTitle: string | undefined;
  private summaryTitle: string | undefined;

  constructor(private readonly doc: JsonlDocument) {
    this.builder = new SessionBuilder('claude-code', doc.text);
  }

  read(): Session {
    for (const line of this.doc.lines) {
      if (line.error) this.builder.problem(line.error.span, line.error.message);
      else this.replay(line, line.read(lineSteps));
      // What the session needs of the line is in its steps now.
      line.release();
    }
    this.flushAssistant();
    this.builder.title = this.customTitle ?? this.aiTitle ?? this.summaryTitle;
    return this.builder.build();
  }

  private replay(line: JsonLine, steps: readonly LineStep[]): void {
    const base = line.readingBase;
    const builder = this.builder;
    const feedback: TurnInit[] = [];
    for (const step of steps) {
      switch (step.step) {
        case 'problem':
          builder.problem(spanAt(step.problem.span, base), step.problem.message);
          break;
        case 'first-seen':
          if (this.seenUuids.has(step.uuid)) return;
          this.seenUuids.add(step.uuid);
          break;
        case 'session':
          builder.id ??= step.id;
          builder.cwd ??= step.cwd;
          break;
        case 'custom-title':
          this.customTitle = step.title ?? this.customTitle;
          break;
        case 'ai-title':
          this.aiTitle = step.title ?? this.aiTitle;
          break;
        case 'summary-title':
          if (this.summaryTitle !== undefined) break;
          for (const problem of step.problems) builder.problem(spanAt(problem.span, base), problem.message);
          this.summaryTitle = step.title;
          break;
        case 'flush':
          this.flushAssistant();
          break;
        case 'turn':
          builder.addTurn(turnAt(step.turn, base));
          break;
        case 'assistant':
          this.assistantLine(line, step.messageId, step.synthetic, step.stamp);
          break;
        case 'assistant-text':
          this.pending?.pieces.push({ text: step.piece.text, literal: spanAt(step.piece.literal, base) });
          break;
        case 'tool-use':
          this.pending?.toolUses.push({ toolUse: step.toolUse, base });
          break;
        case 'interrupt':
          this.interrupt(step.messageId);
          break;
        case 'result': {
          // A second result for a call does not count (the builder reports it), so it cannot stop the call either.
          const answered = step.callId !== undefined && builder.findCall(step.callId)?.result !== undefined;
          const call = builder.addResult(step.callId, base === 0 ? step.result : { ...step.result, span: spanAt(step.result.span, base) });
          if (!call || answered || !step.stopped) break;
          builder.markStopped(call, step.stopped);
          if (step.feedback) feedback.push(step.feedback);
          break;
        }
        case 'rejection-feedback':
          for (const turn of feedback.splice(0)) builder.addTurn(turnAt(turn, base));
          break;
      }
    }
  }

  private assistantLine(line: JsonLine, messageId: string | undefined, synthetic: boolean, stamp: Stamp): void {
    const key = messageId ?? `line-${line.number}`;
    if (this.pending?.key !== key) {
      this.flushAssistant();
      this.pending = { key, batch: messageId !== undefined ? `msg:${messageId}` : key, start: line.start, end: line.end, synthetic, stamp, pieces: [], toolUses: [] };
    }
    this.pending.end = line.end;
  }

  /** Ends the assistant message being collected: one turn, then its calls in one batch. */
  private flushAssistant(): void {
    const pending = this.pending;
    this.pending = undefined;
    if (!pending || (pending.pieces.length === 0 && pending.toolUses.length === 0)) return;
    let offset = 0;
    const pieces = pending.pieces.map((piece): TextPiece => {
      const placed = { text: piece.text, at: offset, literal: piece.literal };
      offset += piece.text.length + 2;
      return placed;
    });
    this.builder.addTurn(stamped({ role: 'assistant', kind: pending.synthetic ? 'meta' : 'message', span: { start: pending.start, end: pending.end }, pieces }, pending.stamp));
    for (const { toolUse, base } of pending.toolUses) {
      for (const problem of toolUse.problems) this.builder.problem(spanAt(problem.span, base), problem.message);
      const call = toolUse.call;
      if (!call) continue;
      const init: CallInit = { id: call.id, name: call.name, span: spanAt(call.span, base), nameSpan: spanAt(call.nameSpan, base), batch: pending.batch };
      if (call.arguments) init.readArguments = argumentsAt(call.arguments, base);
      if (toolUse.timestamp !== undefined) init.timestamp = toolUse.timestamp;
      if (toolUse.cwd !== undefined) init.cwd = toolUse.cwd;
      if (toolUse.branch !== undefined) init.branch = toolUse.branch;
      this.builder.addCall(init);
    }
    if (pending.toolUses.length > 0) this.lastBatch = pending.batch;
  }

  /** "[Request interrupted by user for tool use]" stops the interrupted message's calls that never got a result. */
  private interrupt(messageId: string | undefined): void {
    const batch = messageId !== undefined ? `msg:${messageId}` : this.lastBatch;
    for (const call of this.builder.pendingCalls()) {
      if (call.batch === batch) this.builder.markStopped(call, { kind: 'aborted', message: INTERRUPTED_FOR_TOOL_USE });
    }
  }
}

