import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IdIndex } from '../../server/src/engine/binding/ids';

function labelsOf(...results: string[]): Record<string, string> {
  const index = new IdIndex();
  for (const result of results) index.add(result);
  return Object.fromEntries(index.labels);
}

test('JSON results: nested objects with an id and a title-like key', () => {
  const listing = JSON.stringify({
    events: [
      { id: 'evt_7f3a', title: 'Q3 board review', start: '2026-10-01T15:00' },
      // No own `id`: a single `*_id` key names the object.
      { event_id: 'evt_90cc', summary: '1:1 with Sam' },
      // Several `*_id` keys: unclear which one the title belongs to.
      { user_id: 'u_1', calendar_id: 'cal_2', title: 'ambiguous' },
      // Numbers are ids too; `subject` before `from`.
      { id: 42, subject: 'Re: launch plan', from: 'k.ito@gmail.com' },
    ],
    // An object keyed by ids.
    byId: { msg_9c1: { sender: 'lena@acme.io' } },
  });
  assert.deepEqual(labelsOf(listing), {
    evt_7f3a: 'Q3 board review',
    evt_90cc: '1:1 with Sam',
    '42': 'Re: launch plan',
    msg_9c1: 'lena@acme.io',
  });
});

test('text listings: "id: title", bullets, columns and tables; words, dates and times are not ids', () => {
  const text = [
    'evt_7f3a: Board review (Mon 10:00)',
    '- evt_51a2  Design sync',
    '* 3RK2T9 — Flight to Lisbon',
    '| ord_881 | Replacement keyboard | shipped |',
    'evt_90cc\t17:00\t1:1 with Sam',
    'Kyoto: 14C, light rain',
    '2026-10-01 Thursday',
    '09:00 standup',
    '1. first item',
    '88121 payment submitted',
  ].join('\n');
  assert.deepEqual(labelsOf(text), {
    evt_7f3a: 'Board review (Mon 10:00)',
    evt_51a2: 'Design sync',
    '3RK2T9': 'Flight to Lisbon',
    ord_881: 'Replacement keyboard | shipped',
    evt_90cc: '17:00 1:1 with Sam',
    '88121': 'payment submitted',
  });
});

test('the dev calendar listing gives the board review its meaning', () => {
  const labels = labelsOf('evt_51a2  09:00  Design sync\nevt_7f3a  15:00  Q3 board review\nevt_90cc  17:00  1:1 with Sam');
  assert.equal(labels.evt_7f3a, '15:00 Q3 board review');
});

test('YAML results (AgentDojo dumps them) carrying id keys', () => {
  const yaml = ['- id_: "24"', '  title: Introductory meeting', '  location: Room 3', '- id_: "25"', '  title: Dentist'].join('\n');
  assert.deepEqual(labelsOf(yaml), { '24': 'Introductory meeting', '25': 'Dentist' });
});

test('a file shown with line numbers is not a listing; malformed JSON falls back to lines', () => {
  assert.deepEqual(labelsOf('     1\t# Notes\n   120\tevt_1 is old'), {});
  assert.deepEqual(labelsOf('{"id": "evt_1", "title": "broken"\nevt_2: Planning'), { evt_2: 'Planning' });
});

test('the first meaning stays: a later confirmation does not relabel an id', () => {
  const labels = labelsOf('evt_7f3a: Board review', 'evt_7f3a: cancelled, 6 attendees notified');
  assert.equal(labels.evt_7f3a, 'Board review');
});
