import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { publishedSchemas, serialize } from '../../scripts/schemas';
import { REPO_ROOT } from '../support/shared';

test('published JSON Schemas match their zod source (run `npm run gen:schemas` after a change)', () => {
  for (const [name, schema] of Object.entries(publishedSchemas())) {
    const committed = readFileSync(join(REPO_ROOT, 'schemas', name), 'utf8');
    assert.equal(committed, serialize(schema), `schemas/${name} drifted from its zod schema`);
  }
});
