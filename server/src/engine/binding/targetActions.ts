import { type Action, type ActionAttributes, type ActionStep, type Target, type TargetKind, type Verb, attributesOf } from '../actions/actions';
import { type LocatedString, wholeSpan } from './callArguments';
import { namedTarget, normalizePath, pathTarget } from './targets';
import type { BindingContext } from './types';

/* From targets to actions: the actions a tool does to the targets its arguments name (SPEC section 5). */

/** Non-shell tools do one thing: the first step of their own chain. */
export const FIRST_STEP: ActionStep = { order: 0, chain: 0 };

export interface TargetRequest {
  readonly verbs: readonly Verb[];
  readonly kind: TargetKind;
  readonly values: readonly LocatedString[];
  readonly recursive?: boolean;
  readonly attributes?: ActionAttributes;
  /** For a copy or move: where it went; also gets a `write`. */
  readonly destination?: LocatedString;
}

/**
 * One action per verb and target value. Recipients written as one "a@x.io, b@y.com" string become one
 * target each; ids that an earlier result explained carry that meaning as their label.
 */
export function targetActions(request: TargetRequest, context: BindingContext, basis: Action['basis']): Action[] {
  const actions: Action[] = [];
  const destination = request.destination && request.destination.value.trim() !== '' ? normalizePath(request.destination.value, context.cwd) : undefined;
  const given = request.attributes;
  const attributes = attributesOf(given?.amount, given?.currency, given?.force, destination ?? given?.destination);
  for (const located of request.values.flatMap((value) => (request.kind === 'recipient' ? splitList(value) : [value]))) {
    if (located.value.trim() === '') continue;
    const target = makeTarget(request.kind, located.value, context, request.recursive);
    for (const verb of request.verbs) actions.push({ verb, target, attributes, span: wholeSpan(located), step: FIRST_STEP, basis });
  }
  if (request.destination && destination !== undefined && actions.length > 0) {
    const target = pathTarget(request.destination.value, context.cwd, request.recursive);
    actions.push({ verb: 'write', target, attributes: {}, span: wholeSpan(request.destination), step: FIRST_STEP, basis });
  }
  return actions;
}

function makeTarget(kind: TargetKind, raw: string, context: BindingContext, recursive = false): Target {
  if (kind === 'path') return pathTarget(raw, context.cwd, recursive);
  return namedTarget(kind, raw, context.idLabels.get(raw.trim()));
}

/** "a@x.io, b@y.com" → two located strings, each with its own span. */
function splitList(located: LocatedString): LocatedString[] {
  const parts: LocatedString[] = [];
  const pattern = /[^,;]+/g;
  for (let match = pattern.exec(located.value); match; match = pattern.exec(located.value)) {
    const lead = match[0].length - match[0].trimStart().length;
    const start = match.index + lead;
    const end = match.index + match[0].trimEnd().length;
    if (end <= start) continue;
    parts.push({ value: located.value.slice(start, end), spanOf: (s, e) => located.spanOf(start + s, start + e) });
  }
  return parts;
}
