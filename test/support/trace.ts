import type { Action, Verb } from '../../server/src/engine/actions';
import { audit } from '../../server/src/engine/audit';
import { pathTarget } from '../../server/src/engine/binding/targets';
import type { Constraint, ConstraintRule } from '../../server/src/engine/constraints';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session, ToolCall } from '../../server/src/engine/session';

/**
 * The auditor alone: sessions are small OpenAI chats, and each call's actions come from a tiny
 * table here (tool name → verb on its `path`), so these tests exercise SPEC section 6 and nothing
 * of binding. A call `shell` carries explicit steps: `{"steps": [["backup", "a", 0, 0], …]}`.
 */
const TOOL_VERBS: Record<string, Verb> = { delete_file: 'delete', backup_file: 'backup', write_file: 'write', send_email: 'send', pay: 'pay', cancel_event: 'cancel' };

export function actionsOf(call: ToolCall): Action[] {
  const input = call.input as { path?: string; to?: string; amount?: number; steps?: [Verb, string, number, number][] };
  const span = call.span;
  if (call.name === 'shell') return (input.steps ?? []).map(([verb, path, order, chain]) => ({ verb, target: { kind: 'path', value: path }, attributes: {}, span, step: { order, chain }, basis: 'shell' }));
  const verb = TOOL_VERBS[call.name];
  if (!verb) return [];
  const target = input.to ? { kind: 'recipient' as const, value: input.to } : input.path ? pathTarget(input.path, undefined, input.path.endsWith('/')) : undefined;
  return [{ verb, ...(target && { target }), attributes: input.amount !== undefined ? { amount: input.amount } : {}, span, step: { order: 0, chain: 0 }, basis: 'builtin' }];
}

export type Message = { user: string } | { assistant: string } | { calls: [id: string, tool: string, args: object][] } | { result: [id: string, content: string] };

export function session(messages: Message[]): Session {
  const json = messages.map((m) => {
    if ('user' in m) return { role: 'user', content: m.user };
    if ('assistant' in m) return { role: 'assistant', content: m.assistant };
    if ('calls' in m) return { role: 'assistant', tool_calls: m.calls.map(([id, name, args]) => ({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } })) };
    return { role: 'tool', tool_call_id: m.result[0], content: m.result[1] };
  });
  const parsed = parseTranscript({ name: 'fixture.json', text: JSON.stringify({ messages: json }, null, 1) });
  if (parsed.kind !== 'transcript') throw new Error(parsed.reason);
  return parsed.sessions[0]!;
}

export function constraint(rule: ConstraintRule, activeFrom = 0): Constraint {
  return { id: 'c1', rule, source: { kind: 'session', turnIndex: activeFrom, span: { start: 0, end: 1 } }, text: 'the rule', activeFrom };
}

/** The auditor's verdict per call id, as `rule[:evidence][:stopped]`. */
export function verdicts(s: Session, c: Constraint): Record<string, string> {
  return Object.fromEntries(audit({ session: s, actions: s.calls.map(actionsOf), constraints: [c] }).map((v) => [v.call.id, `${v.rule}${v.evidence ? `:${v.evidence.reason}` : ''}${v.stopped ? ':stopped' : ''}`]));
}
