import assert from 'node:assert/strict';
import { test } from 'node:test';
import { transcriptViewPage } from '../../client/src/transcriptViewPage';

const page = transcriptViewPage({ nonce: 'bm9uY2U=', scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/transcriptView.js', cspSource: 'https://*.vscode-cdn.net', title: 'a<b>.jsonl' });
const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(page)?.[1] ?? '';

test("the transcript view's page allows nothing by default, and scripts and styles only by its nonce", () => {
  assert.match(csp, /^default-src 'none'; /);
  assert.match(csp, /style-src 'nonce-bm9uY2U='(;|$)/);
  assert.match(csp, /script-src 'nonce-bm9uY2U=' https:\/\/\*\.vscode-cdn\.net(;|$)/);
  // No connect-src, frame-src or font-src: nothing is fetched from the network.
  assert.doesNotMatch(csp, /connect-src|frame-src|font-src|unsafe-inline|unsafe-eval/);
});

test('every script and style element carries the nonce, and the title is escaped', () => {
  const tags = [...page.matchAll(/<(script|style)\b[^>]*>/g)].map((m) => m[0]);
  assert.equal(tags.length, 2);
  for (const tag of tags) assert.match(tag, /nonce="bm9uY2U="/);
  assert.match(page, /<title>a&#60;b&#62;\.jsonl<\/title>/);
  assert.doesNotMatch(page, /\son[a-z]+=/, 'no inline event handlers');
});

test('colours come from the theme: no colour is set without a VS Code variable', () => {
  const declarations = [...page.matchAll(/(?:^|[;{\s])(color|background|border(?:-[a-z]+)?-color):\s*([^;}]+)/g)];
  assert.ok(declarations.length > 10);
  for (const [, property, value] of declarations) assert.match(value ?? '', /var\(--vscode-|inherit|transparent|none/, `${property}: ${value}`);
});
