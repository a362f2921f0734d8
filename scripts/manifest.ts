import * as z from 'zod/mini';
import { SETTINGS, SETTINGS_SECTION } from '../client/src/settingsSchema';
import { POLICY_FILE_NAMES } from '../server/src/engine/policyFiles';

/** `contributes.configuration` for package.json: each setting's JSON Schema, generated from its zod schema. */
export function configurationContribution(): { title: string; properties: Record<string, unknown> } {
  const properties: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(SETTINGS)) {
    const { $schema: _dialect, ...property } = z.toJSONSchema(schema, { target: 'draft-7', io: 'input' });
    properties[`${SETTINGS_SECTION}.${key}`] = property;
  }
  return { title: 'ghost-lint', properties };
}

interface SchemaAssociation {
  readonly fileMatch: string[];
  readonly url: string;
}

/**
 * `contributes.jsonValidation` and `yamlValidation`: policy files, with the schema generated from its
 * zod schema (schemas/). Case files get none: the language server reports each of their schema
 * problems itself, at the severity `bench` gives it, with completions and hovers from the same
 * schema; the editor's JSON Schema check would report every problem a second time.
 */
export function schemaContributions(): { jsonValidation: SchemaAssociation[]; yamlValidation: SchemaAssociation[] } {
  const policy = './schemas/policy.schema.json';
  return {
    jsonValidation: [{ fileMatch: POLICY_FILE_NAMES.filter((name) => name.endsWith('.json')), url: policy }],
    yamlValidation: [{ fileMatch: POLICY_FILE_NAMES.filter((name) => !name.endsWith('.json')), url: policy }],
  };
}
