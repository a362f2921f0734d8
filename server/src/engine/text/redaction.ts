/**
 * Secrets and credentials removed from text before it leaves the machine (model-backed mode). Pure:
 * patterns in, text out. Each secret becomes `[REDACTED:<kind>]`; the words around it stay, so a
 * sentence still reads as a rule ("back up the database at postgres://admin:[REDACTED:password]@db").
 */

export const SECRET_KINDS = ['private-key', 'password', 'bearer-token', 'jwt', 'api-key', 'aws-access-key', 'secret-assignment'] as const;
export type SecretKind = (typeof SECRET_KINDS)[number];

export interface Redaction {
  readonly text: string;
  /** How many secrets of each kind were removed; empty when the text had none. */
  readonly removed: Partial<Record<SecretKind, number>>;
}

interface SecretPattern {
  readonly kind: SecretKind;
  readonly pattern: RegExp;
  /** Rewrites one match; the default replaces the whole match. */
  readonly replace?: (match: string, ...groups: string[]) => string;
}

const mark = (kind: SecretKind) => `[REDACTED:${kind}]`;

/** Names that say their value is a secret: `DB_PASSWORD`, `api_key`, `client-secret`, `GITHUB_TOKEN`. */
const SECRET_NAME = String.raw`[A-Za-z0-9_.-]*(?:passw(?:or)?d|pwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credentials?)[A-Za-z0-9_.-]*`;

/**
 * Ordered: whole blocks first (a private key holds base64 that looks like other things), then
 * provider keys with fixed shapes, then the generic `name = value` forms, so each secret is counted once.
 */
const PATTERNS: readonly SecretPattern[] = [
  { kind: 'private-key', pattern: /-----BEGIN ((?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?)-----[\s\S]*?(?:-----END \1-----|$)/g },
  // user:password@ in a URL keeps the user and the host, which say what the URL is for.
  {
    kind: 'password',
    pattern: /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/?#@'"]+):([^\s@/?#'"]+)@/gi,
    replace: (_match, prefix) => `${prefix}:${mark('password')}@`,
  },
  { kind: 'jwt', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  {
    kind: 'bearer-token',
    pattern: /\b(Bearer|Token|Basic)(\s+)[A-Za-z0-9._~+/-]{12,}=*/g,
    replace: (_match, scheme, space) => `${scheme}${space}${mark('bearer-token')}`,
  },
  { kind: 'aws-access-key', pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[0-9A-Z]{16}\b/g },
  {
    kind: 'api-key',
    pattern: new RegExp(
      [
        String.raw`\bsk-(?:ant-|proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}`, // OpenAI, Anthropic
        String.raw`\bgh[pousr]_[A-Za-z0-9]{30,}`, // GitHub tokens
        String.raw`\bgithub_pat_[A-Za-z0-9_]{40,}`,
        String.raw`\bglpat-[A-Za-z0-9_-]{20,}`, // GitLab
        String.raw`\bxox[abposr]-[A-Za-z0-9-]{10,}`, // Slack
        String.raw`\bAIza[0-9A-Za-z_-]{35}`, // Google
        String.raw`\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}`, // Stripe secret and restricted keys
        String.raw`\bhf_[A-Za-z0-9]{30,}`, // Hugging Face
        String.raw`\bnpm_[A-Za-z0-9]{36}`,
        String.raw`\bSG\.[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}`, // SendGrid
      ].join('|'),
      'g',
    ),
  },
  // NAME=value, NAME: value, "name": "value", export NAME='value' (.env files, configs, JSON, prose).
  {
    kind: 'secret-assignment',
    pattern: new RegExp(String.raw`(["']?\b${SECRET_NAME}["']?\s*[:=]\s*)("[^"\n]+"|'[^'\n]+'|[^\s"',;&]+)`, 'gi'),
    replace: (match, prefix, value) => (value.startsWith('[REDACTED:') || !/[A-Za-z0-9]/.test(value) ? match : `${prefix}${quoted(value, mark('secret-assignment'))}`),
  },
];

/** Keeps a quoted value's quotes, so redacted JSON stays JSON. */
function quoted(value: string, replacement: string): string {
  const quote = value[0];
  return quote === '"' || quote === "'" ? `${quote}${replacement}${quote}` : replacement;
}

/** The text with every recognised secret replaced, and how many of each kind were removed. */
export function redactSecrets(text: string): Redaction {
  const removed: Partial<Record<SecretKind, number>> = {};
  let result = text;
  for (const { kind, pattern, replace } of PATTERNS) {
    result = result.replace(pattern, (match: string, ...rest: unknown[]) => {
      // The capture groups come before the match's offset (a number); a group that took no part is undefined.
      const groups = rest.slice(0, rest.findIndex((part) => typeof part === 'number')).map((part) => (typeof part === 'string' ? part : ''));
      const replacement = replace ? replace(match, ...groups) : mark(kind);
      if (replacement !== match) removed[kind] = (removed[kind] ?? 0) + 1;
      return replacement;
    });
  }
  return { text: result, removed };
}
