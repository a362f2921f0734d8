import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root, found from this file so tests run from any folder. */
export const REPO_ROOT = resolve(__dirname, '..', '..');

/** ../shared beside the checkout, as CI lays it out; undefined when absent. */
export const SHARED_DIR: string | undefined = (() => {
  const dir = process.env.GHOST_LINT_SHARED ?? join(REPO_ROOT, '..', 'shared');
  return existsSync(join(dir, 'transcripts')) ? dir : undefined;
})();

/** A node:test `skip` option: skips with a clear message when ../shared is absent. */
export const NEEDS_SHARED: { skip: string | false } = {
  skip: SHARED_DIR ? false : `../shared not found beside the checkout (set GHOST_LINT_SHARED to its path); skipping tests that read it`,
};

export function sharedPath(...parts: string[]): string {
  if (!SHARED_DIR) throw new Error('../shared is absent; guard the test with NEEDS_SHARED');
  return join(SHARED_DIR, ...parts);
}
