import { hostname } from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import type { DataSource, QueryRunner } from 'typeorm';
import type { DeliveryPayload } from './alert-payload.builder';
import type { SendOutcome } from './alert-sender';
import { nextAttemptAt, RETRY_WINDOW_MS } from './backoff';
import { ALERT_DELIVERIES_NOTIFY_CHANNEL } from './outbox';
import type { DeliveryChannel } from '../channels/channel-delivery';
import type { DeliveryChannelSource } from './delivery-channel';

export interface DeliverySender {
  send(
    channel: DeliveryChannel,
    deliveryId: string,
    payload: DeliveryPayload,
    now: Date,
  ): Promise<SendOutcome>;
}

export interface DeliveryWorkerLogger {
  log(entry: Record<string, unknown>): unknown;
  warn(entry: Record<string, unknown>): unknown;
}

export interface DeliveryWorkerOptions {
  dataSource: DataSource;
  channels: DeliveryChannelSource;
  sender: DeliverySender;
  /** Injectable for tests: the retry window and leases are measured on it. */
  clock?: () => Date;
  random?: () => number;
  /** Rows one claim takes; they are sent concurrently. */
  batchSize?: number;
  /**
   * Sends in flight at most while running (`start`): a commit's NOTIFY claims at once, without
   * waiting for the sends of earlier claims to finish.
   */
  maxInFlight?: number;
  /** How long a claim holds a row; longer than any send's deadline. */
  leaseMs?: number;
  retryWindowMs?: number;
  /** Poll interval when nothing nudges the worker. */
  pollMs?: number;
  /** LISTEN for the outbox's commit-time NOTIFY on a connection of its own (off in unit-style tests). */
  listen?: boolean;
  logger?: DeliveryWorkerLogger;
}

/** A row the worker leased for one attempt. */
export interface ClaimedDelivery {
  id: string;
  channel_id: string;
  kind: string;
  payload: DeliveryPayload;
  attempts: number;
  first_attempt_at: Date;
}

/** A delivered send waiting for its row to be written; told whether the lease was still ours. */
interface DeliveredToRecord {
  id: string;
  status_code: number | null;
  written: (ours: boolean) => void;
  failed: (error: unknown) => void;
}

const quiet: DeliveryWorkerLogger = { log: () => undefined, warn: () => undefined };

/**
 * The outbox worker (docs/decisions/0045). A claim leases due rows (`FOR UPDATE SKIP LOCKED`, so two
 * alerting processes never take the same row), the send happens outside any transaction, and the
 * outcome is written only while the lease is still ours. A crash between a receiver's 2xx and that
 * write leaves the row leased: after the lease it is sent once more with the same `webhook-id`.
 */
export class DeliveryWorker {
  readonly workerId = `alerting@${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly clock: () => Date;
  private readonly random: () => number;
  private readonly batchSize: number;
  private readonly maxInFlight: number;
  /** Sends started by the running loop and not yet recorded. */
  private readonly sending = new Set<Promise<void>>();
  private readonly leaseMs: number;
  private readonly retryWindowMs: number;
  private readonly pollMs: number;
  private readonly logger: DeliveryWorkerLogger;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;
  private listener?: QueryRunner;
  /** Delivered sends not yet written; sends that finish together are written in one statement. */
  private readonly toRecord: DeliveredToRecord[] = [];
  private recording = false;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.clock = options.clock ?? (() => new Date());
    this.random = options.random ?? Math.random;
    this.batchSize = options.batchSize ?? 50;
    this.maxInFlight = Math.max(1, options.maxInFlight ?? this.batchSize * 2);
    this.leaseMs = options.leaseMs ?? 60_000;
    this.retryWindowMs = options.retryWindowMs ?? RETRY_WINDOW_MS;
    this.pollMs = options.pollMs ?? 1_000;
    this.logger = options.logger ?? quiet;
  }

  /**
   * Polls until `stop`; with `listen`, an enqueue's commit anywhere wakes it at once (the poll stays
   * as the fallback should the listening connection drop).
   */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.options.listen === true) await this.listenForCommits();
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    await Promise.all([...this.sending]);
    const listener = this.listener;
    this.listener = undefined;
    if (listener !== undefined) {
      await listener.query(`UNLISTEN ${ALERT_DELIVERIES_NOTIFY_CHANNEL}`).catch(() => undefined);
      await listener.release().catch(() => undefined);
    }
  }

  /** Asks for a pass now; a pass in flight is followed by another. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running !== undefined) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** Claims and sends due rows until none is left; returns how many attempts were made. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const done = await this.runOnce();
      total += done;
      if (done < this.batchSize) return total;
    }
  }

  /** One claim and its sends. */
  async runOnce(): Promise<number> {
    const claimed = await this.claim();
    const channels = this.channelsOfClaim();
    await Promise.all(claimed.map((row) => this.attempt(row, channels)));
    return claimed.length;
  }

  /**
   * The running loop's pass: claims while there is room and rows come back, and leaves the sends
   * running; a finished send makes room (and asks for another pass when the last one was full).
   */
  private async pump(): Promise<void> {
    for (;;) {
      const room = this.maxInFlight - this.sending.size;
      if (room <= 0) return;
      const limit = Math.min(room, this.batchSize);
      const claimed = await this.claim(limit);
      const channels = this.channelsOfClaim();
      for (const row of claimed) {
        const send: Promise<void> = this.attempt(row, channels)
          .catch((error: unknown) => {
            this.logger.warn({
              event: 'alert_delivery_pass_failed',
              error: error instanceof Error ? error.message : 'error',
            });
          })
          .finally(() => {
            const wasFull = this.sending.size >= this.maxInFlight;
            this.sending.delete(send);
            if (wasFull) this.nudge();
          });
        this.sending.add(send);
      }
      if (claimed.length < limit || this.stopped) return;
    }
  }

  /** One read (and secret opening) per channel per claim, shared by the claim's rows. */
  private channelsOfClaim(): (id: string) => Promise<DeliveryChannel | null> {
    const opened = new Map<string, Promise<DeliveryChannel | null>>();
    return (id) => {
      let channel = opened.get(id);
      if (channel === undefined) {
        channel = this.options.channels.channelForDelivery(id, this.clock());
        opened.set(id, channel);
      }
      return channel;
    };
  }

  /** Leases up to a batch of due rows: pending and due, or delivering with a lapsed lease. */
  async claim(limit = this.batchSize): Promise<ClaimedDelivery[]> {
    const now = this.clock();
    const rows = await this.options.dataSource.query<[ClaimedDelivery[], number] | ClaimedDelivery[]>(
      `UPDATE "alert_deliveries" d
          SET "state" = 'delivering', "lease_until" = $2, "leased_by" = $3, "attempts" = d."attempts" + 1,
              "first_attempt_at" = COALESCE(d."first_attempt_at", $1), "updated_at" = now()
        WHERE d."id" IN (
          SELECT "id" FROM "alert_deliveries"
           WHERE ("state" = 'pending' AND "next_attempt_at" <= $1)
              OR ("state" = 'delivering' AND "lease_until" <= $1)
           ORDER BY "next_attempt_at"
           LIMIT $4
           FOR UPDATE SKIP LOCKED)
        RETURNING d."id", d."channel_id", d."kind", d."payload", d."attempts", d."first_attempt_at"`,
      [now, new Date(now.getTime() + this.leaseMs), this.workerId, limit],
    );
    // TypeORM answers an UPDATE ... RETURNING with [rows, count] on PostgreSQL.
    const list: ClaimedDelivery[] = Array.isArray(rows[0]) ? rows[0] : (rows as ClaimedDelivery[]);
    return list.map((row) => ({ ...row, first_attempt_at: new Date(row.first_attempt_at) }));
  }

  private async attempt(
    row: ClaimedDelivery,
    channelOf: (id: string) => Promise<DeliveryChannel | null>,
  ): Promise<void> {
    let outcome: SendOutcome;
    let flagged = true;
    try {
      const channel = await channelOf(row.channel_id);
      flagged = channel?.flaggedAt !== null;
      outcome =
        channel === null
          ? { delivered: false, error: 'channel not found' }
          : await this.options.sender.send(channel, row.id, row.payload, this.clock());
    } catch (error) {
      outcome = { delivered: false, error: error instanceof Error ? error.name : 'send failed' };
    }
    if (outcome.delivered) await this.markDelivered(row, outcome, flagged);
    else await this.markFailed(row, outcome);
  }

  /** `flagged`: the channel was flagged when read, so the flag is cleared now it delivered. */
  private async markDelivered(row: ClaimedDelivery, outcome: SendOutcome, flagged: boolean): Promise<void> {
    const ours = await new Promise<boolean>((written, failed) => {
      this.toRecord.push({ id: row.id, status_code: outcome.status_code ?? null, written, failed });
      this.recordDelivered();
    });
    if (!ours) {
      this.logger.warn({ event: 'alert_delivery_lease_lost', delivery_id: row.id });
      return;
    }
    if (flagged) await this.options.channels.clearFlag(row.channel_id);
    this.logger.log({
      event: 'alert_delivered',
      delivery_id: row.id,
      channel_id: row.channel_id,
      attempts: row.attempts,
    });
  }

  /**
   * Writes the delivered rows queued so far in one statement (each only while its lease is still
   * ours), then those queued meanwhile, until none is left; one writer at a time.
   */
  private recordDelivered(): void {
    if (this.recording) return;
    this.recording = true;
    void (async () => {
      try {
        while (this.toRecord.length > 0) {
          // Let sends finishing in this turn join the statement.
          await nextTurn();
          const batch = this.toRecord.splice(0);
          try {
            const result = await this.options.dataSource.query<[Array<{ id: string }>, number]>(
              `UPDATE "alert_deliveries" d
                  SET "state" = 'delivered', "delivered_at" = $2, "lease_until" = NULL,
                      "last_status_code" = v."status_code", "last_error" = NULL, "updated_at" = now()
                 FROM unnest($1::uuid[], $4::int[]) AS v("id", "status_code")
                WHERE d."id" = v."id" AND d."leased_by" = $3 AND d."state" = 'delivering'
                RETURNING d."id"`,
              [
                batch.map((item) => item.id),
                this.clock(),
                this.workerId,
                batch.map((item) => item.status_code),
              ],
            );
            // TypeORM answers an UPDATE ... RETURNING with [rows, count] on PostgreSQL.
            const rows = Array.isArray(result[0]) ? result[0] : (result as unknown as Array<{ id: string }>);
            const ours = new Set(rows.map((row) => row.id));
            for (const item of batch) item.written(ours.has(item.id));
          } catch (error) {
            for (const item of batch) item.failed(error);
          }
        }
      } finally {
        this.recording = false;
      }
    })();
  }

  private async markFailed(row: ClaimedDelivery, outcome: SendOutcome): Promise<void> {
    const now = this.clock();
    const next = nextAttemptAt(row.first_attempt_at, row.attempts, now, this.random, this.retryWindowMs);
    const error = (outcome.error ?? 'failed').slice(0, 500);
    const [, count] = await this.options.dataSource.query<[unknown[], number]>(
      `UPDATE "alert_deliveries"
          SET "state" = $3, "next_attempt_at" = COALESCE($4, "next_attempt_at"), "lease_until" = NULL,
              "last_error" = $5, "last_status_code" = $6, "updated_at" = now()
        WHERE "id" = $1 AND "leased_by" = $2 AND "state" = 'delivering'`,
      [row.id, this.workerId, next === null ? 'dead' : 'pending', next, error, outcome.status_code ?? null],
    );
    if (count === 0) {
      this.logger.warn({ event: 'alert_delivery_lease_lost', delivery_id: row.id });
      return;
    }
    if (next === null) {
      await this.options.channels.flagChannel(
        row.channel_id,
        `deliveries failing for 24 hours: ${error}`,
        now,
      );
    }
    this.logger.warn({
      event: next === null ? 'alert_delivery_dead' : 'alert_delivery_failed',
      delivery_id: row.id,
      channel_id: row.channel_id,
      attempts: row.attempts,
      error,
    });
  }

  private async listenForCommits(): Promise<void> {
    try {
      const runner = this.options.dataSource.createQueryRunner();
      const client = (await runner.connect()) as {
        on(event: 'notification', listener: (message: { channel: string }) => void): unknown;
        on(event: 'error', listener: (error: Error) => void): unknown;
      };
      client.on('notification', (message) => {
        if (message.channel === ALERT_DELIVERIES_NOTIFY_CHANNEL) this.nudge();
      });
      client.on('error', (error) =>
        this.logger.warn({ event: 'alert_delivery_listen_failed', error: error.message }),
      );
      await runner.query(`LISTEN ${ALERT_DELIVERIES_NOTIFY_CHANNEL}`);
      this.listener = runner;
    } catch (error) {
      this.logger.warn({
        event: 'alert_delivery_listen_failed',
        error: error instanceof Error ? error.message : 'error',
      });
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.pump()
        .catch((error: unknown) => {
          this.logger.warn({
            event: 'alert_delivery_pass_failed',
            error: error instanceof Error ? error.message : 'error',
          });
        })
        .finally(() => {
          this.running = undefined;
          const soon = this.again;
          this.again = false;
          this.schedule(soon ? 0 : this.pollMs);
        });
    }, delayMs);
  }
}
