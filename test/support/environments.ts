import { after, before } from 'node:test';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import type { BenchCase } from '../../server/src/bench/caseSchema';
import { createEnvironment } from '../../server/src/bench/environments';
import type { CaseEnvironmentInstance } from '../../server/src/bench/types';

/**
 * Case environments for a test file: sql.js (the database domain's SQLite) is loaded before the
 * file's tests run, and every environment created is disposed after them. Call at the top level.
 */
export function environmentsForTests(): { create(benchCase: BenchCase): CaseEnvironmentInstance; sqlJs(): SqlJsStatic } {
  let loaded: SqlJsStatic | undefined;
  const open: CaseEnvironmentInstance[] = [];
  before(async () => {
    loaded = await initSqlJs({ locateFile: () => require.resolve('sql.js/dist/sql-wasm.wasm') });
  });
  after(() => {
    for (const environment of open) environment.dispose();
  });
  const sqlJs = (): SqlJsStatic => {
    if (!loaded) throw new Error('sql.js loads before the tests run: create environments inside a test');
    return loaded;
  };
  return {
    create(benchCase) {
      const environment = createEnvironment(benchCase, { sqlJs: sqlJs() });
      open.push(environment);
      return environment;
    },
    sqlJs,
  };
}
