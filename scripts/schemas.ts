import { z } from 'zod';
import { caseJsonSchema } from '../server/src/bench/caseJsonSchema';
import { BenchReportSchema } from '../server/src/bench/report';
import { policySchemaLookup } from '../server/src/engine/ledger';
import { CheckReportSchema, GateRequestSchema, GateResponseSchema } from '../server/src/engine/report';
import { ModelCheckReportSchema } from '../server/src/model/checkReport';

/** Every JSON Schema the project publishes, generated from its zod schema: file name → schema. */
export function publishedSchemas(): Record<string, unknown> {
  return {
    'check-report.schema.json': {
      $id: 'https://github.com/ghost-lint/ghost-lint/schemas/check-report.schema.json',
      title: 'ghost-lint check report',
      ...z.toJSONSchema(CheckReportSchema, { target: 'draft-2020-12' }),
    },
    // ghost-lint check --model --format json: the check report with what the model proposed.
    'check-model-report.schema.json': {
      $id: 'https://github.com/ghost-lint/ghost-lint/schemas/check-model-report.schema.json',
      title: 'ghost-lint check --model report',
      ...z.toJSONSchema(ModelCheckReportSchema, { target: 'draft-2020-12' }),
    },
    // Draft 7, the same schema the language server's completions and hovers in policy files read.
    'policy.schema.json': {
      $id: 'https://github.com/ghost-lint/ghost-lint/schemas/policy.schema.json',
      title: 'ghost-lint workspace policy',
      ...policySchemaLookup().root,
    },
    // Benchmark case files (*.case.json, *.case.yaml): the same draft-7 schema the language server's completions and hovers read.
    'case.schema.json': {
      $id: 'https://github.com/ghost-lint/ghost-lint/schemas/case.schema.json',
      title: 'ghost-lint benchmark case',
      ...caseJsonSchema(),
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
    // ghost-lint bench --format json.
    'bench-report.schema.json': {
      $id: 'https://github.com/ghost-lint/ghost-lint/schemas/bench-report.schema.json',
      title: 'ghost-lint bench report',
      ...z.toJSONSchema(BenchReportSchema, { target: 'draft-2020-12' }),
    },
  };
}

export function serialize(schema: unknown): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
