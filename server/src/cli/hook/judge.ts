import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type GateDecision, type ProposalJudgement, type ProposedCall, extractWithReadings, judgeProposedCall, judgementReason } from '../../engine/gate';
import { readJsonl } from '../../engine/document';
import { parseDocument, parseTranscript } from '../../engine/parse';
import type { Policy } from '../../engine/policy';
import type { Session, TranscriptFormat } from '../../engine/session';
import { PolicyDiscovery } from '../../policy/discovery';
import type { HookRequest } from './agents';
import { LedgerCache, completeLineBytes, samplesOf } from './cache';

/** Where the session comes from: a file (cached by path), inline text, or nothing yet. */
export type SessionSource = { readonly path: string } | { readonly text: string } | undefined;

export interface SessionJudgeRequest {
  readonly source: SessionSource;
  readonly proposal: ProposedCall;
  /** The agent's working folder: a workspace folder for policy discovery. */
  readonly cwd: string;
  readonly home: string;
  /** Policies given explicitly (`--policy`), on top of the discovered ones. */
  readonly policies: readonly string[];
  /** The ledger cache's folder; without one nothing is cached. */
  readonly cacheFolder?: string;
  /** The format of a session that has no text yet (a file not written so far). */
  readonly format: TranscriptFormat;
}

export interface SessionJudgement {
  readonly judgement: ProposalJudgement;
  readonly session: Session;
  readonly policies: readonly Policy[];
}

/** Formats whose session files are JSON Lines, appended to as the session goes on. */
const JSONL_FORMATS: ReadonlySet<TranscriptFormat> = new Set(['claude-code', 'codex', 'gemini-cli']);

function emptySession(format: TranscriptFormat): Session {
  return { format, text: '', turns: [], calls: [], tools: [], problems: [] };
}

/** The session the call belongs to: the one recording it, else the only (or last) one. */
function pickSession(sessions: readonly Session[], proposal: ProposedCall): Session | undefined {
  const recording = proposal.id !== undefined ? sessions.find((s) => s.calls.some((c) => c.id === proposal.id)) : undefined;
  return recording ?? sessions[sessions.length - 1];
}

function readSession(content: Buffer | undefined, name: string, request: SessionJudgeRequest): Session {
  if (!content || content.toString('utf8').trim() === '') return emptySession(request.format);
  const isZip = content.length >= 4 && content.readUInt32LE(0) === 0x04034b50;
  let parsed = parseTranscript(isZip ? { name, bytes: content } : { name, text: content.toString('utf8') });
  // A session file of one line reads as one JSON value; the agent's own format says it is JSON Lines.
  if (parsed.kind !== 'transcript' && !isZip && JSONL_FORMATS.has(request.format)) parsed = parseDocument(readJsonl(content.toString('utf8')));
  if (parsed.kind !== 'transcript') throw new Error(`${name} is not a transcript ghost-lint reads (${parsed.reason})`);
  return pickSession(parsed.sessions, request.proposal) ?? emptySession(parsed.format);
}

/**
 * Judges a proposed call against a session file (or inline session) and the workspace policies, with
 * the ledger cache: extraction re-reads only the user turns it has not read before, and the record it
 * leaves lets the live guard answer later calls from the lines written since.
 */
export function judgeSession(request: SessionJudgeRequest): SessionJudgement {
  const source = request.source;
  const path = source && 'path' in source ? resolve(request.cwd, source.path) : undefined;
  const content = path !== undefined ? (existsSync(path) ? readFileSync(path) : undefined) : source && 'text' in source ? Buffer.from(source.text, 'utf8') : undefined;
  const session = readSession(content, path ?? '<inline session>', request);
  const cache = path !== undefined && request.cacheFolder !== undefined ? new LedgerCache(request.cacheFolder) : undefined;
  const record = path !== undefined ? cache?.read(path) : undefined;
  // The readings are keyed by each turn's place and text, so stale ones simply never match.
  const known = new Map(Object.entries(record?.readings ?? {}));
  const { extraction, readings } = extractWithReadings(session, known);
  const discovery = new PolicyDiscovery({ workspaceRoots: [request.cwd], home: request.home, explicit: request.policies.map((p) => resolve(request.cwd, p)) });
  const policies = discovery.forTranscript(path ?? join(request.cwd, 'session'));
  const judgement = judgeProposedCall(session, request.proposal, { policies, extraction });
  if (cache && path !== undefined && content) {
    const bytes = JSONL_FORMATS.has(session.format) ? completeLineBytes(content) : content.length;
    cache.write({
      version: 1,
      path,
      bytes,
      ...samplesOf(content, bytes),
      format: session.format,
      stated: extraction.constraints.length > 0 || extraction.revocations.length > 0,
      readings: Object.fromEntries(readings),
    });
  }
  return { judgement, session, policies };
}

export interface HookJudgeRequest {
  readonly request: HookRequest;
  readonly format: TranscriptFormat;
  /** Whether the answer may be "ask"; otherwise a confirmation rule is denied, and the agent asks in the chat. */
  readonly canAsk: boolean;
  readonly policies: readonly string[];
  readonly cwd: string;
  readonly home: string;
  readonly cacheFolder: string;
}

/** The live guard's full judgement, for a call the quick check could not let through. */
export function judgeForHook(hook: HookJudgeRequest): { decision: GateDecision; reason: string } {
  const { judgement } = judgeSession({
    source: hook.request.transcriptPath !== undefined ? { path: hook.request.transcriptPath } : undefined,
    proposal: hook.request.proposal,
    cwd: hook.cwd,
    home: hook.home,
    policies: hook.policies,
    cacheFolder: hook.cacheFolder,
    format: hook.format,
  });
  const decision = judgement.decision === 'ask' && !hook.canAsk ? 'deny' : judgement.decision;
  return { decision, reason: decision === 'allow' ? '' : judgementReason({ ...judgement, decision }) };
}
