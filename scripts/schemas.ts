import { z } from 'zod';
import { CheckReportSchema } from '../server/src/engine/report';

/** Every JSON Schema the project publishes, generated from its zod schema: file name → schema. */
export function publishedSchemas(): Record<string, unknown> {
  return {
    'check-report.schema.json': {
      $id: 'https://github.com/ghost-lint/ghost-lint/schemas/check-report.schema.json',
      title: 'ghost-lint check report',
      ...z.toJSONSchema(CheckReportSchema, { target: 'draft-2020-12' }),
    },
  };
}

export function serialize(schema: unknown): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
