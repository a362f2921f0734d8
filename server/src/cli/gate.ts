import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { HOOK_MESSAGE_PREFIX, judgementReason } from '../engine/pipeline';
import { type GateRequest, GateRequestSchema, type GateResponse } from '../engine/report';
import { LedgerCache, cacheFolder } from './hook/cache';
import { judgeSession } from './hook/judge';
import type { CliIo } from './io';
import type { GateOptions } from './options';

export const GATE_ALLOW = 0;
export const GATE_DENY_OR_ASK = 1;
export const GATE_ERROR = 2;

function write(io: CliIo, response: GateResponse): void {
  io.stdout(`${JSON.stringify(response, null, 2)}\n`);
}

/** Arguments as a string holding JSON become the object they hold, as OpenAI-style transcripts write them. */
function callArguments(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function judge(io: CliIo, options: GateOptions, request: GateRequest): GateResponse {
  const cwd = resolve(io.cwd, request.cwd ?? '.');
  const session = request.session;
  const source = !session ? undefined : 'path' in session ? { path: session.path } : { text: typeof session.transcript === 'string' ? session.transcript : JSON.stringify(session.transcript, null, 2) };
  const call = request.call;
  const home = homedir();
  const { judgement, format } = judgeSession({
    source,
    proposal: { name: call.name, input: callArguments(call.arguments), ...(call.id !== undefined && { id: call.id }), ...(call.cwd !== undefined && { cwd: call.cwd }) },
    cwd,
    home,
    policies: [...options.policy, ...request.policies],
    cache: new LedgerCache(cacheFolder({ env: io.env ?? {}, home, platform: process.platform })),
    format: 'openai-chat',
  });
  return {
    verdict: judgement.decision,
    reason: judgement.decision === 'allow' ? '' : judgementReason(judgement),
    findings: judgement.findings.map((f) => ({ ruleId: f.ruleId, message: f.message, ...(f.constraintId !== undefined && { constraintId: f.constraintId }), ...(f.repair && { repair: f.repair }) })),
    suppressed: judgement.suppressed.length,
    call: { id: judgement.call.id, recorded: judgement.recorded },
    format,
  };
}

/**
 * `ghost-lint gate`: the live guard's decision for any agent. Reads a request (GateRequestSchema) on
 * standard input and writes a verdict (GateResponseSchema). A request that cannot be read or judged
 * still gets a verdict, by --on-error (deny unless told otherwise), with the error named.
 */
export function runGate(io: CliIo, options: GateOptions): number {
  let raw: unknown;
  try {
    raw = JSON.parse(io.stdin?.() ?? '');
  } catch (e) {
    return failSafe(io, options, `the request is not JSON: ${(e as Error).message}`);
  }
  const request = GateRequestSchema.safeParse(raw);
  if (!request.success) return failSafe(io, options, `invalid request: ${request.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  let response: GateResponse;
  try {
    response = judge(io, options, request.data);
  } catch (e) {
    return failSafe(io, options, (e as Error).message);
  }
  write(io, response);
  return response.verdict === 'allow' ? GATE_ALLOW : GATE_DENY_OR_ASK;
}

function failSafe(io: CliIo, options: GateOptions, error: string): number {
  const verdict = options.onError;
  const reason = verdict === 'allow' ? '' : `${verdict === 'deny' ? HOOK_MESSAGE_PREFIX : 'ghost-lint asks before this call runs'}: the call could not be checked (${error}).`;
  write(io, { verdict, reason, findings: [], suppressed: 0, error });
  io.stderr(`ghost-lint: gate: ${error}\n`);
  return GATE_ERROR;
}
