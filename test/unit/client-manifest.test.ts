import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { test } from 'node:test';
import { COMMANDS, VIEWS, VIEW_ONLY_COMMANDS } from '../../client/src/commandIds';
import { TRANSCRIPT_LANGUAGES } from '../../client/src/transcriptLanguages';
import { configurationContribution } from '../../scripts/manifest';
import { RULES, ruleDocPath } from '../../shared/rules';
import { REPO_ROOT } from '../support/shared';

interface Manifest {
  icon: string;
  main: string;
  activationEvents: string[];
  contributes: {
    configuration: unknown;
    commands: { command: string }[];
    menus: { commandPalette: { command: string; when: string }[] };
    views: Record<string, { id: string }[]>;
    viewsContainers: { activitybar: { id: string; icon: string }[] };
  };
}

const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as Manifest;

test('contributes.configuration is the one generated from the zod settings schema (run `npm run gen:manifest`)', () => {
  assert.deepEqual(manifest.contributes.configuration, configurationContribution());
});

test("the extension's documentation (docs/editor.md) documents every setting", () => {
  const documentation = readFileSync(join(REPO_ROOT, 'docs', 'editor.md'), 'utf8');
  for (const setting of Object.keys(configurationContribution().properties)) assert.ok(documentation.includes(`\`${setting}\``), setting);
});

test("every rule in the README's table links to its page", () => {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  for (const rule of RULES) assert.ok(readme.includes(`| [\`${rule.id}\`](${ruleDocPath(rule.id)}) | ${rule.level} |`), rule.id);
});

test('package.json declares exactly the commands the extension registers, and hides the ones that need a view', () => {
  assert.deepEqual(manifest.contributes.commands.map((c) => c.command).sort(), Object.values(COMMANDS).sort());
  assert.deepEqual(
    manifest.contributes.menus.commandPalette.filter((m) => m.when === 'false').map((m) => m.command).sort(),
    [...VIEW_ONLY_COMMANDS].sort(),
  );
});

test('the views live in their own container, with an icon that ships', () => {
  assert.deepEqual(Object.keys(manifest.contributes.views), [VIEWS.container]);
  assert.deepEqual(manifest.contributes.views[VIEWS.container]?.map((v) => v.id), [VIEWS.sessions, VIEWS.constraints]);
  const icon = manifest.contributes.viewsContainers.activitybar[0]?.icon ?? '';
  assert.ok(existsSync(join(REPO_ROOT, icon)), icon);
});

test('no JSON Schema is contributed for policy or case files: the language server reports each of their problems once', () => {
  const contributed = manifest.contributes as Record<string, unknown>;
  assert.equal(contributed.jsonValidation, undefined);
  assert.equal(contributed.yamlValidation, undefined);
});

test('the extension activates on every language it hands the server, since transcripts are recognised by content', () => {
  for (const language of TRANSCRIPT_LANGUAGES) assert.ok(manifest.activationEvents.includes(`onLanguage:${language}`), language);
});

/** The files `vsce package` puts in the .vsix (by .vscodeignore). */
async function vsixFiles(): Promise<string[]> {
  const { listFiles, PackageManager } = await import('@vscode/vsce');
  return (await listFiles({ cwd: REPO_ROOT, packageManager: PackageManager.None })).sort();
}

/** The files `npm pack` puts in the npm package (by .npmignore). */
function npmFiles(): string[] {
  const run = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: REPO_ROOT, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const [pack] = JSON.parse(run.stdout) as { files: { path: string }[] }[];
  return (pack?.files ?? []).map((f) => f.path).sort();
}

test('the .vsix and the npm package ship every bundle the build makes (the CLI loads several from beside it), the same files, and no source map', async () => {
  const vsix = await vsixFiles();
  const bundles = readdirSync(join(REPO_ROOT, 'dist'), { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(sep).join('/'))
    .filter((file) => file.endsWith('.js') || file.endsWith('.wasm'))
    .map((file) => `dist/${file}`);
  const icons = [manifest.icon, manifest.contributes.viewsContainers.activitybar[0]?.icon ?? ''];
  const schemas = readdirSync(join(REPO_ROOT, 'schemas')).map((file) => `schemas/${file}`);
  const ruleDocs = RULES.map((r) => ruleDocPath(r.id));
  for (const file of [manifest.main.replace(/^\.\//, ''), 'dist/server.js', 'dist/cli.js', ...bundles, ...icons, ...schemas, ...ruleDocs, 'README.md', 'LICENSE', 'CHANGELOG.md']) assert.ok(vsix.includes(file), file);
  assert.deepEqual(
    vsix.filter((f) => !/^(dist|schemas|syntaxes|images|docs\/rules)\/|^(package\.json|README\.md|CHANGELOG\.md|LICENSE)$/.test(f) || f.endsWith('.map')),
    [],
    'nothing else: no sources, tests, examples, screenshots, other documentation or source maps',
  );
  assert.deepEqual(npmFiles(), vsix);
  const png = readFileSync(join(REPO_ROOT, manifest.icon));
  assert.deepEqual([...png.subarray(1, 4)], [...Buffer.from('PNG')]);
});
