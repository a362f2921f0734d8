import type { Action, ActionAttributes } from '../actions';
import type { Session, ToolCall, ToolDefinition, ToolResult } from '../session';
import { IdIndex } from './ids';
import { inferActions } from './infer';
import { CallArguments, FIRST_STEP, type SessionFacts, baseToolName, bindBuiltin, parseAmount, targetActions } from './tools';
import type { BindingContext, DeclaredEffect } from './types';

export type { BindingContext, DeclaredEffect } from './types';

/**
 * Binds every call of a session to its actions (SPEC section 5), indexed like `session.calls`. Each call
 * is bound by the first source that knows it: effects declared for the tool (only those, when there are
 * any), then built-in knowledge of the tool, then inference from its name, description and arguments.
 * Ids are explained by the results that came back before the call was issued, never by later ones.
 */
export function bindSession(session: Session, declared: readonly DeclaredEffect[] = []): Action[][] {
  const tools = new Map<string, ToolDefinition>(session.tools.map((tool) => [tool.name, tool]));
  const declaredByTool = new Map<string, DeclaredEffect[]>();
  for (const effect of declared) declaredByTool.set(effect.tool, [...(declaredByTool.get(effect.tool) ?? []), effect]);
  const ids = new IdIndex();
  const existingPaths = new Set<string>();
  const facts: SessionFacts = { text: session.text, existingPaths };
  // Results of earlier calls not yet added to the index: a result counts once its turn precedes the call's.
  let waiting: ToolResult[] = [];

  return session.calls.map((call) => {
    const arrived = waiting.filter((result) => result.turnIndex < call.turnIndex).sort((a, b) => a.turnIndex - b.turnIndex);
    for (const result of arrived) ids.add(result.text);
    waiting = waiting.filter((result) => !arrived.includes(result));

    const context: BindingContext = { cwd: call.cwd ?? session.cwd, tools, declared: declaredByTool, idLabels: ids.labels };
    const actions = bindCall(call, context, facts);

    if (call.result) waiting.push(call.result);
    if (call.status === 'ok') {
      for (const action of actions) {
        const touchesFile = action.verb === 'read' || action.verb === 'write' || action.verb === 'overwrite';
        if (touchesFile && action.target?.kind === 'path' && !action.target.recursive) existingPaths.add(action.target.value);
      }
    }
    return actions;
  });
}

function bindCall(call: ToolCall, context: BindingContext, facts: SessionFacts): Action[] {
  const declared = context.declared.get(call.name) ?? context.declared.get(baseToolName(call.name));
  const args = new CallArguments(call, facts.text);
  if (declared && declared.length > 0) return declared.flatMap((effect) => bindDeclared(effect, args, context));
  return bindBuiltin(args, context, facts) ?? inferActions(args, context);
}

/**
 * A declared effect: one action per value at `targetArgument` (`to[]` gives one per element). With no
 * target argument, or none in this call, the action happens all the same, on no known target.
 */
function bindDeclared(effect: DeclaredEffect, args: CallArguments, context: BindingContext): Action[] {
  const amountValue = effect.amountArgument !== undefined ? args.resolve(effect.amountArgument)[0]?.value : undefined;
  const parsed = parseAmount(amountValue);
  const currency = args.first(['currency'])?.value.trim().toUpperCase() ?? parsed.currency;
  const attributes: ActionAttributes = { ...(parsed.amount !== undefined && { amount: parsed.amount }), ...(currency !== undefined && { currency }) };
  const values = effect.targetArgument !== undefined ? args.resolve(effect.targetArgument).flatMap((found) => args.stringsAt(found.path, found.value)) : [];
  const actions = targetActions({ verbs: [effect.verb], kind: effect.targetKind, values, attributes }, context, 'declared');
  return actions.length > 0 ? actions : [{ verb: effect.verb, attributes, span: args.call.span, step: FIRST_STEP, basis: 'declared' }];
}
