import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { z } from 'zod';
import * as bench from '../../shared/bench';
import type { ModelEndpoint } from '../../shared/protocol';
import type { BenchReport as EngineBenchReport } from '../../server/src/bench/report';
import type { EndpointSettingsSchema } from '../../server/src/model/settings';
import { REPO_ROOT } from '../support/shared';

/*
 * The protocol the client imports is plain types, written apart from the engine's zod schemas; these
 * checks fail to compile (npm test type-checks first) when the two drift apart.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const benchReportsAgree: Same<bench.BenchReport, EngineBenchReport> = true;
const endpointFits: [ModelEndpoint] extends [z.input<typeof EndpointSettingsSchema>] ? true : false = true;

test("the shared benchmark report is the engine's, and an endpoint the editor sends is one the server accepts", () => {
  assert.equal(benchReportsAgree, true);
  assert.equal(endpointFits, true);
});

test('the published report schema lists the shared conditions, outcomes and defences', () => {
  const schema = readFileSync(join(REPO_ROOT, 'schemas', 'bench-report.schema.json'), 'utf8');
  for (const word of [...bench.CONDITIONS, ...bench.OUTCOMES, ...bench.DEFENCES]) assert.match(schema, new RegExp(`"${word}"`));
});
