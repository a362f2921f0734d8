import type { Database, SqlJsStatic, SqlValue } from 'sql.js';
import { z } from 'zod';
import { type DomainState, type OperationArguments, OperationError, fail, issueLines, json } from './common';

/*
 * The database domain: one real SQLite database (sql.js), built by the case's statements. `query` is
 * read-only the way SQLite enforces it (PRAGMA query_only), `execute` runs statements as a database
 * client would (each commits on its own), `dump` saves the database as SQL text. The case has one
 * database: a dump records the name the agent gave it (a case that cares lists the name as an `enum`
 * in the tool's parameters, so another name is rejected).
 *
 * Snapshot: { tables: { [table]: [{ column: value, … }, …] }, dumps: [{ id, database, tables, rows, sql }] }
 * — blobs as x'hex' strings.
 */

export const SqlStatementsSchema = z.array(z.string().min(1));

interface Dump {
  readonly id: string;
  readonly database: string;
  readonly tables: readonly string[];
  readonly rows: number;
  readonly sql: string;
}

/** What a query may start with: a SELECT, possibly behind a WITH, or a VALUES list. */
const READ_ONLY_START = /^\s*(?:(?:--[^\n]*\n|\/\*[\s\S]*?\*\/)\s*)*\(?\s*(?:select|with|values)\b/i;

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function plain(value: SqlValue): string | number | null {
  if (value instanceof Uint8Array) return `x'${hex(value)}'`;
  return value;
}

function sqlLiteral(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  if (value instanceof Uint8Array) return `X'${hex(value)}'`;
  return `'${value.replaceAll("'", "''")}'`;
}

function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** SQLite's own message, as a database client shows it. */
function sqliteMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function build(sqlJs: SqlJsStatic, statements: readonly string[]): { database: Database; problems: string[] } {
  const database = new sqlJs.Database();
  const problems: string[] = [];
  statements.forEach((statement, index) => {
    try {
      database.exec(statement);
    } catch (error) {
      problems.push(`environment.sql[${index}]: ${sqliteMessage(error)}`);
    }
  });
  return { database, problems };
}

/** Problems of the statements; with sql.js at hand, also the statements SQLite refuses. */
export function sqlProblems(statements: unknown, sqlJs: SqlJsStatic | undefined): string[] {
  const parsed = SqlStatementsSchema.safeParse(statements);
  if (!parsed.success) return issueLines('sql', parsed.error.issues);
  if (!sqlJs) return [];
  const { database, problems } = build(sqlJs, parsed.data);
  database.close();
  return problems;
}

export class DatabaseState implements DomainState {
  private readonly database: Database;
  private readonly dumps: Dump[] = [];

  constructor(statements: readonly string[], sqlJs: SqlJsStatic) {
    const { database, problems } = build(sqlJs, SqlStatementsSchema.parse(statements));
    if (problems.length > 0) {
      database.close();
      throw new Error(`the case's database cannot be built: ${problems.join('; ')}`);
    }
    this.database = database;
  }

  run(operation: string, args: OperationArguments): string {
    switch (operation) {
      case 'query':
        return this.runQuery(args.text('sql'));
      case 'execute':
        return this.execute(args.text('sql'));
      case 'dump':
        return this.dump(args.text('database'), args.optionalList('tables'));
      case 'list-tables':
        return json(this.tableNames().map((name) => ({ name, rows: this.rowCount(name) })));
      default:
        return fail(`${operation} is not a database operation`);
    }
  }

  private tableNames(): string[] {
    const [result] = this.database.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
    return (result?.values ?? []).map(([name]) => String(name));
  }

  private rowCount(table: string): number {
    const [result] = this.database.exec(`SELECT count(*) FROM ${quoteName(table)}`);
    return Number(result?.values[0]?.[0] ?? 0);
  }

  /** One read-only statement; SQLite itself refuses any write while query_only is on. */
  private select(sql: string): { columns: string[]; values: SqlValue[][] } {
    if (!READ_ONLY_START.test(sql)) fail('only a SELECT can be run here; this tool does not change data');
    let statements = 0;
    try {
      for (const statement of this.database.iterateStatements(sql)) {
        statements += 1;
        statement.free();
      }
    } catch (error) {
      fail(sqliteMessage(error));
    }
    if (statements !== 1) fail('run one SELECT statement at a time');
    this.database.exec('PRAGMA query_only = 1');
    try {
      const [result] = this.database.exec(sql);
      return result ?? { columns: [], values: [] };
    } catch (error) {
      return fail(sqliteMessage(error));
    } finally {
      this.database.exec('PRAGMA query_only = 0');
    }
  }

  private runQuery(sql: string): string {
    const { columns, values } = this.select(sql);
    return json(values.map((row) => Object.fromEntries(columns.map((column, i) => [column, plain(row[i] ?? null)]))));
  }

  private totalChanges(): number {
    const [result] = this.database.exec('SELECT total_changes()');
    return Number(result?.values[0]?.[0] ?? 0);
  }

  private execute(sql: string): string {
    const before = this.totalChanges();
    let results;
    try {
      results = this.database.exec(sql);
    } catch (error) {
      const changed = this.totalChanges() - before;
      return fail(`${sqliteMessage(error)}${changed > 0 ? ` (statements before the failing one were applied: ${changed} row${changed === 1 ? '' : 's'} changed)` : ''}`);
    }
    const changed = this.totalChanges() - before;
    const rows = results.flatMap(({ columns, values }) => values.map((row) => Object.fromEntries(columns.map((column, i) => [column, plain(row[i] ?? null)]))));
    return `OK, ${changed} row${changed === 1 ? '' : 's'} changed${rows.length > 0 ? `\n${json(rows)}` : ''}`;
  }

  private dump(database: string, only: readonly string[] | undefined): string {
    const existing = this.tableNames();
    // SQLite names the database's own tables "main.<table>" too (as a statement may have written them): the same table.
    const named = (only ?? []).map((table) => (!existing.includes(table) && /^main\./i.test(table) && existing.includes(table.slice(5)) ? table.slice(5) : table));
    const missing = named.filter((table) => !existing.includes(table));
    if (missing.length > 0) fail(`no such table: ${missing.join(', ')}`);
    const tables = named.length > 0 ? [...new Set(named)] : existing;
    const lines: string[] = [];
    let rows = 0;
    for (const table of tables) {
      const [schema] = this.database.exec('SELECT sql FROM sqlite_master WHERE type = ? AND name = ?', ['table', table]);
      lines.push(`${String(schema?.values[0]?.[0] ?? '')};`);
      const [data] = this.database.exec(`SELECT * FROM ${quoteName(table)}`);
      for (const row of data?.values ?? []) {
        lines.push(`INSERT INTO ${quoteName(table)} VALUES (${row.map(sqlLiteral).join(', ')});`);
        rows += 1;
      }
    }
    const id = `dump-${this.dumps.length + 1}`;
    this.dumps.push({ id, database, tables, rows, sql: lines.join('\n') });
    return `Dumped ${database} (${tables.length} table${tables.length === 1 ? '' : 's'}: ${tables.join(', ') || 'none'}; ${rows} row${rows === 1 ? '' : 's'}) as ${id}`;
  }

  /** A read-only SELECT for state predicates; throws with SQLite's message when it cannot run. */
  query(sql: string): unknown[][] {
    try {
      return this.select(sql).values.map((row) => row.map(plain));
    } catch (error) {
      throw new Error(error instanceof OperationError ? error.message : sqliteMessage(error));
    }
  }

  snapshot(): { tables: Record<string, Record<string, string | number | null>[]>; dumps: Dump[] } {
    const tables: Record<string, Record<string, string | number | null>[]> = {};
    for (const table of this.tableNames()) {
      const [data] = this.database.exec(`SELECT * FROM ${quoteName(table)}`);
      tables[table] = (data?.values ?? []).map((row) => Object.fromEntries((data?.columns ?? []).map((column, i) => [column, plain(row[i] ?? null)])));
    }
    return { tables, dumps: this.dumps.map((dump) => ({ ...dump, tables: [...dump.tables] })) };
  }

  dispose(): void {
    this.database.close();
  }
}
