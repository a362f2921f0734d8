// Writes schemas/*.json from the zod schemas; test/unit/schemas.test.ts fails when they drift.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { publishedSchemas, serialize } from './schemas';

for (const [name, schema] of Object.entries(publishedSchemas())) {
  writeFileSync(join(__dirname, '..', 'schemas', name), serialize(schema));
  process.stdout.write(`schemas/${name}\n`);
}
