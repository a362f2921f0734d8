import * as z from 'zod/mini';
import { SETTINGS, SETTINGS_SECTION } from '../client/src/settingsSchema';

/** `contributes.configuration` for package.json: each setting's JSON Schema, generated from its zod schema. */
export function configurationContribution(): { title: string; properties: Record<string, unknown> } {
  const properties: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(SETTINGS)) {
    const { $schema: _dialect, ...property } = z.toJSONSchema(schema, { target: 'draft-7', io: 'input' });
    properties[`${SETTINGS_SECTION}.${key}`] = property;
  }
  return { title: 'ghost-lint', properties };
}
