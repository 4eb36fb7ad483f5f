import { type SqlStatement } from '@dq/check-engine';
import {
  type CallOptions,
  type DatasourceAdapter,
  type DatasourceConnection,
  DatasourceError,
  type QueryResult,
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
