import type { Action, ActionStep, Target, TargetKind, Verb } from '../actions/actions';
import type { Span } from '../text/text';
import { namedTarget } from './targets';

/*
 * Binding of SQL (SPEC section 5). The text is split into statements by a small lexer (quotes,
 * comments and dollar-quoting respected), each statement is parsed by node-sql-parser (PostgreSQL,
 * then MySQL), and one that neither parses is read from its leading keywords (DROP TABLE x,
 * DELETE FROM x, INSERT OR REPLACE INTO x, …) so that vendor syntax still binds. The SQLite build
 * is left out on purpose: what only it parses (INSERT OR REPLACE, GLOB, …) the keyword reading
 * binds the same way, and it would add 340 KB to each bundle.
 *
 * Targets: tables by name as written, unquoted (`public.users` keeps its schema); DROP DATABASE /
 * DROP SCHEMA name a database; DROP INDEX names a resource. When the connection's database is
 * known, a statement on its tables also does the same verb to that database (a table lies inside
 * it), so a constraint on the database covers statements on its tables.
 */

/** Binds SQL text; statement i of the text gets step order `step.order + i`, all in `step.chain`. */
export function bindSql(sql: string, spanOf: (start: number, end: number) => Span, database: string | undefined, step: ActionStep): Action[] {
  const actions: Action[] = [];
  splitStatements(sql).forEach((statement, index) => {
    const span = spanOf(statement.start, statement.end);
    const statementStep = { order: step.order + index, chain: step.chain };
    for (const effect of statementEffects(sql.slice(statement.start, statement.end), statement.tokens)) {
      const emit = (target: Target): void => {
        actions.push({ verb: effect.verb, target, attributes: {}, span, step: statementStep, basis: 'sql' });
      };
      for (const name of effect.names) emit(namedTarget(effect.kind, name));
      if (database !== undefined && effect.kind === 'table' && effect.names.length > 0) emit(namedTarget('database', database));
    }
  });
  return actions;
}

/** What one statement does: a verb on named tables, databases or other resources. */
interface Effect {
  readonly verb: Verb;
  readonly kind: Exclude<TargetKind, 'path'>;
  readonly names: readonly string[];
}

function statementEffects(text: string, tokens: readonly Token[]): Effect[] {
  const parsed = text.length <= MAX_PARSED_LENGTH ? parseStatement(text) : undefined;
  return parsed ? parsed.flatMap((ast) => effectsOfAst(ast.ast, ast.tableList)) : effectsOfTokens(tokens);
}

/* ---------------------------------------------------------------------------------------------- */
/* Statements and tokens                                                                           */

interface Token {
  readonly kind: 'word' | 'identifier' | 'string' | 'symbol';
  /** Words and symbols as written; quoted identifiers without their quotes. */
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

interface Statement {
  readonly start: number;
  readonly end: number;
  readonly tokens: readonly Token[];
}

/** Statements separated by top-level `;`, each spanning its first to its last token. */
function splitStatements(sql: string): Statement[] {
  const statements: Statement[] = [];
  let current: Token[] = [];
  const close = (): void => {
    const first = current[0];
    const last = current.at(-1);
    if (first && last) statements.push({ start: first.start, end: last.end, tokens: current });
    current = [];
  };
  for (const token of tokenize(sql)) {
    if (token.kind === 'symbol' && token.text === ';') close();
    else current.push(token);
  }
  close();
  return statements;
}

const WORD_CHAR = /[\p{L}\p{N}_$]/u;

function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < sql.length) {
    const char = sql[i]!;
    const next = sql[i + 1];
    if (/\s/.test(char)) {
      i += 1;
    } else if (char === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end + 1;
    } else if (char === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? sql.length : end + 2;
    } else if (char === "'" || char === '"' || char === '`') {
      const end = quotedEnd(sql, i, char);
      const inner = sql.slice(i + 1, end - 1).replaceAll(char + char, char);
      tokens.push({ kind: char === "'" ? 'string' : 'identifier', text: inner, start: i, end });
      i = end;
    } else if (char === '$' && /^\$[A-Za-z_]*\$/.test(sql.slice(i, i + 64))) {
      // PostgreSQL dollar quoting: $$ … $$ or $tag$ … $tag$.
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i, i + 64))![0];
      const end = sql.indexOf(tag, i + tag.length);
      const stop = end === -1 ? sql.length : end + tag.length;
      tokens.push({ kind: 'string', text: sql.slice(i, stop), start: i, end: stop });
      i = stop;
    } else if (WORD_CHAR.test(char)) {
      let end = i + 1;
      while (end < sql.length && WORD_CHAR.test(sql[end]!)) end += 1;
      tokens.push({ kind: 'word', text: sql.slice(i, end), start: i, end });
      i = end;
    } else {
      tokens.push({ kind: 'symbol', text: char, start: i, end: i + 1 });
      i += 1;
    }
  }
  return tokens;
}

/** End (exclusive) of a quoted run starting at `start`; a doubled quote or a backslash escapes. */
function quotedEnd(sql: string, start: number, quote: string): number {
  for (let i = start + 1; i < sql.length; i++) {
    if (sql[i] === '\\' && quote === "'") i += 1;
    else if (sql[i] === quote && sql[i + 1] === quote) i += 1;
    else if (sql[i] === quote) return i + 1;
  }
  return sql.length;
}

/* ---------------------------------------------------------------------------------------------- */
/* The parser                                                                                      */

/** Longer statements (bulk INSERTs of a dump) are read from their keywords: parsing them costs more than it tells. */
const MAX_PARSED_LENGTH = 20_000;

interface SqlParser {
  parse(sql: string, options: { database: string }): { tableList: string[]; ast: unknown };
}

interface Dialect {
  readonly database: string;
  readonly load: () => { Parser: new () => SqlParser };
  parser?: SqlParser;
}

// Each dialect build is loaded on first use; static require paths let the bundler include exactly these.
const DIALECTS: Dialect[] = [
  { database: 'PostgresQL', load: () => require('node-sql-parser/build/postgresql') as { Parser: new () => SqlParser } },
  { database: 'MySQL', load: () => require('node-sql-parser/build/mysql') as { Parser: new () => SqlParser } },
];

interface ParsedStatement {
  readonly ast: Record<string, unknown>;
  readonly tableList: readonly string[];
}

function parseStatement(text: string): ParsedStatement[] | undefined {
  for (const dialect of DIALECTS) {
    try {
      dialect.parser ??= new (dialect.load().Parser)();
      const result = dialect.parser.parse(text, { database: dialect.database });
      const asts = (Array.isArray(result.ast) ? result.ast : [result.ast]).filter(isRecord);
      return asts.map((ast) => ({ ast, tableList: result.tableList }));
    } catch {
      // Not this dialect's syntax: try the next.
    }
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{db: 'public', table: 'users'}` → `public.users`. */
function tableName(entry: unknown): string | undefined {
  if (!isRecord(entry) || typeof entry.table !== 'string') return undefined;
  return [entry.db, entry.schema, entry.table].filter((part): part is string => typeof part === 'string' && part !== '').join('.');
}

function tableNames(entries: unknown): string[] {
  return (Array.isArray(entries) ? entries : [entries]).map(tableName).filter((name) => name !== undefined);
}

/** The first string inside a name node, however the dialect nests it (`{column: {expr: {value}}}`). */
function nameText(node: unknown): string | undefined {
  if (typeof node === 'string') return node;
  if (Array.isArray(node)) return nameText(node[0]);
  if (!isRecord(node)) return undefined;
  return nameText(node.value ?? node.column ?? node.expr ?? node.name ?? node.table);
}

function effectsOfAst(ast: Record<string, unknown>, tableList: readonly string[]): Effect[] {
  const keyword = typeof ast.keyword === 'string' ? ast.keyword.toLowerCase() : undefined;
  const onTables = (verb: Verb, names: string[]): Effect[] => named(verb, 'table', names);
  switch (String(ast.type).toLowerCase()) {
    case 'drop': {
      if (keyword === 'database' || keyword === 'schema') {
        const name = nameText(ast.name);
        return named('drop', 'database', name === undefined ? [] : [name]);
      }
      if (keyword === 'index') {
        const name = nameText(ast.name);
        return named('drop', 'resource', name === undefined ? [] : [name]);
      }
      return keyword === 'table' || keyword === 'view' ? onTables('drop', tableNames(ast.name)) : [];
    }
    case 'truncate':
      return onTables('truncate', tableNames(ast.name));
    case 'delete': {
      const deleted = tableNames(ast.table);
      return onTables('delete', deleted.length > 0 ? deleted : tableNames(ast.from));
    }
    case 'update':
      return onTables('update', tableNames(ast.table));
    case 'alter':
      return keyword === undefined || keyword === 'table' ? onTables('alter', tableNames(ast.table)) : [];
    case 'insert':
    case 'replace':
      return onTables('write', tableNames(ast.table));
    case 'select':
      return onTables(
        'read',
        tableList
          .map((entry) => entry.split('::'))
          .filter(([type]) => type?.toLowerCase() === 'select')
          .map(([, db, table]) => (db && db !== 'null' ? `${db}.${table}` : (table ?? '')))
          .filter((name) => name !== ''),
      );
    default:
      return [];
  }
}

/* ---------------------------------------------------------------------------------------------- */
/* Reading a statement no dialect parses                                                           */

class TokenReader {
  constructor(
    private readonly tokens: readonly Token[],
    public at = 0,
  ) {}

  keyword(): string | undefined {
    const token = this.tokens[this.at];
    return token?.kind === 'word' ? token.text.toUpperCase() : undefined;
  }

  /** Skips the keywords given, in order, where they appear; returns whether all of them did. */
  skip(...keywords: string[]): boolean {
    const start = this.at;
    for (const keyword of keywords) {
      if (this.keyword() !== keyword) {
        this.at = start;
        return false;
      }
      this.at += 1;
    }
    return true;
  }

  skipAny(...keywords: string[]): void {
    while (keywords.includes(this.keyword() ?? '')) this.at += 1;
  }

  /** A possibly qualified name: `schema.table`, `"My Table"`. */
  name(): string | undefined {
    const parts: string[] = [];
    for (;;) {
      const token = this.tokens[this.at];
      if (!token || (token.kind !== 'word' && token.kind !== 'identifier')) break;
      parts.push(token.text);
      this.at += 1;
      if (this.tokens[this.at]?.text !== '.' || this.tokens[this.at]?.kind !== 'symbol') break;
      this.at += 1;
    }
    return parts.length > 0 ? parts.join('.') : undefined;
  }

  names(): string[] {
    const names: string[] = [];
    for (;;) {
      const name = this.name();
      if (name === undefined) break;
      names.push(name);
      if (this.tokens[this.at]?.text === '*') this.at += 1;
      if (this.tokens[this.at]?.text !== ',') break;
      this.at += 1;
      this.skipAny('ONLY');
    }
    return names;
  }

  /** Moves to the first top-level keyword of `keywords` (past a WITH clause's parenthesized queries). */
  seekTopLevel(keywords: readonly string[]): boolean {
    let depth = 0;
    for (; this.at < this.tokens.length; this.at++) {
      const text = this.tokens[this.at]!.text;
      if (text === '(') depth += 1;
      else if (text === ')') depth -= 1;
      else if (depth === 0 && keywords.includes(this.keyword() ?? '')) return true;
    }
    return false;
  }
}

const DATA_KEYWORDS = ['DELETE', 'UPDATE', 'INSERT', 'REPLACE'];

function named(verb: Verb, kind: Effect['kind'], names: string[]): Effect[] {
  return names.length > 0 ? [{ verb, kind, names }] : [];
}

function effectsOfTokens(tokens: readonly Token[]): Effect[] {
  const reader = new TokenReader(tokens);
  if (reader.keyword() === 'WITH' && !reader.seekTopLevel(DATA_KEYWORDS)) return [];
  const onTables = (verb: Verb, names: string[]): Effect[] => named(verb, 'table', names);
  const leading = reader.keyword();
  reader.at += 1;
  switch (leading) {
    case 'DROP': {
      reader.skipAny('TEMPORARY', 'TEMP');
      if (reader.skip('DATABASE') || reader.skip('SCHEMA')) {
        reader.skip('IF', 'EXISTS');
        return named('drop', 'database', reader.names());
      }
      if (reader.skip('INDEX')) {
        reader.skipAny('CONCURRENTLY');
        reader.skip('IF', 'EXISTS');
        return named('drop', 'resource', reader.names());
      }
      if (!(reader.skip('TABLE') || reader.skip('VIEW') || reader.skip('MATERIALIZED', 'VIEW') || reader.skip('FOREIGN', 'TABLE'))) return [];
      reader.skip('IF', 'EXISTS');
      return onTables('drop', reader.names());
    }
    case 'TRUNCATE':
      reader.skipAny('TABLE', 'ONLY');
      return onTables('truncate', reader.names());
    case 'DELETE':
      reader.skipAny('LOW_PRIORITY', 'QUICK', 'IGNORE');
      if (!reader.skip('FROM')) return [];
      reader.skipAny('ONLY');
      return onTables('delete', reader.names().slice(0, 1));
    case 'UPDATE':
      if (reader.skip('OR')) reader.at += 1;
      reader.skipAny('ONLY', 'LOW_PRIORITY', 'IGNORE');
      return onTables('update', reader.names().slice(0, 1));
    case 'ALTER':
      if (!reader.skip('TABLE')) return [];
      reader.skip('IF', 'EXISTS');
      reader.skipAny('ONLY');
      return onTables('alter', reader.names().slice(0, 1));
    case 'INSERT':
    case 'REPLACE':
      if (reader.skip('OR')) reader.at += 1;
      reader.skipAny('LOW_PRIORITY', 'DELAYED', 'HIGH_PRIORITY', 'IGNORE', 'INTO');
      return onTables('write', reader.names().slice(0, 1));
    default:
      return [];
  }
}
