import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { TOKEN_MODIFIERS, TOKEN_TYPES } from '../../server/src/lsp/features/semanticTokens';
import { REPO_ROOT } from '../support/shared';

interface Grammar {
  readonly scopeName: string;
  readonly path: string;
  readonly language?: string;
  readonly injectTo?: readonly string[];
}

const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  contributes: {
    grammars: Grammar[];
    semanticTokenTypes: { id: string }[];
    semanticTokenModifiers: { id: string }[];
    semanticTokenScopes: { scopes: Record<string, string[]> }[];
  };
};

type Rule = { match?: string; name?: string };
const grammar = (path: string) => JSON.parse(readFileSync(join(REPO_ROOT, path), 'utf8')) as { scopeName: string; injectionSelector?: string; repository: Record<string, Rule> };

/** A TextMate (Oniguruma) pattern as a JavaScript RegExp: these patterns use only the common syntax plus a leading (?i). */
function regex(pattern: string): RegExp {
  return pattern.startsWith('(?i)') ? new RegExp(pattern.slice(4), 'i') : new RegExp(pattern);
}

test("the server's semantic token legend is the one package.json declares", () => {
  assert.deepEqual(
    manifest.contributes.semanticTokenTypes.map((t) => t.id),
    [...TOKEN_TYPES],
  );
  assert.deepEqual(
    manifest.contributes.semanticTokenModifiers.map((m) => m.id),
    [...TOKEN_MODIFIERS],
  );
  for (const selector of Object.keys(manifest.contributes.semanticTokenScopes[0]?.scopes ?? {})) {
    const [type, ...modifiers] = selector.split('.');
    assert.ok((TOKEN_TYPES as readonly string[]).includes(type ?? ''), selector);
    for (const m of modifiers) assert.ok((TOKEN_MODIFIERS as readonly string[]).includes(m), selector);
  }
});

test('every grammar is where package.json says, and the injections reach JSON, JSON Lines and transcripts', () => {
  for (const entry of manifest.contributes.grammars) {
    assert.ok(existsSync(join(REPO_ROOT, entry.path)), entry.path);
    assert.equal(grammar(entry.path).scopeName, entry.scopeName);
  }
  const injections = manifest.contributes.grammars.filter((g) => g.injectTo);
  assert.equal(injections.length, 2);
  for (const injection of injections) {
    assert.deepEqual(injection.injectTo, ['source.json', 'source.json.lines', 'source.ghost-transcript']);
    assert.match(grammar(injection.path).injectionSelector ?? '', /^L:/);
  }
});

test('the injected patterns pick out roles, tool keys and the phrases of constraints and revocations', () => {
  const roles = grammar('syntaxes/ghost-transcript.roles.injection.tmLanguage.json').repository;
  const cues = grammar('syntaxes/ghost-transcript.cues.injection.tmLanguage.json').repository;
  const matches = (rule: Rule | undefined, text: string) => regex(rule?.match ?? '(?!)').exec(text)?.[0];
  assert.equal(matches(roles['user-role'], '{"role": "user", "content": "hi"}'), '"role": "user"');
  assert.equal(matches(roles['agent-role'], '{"type":"tool_use","id":"t1"}'), '"type":"tool_use"');
  assert.equal(matches(roles['tool-keys'], '"tool_calls": ['), '"tool_calls"');
  assert.equal(matches(cues['constraint-cue'], 'Before you delete anything in temp/, back it up first.'), 'Before you');
  assert.equal(matches(cues['constraint-cue'], 'Please NEVER force-push to main.'), 'NEVER');
  assert.equal(matches(cues['constraint-cue'], 'Ask me before paying anything over $500.'), 'Ask me before');
  assert.equal(matches(cues['revocation-cue'], 'Change of plan: you no longer need to back up files.'), 'you no longer need to');
  assert.equal(matches(cues['revocation-cue'], 'Never mind that rule.'), 'Never mind that rule');
  assert.equal(matches(cues['constraint-cue'], 'List the build folder.'), undefined);
});
