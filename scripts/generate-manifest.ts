// Writes package.json's contributes.configuration from the zod settings schema in client/src/settingsSchema.ts (see
// scripts/manifest.ts); test/unit/client-manifest.test.ts fails when they drift. No JSON Schema is contributed for
// policy or case files: the language server checks them, once per problem, with completions and hovers from the schema.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configurationContribution } from './manifest';

const path = join(__dirname, '..', 'package.json');
const manifest = JSON.parse(readFileSync(path, 'utf8')) as { contributes: Record<string, unknown> };
manifest.contributes.configuration = configurationContribution();
writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
process.stdout.write('package.json: contributes.configuration\n');
