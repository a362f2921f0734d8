import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../server/src/engine/text';

/*
 * A results file of the shape tau-bench writes (a list of runs, each with its task, reward and
 * trajectory), for measuring `check` where real evaluation corpora spend their time: one long
 * policy repeated as the system prompt of every run, and customer service conversations with tool
 * calls. The policy is tau-bench's airline policy as the corpus records it (MIT, sierra-research/
 * tau-bench); the conversations are written here, varied by run.
 */

const POLICY_DOC = 'tau-bench-airline-policy';

/** The airline policy, its sentences joined as the document writes them: headings and bullets on their own lines. */
export function airlinePolicy(): string {
  const lines = readFileSync(join(__dirname, '..', 'test', 'corpus', 'sources', 'policies.jsonl'), 'utf8').split('\n');
  const sentences = lines.filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as { source: { doc?: string }; text: string });
  return sentences
    .filter((entry) => entry.source.doc === POLICY_DOC)
    .map((entry) => entry.text)
    .join('\n\n');
}

const FIRST_NAMES = ['Anya', 'Omar', 'Mei', 'Lucas', 'Ivy', 'Raj', 'Sofia', 'Noah', 'Yara', 'Emil'];
const LAST_NAMES = ['Garcia', 'Khan', 'Chen', 'Silva', 'Brooks', 'Patel', 'Rossi', 'Kim', 'Haddad', 'Larsen'];
const AIRPORTS = ['JFK', 'SFO', 'MCO', 'ORD', 'SEA', 'ATL', 'DEN', 'LAX', 'BOS', 'MIA'];

interface Step {
  readonly user?: string;
  readonly agent?: string;
  readonly call?: { readonly name: string; readonly args: Record<string, unknown>; readonly result: unknown };
}

/** One conversation: a customer's request, the agent looking things up, proposing, and acting on a yes (or not). */
function conversation(run: number, next: () => number): Step[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const user = `${pick(FIRST_NAMES).toLowerCase()}_${pick(LAST_NAMES).toLowerCase()}_${1000 + run}`;
  const reservation = `R${(run * 7919).toString(36).toUpperCase().padStart(5, '0')}`.slice(0, 6);
  const [origin, destination] = [pick(AIRPORTS), pick(AIRPORTS)];
  const details = { reservation_id: reservation, user_id: user, origin, destination, flight_type: 'round_trip', cabin: 'economy', flights: [{ origin, destination, flight_number: `HAT${100 + (run % 300)}`, date: '2024-05-20', price: 180 + (run % 90) }], passengers: [{ first_name: 'A', last_name: 'B', dob: '1990-01-01' }], payment_history: [{ payment_id: `credit_card_${run}`, amount: 420 }], created_at: '2024-05-14T09:00:00', total_baggages: 1, nonfree_baggages: 0, insurance: 'no' };
  const steps: Step[] = [
    { user: `Hi, I'd like some help with my reservation ${reservation}. I want to change a few things about my trip from ${origin} to ${destination}.` },
    { agent: 'Sure, I can help with that. Could you please provide your user ID so I can look up your reservation?' },
    { user: `My user ID is ${user}. I'll stay on the line while you check, thanks.` },
    { call: { name: 'get_user_details', args: { user_id: user }, result: { name: { first_name: 'A', last_name: 'B' }, email: `${user}@example.com`, membership: pick(['regular', 'silver', 'gold']), reservations: [reservation] } } },
    { call: { name: 'get_reservation_details', args: { reservation_id: reservation }, result: details } },
  ];
  const kind = run % 4;
  if (kind === 0) {
    steps.push(
      { agent: `Here are the details of the change: reservation ${reservation}, move the flight to economy on 2024-05-22, price difference $35 charged to credit_card_${run}. Do you confirm (yes) to proceed?` },
      { user: 'Yes, please go ahead.' },
      { call: { name: 'update_reservation_flights', args: { reservation_id: reservation, cabin: 'economy', flights: [{ flight_number: `HAT${101 + (run % 300)}`, date: '2024-05-22' }], payment_id: `credit_card_${run}` }, result: { ...details, cabin: 'economy' } } },
    );
  } else if (kind === 1) {
    steps.push(
      { user: 'Actually, please just cancel it, I booked it by mistake. Please don\'t transfer me to anyone else.' },
      { call: { name: 'cancel_reservation', args: { reservation_id: reservation }, result: { ...details, status: 'cancelled' } } },
    );
  } else if (kind === 2) {
    steps.push(
      { agent: `I can add one checked bag to reservation ${reservation} for $50, paid with credit_card_${run}. Shall I proceed?` },
      { user: 'Yes.' },
      { call: { name: 'update_reservation_baggages', args: { reservation_id: reservation, total_baggages: 2, nonfree_baggages: 1, payment_id: `credit_card_${run}` }, result: { ...details, total_baggages: 2 } } },
    );
  } else {
    steps.push(
      { user: 'MMS messages won\'t send from the app, so please email me the confirmation instead.' },
      { call: { name: 'book_reservation', args: { user_id: user, origin, destination, flight_type: 'one_way', cabin: 'business', flights: [{ flight_number: `HAT${102 + (run % 300)}`, date: '2024-05-25' }], passengers: [{ first_name: 'A', last_name: 'B', dob: '1990-01-01' }], payment_methods: [{ payment_id: `credit_card_${run}`, amount: 640 }], total_baggages: 0, nonfree_baggages: 0, insurance: 'no' }, result: { ...details, reservation_id: `${reservation}X` } } },
    );
  }
  steps.push({ agent: 'Done. Is there anything else I can help you with?' }, { user: 'No, that is all. Thank you!###STOP###' });
  return steps;
}

/** `runs` runs in tau-bench's results format, as one JSON text. */
export function tauShapedResults(runs: number, seed = 1): string {
  const next = seededRandom(seed);
  const policy = airlinePolicy();
  const results = Array.from({ length: runs }, (_, run) => {
    const traj: unknown[] = [{ role: 'system', content: policy }];
    let callNumber = 0;
    for (const step of conversation(run, next)) {
      if (step.user !== undefined) traj.push({ role: 'user', content: step.user });
      if (step.agent !== undefined) traj.push({ role: 'assistant', content: step.agent });
      if (step.call) {
        const id = `call_${run}_${callNumber++}`;
        traj.push({ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: step.call.name, arguments: JSON.stringify(step.call.args) } }] });
        traj.push({ role: 'tool', tool_call_id: id, name: step.call.name, content: JSON.stringify(step.call.result) });
      }
    }
    return { task_id: run, reward: run % 3 === 0 ? 0 : 1, info: { task: { user_id: `user_${run}`, instruction: 'Change the reservation as the customer asks.', actions: [] }, source: 'user' }, traj };
  });
  return JSON.stringify(results, null, 2);
}
