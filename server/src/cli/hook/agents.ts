import type { HookDecision, ProposedCall } from '../../engine/pipeline';
import type { TranscriptFormat } from '../../engine/session';

/*
 * The three agents' pre-execution hook protocols. This module is part of the live hook's small
 * bundle: it validates by hand rather than with zod, whose load alone costs more than the hook's
 * whole latency budget.
 */

export const HOOK_AGENTS = ['claude-code', 'codex', 'gemini-cli'] as const;
export type HookAgent = (typeof HOOK_AGENTS)[number];

export function isHookAgent(name: string | undefined): name is HookAgent {
  return (HOOK_AGENTS as readonly (string | undefined)[]).includes(name);
}

/** What an agent's hook input says, in the agent's own terms. */
export interface HookRequest {
  /** `hook_event_name`; absent when the agent did not send one. */
  readonly event?: string;
  readonly transcriptPath?: string;
  readonly cwd?: string;
  readonly proposal: ProposedCall;
}

/** What the hook answers: standard output and the exit code the agent reads it by. */
export interface HookReply {
  readonly stdout: string;
  readonly exitCode: number;
}

/**
 * A problem with what the guard was given (its input, flags, or the session file it names), reported
 * as such rather than as an internal error. Recognised by name (`isHookInputError`): each bundle
 * (the launcher, the hook judge, the commands) carries its own copy of this class.
 */
export class HookInputError extends Error {
  override readonly name = 'HookInputError';
}

export function isHookInputError(e: unknown): e is HookInputError {
  return e instanceof Error && e.name === 'HookInputError';
}

export interface AgentProtocol {
  /** The hook event the guard answers (`PreToolUse`, `BeforeTool`); any other event is let through. */
  readonly event: string;
  /** The format of the agent's own session files. */
  readonly format: TranscriptFormat;
  /** Whether the agent can put a call to the user ("ask"); where it cannot, the guard denies instead. */
  readonly canAsk: boolean;
  read(input: Record<string, unknown>): HookRequest;
  /** Allow is silent: no output, exit 0. */
  reply(decision: HookDecision, reason: string): HookReply;
}

function optionalString(input: Record<string, unknown>, key: string): string | undefined {
  const value = input[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new HookInputError(`"${key}" should be a string, found ${Array.isArray(value) ? 'array' : typeof value}`);
  return value === '' ? undefined : value;
}

function toolName(input: Record<string, unknown>): string {
  const name = optionalString(input, 'tool_name');
  if (name === undefined) throw new HookInputError('the hook input has no "tool_name"');
  return name;
}

function toolInput(input: Record<string, unknown>): Record<string, unknown> {
  const value = input.tool_input ?? {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new HookInputError('"tool_input" should be an object');
  return value as Record<string, unknown>;
}

/** The fields Claude Code, Codex and Gemini CLI share: session file, working folder, event. */
function common(input: Record<string, unknown>): Omit<HookRequest, 'proposal'> {
  const event = optionalString(input, 'hook_event_name');
  const transcriptPath = optionalString(input, 'transcript_path');
  const cwd = optionalString(input, 'cwd');
  return { ...(event !== undefined && { event }), ...(transcriptPath !== undefined && { transcriptPath }), ...(cwd !== undefined && { cwd }) };
}

/** Claude Code and Codex answer a PreToolUse hook the same way: a permission decision on stdout, exit 0. */
function permissionDecision(decision: Exclude<HookDecision, 'allow'>, reason: string): HookReply {
  return { stdout: `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision, permissionDecisionReason: reason } })}\n`, exitCode: 0 };
}

const SILENT: HookReply = { stdout: '', exitCode: 0 };

/** Claude Code `PreToolUse` command hooks: the tool's own name and input, `tool_use_id` as in the session file. */
const claudeCode: AgentProtocol = {
  event: 'PreToolUse',
  format: 'claude-code',
  canAsk: true,
  read(input) {
    const id = optionalString(input, 'tool_use_id');
    const request = common(input);
    return { ...request, proposal: { name: toolName(input), input: toolInput(input), ...(id !== undefined && { id }), ...(request.cwd !== undefined && { cwd: request.cwd }) } };
  },
  reply: (decision, reason) => (decision === 'allow' ? SILENT : permissionDecision(decision, reason)),
};

/**
 * Codex `PreToolUse` command hooks (codex-rs/hooks): shell calls arrive as `Bash` with
 * `{"command": "…"}` and patches as `apply_patch` with the patch in `command`; the rollout records
 * them as `shell_command`/`apply_patch` calls, which is how a call not yet recorded is judged.
 * Codex rejects `"ask"` (and `"allow"` without an input rewrite) as unsupported and then runs the
 * call, so the guard only ever denies there.
 */
const codex: AgentProtocol = {
  event: 'PreToolUse',
  format: 'codex',
  canAsk: false,
  read(input) {
    const id = optionalString(input, 'tool_use_id');
    const request = common(input);
    const name = toolName(input);
    const args = toolInput(input);
    const command = typeof args.command === 'string' ? args.command : undefined;
    const recorded =
      name === 'Bash' && command !== undefined ? { name: 'shell_command', input: { command } } : name === 'apply_patch' && command !== undefined ? { name, input: { input: command } } : { name, input: args };
    return { ...request, proposal: { ...recorded, ...(id !== undefined && { id }), ...(request.cwd !== undefined && { cwd: request.cwd }) } };
  },
  reply: (decision, reason) => (decision === 'allow' ? SILENT : permissionDecision('deny', reason)),
};

/**
 * Gemini CLI `BeforeTool` command hooks: `{"decision": "deny", "reason"}` blocks the call and sends the
 * reason to the model; `"ask"` makes the CLI ask the user even where its policy would not. The input
 * carries no call id, so a call the recording already holds is found by its tool and arguments.
 */
const geminiCli: AgentProtocol = {
  event: 'BeforeTool',
  format: 'gemini-cli',
  canAsk: true,
  read(input) {
    const request = common(input);
    return { ...request, proposal: { name: toolName(input), input: toolInput(input), ...(request.cwd !== undefined && { cwd: request.cwd }) } };
  },
  reply(decision, reason) {
    if (decision === 'allow') return SILENT;
    const body = decision === 'ask' ? { decision, reason, systemMessage: reason } : { decision, reason };
    return { stdout: `${JSON.stringify(body)}\n`, exitCode: 0 };
  },
};

export const AGENT_PROTOCOLS: Readonly<Record<HookAgent, AgentProtocol>> = { 'claude-code': claudeCode, codex, 'gemini-cli': geminiCli };
