import { isIP } from 'node:net';
import { Client, type ClientConfig, type QueryConfig, type QueryResult } from 'pg';
import { AppError, DatasourceErrorClass } from '@dq/contracts';
import { type EgressGuard } from '@dq/security';
import { rethrowCallerFailure } from '../adapter/caller-work';
import { type CallOptions, type DatasourceConnection, DatasourceError } from '../adapter/datasource-adapter';
import { POSTGRES_ERROR_MESSAGES, classifyPostgresError } from './classify-postgres-error';
import { postgresClientConfig, postgresSslFallsBack, postgresSslMode } from './postgres-connection-config';
import { sendPostgresCancelRequest } from './postgres-cancel-request';
import { PostgresClientPool, postgresClientPool } from './postgres-client-pool';

/** The backend key pg keeps after the handshake (not in its type declarations). */
interface BackendKey {
  processID: number | null;
  secretKey: number | null;
}

function classified(errorClass: DatasourceErrorClass): DatasourceError {
  return new DatasourceError(errorClass, POSTGRES_ERROR_MESSAGES[errorClass]);
}

/**
 * One read-only transaction on a pooled connection. Statements always use the extended
 * protocol, which accepts exactly one statement: a `;`-chained second statement (a COMMIT, then a
 * write) is a syntax error, never executed.
 */
export class PostgresSession {
  /** Statements the server has answered in this session (a reused connection proved alive). */
  answered = 0;

  constructor(
    private readonly client: Client,
    private readonly signal?: AbortSignal,
  ) {}

  /**
   * `prepared` names a statement of our own fixed text: prepared once per pooled connection and
   * planned from then on without parsing (catalog reads cost more to plan than to run).
   */
  async run<R extends Record<string, unknown> = Record<string, unknown>>(
    text: string,
    values: unknown[] = [],
    { prepared }: { prepared?: string } = {},
  ): Promise<QueryResult<R>> {
    // A cancel that arrived between statements found nothing running: stop before the next one.
    if (this.signal?.aborted) throw classified(DatasourceErrorClass.Cancelled);
    const query: QueryConfig & { queryMode: 'extended' } = {
      text,
      values,
      queryMode: 'extended',
      ...(prepared ? { name: prepared } : {}),
    };
    const result = await this.client.query<R>(query);
    this.answered += 1;
    return result;
  }

  /**
   * Several statements of our own fixed text, no parameters, in one round trip (the simple
   * protocol); the answer of each, in order. Never for text a user wrote: the simple protocol runs
   * every `;`-separated statement it is given.
   */
  async runOwnScript(text: string): Promise<QueryResult[]> {
    if (this.signal?.aborted) throw classified(DatasourceErrorClass.Cancelled);
    const results = (await this.client.query(text)) as unknown as QueryResult | QueryResult[];
    this.answered += 1;
    return Array.isArray(results) ? results : [results];
  }

  /** Ends the transaction a failed statement aborted and begins a new READ ONLY one. */
  async restartTransaction(): Promise<void> {
    await this.runOwnScript('ROLLBACK; BEGIN READ ONLY');
  }
}

/**
 * Classifies whatever `work` throws as the adapter's calls do (a cancel as `cancelled`, a driver
 * error by its SQLSTATE with a fixed message), so a caller inside a session can tell a failed
 * statement from a lost datasource.
 */
export async function classifiedPostgresCall<T>(
  signal: AbortSignal | undefined,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    rethrowCallerFailure(error);
    if (signal?.aborted) throw classified(DatasourceErrorClass.Cancelled);
    if (error instanceof DatasourceError) throw error;
    throw classified(classifyPostgresError(error));
  }
}

/**
 * Runs `work` on a connection of the pool (or a new one), then returns the connection to the pool
 * if the work ended cleanly and closes it otherwise. Every connection is opened read-only by
 * default (`default_transaction_read_only`); with `transaction` (the default) the work runs in an
 * explicit READ ONLY transaction, rolled back after, which undoes anything a statement changed in
 * the session (a `set_config` included): the mode for any SQL a user wrote. Without it each
 * statement is its own read-only transaction, two round trips fewer: only for statements the check
 * engine compiled. Every failure comes out as a classified `DatasourceError` with a fixed message
 * (the driver's text names hosts, users and databases, so it is dropped). An abort of
 * `options.signal` cancels the running statement on the server and fails the call as `cancelled`.
 * `fresh` opens a connection of its own and closes it after (a connection test proves the
 * credential now, not 10 s ago).
 */
export async function withReadOnlySession<T>(
  egress: EgressGuard,
  connection: DatasourceConnection,
  options: CallOptions,
  work: (session: PostgresSession) => Promise<T>,
  { fresh = false, transaction = true }: { fresh?: boolean; transaction?: boolean } = {},
): Promise<T> {
  const sslMode = postgresSslMode(connection);
  const { signal } = options;
  if (signal?.aborted) throw classified(DatasourceErrorClass.Cancelled);
  const config = await pinnedClientConfig(egress, postgresClientConfig(connection, options.timeoutMs));

  const key = PostgresClientPool.keyOf(config);
  let client: Client | undefined;
  let cancelSent: Promise<void> | undefined;
  let clean = false;
  const onAbort = (): void => {
    if (client === undefined) return;
    const { processID, secretKey } = client as unknown as BackendKey;
    if (processID !== null && secretKey !== null)
      cancelSent = sendPostgresCancelRequest(String(config.host), Number(config.port), processID, secretKey);
    else void client.end().catch(() => undefined);
  };
  signal?.addEventListener('abort', onAbort, { once: true });

  try {
    let reused = false;
    if (!fresh) {
      client = transaction ? await beginOnIdle(key) : postgresClientPool.take(key);
      reused = client !== undefined;
    }
    client ??= await openClient(config, transaction, sslMode);
    let session = new PostgresSession(client, signal);
    let result: T;
    try {
      result = await work(session);
    } catch (error) {
      // A pooled connection the server closed in the instant before it was taken fails its first
      // statement: the work runs once more on a new connection. (With a transaction, the BEGIN
      // proved the connection before the work began.)
      if (!reused || transaction || session.answered > 0 || signal?.aborted || !isConnectionLost(error))
        throw error;
      await client.end().catch(() => undefined);
      client = await openClient(config, false, sslMode);
      session = new PostgresSession(client, signal);
      result = await work(session);
    }
    // A session-level advisory lock a user's statement took survives the rollback: released here,
    // so a connection reused without a transaction of its own never carries one.
    if (transaction) await session.runOwnScript('ROLLBACK; SELECT pg_advisory_unlock_all()');
    if (signal?.aborted) throw classified(DatasourceErrorClass.Cancelled);
    clean = true;
    return result;
  } catch (error) {
    rethrowCallerFailure(error);
    if (signal?.aborted) throw classified(DatasourceErrorClass.Cancelled);
    if (error instanceof DatasourceError) throw error;
    throw classified(classifyPostgresError(error));
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await cancelSent;
    if (client !== undefined) {
      if (clean && !fresh) postgresClientPool.give(key, client);
      else await client.end().catch(() => undefined);
    }
  }
}

/**
 * The settings with `host` replaced by an address the egress guard checked (resolve, check, pin):
 * the socket connects to that address, never to a second lookup's answer, and TLS still verifies
 * the certificate against the host name the connection names. A refusal is the guard's 422
 * `url_forbidden`, before any byte reaches the host: no auth or timeout answer to tell apart.
 */
export async function pinnedClientConfig(egress: EgressGuard, config: ClientConfig): Promise<ClientConfig> {
  const host = String(config.host);
  let address: string;
  try {
    [{ address }] = await egress.assertHostAllowed(host, 'config.host');
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The name does not resolve (now): an unreachable datasource.
    throw classified(classifyPostgresError(error));
  }
  const ssl =
    typeof config.ssl === 'object' && isIP(host) === 0 ? { ...config.ssl, servername: host } : config.ssl;
  return { ...config, host: address, ssl };
}

/**
 * A new connection; under `prefer`, a server that declines TLS (or fails its handshake) gets a
 * second, plain attempt, as libpq does. The pool keys both by the same settings.
 */
async function openClient(config: ClientConfig, transaction: boolean, sslMode: string): Promise<Client> {
  let client = new Client(config);
  // A connection dropped while in use is reported as an event; the call's own promise reports it.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    if (!postgresSslFallsBack(sslMode, error)) throw error;
    await client.end().catch(() => undefined);
    client = new Client({ ...config, ssl: false });
    client.on('error', () => undefined);
    await client.connect();
  }
  if (transaction) await client.query('BEGIN READ ONLY');
  return client;
}

function isConnectionLost(error: unknown): boolean {
  const errorClass = error instanceof DatasourceError ? error.errorClass : classifyPostgresError(error);
  return errorClass === DatasourceErrorClass.Unreachable;
}

/**
 * An idle connection of the pool with its READ ONLY transaction begun, or undefined. A read-only
 * transaction can still take session-level advisory locks, which its rollback keeps: they are
 * released in the same round trip as the BEGIN. A connection the server closed meanwhile is
 * closed here and the next one tried.
 */
async function beginOnIdle(key: string): Promise<Client | undefined> {
  for (let client = postgresClientPool.take(key); client; client = postgresClientPool.take(key)) {
    client.on('error', () => undefined);
    try {
      await client.query('SELECT pg_advisory_unlock_all(); BEGIN READ ONLY');
      return client;
    } catch {
      await client.end().catch(() => undefined);
    }
  }
  return undefined;
}
