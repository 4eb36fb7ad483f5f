import { type EntityManager, In, IsNull } from 'typeorm';
import { RunStatus } from '@dq/contracts';
import { RunEntity } from '../entities';
import { PgErrorCode, pgErrorOf } from '@dq/db';
import { type ClaimedRun, type RunLedger } from './run-ledger';
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
