import { type SqlStatement } from '@dq/check-engine';
import {
  type CallOptions,
  type ColumnInfo,
  type DatasourceAdapter,
  type DatasourceConnection,
  DatasourceError,
  type QueryResult,
  type SessionOptions,
} from '@dq/datasources';
import { DatasourceErrorClass } from '@dq/contracts';

/** Runs compiled statements against one target; counts them (the benchmarks report the count). */
export interface StatementRunner {
  run(statement: SqlStatement, maxRows: number): Promise<QueryResult>;
  readonly statementsSent: number;
}

/**
 * Gives `work` a statement runner over the target: the SQL kinds send each statement to the
 * datasource (read-only session, bound parameters); the scan kinds prepare the target once
 * (files spooled, Iceberg planned) and run every statement in that one scan session.
 */
export async function withTargetStatements<T>(
  adapter: DatasourceAdapter,
  connection: DatasourceConnection,
  target: string,
  options: CallOptions,
  work: (runner: StatementRunner) => Promise<T>,
): Promise<T> {
  let sent = 0;
  if (adapter.withScan) {
    return adapter.withScan(connection, target, options, (scan) =>
      work({
        run: (statement, maxRows) => {
          sent += 1;
          return scan.query(statement.sql, maxRows);
        },
        get statementsSent() {
          return sent;
        },
      }),
    );
  }
  if (!adapter.query) {
    throw new DatasourceError(DatasourceErrorClass.Invalid, 'This datasource kind cannot run checks');
  }
  const query = adapter.query.bind(adapter);
  return work({
    run: (statement, maxRows) => {
      sent += 1;
      return query(connection, statement.sql, { ...options, maxRows, params: statement.params });
    },
    get statementsSent() {
      return sent;
    },
  });
}

/** A run's reads of its target: its columns, then its statements. */
export interface TargetReads {
  columns(): Promise<ColumnInfo[]>;
  statements<T>(work: (runner: StatementRunner) => Promise<T>): Promise<T>;
}

/**
 * Gives `work` the target's columns and statements. Where the adapter has sessions (PostgreSQL),
 * both go through one connection (`sessionOptions.compiledOnly`: no statement a user wrote, so no
 * explicit transaction is needed). Elsewhere the columns are a call of their own and the statements run as
 * `withTargetStatements` runs them (a scan prepared once).
 */
export async function withTargetReads<T>(
  adapter: DatasourceAdapter,
  connection: DatasourceConnection,
  target: string,
  options: CallOptions,
  work: (reads: TargetReads) => Promise<T>,
  sessionOptions: SessionOptions = {},
): Promise<T> {
  if (!adapter.withSession) {
    return work({
      columns: () => adapter.columns(connection, target, options),
      statements: (statementWork) =>
        withTargetStatements(adapter, connection, target, options, statementWork),
    });
  }
  return adapter.withSession(
    connection,
    options,
    (session) => {
      let sent = 0;
      const runner: StatementRunner = {
        run: (statement, maxRows) => {
          sent += 1;
          return session.query(statement.sql, { maxRows, params: statement.params });
        },
        get statementsSent() {
          return sent;
        },
      };
      return work({
        columns: () => session.columns(target),
        statements: (statementWork) => statementWork(runner),
      });
    },
    sessionOptions,
  );
}
