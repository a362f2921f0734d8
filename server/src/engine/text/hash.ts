/*
 * The non-cryptographic hashes, written once: FNV-1a over text for stable ids, fingerprints and seeds
 * that must come out the same on every run and machine, cyrb53 over bytes for the live guard's file
 * fingerprints, and sets of such hashes kept as sorted runs of hex digits. Each in the variants
 * callers rely on (a change of variant would change every id, fingerprint, seeded run and cache
 * record already written).
 */

const OFFSET_BASIS_32 = 0x811c9dc5;
const PRIME_32 = 0x01000193;
const OFFSET_BASIS_64 = 0xcbf29ce484222325n;
const PRIME_64 = 0x100000001b3n;
const MASK_64 = 0xffffffffffffffffn;

/** The 32-bit offset basis mixed with `seed`, so one text hashes differently per seed (a bench seed, a round). */
export function seededBasis(seed: number): number {
  return (OFFSET_BASIS_32 ^ seed) >>> 0;
}

/** FNV-1a, 32 bits, over the text's UTF-16 code units; unsigned. */
export function fnv1a32(text: string, basis = OFFSET_BASIS_32): number {
  let hash = basis;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), PRIME_32) >>> 0;
  return hash;
}

/** FNV-1a, 32 bits, over the text's code points (a character outside the BMP is one step); unsigned. */
export function fnv1a32CodePoints(text: string, basis = OFFSET_BASIS_32): number {
  let hash = basis;
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), PRIME_32) >>> 0;
  return hash;
}

/** FNV-1a, 64 bits, over the text's code points. */
export function fnv1a64CodePoints(text: string): bigint {
  let hash = OFFSET_BASIS_64;
  for (const char of text) {
    hash ^= BigInt(char.codePointAt(0) ?? 0);
    hash = (hash * PRIME_64) & MASK_64;
  }
  return hash;
}

/** A 32-bit hash as 8 hex digits. */
export function hex32(hash: number): string {
  return hash.toString(16).padStart(8, '0');
}

/** FNV-1a, 32 bits, over the text's UTF-16 code units, as 8 hex digits. */
export function fnv1a32Hex(text: string): string {
  return hex32(fnv1a32(text));
}

/**
 * A 64-bit hash of bytes (cyrb53's two mixed 32-bit lanes), as 16 hex digits: the live guard's
 * fingerprints of a session file's samples and the names of its records, enough to tell a rewritten
 * sample from the one remembered, and far cheaper than loading node:crypto, whose start-up alone is a
 * tenth of the hook's budget. Four bytes a step, where FNV-1a takes one.
 */
export function bytesHash64(bytes: Uint8Array): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  const mix = (value: number) => {
    h1 = Math.imul(h1 ^ value, 2654435761);
    h2 = Math.imul(h2 ^ value, 1597334677);
  };
  // Four bytes a step where the bytes are aligned for it (buffers this module reads are).
  const words = bytes.byteOffset % 4 === 0 ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >>> 2) : new Uint32Array(0);
  for (let i = 0; i < words.length; i++) mix(words[i] as number);
  for (let i = words.length * 4; i < bytes.length; i++) mix(bytes[i] as number);
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(h2 >>> 0).toString(16).padStart(8, '0')}${(h1 >>> 0).toString(16).padStart(8, '0')}`;
}

// Sets of hashes kept as sorted runs of 8 hex digits (the audit state's lines' keys and calls' ids): looked up without being parsed.

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
