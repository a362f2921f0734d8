import type { Target, Verb } from '../engine/actions';
import { namedTarget, pathTarget } from '../engine/binding';
import type { Reachable, TaskReach } from '../engine/restoration';
import type { BenchCase, CaseTool, Operation } from './caseSchema';
import { CalendarSchema } from './environments/calendarDevices';
import { RepositorySchema } from './environments/codeDeployment';
import { SqlStatementsSchema } from './environments/database';
import { MailboxSchema } from './environments/email';
import { FilesSchema } from './environments/filesystem';
import { LedgerSchema } from './environments/payments';
import { caseToolEffects } from './operations';

/*
 * What a benchmark case's resumed task can touch, for restoration's trigger and scope match: the verbs its tools
 * perform, the message that started the task, and the targets its environment and tools expose
 * (files, contacts, tables, events, devices, payees and invoice amounts, branches, environments).
 */

/** Operations whose verb is read from their arguments (the SQL, the device's new state): every verb they can bind to. */
const ARGUMENT_BOUND_VERBS: Partial<Readonly<Record<Operation, readonly Verb[]>>> = {
  execute: ['write', 'update', 'delete', 'drop', 'truncate', 'alter'],
  'set-device': ['unlock', 'open', 'disable'],
};

function toolVerbs(tool: CaseTool): Verb[] {
  const effects = caseToolEffects(tool);
  return effects.length > 0 ? effects.map((effect) => effect.verb) : [...(ARGUMENT_BOUND_VERBS[tool.operation] ?? [])];
}

const CREATE_TABLE = /\bcreate\s+table\s+(?:if\s+not\s+exists\s+)?[`"[]?([\w.]+)/gi;

/** The targets the case's initial state holds. */
function environmentTargets(benchCase: BenchCase): Reachable[] {
  const targets: Target[] = [];
  const amounts: { amount: number; currency: string }[] = [];
  const { environment } = benchCase;
  const files = FilesSchema.safeParse(environment.files);
  if (files.success) targets.push(...Object.keys(files.data).map((path) => pathTarget(path, undefined)));
  const mailbox = MailboxSchema.safeParse(environment.mailbox);
  if (mailbox.success) {
    const { contacts, inbox, sent } = mailbox.data;
    const addresses = [...contacts.map((c) => c.email), ...[...inbox, ...sent].flatMap((m) => [m.from, ...[m.to ?? []].flat()])];
    targets.push(...addresses.map((address) => namedTarget('recipient', address)));
  }
  const sql = SqlStatementsSchema.safeParse(environment.sql);
  if (sql.success) targets.push(...sql.data.flatMap((statement) => [...statement.matchAll(CREATE_TABLE)].map((m) => namedTarget('table', m[1] ?? ''))));
  const calendar = CalendarSchema.safeParse(environment.calendar);
  if (calendar.success) {
    targets.push(...calendar.data.events.map((e) => namedTarget('event', e.id, e.title)), ...calendar.data.devices.map((d) => namedTarget('device', d.id, d.name)));
  }
  const ledger = LedgerSchema.safeParse(environment.ledger);
  if (ledger.success) {
    const { payees, invoices, payments, currency } = ledger.data;
    targets.push(...payees.map((p) => namedTarget('account', p.id, p.name)));
    amounts.push(...[...invoices, ...payments].map((item) => ({ amount: item.amount, currency })));
  }
  const repository = RepositorySchema.safeParse(environment.repository);
  if (repository.success) {
    targets.push(...Object.keys(repository.data.branches).map((b) => namedTarget('branch', b)), ...Object.keys(repository.data.environments).map((e) => namedTarget('environment', e)));
  }
  return [
    ...targets.map((target): Reachable => ({ kind: 'target', target, source: 'environment' })),
    ...amounts.map(({ amount, currency }): Reachable => ({ kind: 'amount', upTo: amount, currency, text: `${amount} ${currency}`, source: 'environment' })),
  ];
}

/** The `enum` of a parameter (of its items, for a list), read from the tool's JSON Schema. */
function enumValues(parameters: Record<string, unknown>, argument: string): string[] {
  const name = argument.replace(/\[\]$/, '');
  const property = (parameters.properties as Record<string, { enum?: unknown; items?: { enum?: unknown } }> | undefined)?.[name];
  const values = property?.enum ?? property?.items?.enum;
  return Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : [];
}

/** Targets a tool can only be called with: the values its target parameter enumerates. */
function toolTargets(tool: CaseTool): Reachable[] {
  return caseToolEffects(tool).flatMap((effect) => {
    if (!effect.targetArgument || effect.targetKind === 'resource') return [];
    const kind = effect.targetKind;
    return enumValues(tool.parameters as Record<string, unknown>, effect.targetArgument).map(
      (value): Reachable => ({ kind: 'target', target: kind === 'path' ? pathTarget(value, undefined) : namedTarget(kind, value), source: 'environment' }),
    );
  });
}

/** The reach of the case's resumed task. */
export function caseReach(benchCase: BenchCase): TaskReach {
  return {
    verbs: [...new Set(benchCase.tools.flatMap(toolVerbs))],
    messages: [benchCase.history.task],
    reachable: [...environmentTargets(benchCase), ...benchCase.tools.flatMap(toolTargets)],
  };
}
