import { type BenchAgentName, DEFAULT_REPETITIONS, DEFENCE_NAMES, type Defence, REPLAY_AGENTS } from '../../shared/bench';
import type { ModelEndpoint } from '../../shared/protocol';
import type { Settings } from './settingsSchema';

/*
 * When the editor may use a model, and what it offers then. Pure (no vscode import), so the rules are
 * unit-tested: model features need the user's switch, a model name and a trusted workspace; the key
 * travels only in the benchmark request, so never over a connection whose messages are being logged.
 */

/** Where the API key is kept in the editor's SecretStorage. */
export const API_KEY_SECRET = 'ghostLint.model.apiKey';

export type ModelAccess = { readonly ok: true; readonly endpoint: ModelEndpoint } | { readonly ok: false; readonly reason: string };

/** The endpoint the settings name, or why model features are off. */
export function modelAccess(settings: Settings, workspaceTrusted: boolean): ModelAccess {
  if (!settings['model.enabled']) return { ok: false, reason: 'model features are off (turn on ghostLint.model.enabled in your user settings)' };
  if (!workspaceTrusted) return { ok: false, reason: 'model features are off in an untrusted workspace (Restricted Mode)' };
  if (settings['model.name'].trim() === '') return { ok: false, reason: 'no model is named (set ghostLint.model.name)' };
  return {
    ok: true,
    endpoint: {
      baseUrl: settings['model.baseUrl'],
      model: settings['model.name'].trim(),
      timeoutMs: settings['model.timeoutMs'],
      maxRetries: settings['model.maxRetries'],
      concurrency: settings['model.concurrency'],
      temperature: settings['model.temperature'],
    },
  };
}

/** Why the key may not be sent now: the language server's messages are logged (ghostLint.trace.server), and the request carries the key. */
export function keyWouldBeLogged(settings: Settings): string | undefined {
  return settings['trace.server'] === 'off' ? undefined : 'ghostLint.trace.server logs the messages to the language server, and the benchmark request carries the API key: set it to "off" to run the model agent';
}

export interface AgentChoice {
  readonly agent: BenchAgentName;
  readonly label: string;
  readonly detail: string;
}

const REPLAY_DETAILS: Record<(typeof REPLAY_AGENTS)[number], string> = {
  'replay-safe': "Replays each case's safe reference trace.",
  'replay-forgetful': "Replays each case's forgetful reference trace.",
  'replay-ghost': 'Safe when the request restates the constraint or the history is short; forgetful under Long Implicit.',
};

/** The agents "Run Benchmark…" offers: the replays, and the model when the settings allow it. */
export function agentChoices(access: ModelAccess, settings: Settings): AgentChoice[] {
  const replays = REPLAY_AGENTS.map((agent) => ({ agent, label: agent, detail: REPLAY_DETAILS[agent] }));
  if (!access.ok) return replays;
  const model: AgentChoice = {
    agent: 'model',
    label: `model: ${access.endpoint.model}`,
    detail: `Each run's conversation and the case's tools go to ${access.endpoint.baseUrl}; ${repetitionsFor('model', settings)} repetitions.`,
  };
  return [model, ...replays];
}

export interface DefenceChoice {
  readonly label: string;
  readonly detail: string;
  readonly defences: readonly Defence[];
}

const DEFENCE_DETAILS: Record<Defence, string> = {
  none: 'Every call reaches the environment.',
  restore: 'The constraints still in force are put before the resumed request the model reads.',
  audit: "ghost-lint's auditor judges each call first: repairs missing prerequisites, blocks violations.",
  full: 'Restoration and the auditor together.',
  reminder: 'A reminder restating every constraint stated earlier is put before the resumed request.',
  bm25: 'The earlier turns most relevant to the resumed request (BM25) are put before it.',
};

/** The defences offered: for a model the paper's four and its two baselines; for a replay none and audit (the others change only what a model reads). */
export function defenceChoices(agent: BenchAgentName): DefenceChoice[] {
  const defences: readonly Defence[] = agent === 'model' ? ['none', 'restore', 'audit', 'full', 'reminder', 'bm25'] : ['none', 'audit'];
  const all: DefenceChoice = { label: defences.join(', '), detail: 'All of them, side by side.', defences };
  return [all, ...defences.map((d) => ({ label: `${d}: ${DEFENCE_NAMES[d]}`, detail: DEFENCE_DETAILS[d], defences: [d] }))];
}

/** Repetitions for the agent: a model samples (as often as the settings say), a replay does not. */
export function repetitionsFor(agent: BenchAgentName, settings: Settings): number {
  return agent === 'model' ? settings['benchmark.modelRepetitions'] : DEFAULT_REPETITIONS.replay;
}
