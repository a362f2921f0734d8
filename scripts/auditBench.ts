import { performance } from 'node:perf_hooks';
import { audit } from '../server/src/engine/audit';
import { bindSession } from '../server/src/engine/binding';
import type { Constraint } from '../server/src/engine/constraints';
import { parseTranscript } from '../server/src/engine/parse';

/**
 * An OpenAI chat session of `calls` tool calls, one per assistant message, shaped like real work:
 * mostly reads and edits outside every constraint's scope, backups followed by the deletions they
 * cover, internal mail, and one call in fifty that breaks a constraint.
 */
export function benchSession(calls: number) {
  const messages: object[] = [{ role: 'user', content: 'Tidy the workspace.' }];
  const call = (i: number): [string, object] => {
    const module = `src/module${i % 40}/file${i % 13}.ts`;
    const scratch = `temp${i % 50}/run${i % 17}.csv`;
    switch (i % 10) {
      case 0:
        return ['backup_file', { path: scratch }];
      case 1:
        return ['delete_file', { path: scratch }];
      case 2:
      case 3:
        return ['write_file', { path: module }];
      case 4:
        return ['send_email', { to: [`dev${i % 7}@acme.io`], subject: 'status', body: 'done' }];
      case 5:
        return i % 50 === 5 ? ['delete_file', { path: `temp${i % 50}/other.csv` }] : ['read_file', { path: module }];
      default:
        return ['read_file', { path: module }];
    }
  };
  for (let i = 0; i < calls; i++) {
    const [tool, args] = call(i);
    messages.push({ role: 'assistant', tool_calls: [{ id: `c${i}`, type: 'function', function: { name: tool, arguments: JSON.stringify(args) } }] });
    messages.push({ role: 'tool', tool_call_id: `c${i}`, content: 'done' });
  }
  const parsed = parseTranscript({ name: 'bench.json', text: JSON.stringify({ messages }) });
  if (parsed.kind !== 'transcript' || !parsed.sessions[0]) throw new Error('bench session did not parse');
  return parsed.sessions[0];
}

/** 50 constraints of every kind, over scopes the session's calls fall in and out of. */
export function benchConstraints(): Constraint[] {
  return Array.from({ length: 50 }, (_, i): Constraint => {
    const kind = (['prohibition', 'prerequisite', 'confirmation'] as const)[i % 3]!;
    const mail = i % 5 === 4;
    const scope = mail ? { allowedDomains: ['acme.io'], recipients: [`@partner${i}.com`] } : { paths: [kind === 'prerequisite' ? `temp${i}/**` : `protected${i}/**`] };
    return {
      id: `k${i}`,
      rule: { kind, trigger: mail ? ['send'] : ['delete', 'overwrite'], scope, ...(kind === 'prerequisite' && { requires: ['backup' as const] }) },
      source: { kind: 'policy', file: 'bench.yaml', span: { start: 0, end: 0 } },
      text: `constraint ${i}`,
      activeFrom: -1,
    };
  });
}

/** Audit time per call, in µs, with 50 active constraints; the median of several runs. */
export function auditMicrosPerCall(calls: number, rounds = 5): number {
  const s = benchSession(calls);
  const actions = bindSession(s);
  const ledger = benchConstraints();
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    audit({ session: s, actions, constraints: ledger });
    times.push(((performance.now() - start) * 1000) / calls);
  }
  return times.sort((a, b) => a - b)[Math.floor(rounds / 2)] ?? Number.NaN;
}
