import type { z } from 'zod';
import type { CaseToolSchema, Operation } from '../../server/src/bench/caseSchema';

/** Helpers for declaring case tools the way a real tool API declares them: JSON Schema parameters. */

export type ToolDeclaration = z.input<typeof CaseToolSchema>;

type Property = Record<string, unknown> & { type: string; description: string };

export const text = (description: string, extra: Record<string, unknown> = {}): Property => ({ type: 'string', description, ...extra });
export const number = (description: string): Property => ({ type: 'number', description });
export const boolean = (description: string): Property => ({ type: 'boolean', description });
export const addresses = (description: string): Property => ({ type: 'array', items: { type: 'string' }, minItems: 1, description });
export const names = (description: string): Property => ({ type: 'array', items: { type: 'string' }, description });

/**
 * A tool: its name, what the agent is told, the operation it performs, and its parameters (those in
 * `required` must be given). `more` adds renames (`arguments`) or declared `effects`.
 */
export function tool(
  name: string,
  description: string,
  operation: Operation,
  properties: Record<string, Property>,
  required: readonly string[] = [],
  more: Pick<ToolDeclaration, 'arguments' | 'effects'> = {},
): ToolDeclaration {
  return {
    name,
    description,
    operation,
    ...more,
    parameters: { type: 'object', properties, ...(required.length > 0 && { required: [...required] }), additionalProperties: false },
  };
}
