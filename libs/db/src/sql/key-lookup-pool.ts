import { Inject, Injectable, Logger, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { Pool, type PoolConfig, type QueryResultRow } from 'pg';
import { DataSource } from 'typeorm';
import { preparedQueryOn } from './prepared-query';

/**
 * Session settings under which the planner reaches rows only through indexes and joins them only
 * by nested loops: a sequential scan, a hash join or a merge join is costed as forbidden, so it is
 * chosen only where nothing else can serve.
 */
export const KEY_LOOKUP_SESSION_OPTIONS =
  '-c enable_seqscan=off -c enable_hashjoin=off -c enable_mergejoin=off';

/** Connections of a `KeyLookupPool` (the statements that use it are few, short and batched). */
export const KEY_LOOKUP_POOL_SIZE = Symbol('KEY_LOOKUP_POOL_SIZE');
const DEFAULT_KEY_LOOKUP_POOL_SIZE = 3;

/**
 * A few connections of their own, beside the data source's pool, for prepared statements that
 * touch a handful of rows by key on every unit of work (the run ledger's claim, results and
 * finish). A connection plans such a statement once and keeps the plan; from the statistics of a
 * table that was nearly empty when the plan was made (a new installation, a burst before
 * autovacuum analyzes), the planner would read the whole table and join by hashing, and keep doing
 * so as the table grows. On these sessions it cannot: every plan reaches rows by key, whatever the
 * statistics say. Same server, credentials and session settings as the data source otherwise;
 * connects on first use.
 */
@Injectable()
export class KeyLookupPool implements OnApplicationShutdown {
  private readonly logger = new Logger(KeyLookupPool.name);
  private pool?: Pool;
  private closed = false;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Optional() @Inject(KEY_LOOKUP_POOL_SIZE) private readonly size: number = DEFAULT_KEY_LOOKUP_POOL_SIZE,
  ) {}

  /** `preparedQuery` on this pool's connections. */
  async query<T extends QueryResultRow>(name: string, text: string, values: unknown[]): Promise<T[]> {
    return preparedQueryOn<T>(this.connections(), name, text, values);
  }

  /**
   * One statement as it is, unprepared, on the same sessions: for what only they can tell (their
   * plan cache, `EXPLAIN EXECUTE` of a statement they prepared).
   */
  async unprepared<T extends QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await this.connections().query<T>(text, values)).rows;
  }

  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = undefined;
    await pool?.end();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  private connections(): Pool {
    if (this.pool) return this.pool;
    if (this.closed) throw new Error('KeyLookupPool is closed');
    const base = (this.dataSource.driver as unknown as { master: { options: PoolConfig } }).master.options;
    const pool = new Pool({
      ...base,
      max: this.size,
      options: [base.options, KEY_LOOKUP_SESSION_OPTIONS].filter(Boolean).join(' '),
      application_name: `${base.application_name ?? 'dq'}:key-lookups`,
    });
    // An idle connection the server dropped (a restart) is replaced on the next query; without a
    // listener its error would end the process.
    pool.on('error', (error) => this.logger.warn({ msg: 'idle key-lookup connection lost', err: error }));
    this.pool = pool;
    return pool;
  }
}
