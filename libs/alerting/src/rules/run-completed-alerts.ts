import { Inject, Injectable, Optional } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type RunCompletedEvent } from '@dq/contracts';
import { checkJoinSql } from '@dq/suites';
import { buildAlertPayload } from '../delivery/alert-payload.builder';
import { type DeliveryToEnqueue, deliveryDedupKey, enqueueDeliveriesReturningKeys } from '../delivery/outbox';
import { IncidentLifecycle } from '../incidents/incident-lifecycle';
import { readSuitesNotifications } from '../suite-notifications/suite-notifications.read';
import { toAlertRulesConfig } from '../suite-notifications/suite-notifications.service';
import {
  type AlertRulesDecision,
  type AlertSeverity,
  type CheckAlertState,
  decideAlerts,
} from './alert-rules';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The web app's base URL for the run links in alerts (`PUBLIC_BASE_URL`); optional. */
export const ALERTS_PUBLIC_BASE_URL = Symbol('ALERTS_PUBLIC_BASE_URL');

/** What one run-completed event did. */
export interface AppliedRunAlerts {
  decision: AlertRulesDecision;
  /** Delivery rows inserted now (none when an earlier delivery of the event inserted them). */
  delivery_ids: string[];
  /** Incident id per check the run failed. */
  incident_ids: Record<string, string>;
}

interface StateRow {
  check_id: string;
  episode_open: boolean;
  last_alerted_severity: AlertSeverity | null;
  episode_severity: AlertSeverity | null;
  snoozed_notice_until: Date | null;
  last_run_id: string | null;
  last_run_finished_at: Date | null;
}

const iso = (value: Date | null): string | null => (value === null ? null : new Date(value).toISOString());

/**
 * The alerting process's reaction to a finished run (docs/decisions/0046), inside the inbox
 * transaction that records the event: the checks' alert states are locked and advanced, the
 * incident lifecycle is told of failures and clean runs, and one delivery per channel is queued
 * (dedup key per run and channel). A redelivered event finds the inbox row and changes nothing; two
 * alerting processes on two runs of one suite queue behind the check rows' locks.
 */
@Injectable()
export class RunCompletedAlerts {
  constructor(
    @Inject(IncidentLifecycle) private readonly incidents: IncidentLifecycle,
    @Optional() @Inject(ALERTS_PUBLIC_BASE_URL) private readonly publicBaseUrl: string | null = null,
  ) {}

  async apply(manager: EntityManager, event: RunCompletedEvent): Promise<AppliedRunAlerts> {
    const [applied] = await this.applyMany(manager, [event]);
    if (applied === undefined) throw new Error('applyMany answered nothing for one event');
    return applied;
  }

  /**
   * Applies finished runs in the order given, with set-based reads and writes: the suites' configs
   * in one read, every check's state created and locked in one pair of statements (check id order
   * across the batch, before any incident, as a human resolve locks them), the new states in one
   * update, all deliveries in one insert. Incidents are recorded per check, in event order. Two
   * runs of one suite (or a check met twice) are applied one after the other on the states as the
   * earlier run left them. Returns what each event did, in the order given.
   */
  async applyMany(manager: EntityManager, events: readonly RunCompletedEvent[]): Promise<AppliedRunAlerts[]> {
    if (events.length === 0) return [];
    const checksOf = events.map((event) => (event.checks ?? []).filter((check) => UUID.test(check.check_id)));
    const configs = await readSuitesNotifications(
      manager,
      events.map((event) => event.suite_id),
    );
    const states = await this.lockStates(
      manager,
      events.flatMap((event, i) =>
        checksOf[i].map((check) => ({ check_id: check.check_id, suite_id: event.suite_id })),
      ),
    );
    const changed = new Map<string, CheckAlertState>();
    const applied: AppliedRunAlerts[] = [];
    const deliveries: DeliveryToEnqueue[][] = [];
    for (const [i, event] of events.entries()) {
      const stored = configs.get(event.suite_id);
      if (stored === undefined) throw new Error(`no notification config read for suite ${event.suite_id}`);
      const config = toAlertRulesConfig(stored);
      // A check deleted since the run has no state row: nothing to alert or to open for it.
      const live = checksOf[i].filter((check) => states.has(check.check_id));
      const decision = decideAlerts({
        run: { run_id: event.run_id, finished_at: event.finished_at },
        checks: live,
        config,
        states,
      });
      // A later event of the batch sees the states as this one left them.
      for (const state of decision.states) {
        states.set(state.check_id, state);
        changed.set(state.check_id, state);
      }
      const byId = new Map(live.map((check) => [check.check_id, check]));
      const incidentIds = await this.recordIncidents(manager, event, decision, byId);
      deliveries.push(
        decision.alerts.map((alert) => ({
          channel_id: alert.channel_id,
          run_id: event.run_id,
          suite_id: event.suite_id,
          kind: alert.kind,
          // One alert per run and channel, whatever its kind.
          dedup_key: deliveryDedupKey(event.run_id, alert.channel_id, 'alert'),
          payload: buildAlertPayload({
            type: alert.kind,
            event,
            publicBaseUrl: this.publicBaseUrl,
            checks: alert.checks.flatMap((alerted) => {
              const check = byId.get(alerted.check_id);
              if (check === undefined) return [];
              return [
                {
                  check,
                  incident_id: incidentIds[alerted.check_id] ?? null,
                  snooze_ended_at: alerted.was_snoozed_until,
                },
              ];
            }),
          }),
        })),
      );
      applied.push({ decision, delivery_ids: [], incident_ids: incidentIds });
    }
    await this.saveStates(manager, [...changed.values()]);

    const inserted = await enqueueDeliveriesReturningKeys(manager, deliveries.flat());
    for (const [i, rows] of deliveries.entries()) {
      applied[i].delivery_ids = rows.flatMap((row) => {
        const id = inserted.get(row.dedup_key);
        return id === undefined ? [] : [id];
      });
    }
    return applied;
  }

  /** The event's failures and clean runs told to the incident lifecycle; the incident id per failed check. */
  private async recordIncidents(
    manager: EntityManager,
    event: RunCompletedEvent,
    decision: AlertRulesDecision,
    byId: ReadonlyMap<string, { check_version?: number }>,
  ): Promise<Record<string, string>> {
    const incidentIds: Record<string, string> = {};
    const at = new Date(event.finished_at);
    for (const action of decision.incidents) {
      if (action.action === 'failure') {
        const recorded = await this.incidents.recordFailure(manager, {
          suite_id: event.suite_id,
          check_id: action.check_id,
          run_id: event.run_id,
          severity: action.severity,
          check_version: byId.get(action.check_id)?.check_version ?? 0,
          at,
        });
        incidentIds[action.check_id] = recorded.incident.id;
      } else {
        await this.incidents.recordClean(manager, {
          check_id: action.check_id,
          run_id: event.run_id,
          autoResolve: action.auto_resolve,
          at,
        });
      }
    }
    return incidentIds;
  }

  /**
   * The checks' states, created when missing (existing checks only, with the suite of their first
   * mention) and locked in check id order.
   */
  private async lockStates(
    manager: EntityManager,
    checks: ReadonlyArray<{ check_id: string; suite_id: string }>,
  ): Promise<Map<string, CheckAlertState>> {
    const suiteOf = new Map<string, string>();
    for (const check of checks) if (!suiteOf.has(check.check_id)) suiteOf.set(check.check_id, check.suite_id);
    const ids = [...suiteOf.keys()].sort();
    if (ids.length === 0) return new Map();
    await manager.query(
      `INSERT INTO "check_alert_states" ("check_id", "suite_id")
       SELECT ids."id", ids."suite_id"
         FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS ids("id", "suite_id", "n")
       ${checkJoinSql('c', 'ids."id"')}
        WHERE c."id" IS NOT NULL
        ORDER BY ids."n"
       ON CONFLICT ("check_id") DO NOTHING`,
      [ids, ids.map((id) => suiteOf.get(id))],
    );
    const rows = await manager.query<StateRow[]>(
      `SELECT "check_id", "episode_open", "last_alerted_severity", "episode_severity", "snoozed_notice_until",
              "last_run_id", "last_run_finished_at"
         FROM "check_alert_states" WHERE "check_id" = ANY($1::uuid[])
        ORDER BY "check_id" FOR UPDATE`,
      [ids],
    );
    return new Map(
      rows.map((row) => [
        row.check_id,
        {
          check_id: row.check_id,
          episode_open: row.episode_open,
          last_alerted_severity: row.last_alerted_severity,
          episode_severity: row.episode_severity,
          snoozed_notice_until: iso(row.snoozed_notice_until),
          last_run_id: row.last_run_id,
          last_run_finished_at: iso(row.last_run_finished_at),
        },
      ]),
    );
  }

  private async saveStates(manager: EntityManager, states: readonly CheckAlertState[]): Promise<void> {
    if (states.length === 0) return;
    await manager.query(
      `UPDATE "check_alert_states" s SET
         "episode_open" = v."episode_open", "last_alerted_severity" = v."last_alerted_severity",
         "episode_severity" = v."episode_severity", "snoozed_notice_until" = v."snoozed_notice_until",
         "last_run_id" = v."last_run_id", "last_run_finished_at" = v."last_run_finished_at", "updated_at" = now()
        FROM json_to_recordset($1::json) AS v("check_id" uuid, "episode_open" boolean,
             "last_alerted_severity" text, "episode_severity" text, "snoozed_notice_until" timestamptz,
             "last_run_id" uuid, "last_run_finished_at" timestamptz)
       WHERE s."check_id" = v."check_id"`,
      [JSON.stringify(states)],
    );
  }
}
