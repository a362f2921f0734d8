import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bm25Scores, terms } from '../../server/src/bench/baselines';

test('terms: lowercased words of two characters or more, digits kept', () => {
  assert.deepEqual(terms('Delete temp/experiment_data.csv before Q3, OK?'), ['delete', 'temp', 'experiment_data', 'csv', 'before', 'q3', 'ok']);
});

test('BM25 ranks a turn by the rare words it shares with the request, discounts long turns, and scores a turn sharing nothing 0', () => {
  const documents = [
    terms('the weather today is mild and the garden is green'),
    terms('please back up temp before you delete anything there'),
    terms('the garden is green and the weather is mild, the garden is large and the weather is kind and the garden is old'),
    terms('delete the draft'),
  ];
  const scores = bm25Scores(documents, terms('delete the experiment data in temp'));
  // "temp" occurs in one turn only, "delete" in two, "the" in most: the backup rule ranks first.
  assert.ok((scores[1] ?? 0) > (scores[3] ?? 0), JSON.stringify(scores));
  assert.ok((scores[3] ?? 0) > (scores[0] ?? 0), JSON.stringify(scores));
  // A word repeated counts for more, but saturates and is discounted by length: six "the" in a long turn score more than one, far less than six times as much.
  const garden = bm25Scores([terms('the garden'), terms('the garden the weather the kind the old the large the mild')], terms('the'));
  assert.ok((garden[0] ?? 0) > 0 && (garden[1] ?? 0) > (garden[0] ?? 0) && (garden[1] ?? 0) < 5 * (garden[0] ?? 0), JSON.stringify(garden));
  assert.deepEqual(bm25Scores([terms('nothing shared')], terms('delete temp')), [0]);
});
