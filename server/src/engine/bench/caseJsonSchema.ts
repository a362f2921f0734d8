import { z } from 'zod';
import { CaseSchema } from './caseSchema';

/**
 * The case schema as JSON Schema (what editors validate `*.case.json` and `*.case.yaml` with), and
 * lookups into it by path: which fields an object may have, what each means, which values an enum
 * allows. Validation messages, completions and hovers all read the one schema.
 */

export interface JsonSchemaNode {
  readonly type?: string | readonly string[];
  readonly description?: string;
  readonly properties?: Readonly<Record<string, JsonSchemaNode>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchemaNode;
  readonly items?: JsonSchemaNode;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly anyOf?: readonly JsonSchemaNode[];
  readonly oneOf?: readonly JsonSchemaNode[];
  readonly allOf?: readonly JsonSchemaNode[];
  readonly $ref?: string;
  readonly definitions?: Readonly<Record<string, JsonSchemaNode>>;
}

let generated: JsonSchemaNode | undefined;

/** Draft 7, the dialect VS Code's JSON language service validates with; defaults are optional to write. */
export function caseJsonSchema(): JsonSchemaNode {
  generated ??= z.toJSONSchema(CaseSchema, { target: 'draft-7', io: 'input' }) as JsonSchemaNode;
  return generated;
}

/** A schema with its references followed and its alternatives spread out: the forms a value may take. */
function forms(schema: JsonSchemaNode | undefined, root: JsonSchemaNode, depth = 0): JsonSchemaNode[] {
  if (!schema || depth > 16) return [];
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/definitions\//, '');
    return forms(schema.$ref === '#' ? root : root.definitions?.[name], root, depth + 1).map((form) => (schema.description && !form.description ? { ...form, description: schema.description } : form));
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.flatMap((alternative) => forms(alternative, root, depth + 1));
  if (schema.allOf) {
    const inner = schema.allOf.flatMap((part) => forms(part, root, depth + 1));
    return schema.description ? inner.map((form) => ({ ...form, description: form.description ?? schema.description })) : inner;
  }
  return [schema];
}

/** The forms of the value at `path` in a case (keys and list indices from the top). */
export function schemasAt(path: readonly (string | number)[]): JsonSchemaNode[] {
  const root = caseJsonSchema();
  let current = forms(root, root);
  for (const segment of path) {
    current = current.flatMap((form) => {
      if (typeof segment === 'number') return forms(form.items, root);
      const property = form.properties?.[segment];
      if (property) return forms(property, root);
      return typeof form.additionalProperties === 'object' ? forms(form.additionalProperties, root) : [];
    });
  }
  return current;
}

export interface SchemaField {
  readonly name: string;
  readonly description?: string;
  readonly required: boolean;
}

/** The fields an object at `path` may have, in the schema's order, with what each means. */
export function fieldsAt(path: readonly (string | number)[]): SchemaField[] {
  const fields = new Map<string, SchemaField>();
  for (const form of schemasAt(path)) {
    for (const [name, property] of Object.entries(form.properties ?? {})) {
      if (fields.has(name)) continue;
      const description = property.description ?? forms(property, caseJsonSchema()).find((f) => f.description)?.description;
      fields.set(name, { name, ...(description !== undefined && { description }), required: form.required?.includes(name) ?? false });
    }
  }
  return [...fields.values()];
}

/** What the value at `path` means, when the schema says. */
export function descriptionAt(path: readonly (string | number)[]): string | undefined {
  const parent = path.slice(0, -1);
  const last = path[path.length - 1];
  if (typeof last === 'string') {
    const field = fieldsAt(parent).find((f) => f.name === last);
    if (field?.description) return field.description;
  }
  return schemasAt(path).find((form) => form.description)?.description;
}

/** The values an enum at `path` allows; empty when it is not an enum. */
export function enumValuesAt(path: readonly (string | number)[]): string[] {
  const values = schemasAt(path).flatMap((form) => [...(form.enum ?? []), ...(form.const !== undefined ? [form.const] : [])]);
  return [...new Set(values.filter((v): v is string => typeof v === 'string'))];
}
