import { z } from 'zod';
import { PolicyFileSchema } from '../server/src/engine/policy';
import { GateRequestSchema, GateResponseSchema } from '../server/src/engine/gateSchema';
import { CheckReportSchema } from '../server/src/engine/report';

/** Every JSON Schema the project publishes, generated from its zod schema: file name → schema. */
export function publishedSchemas(): Record<string, unknown> {
  return {
    'check-report.schema.json': {
      $id: 'https://github.com/ghost-lint/ghost-lint/schemas/check-report.schema.json',
      title: 'ghost-lint check report',
      ...z.toJSONSchema(CheckReportSchema, { target: 'draft-2020-12' }),
    },
    // Draft 7: the JSON Schema version VS Code's JSON language service validates with.
    'policy.schema.json': {
      $id: 'https://github.com/ghost-lint/ghost-lint/schemas/policy.schema.json',
      title: 'ghost-lint workspace policy',
      ...z.toJSONSchema(PolicyFileSchema, { target: 'draft-7', io: 'input' }),
    },
    // ghost-lint gate: what it reads on standard input (defaults optional) and what it writes.
    'gate-request.schema.json': {
      $id: 'https://github.com/ghost-lint/ghost-lint/schemas/gate-request.schema.json',
      title: 'ghost-lint gate request',
      ...z.toJSONSchema(GateRequestSchema, { target: 'draft-2020-12', io: 'input' }),
    },
    'gate-response.schema.json': {
      $id: 'https://github.com/ghost-lint/ghost-lint/schemas/gate-response.schema.json',
      title: 'ghost-lint gate response',
      ...z.toJSONSchema(GateResponseSchema, { target: 'draft-2020-12' }),
    },
  };
}

export function serialize(schema: unknown): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
