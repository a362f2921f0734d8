import { z } from 'zod';
import type { Span } from '../text/text';

/**
 * The action vocabulary: what a tool call does to the world, and what constraints trigger on.
 * Synonyms (remove, purge, rm, DROP …) are mapped onto these by binding and extraction.
 */
export const VERBS = [
  // files and data
  'delete',
  'overwrite',
  'write',
  'move',
  'read',
  'backup',
  // databases
  'drop',
  'truncate',
  'update',
  'alter',
  // messages
  'send',
  // money
  'pay',
  // code and deployment
  'deploy',
  'push',
  'force-push',
  'rewrite-history',
  'discard-changes',
  'run-tests',
  'commit',
  'skip-checks',
  // packages and programs
  'install',
  'publish',
  'execute',
  // calendar and devices
  'cancel',
  'reschedule',
  'create',
  'unlock',
  'open',
  'disable',
] as const;
// Schemas are marked pure so a bundle that never validates (the live guard's) leaves them, and zod, out.
export const VerbSchema = /* @__PURE__ */ z.enum(VERBS);
export type Verb = z.infer<typeof VerbSchema>;

export const TARGET_KINDS = ['path', 'database', 'table', 'recipient', 'branch', 'environment', 'device', 'event', 'account', 'command', 'package', 'resource'] as const;
export const TargetKindSchema = /* @__PURE__ */ z.enum(TARGET_KINDS);
export type TargetKind = z.infer<typeof TargetKindSchema>;

/**
 * The kinds of target each verb's actions can have, as binding makes them: a rule whose scope names
 * targets none of its verbs can have could never govern a call.
 */
export const VERB_TARGET_KINDS: Readonly<Record<Verb, readonly TargetKind[]>> = {
  delete: ['path', 'database', 'table', 'branch', 'environment', 'event', 'resource'],
  overwrite: ['path'],
  write: ['path'],
  move: ['path'],
  read: ['path'],
  backup: ['path', 'database', 'table'],
  drop: ['database', 'table', 'resource'],
  truncate: ['table'],
  update: ['table', 'database', 'resource'],
  alter: ['table', 'database', 'resource'],
  send: ['recipient'],
  pay: ['account'],
  deploy: ['environment'],
  push: ['branch'],
  'force-push': ['branch'],
  'rewrite-history': ['branch'],
  'discard-changes': ['path'],
  'run-tests': ['environment'],
  commit: ['branch', 'path'],
  'skip-checks': [],
  install: ['package'],
  publish: [],
  execute: ['command'],
  cancel: ['event', 'resource'],
  reschedule: ['event', 'resource'],
  create: ['event', 'resource'],
  unlock: ['device'],
  open: ['device'],
  disable: ['device'],
};

export interface Target {
  readonly kind: TargetKind;
  /**
   * Normalized: absolute POSIX path when the cwd is known (else relative, without `./`); emails and
   * domains lowercased; other names as written.
   */
  readonly value: string;
  /** What an earlier tool result said this id means ("Board review" for evt_7f3a). */
  readonly label?: string;
  /** True when the path target is a glob or a folder given recursively (covers what is inside). */
  readonly recursive?: boolean;
  /** For a table: the database it belongs to, when the call names one. */
  readonly database?: string;
  /** For a command: the wrappers it was run through (`sudo`, `nohup`), which `value` leaves out. */
  readonly wrappers?: readonly string[];
}

export interface ActionAttributes {
  readonly amount?: number;
  readonly currency?: string;
  readonly force?: boolean;
  /** For `backup`: where the copy went. */
  readonly destination?: string;
}

/** Where an action sits among the commands of one call (a shell list). */
export interface ActionStep {
  /** Position among the call's commands, in execution order. */
  readonly order: number;
  /**
   * Commands joined by `&&` share a chain: a later one runs only if the earlier ones succeeded.
   * `;`, `||`, `&` and newlines start a new chain; commands of one pipeline share an order.
   */
  readonly chain: number;
}

export interface Action {
  readonly verb: Verb;
  readonly target?: Target;
  readonly attributes: ActionAttributes;
  /** The exact source of what caused this action: an argument value, or a command inside one. */
  readonly span: Span;
  readonly step: ActionStep;
  /** How the binding knows: a declared effect, built-in tool knowledge, a parser, or inference. */
  readonly basis: 'declared' | 'builtin' | 'shell' | 'sql' | 'inferred';
}

/*
 * Actions are made for every call of a session: they are built field by field, with absent fields
 * left out, because spreading conditional objects (`...(x && { x })`) costs V8 a slow generic copy
 * each time, which over a long session's calls adds up to a large part of a check.
 */

/** An action, with `target` only when it has one. */
export function makeAction(verb: Verb, target: Target | undefined, attributes: ActionAttributes, span: Span, step: ActionStep, basis: Action['basis']): Action {
  return target ? { verb, target, attributes, span, step, basis } : { verb, attributes, span, step, basis };
}

/** Attributes with only the fields given a value, in one order. */
export function attributesOf(amount: number | undefined, currency: string | undefined, force: boolean | undefined, destination: string | undefined): ActionAttributes {
  const attributes: { -readonly [K in keyof ActionAttributes]: ActionAttributes[K] } = {};
  if (amount !== undefined) attributes.amount = amount;
  if (currency !== undefined) attributes.currency = currency;
  if (force !== undefined) attributes.force = force;
  if (destination !== undefined) attributes.destination = destination;
  return attributes;
}
