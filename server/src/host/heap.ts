import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collector: (() => void) | undefined;

/**
 * Makes a full garbage collection of this thread's heap now, through the `gc` function V8 gives a
 * new context while `--expose-gc` is set (as Node's own tests get it), whatever flags Node was
 * started with. For a thread that knows a collection is due where V8 would wait: a check in pieces
 * about to lower the heap's growth, a resident server gone idle with a check's garbage in its heap.
 */
export function collectGarbage(): void {
  if (!collector) {
    setFlagsFromString('--expose-gc');
    collector = runInNewContext('gc') as () => void;
    setFlagsFromString('--no-expose-gc');
  }
  collector();
}
