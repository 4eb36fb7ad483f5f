import { type EntityManager, In, IsNull } from 'typeorm';
import { RunStatus } from '@dq/contracts';
import { RunEntity } from '../entities';
import { PgErrorCode, entityOfRow, pgErrorOf } from '@dq/db';
import { type ClaimedRun, type RunLedger } from './run-ledger';
import { runStatusIn } from './run-status-sql';
import { RUN_INITIAL_STATUS } from './run-transitions';

/** How long a run waits before trying again while another run of its suite holds the suite. */
export const SUITE_BUSY_RETRY_MS = 2_000;

/** The partial unique index that lets a suite have one `running` run not asked to overlap. */
const ONE_RUNNING_PER_SUITE_INDEX = 'runs_one_running_per_suite_idx';

/** What a trigger asks of one suite's runs. */
export interface QueuedRunRequest {
  suiteId: string;
  create: Pick<RunEntity, 'trigger' | 'plan' | 'target' | 'totalChecks'>;
}

/** A claim's answer: the run, nothing to claim, or the suite is busy and the run waits. */
export type SuiteClaim =
  | { kind: 'claimed'; run: ClaimedRun }
  | { kind: 'not_claimable' }
  | { kind: 'suite_busy'; retryInMs: number };

/**
 * One run per suite at a time, unless a trigger asks to overlap. Two sides, both here:
 * - a trigger joins the suite's queued or running run (one that did not ask to overlap, and that
 *   no one asked to cancel: a trigger after a cancel wants a run). The suite's triggers are
 *   serialised by its advisory lock, so two at once cannot both see "nothing in flight";
 * - a claim of a run whose suite another run holds breaks the partial unique index
 *   (`runs_one_running_per_suite_idx`, the migration's): the run stays `queued` and waits.
 */
export const OneRunPerSuite = {
  /** In `manager`'s transaction: the suite's run in flight, or a new queued one. */
  async joinOrCreate(
    manager: EntityManager,
    request: QueuedRunRequest,
  ): Promise<{ run: RunEntity; deduplicated: boolean }> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `run-dispatch:${request.suiteId}`,
    ]);
    const runs = manager.getRepository(RunEntity);
    const inFlight = await runs.findOne({
      where: {
        suiteId: request.suiteId,
        status: In([RunStatus.Queued, RunStatus.Running]),
        allowConcurrent: false,
        cancelRequestedAt: IsNull(),
      },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    if (inFlight) return { run: inFlight, deduplicated: true };
    const run = await runs.save(
      runs.create({
        ...request.create,
        suiteId: request.suiteId,
        status: RUN_INITIAL_STATUS,
        allowConcurrent: false,
      }),
    );
    return { run, deduplicated: false };
  },

  /**
   * `joinOrCreate` for many suites in `manager`'s transaction, in three statements: the suites'
   * advisory locks (taken in one order, so two batches never deadlock), their runs in flight, one
   * INSERT of the rest. The answers follow `requests`; a suite asked twice is created once and
   * joined by the later request.
   */
  async joinOrCreateMany(
    manager: EntityManager,
    requests: readonly QueuedRunRequest[],
  ): Promise<{ run: RunEntity; deduplicated: boolean }[]> {
    if (requests.length === 0) return [];
    const firstBySuite = new Map<string, QueuedRunRequest>();
    for (const request of requests)
      if (!firstBySuite.has(request.suiteId)) firstBySuite.set(request.suiteId, request);
    const suiteIds = [...firstBySuite.keys()];
    await manager.query(
      `SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0)))
         FROM (SELECT k FROM unnest($1::text[]) AS k ORDER BY k) AS sorted`,
      [suiteIds.map((id) => `run-dispatch:${id}`)],
    );
    const dataSource = manager.connection;
    const inFlightRows = await manager.query<Record<string, unknown>[]>(
      `SELECT DISTINCT ON (r."suite_id") r.* FROM "runs" r
        WHERE r."suite_id" = ANY($1::uuid[]) AND ${runStatusIn('r."status"', [RunStatus.Queued, RunStatus.Running])}
          AND NOT r."allow_concurrent" AND r."cancel_requested_at" IS NULL
        ORDER BY r."suite_id", r."created_at" ASC, r."id" ASC`,
      [suiteIds],
    );
    const inFlight = new Map(
      inFlightRows.map((row) => [row['suite_id'] as string, entityOfRow(dataSource, RunEntity, row)]),
    );
    const toCreate = [...firstBySuite.values()].filter((request) => !inFlight.has(request.suiteId));
    const created = new Map<string, RunEntity>();
    if (toCreate.length > 0) {
      const rows = await manager.query<Record<string, unknown>[]>(
        `INSERT INTO "runs" ("suite_id", "trigger", "status", "plan", "target", "total_checks", "allow_concurrent")
         SELECT u.suite_id, u.trigger, $6, u.plan::jsonb, u.target::jsonb, u.total_checks, false
           FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[])
                AS u(suite_id, trigger, plan, target, total_checks)
         RETURNING *`,
        [
          toCreate.map((request) => request.suiteId),
          toCreate.map((request) => request.create.trigger),
          toCreate.map((request) => JSON.stringify(request.create.plan)),
          toCreate.map((request) => (request.create.target ? JSON.stringify(request.create.target) : null)),
          toCreate.map((request) => request.create.totalChecks),
          RUN_INITIAL_STATUS,
        ],
      );
      for (const row of rows) created.set(row['suite_id'] as string, entityOfRow(dataSource, RunEntity, row));
    }
    const answered = new Set<string>();
    return requests.map((request) => {
      const fresh = created.get(request.suiteId);
      if (fresh && !answered.has(request.suiteId)) {
        answered.add(request.suiteId);
        return { run: fresh, deduplicated: false };
      }
      const run = fresh ?? inFlight.get(request.suiteId);
      if (!run) throw new Error(`no run for suite ${request.suiteId} after joinOrCreateMany`);
      return { run, deduplicated: true };
    });
  },

  /** Claims the run for `workerId`, unless another run of its suite is running. */
  async claim(ledger: RunLedger, runId: string, workerId: string): Promise<SuiteClaim> {
    try {
      const run = await ledger.claim(runId, workerId);
      return run === undefined ? { kind: 'not_claimable' } : { kind: 'claimed', run };
    } catch (error) {
      if (isSuiteBusy(error)) return { kind: 'suite_busy', retryInMs: SUITE_BUSY_RETRY_MS };
      throw error;
    }
  },
};

function isSuiteBusy(error: unknown): boolean {
  const { code, constraint } = pgErrorOf(error);
  if (code !== PgErrorCode.UniqueViolation) return false;
  return constraint === undefined || constraint === ONE_RUNNING_PER_SUITE_INDEX;
}
