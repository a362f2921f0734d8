import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redactSecrets } from '../../server/src/engine/text';

// Each example: text a user might paste into a session, the part that must go, and what must stay.
const EXAMPLES: readonly { name: string; text: string; secret: string; kept: string; kind: string }[] = [
  { name: 'OpenAI project key', text: 'use sk-proj-Abc123def456ghi789jkl012mno for the eval', secret: 'sk-proj-Abc123def456ghi789jkl012mno', kept: 'for the eval', kind: 'api-key' },
  { name: 'Anthropic key', text: 'ANTHROPIC key is sk-ant-api03-AAAAbbbbCCCCddddEEEEffff', secret: 'sk-ant-api03-AAAAbbbbCCCCddddEEEEffff', kept: 'ANTHROPIC key is', kind: 'api-key' },
  { name: 'GitHub token', text: 'push with ghp_0123456789abcdefghijABCDEFGHIJ012345 please', secret: 'ghp_0123456789abcdefghijABCDEFGHIJ012345', kept: 'please', kind: 'api-key' },
  { name: 'Slack token', text: 'bot: xoxb-1234567890-abcdefghij', secret: 'xoxb-1234567890-abcdefghij', kept: 'bot', kind: 'api-key' },
  { name: 'Google key', text: 'maps AIzaSyA1234567890abcdefghijklmnopqrstuv', secret: 'AIzaSyA1234567890abcdefghijklmnopqrstuv', kept: 'maps', kind: 'api-key' },
  { name: 'Stripe live key', text: 'charge via sk_live_51Habcdefghijklmnop', secret: 'sk_live_51Habcdefghijklmnop', kept: 'charge via', kind: 'api-key' },
  { name: 'AWS access key id', text: 'keys AKIAIOSFODNN7EXAMPLE in us-east-1', secret: 'AKIAIOSFODNN7EXAMPLE', kept: 'in us-east-1', kind: 'aws-access-key' },
  { name: 'AWS secret in a credentials file', text: 'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', secret: 'wJalrXUtnFEMI/K7MDENG', kept: 'aws_secret_access_key', kind: 'secret-assignment' },
  { name: 'bearer token', text: 'curl -H "Authorization: Bearer abc.DEF-123_456~xyz" https://api.x', secret: 'abc.DEF-123_456~xyz', kept: 'https://api.x', kind: 'bearer-token' },
  { name: 'JWT', text: 'session eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U ok', secret: 'eyJhbGciOiJIUzI1NiJ9', kept: 'ok', kind: 'jwt' },
  { name: 'password in a URL', text: 'Never drop tables in postgres://admin:hunter2@db.internal:5432/prod', secret: 'hunter2', kept: 'postgres://admin:', kind: 'password' },
  { name: 'password= pair', text: 'login with user=bob password=s3cr3t! then back up', secret: 's3cr3t!', kept: 'then back up', kind: 'secret-assignment' },
  { name: 'token= in a query', text: 'GET /hook?token=abcdef123456&x=1', secret: 'abcdef123456', kept: '&x=1', kind: 'secret-assignment' },
  { name: '.env line', text: 'export DATABASE_PASSWORD="correct horse battery"\nAPP_NAME=demo', secret: 'correct horse battery', kept: 'APP_NAME=demo', kind: 'secret-assignment' },
  { name: 'JSON secret field', text: '{"client_secret": "zzTopSecret99", "name": "svc"}', secret: 'zzTopSecret99', kept: '"name": "svc"', kind: 'secret-assignment' },
];

for (const example of EXAMPLES) {
  test(`redacts a ${example.name}`, () => {
    const { text, removed } = redactSecrets(example.text);
    assert.ok(!text.includes(example.secret), `still contains the secret: ${text}`);
    assert.ok(text.includes(example.kept), `lost the surrounding words: ${text}`);
    assert.ok((removed[example.kind as keyof typeof removed] ?? 0) >= 1, `expected a ${example.kind} redaction, got ${JSON.stringify(removed)}`);
  });
}

test('a private key block goes whole, and the words around it stay', () => {
  const key = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----';
  const { text, removed } = redactSecrets(`deploy key:\n${key}\nnever push --force to main`);
  assert.equal(text, 'deploy key:\n[REDACTED:private-key]\nnever push --force to main');
  assert.deepEqual(removed, { 'private-key': 1 });
});

test('redacted JSON stays JSON', () => {
  const { text } = redactSecrets('{"api_key": "abc123def", "path": "temp/"}');
  assert.deepEqual(JSON.parse(text), { api_key: '[REDACTED:secret-assignment]', path: 'temp/' });
});

test('ordinary instructions are left exactly as written', () => {
  const rules = [
    'Before you delete anything in temp/, back it up first.',
    'Never send email outside acme.io without asking me.',
    'Do not pay invoices above 500 USD. The author: Jane.',
    'Rotate the token before Friday; ask before you change the password policy.',
  ];
  for (const rule of rules) assert.deepEqual(redactSecrets(rule), { text: rule, removed: {} });
});
