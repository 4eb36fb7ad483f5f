import { Client, type QueryConfig, type QueryResult } from 'pg';
import { DatasourceErrorClass } from '@dq/contracts';
import { type CallOptions, type DatasourceConnection, DatasourceError } from '../adapter/datasource-adapter';
import { POSTGRES_ERROR_MESSAGES, classifyPostgresError } from './classify-postgres-error';
import { postgresClientConfig } from './postgres-connection-config';
import { sendPostgresCancelRequest } from './postgres-cancel-request';

/** The backend key pg keeps after the handshake (not in its type declarations). */
interface BackendKey {
  processID: number | null;
  secretKey: number | null;
}

function classified(errorClass: DatasourceErrorClass): DatasourceError {
  return new DatasourceError(errorClass, POSTGRES_ERROR_MESSAGES[errorClass]);
}

/**
 * One read-only transaction on a short-lived connection. Statements always use the extended
 * protocol, which accepts exactly one statement: a `;`-chained second statement (a COMMIT, then a
 * write) is a syntax error, never executed.
 */
export class PostgresSession {
  constructor(
    private readonly client: Client,
    private readonly signal?: AbortSignal,
  ) {}

  async run<R extends Record<string, unknown> = Record<string, unknown>>(
    text: string,
    values: unknown[] = [],
  ): Promise<QueryResult<R>> {
    // A cancel that arrived between statements found nothing running: stop before the next one.
    if (this.signal?.aborted) throw classified(DatasourceErrorClass.Cancelled);
    const query: QueryConfig & { queryMode: 'extended' } = { text, values, queryMode: 'extended' };
    return this.client.query<R>(query);
  }
}

/**
 * Opens a connection, starts a READ ONLY transaction, runs `work` and always closes the connection.
 * Every failure comes out as a classified `DatasourceError` with a fixed message (the driver's text
 * names hosts, users and databases, so it is dropped). An abort of `options.signal` cancels the
 * running statement on the server and fails the call as `cancelled`.
 */
export async function withReadOnlySession<T>(
  connection: DatasourceConnection,
  options: CallOptions,
  work: (session: PostgresSession) => Promise<T>,
): Promise<T> {
  const config = postgresClientConfig(connection, options.timeoutMs);
  const { signal } = options;
  if (signal?.aborted) throw classified(DatasourceErrorClass.Cancelled);

  const client = new Client(config);
  // A connection dropped while idle is reported as an event; the call's own promise reports it.
  client.on('error', () => undefined);
  let cancelSent: Promise<void> | undefined;
  const onAbort = (): void => {
    const { processID, secretKey } = client as unknown as BackendKey;
    if (processID !== null && secretKey !== null)
      cancelSent = sendPostgresCancelRequest(String(config.host), Number(config.port), processID, secretKey);
    else void client.end().catch(() => undefined);
  };
  signal?.addEventListener('abort', onAbort, { once: true });

  try {
    await client.connect();
    const session = new PostgresSession(client, signal);
    await session.run('BEGIN READ ONLY');
    const result = await work(session);
    await session.run('ROLLBACK');
    if (signal?.aborted) throw classified(DatasourceErrorClass.Cancelled);
    return result;
  } catch (error) {
    if (signal?.aborted) throw classified(DatasourceErrorClass.Cancelled);
    if (error instanceof DatasourceError) throw error;
    throw classified(classifyPostgresError(error));
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await cancelSent;
    await client.end().catch(() => undefined);
  }
}
