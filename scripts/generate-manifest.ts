// Writes package.json's contributes.configuration from the zod settings schema in client/src/settingsSchema.ts, and its
// jsonValidation/yamlValidation from the policy and case file names (see scripts/manifest.ts);
// test/unit/client-manifest.test.ts fails when they drift.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configurationContribution, schemaContributions } from './manifest';

const path = join(__dirname, '..', 'package.json');
const manifest = JSON.parse(readFileSync(path, 'utf8')) as { contributes: Record<string, unknown> };
manifest.contributes.configuration = configurationContribution();
Object.assign(manifest.contributes, schemaContributions());
writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
process.stdout.write('package.json: contributes.configuration, jsonValidation, yamlValidation\n');
