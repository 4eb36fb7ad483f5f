import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { RunFailureReason, RunStatus, type RunTrigger } from '@dq/contracts';
import { entityOfRow, preparedQuery, updateReturning } from '@dq/db';
import { RunEntity } from '../entities';
import { type RunTarget } from '@dq/contracts';
import { type PlannedCheck } from '../plan/planned-check';
import { OneRunPerSuite } from './one-run-per-suite';
import { RUN_LEASE_MS } from './run-lease';
import { countRunFinished, runsFinished } from './run-metrics';
import { runStatusIn, runTransitionSql } from './run-status-sql';
import { RUN_INITIAL_STATUS, RunEvent } from './run-transitions';

export interface NewRunCommand {
  suiteId: string;
  trigger: RunTrigger;
  plan: PlannedCheck[];
  /** What the run reads (a suite's connection and target), frozen now. */
  target?: RunTarget | null;
  /** Run even while another run of the suite runs, and never join a queued one. */
  allowConcurrent?: boolean;
}

export interface CreatedRun {
  run: RunEntity;
  /** True when the suite already had a queued or running run and that run is returned instead of a new one. */
  deduplicated: boolean;
}

/**
 * The owner of a run's status: creation, and every transition of the state machine
 * (`RUN_TRANSITIONS`) but the runner's batched claim and end ({@link RunLedger}), each one
 * conditional UPDATE built by `runTransitionSql`.
 */
@Injectable()
export class RunLifecycle {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** A new queued run, or the suite's run already in flight (one run per suite). */
  async create(command: NewRunCommand): Promise<CreatedRun> {
    if (command.allowConcurrent === true)
      return { run: await this.insertOverlapping(command), deduplicated: false };
    return this.dataSource.transaction((manager) =>
      OneRunPerSuite.joinOrCreate(manager, {
        suiteId: command.suiteId,
        create: {
          trigger: command.trigger,
          plan: command.plan,
          target: command.target ?? null,
          totalChecks: command.plan.length,
        },
      }),
    );
  }

  /**
   * `create` for many suites at once (system triggers: never overlapping), in `manager`'s
   * transaction when given (the caller commits its own writes with the runs), else in one of its
   * own. Same rule as `create`: a suite with a queued or running run joins it. Answers follow `commands`.
   */
  async createMany(
    commands: readonly Omit<NewRunCommand, 'allowConcurrent'>[],
    manager?: EntityManager,
  ): Promise<CreatedRun[]> {
    const requests = commands.map((command) => ({
      suiteId: command.suiteId,
      create: {
        trigger: command.trigger,
        plan: command.plan,
        target: command.target ?? null,
        totalChecks: command.plan.length,
      },
    }));
    if (requests.length === 0) return [];
    if (manager) return OneRunPerSuite.joinOrCreateMany(manager, requests);
    return this.dataSource.transaction((own) => OneRunPerSuite.joinOrCreateMany(own, requests));
  }

  /** A created run that no queue took: it would stay `queued` forever, so it ends `failed`. */
  async failUnqueued(runId: string): Promise<boolean> {
    const rows = await updateReturning<{ id: string }>(
      this.dataSource,
      runTransitionSql({
        events: [RunEvent.FailToQueue],
        alias: 'r',
        set: [`"reason" = $2`, `"finished_at" = now()`],
        where: `r."id" = $1`,
        statusCondition: 'by-id',
        returning: 'r."id"',
      }),
      [runId, RunFailureReason.InternalError],
    );
    if (rows.length > 0) countRunFinished(RunStatus.Failed, RunFailureReason.InternalError);
    return rows.length > 0;
  }

  /** Ends a queued run `cancelled`; the moment its cancel was asked, or undefined when it was not queued. */
  async cancelQueued(runId: string): Promise<Date | undefined> {
    const [row] = await updateReturning<{ cancel_requested_at: Date }>(
      this.dataSource,
      runTransitionSql({
        events: [RunEvent.CancelQueued],
        alias: 'r',
        set: [`"finished_at" = now()`, `"cancel_requested_at" = COALESCE(r."cancel_requested_at", now())`],
        where: `r."id" = $1`,
        statusCondition: 'by-id',
        returning: 'r."cancel_requested_at"',
      }),
      [runId],
    );
    if (row) countRunFinished(RunStatus.Cancelled, null);
    return row?.cancel_requested_at;
  }

  /** Records a cancel of a running run for its runner; undefined when it was not running. */
  async requestCancel(runId: string): Promise<Date | undefined> {
    const [row] = await updateReturning<{ cancel_requested_at: Date }>(
      this.dataSource,
      runTransitionSql({
        events: [RunEvent.RequestCancel],
        alias: 'r',
        set: [`"cancel_requested_at" = COALESCE(r."cancel_requested_at", now())`],
        where: `r."id" = $1`,
        statusCondition: 'by-id',
        returning: 'r."cancel_requested_at"',
      }),
      [runId],
    );
    return row?.cancel_requested_at;
  }

  /** Puts a running run this worker holds back in the queue (the runner is shutting down). */
  async handBack(runId: string, workerId: string): Promise<boolean> {
    const rows = await updateReturning<{ id: string }>(
      this.dataSource,
      runTransitionSql({
        events: [RunEvent.HandBack],
        alias: 'r',
        set: [`"worker_id" = NULL`],
        where: `r."id" = $1 AND r."worker_id" = $2`,
        statusCondition: 'by-id',
        returning: 'r."id"',
      }),
      [runId, workerId],
    );
    return rows.length > 0;
  }

  /**
   * Ends `failed` (`worker_lost`) every running run whose lease lapsed; the ids it ended. Several
   * sweeps at once are safe: the UPDATE decides which one ends each run.
   */
  async failLostWorkers(): Promise<string[]> {
    const rows = await updateReturning<{ id: string }>(
      this.dataSource,
      runTransitionSql({
        events: [RunEvent.LoseWorker],
        alias: 'r',
        set: [`"reason" = $1`, `"finished_at" = now()`],
        // A run claimed before leases existed has none: its start stands in for the last renewal.
        where: `coalesce(r."lease_expires_at", r."started_at" + interval '45 seconds', r."created_at") < now()`,
        statusCondition: 'by-index',
        returning: 'r."id"',
      }),
      [RunFailureReason.WorkerLost],
    );
    if (rows.length > 0) {
      runsFinished.inc({ status: RunStatus.Failed, reason: RunFailureReason.WorkerLost }, rows.length);
    }
    return rows.map((row) => row.id);
  }

  /**
   * Renews a running run's lease; whether its cancel was asked, or undefined when it is not
   * running any more.
   */
  async renewLease(runId: string): Promise<{ cancelRequested: boolean } | undefined> {
    const [row] = await updateReturning<{ cancel_requested_at: Date | null }>(
      this.dataSource,
      `UPDATE "runs" SET "lease_expires_at" = now() + ($2 || ' milliseconds')::interval
        WHERE "id" = $1 AND ${runStatusIn('"status"', [RunStatus.Running])} RETURNING "cancel_requested_at"`,
      [runId, String(RUN_LEASE_MS)],
    );
    return row === undefined ? undefined : { cancelRequested: row.cancel_requested_at !== null };
  }

  /** The ids of runs queued for at least `olderThanMs`, oldest first. */
  async queuedSince(olderThanMs: number, limit: number): Promise<string[]> {
    const rows = await this.dataSource.query<{ id: string }[]>(
      `SELECT "id" FROM "runs"
        WHERE ${runStatusIn('"status"', [RunStatus.Queued])} AND "created_at" < now() - ($1 || ' milliseconds')::interval
        ORDER BY "created_at" LIMIT ${limit}`,
      [String(olderThanMs)],
    );
    return rows.map((row) => row.id);
  }

  /**
   * A run that asked to overlap never joins a queued run, so nothing needs serialising: one
   * INSERT, without a transaction or the suite's lock.
   */
  private async insertOverlapping(command: NewRunCommand): Promise<RunEntity> {
    const [row] = await preparedQuery<Record<string, unknown>>(
      this.dataSource,
      'dq_run_insert_overlapping',
      `INSERT INTO "runs" ("suite_id", "trigger", "status", "plan", "target", "total_checks", "allow_concurrent")
       VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, true)
       RETURNING *`,
      [
        command.suiteId,
        command.trigger,
        RUN_INITIAL_STATUS,
        JSON.stringify(command.plan),
        command.target ? JSON.stringify(command.target) : null,
        command.plan.length,
      ],
    );
    if (!row) throw new Error('INSERT ... RETURNING returned no row');
    return entityOfRow(this.dataSource, RunEntity, row);
  }
}
