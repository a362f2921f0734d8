import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { readable } from '../../server/src/engine/extraction/normalize';

const ROOT = join(__dirname, '..', '..');

test('the typo guards checked in are what the lexicon and WordNet give now', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'distill-wordnet.ts'), '--check'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
});

test('a word one edit from exactly one rule word is that word; a real word of its own, or a tie, is left as written', () => {
  const read = (text: string) => readable(text).text;
  assert.equal(read('never delte it'), 'never delete it');
  assert.equal(read('Nevr puhs to main'), 'Never push to main');
  assert.equal(read('dont overwirte config.yaml'), "don't overwrite config.yaml");
  assert.equal(read('force-psuh to main'), 'force-push to main');
  // Real words near rule words stay as they are.
  assert.equal(read('sever the fever'), 'sever the fever');
  // Nor do a verb's forms with the consonant doubled, an adjective's degrees, a verb's doer, or software's words.
  assert.equal(read('Committing and forbidding'), 'Committing and forbidding');
  assert.equal(read('use the newer Installer for stats in utils'), 'use the newer Installer for stats in utils');
  // Paths and names are not words to correct.
  assert.equal(read('delte data/delte.csv'), 'delete data/delte.csv');
});
