import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Extraction } from '../engine/extraction';
import { extractConstraints } from '../engine/extraction';
import { compiledRuleText } from '../engine/ledger';
import { parseInput } from '../host/inputs';
import { toLocation } from '../engine/report';
import type { Session } from '../engine/session';
import { LineIndex } from '../engine/text';
import { FileAnswerCache, MODEL_CACHE_SUBFOLDER } from '../model/cache';
import type { ModelSection } from '../model/checkReport';
import { compileWithModel } from '../model/compile';
import { collectInputs, readInput } from '../host/files';
import { nodeHost } from '../host/nodeHost';
import { cacheFolder } from './hook/cache';
import type { CliIo } from './io';
import { endpointClient } from './modelEndpoint';
import type { CheckOptions } from './options';

export interface ModelExtraction {
  /** Extraction for a session of the inputs: deterministic plus the model's constraints. */
  readonly extract: (session: Session) => Extraction;
  readonly section: ModelSection;
}

/** Identifies a session across two parses of the same bytes (a file may hold several: Inspect samples). */
const sessionKey = (s: Session) => `${s.entry ?? ''}\u0000${s.id ?? ''}\u0000${s.turns.length}\u0000${s.turns[0]?.span.start ?? -1}\u0000${s.text}`;

/**
 * `check --model`: sends the user messages of every input session (redacted) to the endpoint and
 * returns the extraction the report is then built from, and the report's model section. A failed
 * request leaves its messages to deterministic extraction; a bad key file or URL is a usage error.
 */
export async function compileInputsWithModel(io: CliIo, model: NonNullable<CheckOptions['model']>, paths: readonly string[]): Promise<ModelExtraction> {
  const { client, settings } = endpointClient(io, model);
  const env = io.env ?? {};
  const cache = new FileAnswerCache(join(cacheFolder({ env, home: homedir(), platform: process.platform }), MODEL_CACHE_SUBFOLDER));

  const section: ModelSection = { endpoint: { baseUrl: settings.baseUrl, model: settings.model }, requests: 0, cached: 0, redacted: 0, constraints: [], dropped: [], failures: [] };
  const extractions = new Map<string, Extraction>();
  const work: Promise<void>[] = [];
  for (const file of collectInputs(nodeHost, io.cwd, paths)) {
    let parsed;
    try {
      parsed = parseInput(readInput(nodeHost, file));
    } catch {
      continue; // The report names unreadable inputs; nothing of them is sent.
    }
    if (parsed.kind !== 'transcript') continue;
    for (const session of parsed.sessions) {
      work.push(
        compileWithModel(client, session, cache).then((compiled) => {
          extractions.set(sessionKey(session), compiled.extraction);
          const index = new LineIndex(session.text);
          const where = { path: file.displayPath, ...(session.entry !== undefined && { entry: session.entry }), ...(session.id !== undefined && { sessionId: session.id }) };
          section.requests += compiled.requests;
          section.cached += compiled.cached;
          section.redacted += compiled.redacted;
          for (const c of compiled.fromModel) {
            section.constraints.push({ ...where, constraintId: c.rule.id ?? '', turn: c.turnIndex, location: toLocation(index, c.span), sentence: c.text, rule: compiledRuleText(c.rule) });
          }
          for (const d of compiled.dropped) section.dropped.push({ path: file.displayPath, ...d });
          for (const f of compiled.failures) section.failures.push({ path: file.displayPath, kind: f.kind, message: f.message, turns: [...f.turns] });
        }),
      );
    }
  }
  await Promise.all(work);
  // Sessions finish in any order; the report lists them in a stable one.
  const byPlace = (a: { path: string; turn?: number }, b: { path: string; turn?: number }) => a.path.localeCompare(b.path) || (a.turn ?? -1) - (b.turn ?? -1);
  section.constraints.sort(byPlace);
  section.dropped.sort(byPlace);
  section.failures.sort((a, b) => a.path.localeCompare(b.path) || (a.turns[0] ?? 0) - (b.turns[0] ?? 0));
  return { extract: (session) => extractions.get(sessionKey(session)) ?? extractConstraints(session), section };
}
