import { fnv1a32Hex } from '../text/hash';

// The audit state's sets of hashes (its lines' keys and calls' ids), as sorted runs of 8 hex digits: looked up without being parsed.

export function hasHash(set: string, hash: string): boolean {
  const at = hashPosition(set, hash) * 8;
  return set.slice(at, at + 8) === hash;
}

/** Position of the first entry not below `hash`. */
function hashPosition(set: string, hash: string): number {
  let low = 0;
  let high = set.length / 8;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (set.slice(mid * 8, mid * 8 + 8) < hash) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The set with the hashes of `texts` added: a few at a time, so the set is cut at their places rather than rebuilt. */
export function withHashes(set: string, texts: readonly string[]): string {
  const added = [...new Set(texts.map(fnv1a32Hex))].filter((hash) => !hasHash(set, hash)).sort();
  if (added.length === 0) return set;
  const parts: string[] = [];
  let from = 0;
  for (const hash of added) {
    const at = hashPosition(set, hash) * 8;
    parts.push(set.slice(from, at), hash);
    from = at;
  }
  parts.push(set.slice(from));
  return parts.join('');
}
