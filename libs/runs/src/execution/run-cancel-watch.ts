import { type LoggerService } from '@nestjs/common';
import { type DataSource } from 'typeorm';
import { RunEntity } from '../entities';
import { type RunLifecycle } from '../lifecycle/run-lifecycle';
import { type RunCancelListener } from './run-cancel-listener';
import { RUN_LEASE_RENEW_MS } from '../lifecycle/run-lease';

/** How often the run row is read for a cancel the broadcast may have missed (NATS down, a race). */
export const CANCEL_POLL_MS = 1_000;

/**
 * Between statements a read of the run row younger than this is as good as a new one: a run of
 * cheap statements asks before each, and re-reading the row for each would double its statements.
 */
export const CANCEL_READ_FRESH_MS = 200;

/**
 * Watches one running run for a cancel: the gateway's broadcast stops it at once, and a poll of
 * the run row (the record) catches a cancel whose broadcast was lost. Its signal aborts the work
 * in flight, so the datasource statement is cancelled rather than left to finish. The same poll
 * renews the run's lease every few seconds: a timer, so a long statement keeps it alive too.
 */
export class RunCancelWatch {
  private readonly controller = new AbortController();
  private readonly stopListening?: () => void;
  private readonly timer: NodeJS.Timeout;
  private polling?: Promise<void>;
  private leaseRenewedAt = Date.now();
  /** The claim read the row (and its cancel) just before the watch began. */
  private rowReadAt = Date.now();

  constructor(
    private readonly runId: string,
    private readonly dataSource: DataSource,
    private readonly lifecycle: RunLifecycle,
    listener: RunCancelListener,
    private readonly logger: LoggerService,
  ) {
    try {
      this.stopListening = listener.listen(runId, () => this.cancel('broadcast'));
    } catch (error) {
      // NATS is away: the poll below still sees the cancel within a second.
      this.logger.warn({ run_id: runId, msg: 'cancel broadcast not subscribed', err: error });
    }
    this.timer = setInterval(() => void this.poll(), CANCEL_POLL_MS);
    this.timer.unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get cancelled(): boolean {
    return this.controller.signal.aborted;
  }

  /**
   * Whether the run was cancelled, from a read of the run row at most CANCEL_READ_FRESH_MS old
   * (between statements, where a second's delay would be a statement's); the broadcast, when it
   * arrives, answers without any read.
   */
  async requested(): Promise<boolean> {
    if (!this.cancelled && Date.now() - this.rowReadAt >= CANCEL_READ_FRESH_MS) await this.poll();
    return this.cancelled;
  }

  dispose(): void {
    clearInterval(this.timer);
    this.stopListening?.();
  }

  private cancel(source: string): void {
    if (this.cancelled) return;
    this.logger.log({ run_id: this.runId, msg: 'run cancel requested', source });
    this.controller.abort(new Error('run cancelled'));
  }

  private poll(): Promise<void> {
    if (this.cancelled) return Promise.resolve();
    this.polling ??= this.readRow().finally(() => {
      this.polling = undefined;
    });
    return this.polling;
  }

  private async readRow(): Promise<void> {
    const startedAt = Date.now();
    try {
      if (Date.now() - this.leaseRenewedAt >= RUN_LEASE_RENEW_MS) {
        const renewedAt = Date.now();
        const run = await this.lifecycle.renewLease(this.runId);
        this.leaseRenewedAt = renewedAt;
        this.rowReadAt = startedAt;
        if (run?.cancelRequested === true) this.cancel('poll');
        return;
      }
      const run = await this.dataSource
        .getRepository(RunEntity)
        .findOne({ select: { id: true, cancelRequestedAt: true }, where: { id: this.runId } });
      this.rowReadAt = startedAt;
      if (run?.cancelRequestedAt != null) this.cancel('poll');
    } catch (error) {
      this.logger.warn({ run_id: this.runId, msg: 'cancel poll failed', err: error });
    }
  }
}
