import { z } from 'zod';
import { type JsonSchemaNode, JsonSchemaLookup, type SchemaField, type SchemaPath } from '../engine/json';
import { CaseSchema } from './caseSchema';

export type { JsonSchemaNode, SchemaField };

/**
 * The case schema as JSON Schema (what `schemas/case.schema.json` publishes), and lookups into it by
 * path: validation messages, completions and hovers all read the one schema.
 */
let lookup: JsonSchemaLookup | undefined;

const caseLookup = (): JsonSchemaLookup => {
  // Draft 7, the dialect VS Code's JSON language service validates with; defaults are optional to write.
  lookup ??= new JsonSchemaLookup(z.toJSONSchema(CaseSchema, { target: 'draft-7', io: 'input' }) as JsonSchemaNode);
  return lookup;
};

export function caseJsonSchema(): JsonSchemaNode {
  return caseLookup().root;
}

/** The forms of the value at `path` in a case (keys and list indices from the top). */
export const schemasAt = (path: SchemaPath): JsonSchemaNode[] => caseLookup().schemasAt(path);

/** The fields an object at `path` may have, in the schema's order, with what each means. */
export const fieldsAt = (path: SchemaPath): SchemaField[] => caseLookup().fieldsAt(path);

/** What the value at `path` means, when the schema says. */
export const descriptionAt = (path: SchemaPath): string | undefined => caseLookup().descriptionAt(path);

/** The values an enum at `path` allows; empty when it is not an enum. */
export const enumValuesAt = (path: SchemaPath): string[] => caseLookup().enumValuesAt(path);
