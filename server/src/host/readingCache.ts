import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { LocalExtraction, ReadingStore } from '../engine/pipeline';
import { asBuffer, type Host } from './host';

/*
 * Readings of user messages kept between runs, as ruff and ESLint keep results: a corpus checked
 * again, or a system prompt that every results file repeats, is read once per build of the engine,
 * not once per process. Reading English (the tagger's load and its pass over each sentence) is most
 * of a cold check's time on real corpora.
 */

/** Set by the build to a digest of the engine's sources and its tagger's version; absent when run from source. */
declare const GHOST_LINT_ENGINE_BUILD: string | undefined;

/** The build the readings were made by: a reading is kept for the engine that made it, and no other. */
export function engineBuild(): string | undefined {
  return typeof GHOST_LINT_ENGINE_BUILD === 'string' ? GHOST_LINT_ENGINE_BUILD : undefined;
}

/** At most this many readings are kept: the newest, each a message's rules (a few hundred bytes). */
const KEPT_READINGS = 50_000;

const span = z.object({ start: z.number(), end: z.number() });
const reading = z.object({
  constraints: z.array(z.object({ rule: z.unknown(), turnIndex: z.number(), span, text: z.string() }).passthrough()),
  revocations: z.array(z.object({ turnIndex: z.number(), span, text: z.string() }).passthrough()),
  unresolved: z.array(z.object({ turnIndex: z.number(), span, text: z.string(), reason: z.string() })),
});
// The file's frame is checked when it is opened, each reading when it is first used: a run reads only
// the readings its messages need, and a reading that does not check is read anew.
const cacheFile = z.object({ build: z.string(), readings: z.record(z.string(), z.unknown()) });

/** A message's key as a digest: 256 bits, which no two messages share. */
function digest(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** The readings kept in one file of the cache folder, for one build of the engine. */
export class ReadingCache implements ReadingStore {
  private readonly added = new Map<string, LocalExtraction>();

  private constructor(
    private readonly host: Host,
    private readonly file: string,
    private readonly build: string,
    private readonly kept: Map<string, unknown>,
  ) {}

  /**
   * The cache of `build` in `folder`; empty when there is none yet or it cannot be read (a cache is
   * never a reason to fail a check: the readings are made again).
   */
  static open(host: Host, folder: string, build: string): ReadingCache {
    const file = join(folder, `readings-${build}.json`);
    let kept = new Map<string, unknown>();
    try {
      if (host.stat(file)?.kind === 'file') {
        const parsed = cacheFile.safeParse(JSON.parse(asBuffer(host.readFile(file)).toString('utf8')));
        // The rules inside were written by this very build, which is what the file's name and field say.
        if (parsed.success && parsed.data.build === build) kept = new Map(Object.entries(parsed.data.readings));
      }
    } catch {
      kept = new Map();
    }
    return new ReadingCache(host, file, build, kept);
  }

  get(key: string): LocalExtraction | undefined {
    const at = digest(key);
    const added = this.added.get(at);
    if (added) return added;
    const checked = reading.safeParse(this.kept.get(at));
    return checked.success ? (checked.data as LocalExtraction) : undefined;
  }

  set(key: string, value: LocalExtraction): void {
    const at = digest(key);
    if (!this.kept.has(at)) this.added.set(at, value);
  }

  /** The readings made since the last call, by digest: a check worker sends them to the thread that saves the cache. */
  takeNew(): [string, LocalExtraction][] {
    const taken = [...this.added];
    for (const [at] of taken) this.kept.set(at, this.added.get(at));
    this.added.clear();
    return taken;
  }

  /** Readings another thread made (`takeNew`), to be saved with this run's. */
  adopt(readings: readonly (readonly [string, LocalExtraction])[]): void {
    for (const [at, value] of readings) if (!this.kept.has(at)) this.added.set(at, value);
  }

  /** How many readings this run made that the cache did not have. */
  get newReadings(): number {
    return this.added.size;
  }

  /** Writes the readings back when this run added any; a cache that cannot be written is left as it was. */
  save(): void {
    if (this.added.size === 0) return;
    const all = [...this.kept, ...this.added];
    const readings = Object.fromEntries(all.slice(Math.max(0, all.length - KEPT_READINGS)));
    try {
      this.host.makeFolder(dirname(this.file));
      this.host.writeFile(this.file, JSON.stringify({ build: this.build, readings }));
    } catch {
      // A read-only or full cache folder costs the next run its readings, nothing else.
    }
  }
}
