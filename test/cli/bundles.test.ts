import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type Compromise from 'compromise/two';
import { CORPUS } from '../fixtures/extraction-corpus';
import { REPO_ROOT } from '../support/shared';

const DIST = join(REPO_ROOT, 'dist');

/** The vendored libraries each bundle loads on first use (scripts/build.mjs's VENDOR), rather than carrying their source. */
const LOADED_ON_FIRST_USE: Readonly<Record<string, readonly string[]>> = {
  'commands.js': ['mvdan-sh', 'sql-postgresql', 'sql-mysql', 'compromise', 'yaml', 'fflate', 'fzstd', 'tiktoken', 'tiktoken-o200k'],
  'server.js': ['mvdan-sh', 'sql-postgresql', 'sql-mysql', 'compromise', 'yaml', 'fflate', 'fzstd', 'tiktoken', 'tiktoken-o200k'],
  'hook-judge.js': ['mvdan-sh', 'sql-postgresql', 'sql-mysql', 'yaml'],
  'hook-judge-extraction.js': ['compromise'],
};

test('the CLI, the language server and the guard require the large libraries from dist/vendor instead of carrying them', () => {
  for (const [bundle, libraries] of Object.entries(LOADED_ON_FIRST_USE)) {
    const source = readFileSync(join(DIST, bundle), 'utf8');
    for (const library of libraries) assert.ok(source.includes(`require("./vendor/${library}.js")`), `${bundle} should load ${library} from dist/vendor`);
  }
  // The largest of them, the tokenizer's ranks (2.3 MB), is in no bundle V8 compiles at every start.
  const ranksMarker = readFileSync(join(DIST, 'vendor', 'tiktoken-o200k.js'), 'utf8').slice(-1200, -1000);
  for (const bundle of Object.keys(LOADED_ON_FIRST_USE)) assert.ok(!readFileSync(join(DIST, bundle), 'utf8').includes(ranksMarker), `${bundle} carries the tokenizer's ranks`);
});

test('every vendored library loads on its own and gives what the engine uses', () => {
  const vendor = (name: string): Record<string, unknown> => require(join(DIST, 'vendor', `${name}.js`)) as Record<string, unknown>;
  assert.deepEqual(readdirSync(join(DIST, 'vendor')).sort(), [...LOADED_ON_FIRST_USE['commands.js']!].map((name) => `${name}.js`).sort());
  const { Tiktoken } = vendor('tiktoken') as { Tiktoken: new (ranks: unknown) => { encode(text: string, allowed: [], disallowed: []): number[] } };
  const ranks = vendor('tiktoken-o200k');
  assert.equal(new Tiktoken('default' in ranks ? ranks.default : ranks).encode('back up temp/ first', [], []).length > 0, true);
  assert.equal(typeof vendor('compromise'), 'function');
  assert.equal(typeof (vendor('yaml') as { parse?: unknown }).parse, 'function');
  assert.equal(typeof (vendor('fflate') as { unzipSync?: unknown }).unzipSync, 'function');
  assert.equal(typeof (vendor('fzstd') as { decompress?: unknown }).decompress, 'function');
  assert.equal(typeof (vendor('mvdan-sh') as { syntax?: unknown }).syntax, 'object');
  for (const sql of ['sql-postgresql', 'sql-mysql']) assert.equal(typeof (vendor(sql) as { Parser?: unknown }).Parser, 'function');
});

test('the vendored tagger, its word model computed at build time, has the model compromise builds and tags every sentence as it does', () => {
  type Nlp = typeof Compromise;
  const built = require(join(DIST, 'vendor', 'compromise.js')) as Nlp;
  const stock = require('compromise/two') as Nlp;
  assert.notEqual(built, stock, 'the test compares the built tagger with itself');
  const model = (nlp: Nlp) => (nlp.world() as { model: unknown }).model;
  assert.deepStrictEqual(model(built), model(stock));
  // Each term's id ends in a random part: the rest of what the tagger read is compared.
  const read = (view: ReturnType<Nlp>) => JSON.stringify(view.json({ offset: true, terms: { tags: true } }), (key, value: unknown) => (key === 'id' ? undefined : value));
  for (const { say } of CORPUS) {
    assert.equal(read(built(say)), read(stock(say)), say);
    assert.equal(read(built.tokenize(say)), read(stock.tokenize(say)), say);
  }
});

test("the guard's bundles carry no schema library: extraction's index, a face for the model compiler too, lends the guard only what it runs", () => {
  // zod's error class names itself in every build of it.
  for (const bundle of ['launcher.js', 'hook-judge.js', 'hook-judge-extraction.js', 'hook-judge-parse.js']) assert.ok(!readFileSync(join(DIST, bundle), 'utf8').includes('ZodError'), `${bundle} carries zod`);
  assert.ok(readFileSync(join(DIST, 'commands.js'), 'utf8').includes('ZodError'), 'the marker no longer finds zod');
  assert.equal(typeof (require(join(DIST, 'hook-judge-extraction.js')) as { extractConstraints?: unknown }).extractConstraints, 'function');
});
