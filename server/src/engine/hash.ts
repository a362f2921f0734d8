/*
 * FNV-1a, the one non-cryptographic hash of the engine: stable ids, fingerprints and seeds that must
 * come out the same on every run and machine. Written once here, in the variants callers rely on (a
 * change of variant would change every id, fingerprint and seeded run already written).
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
