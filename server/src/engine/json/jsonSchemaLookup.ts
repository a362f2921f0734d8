/**
 * Lookups by path into a JSON Schema generated from one of our zod schemas (a case, a policy): which
 * fields an object may have, what each means, which values an enum allows. An editor's completions
 * and hovers, and validation messages, read the one schema through these.
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

export interface SchemaField {
  readonly name: string;
  readonly description?: string;
  readonly required: boolean;
}

export type SchemaPath = readonly (string | number)[];

export class JsonSchemaLookup {
  constructor(readonly root: JsonSchemaNode) {}

  /** A schema with its references followed and its alternatives spread out: the forms a value may take. */
  private forms(schema: JsonSchemaNode | undefined, depth = 0): JsonSchemaNode[] {
    if (!schema || depth > 16) return [];
    if (schema.$ref) {
      const name = schema.$ref.replace(/^#\/definitions\//, '');
      return this.forms(schema.$ref === '#' ? this.root : this.root.definitions?.[name], depth + 1).map((form) => (schema.description && !form.description ? { ...form, description: schema.description } : form));
    }
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives) return alternatives.flatMap((alternative) => this.forms(alternative, depth + 1));
    if (schema.allOf) {
      const inner = schema.allOf.flatMap((part) => this.forms(part, depth + 1));
      return schema.description ? inner.map((form) => ({ ...form, description: form.description ?? schema.description })) : inner;
    }
    return [schema];
  }

  /** The forms of the value at `path` (keys and list indices from the top). */
  schemasAt(path: SchemaPath): JsonSchemaNode[] {
    let current = this.forms(this.root);
    for (const segment of path) {
      current = current.flatMap((form) => {
        if (typeof segment === 'number') return this.forms(form.items);
        const property = form.properties?.[segment];
        if (property) return this.forms(property);
        return typeof form.additionalProperties === 'object' ? this.forms(form.additionalProperties) : [];
      });
    }
    return current;
  }

  /** The fields an object at `path` may have, in the schema's order, with what each means. */
  fieldsAt(path: SchemaPath): SchemaField[] {
    const fields = new Map<string, SchemaField>();
    for (const form of this.schemasAt(path)) {
      for (const [name, property] of Object.entries(form.properties ?? {})) {
        if (fields.has(name)) continue;
        const description = property.description ?? this.forms(property).find((f) => f.description)?.description;
        fields.set(name, { name, ...(description !== undefined && { description }), required: form.required?.includes(name) ?? false });
      }
    }
    return [...fields.values()];
  }

  /** What the value at `path` means, when the schema says. */
  descriptionAt(path: SchemaPath): string | undefined {
    const parent = path.slice(0, -1);
    const last = path[path.length - 1];
    if (typeof last === 'string') {
      const field = this.fieldsAt(parent).find((f) => f.name === last);
      if (field?.description) return field.description;
    }
    return this.schemasAt(path).find((form) => form.description)?.description;
  }

  /** The values an enum at `path` allows; empty when it is not an enum. */
  enumValuesAt(path: SchemaPath): string[] {
    const values = this.schemasAt(path).flatMap((form) => [...(form.enum ?? []), ...(form.const !== undefined ? [form.const] : [])]);
    return [...new Set(values.filter((v): v is string => typeof v === 'string'))];
  }
}
