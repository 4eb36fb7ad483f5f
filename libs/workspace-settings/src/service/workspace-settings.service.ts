import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AppError,
  type DeploymentView,
  ErrorCode,
  type PrivacySettingsView,
  type ScoringSettingsView,
  type ScoringWeights,
  WORKSPACE_SETTINGS_AUDIT_TARGET,
  WorkspaceSettingsAuditAction,
  WorkspaceSettingsAuditTarget,
} from '@dq/contracts';
import { AuditLog } from '@dq/audit';
import { entityOfRow, preparedQuery } from '@dq/db';
import { WORKSPACE_QUALITY_SETTINGS_ROW, WorkspaceQualitySettingsEntity } from '../entities';
import { type DeploymentPosture, privacyViewOf } from '../privacy/zero-sample-mode';
import { assertValidScoringWeights, defaultScoringWeights } from '../scoring/scoring-weights';
import { type Actor } from '@dq/auth';

/** Injection token of the app's {@link DeploymentPosture} (from its validated config). */
export const DEPLOYMENT_POSTURE = Symbol('DEPLOYMENT_POSTURE');

/** What the one settings row holds; null means "not stored, the default applies". */
interface StoredSettings {
  weights: ScoringWeights | null;
  zeroSampleMode: boolean | null;
}

const NOTHING_STORED: StoredSettings = { weights: null, zeroSampleMode: null };

/**
 * A scalar subquery giving the stored weights as json (`{warn, fail, critical}`), or null when none
 * are stored: a read that scores runs takes the weights in its own statement, and
 * {@link scoringWeightsOf} turns the value into the weights in force.
 */
export const STORED_SCORING_WEIGHTS_SQL = `(SELECT json_build_object('warn', "warn_weight", 'fail', "fail_weight", 'critical', "critical_weight")
    FROM "workspace_quality_settings"
   WHERE "name" = '${WORKSPACE_QUALITY_SETTINGS_ROW}' AND "critical_weight" IS NOT NULL)`;

/** The weights in force, from what {@link STORED_SCORING_WEIGHTS_SQL} read. */
export function scoringWeightsOf(stored: ScoringWeights | null): ScoringWeights {
  return stored ?? defaultScoringWeights();
}

/** A scalar subquery giving the stored zero-sample flag (null when none is stored). */
export const STORED_ZERO_SAMPLE_MODE_SQL = `(SELECT "zero_sample_mode" FROM "workspace_quality_settings"
   WHERE "name" = '${WORKSPACE_QUALITY_SETTINGS_ROW}')`;

/**
 * The workspace's health-score weights and zero-sample mode. Stored in the one row of
 * `workspace_quality_settings` (absent, or null columns, mean the defaults); the environment's pin
 * and region come from the process's config. Reads are one primary-key lookup, or a fragment of a
 * caller's own statement (a run's claim, a run read), so a change applies to the next run. Every change is audited with the values
 * before and after, in the transaction that makes it; a refused change writes nothing.
 */
@Injectable()
export class WorkspaceSettingsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(DEPLOYMENT_POSTURE) private readonly posture: DeploymentPosture,
  ) {}

  /** The weights in force, for scoring a run. */
  async scoringWeights(): Promise<ScoringWeights> {
    return scoringWeightsOf((await this.current()).weights);
  }

  async scoring(): Promise<ScoringSettingsView> {
    return scoringViewOf((await this.current()).weights);
  }

  /** 422 `validation_failed` unless 0 <= warn <= fail <= critical and critical > 0. */
  async setScoring(actor: Actor, weights: ScoringWeights): Promise<ScoringSettingsView> {
    assertValidScoringWeights(weights);
    // `+ 0` turns a -0 into 0.
    const proposed = { warn: weights.warn + 0, fail: weights.fail + 0, critical: weights.critical + 0 };
    return this.change(actor, async (manager, before) => {
      await this.write(manager, {
        warnWeight: proposed.warn,
        failWeight: proposed.fail,
        criticalWeight: proposed.critical,
      });
      const after = scoringViewOf(proposed);
      return {
        result: after,
        event: {
          action: WorkspaceSettingsAuditAction.ScoringUpdated,
          target: WorkspaceSettingsAuditTarget.Scoring,
          detail: { before: scoringAuditOf(scoringViewOf(before.weights)), after: scoringAuditOf(after) },
        },
      };
    });
  }

  /** Forgets the stored weights: the defaults apply again. Audited even when nothing was stored. */
  async resetScoring(actor: Actor): Promise<ScoringSettingsView> {
    return this.change(actor, async (manager, before) => {
      await this.write(manager, { warnWeight: null, failWeight: null, criticalWeight: null });
      const after = scoringViewOf(null);
      return {
        result: after,
        event: {
          action: WorkspaceSettingsAuditAction.ScoringReset,
          target: WorkspaceSettingsAuditTarget.Scoring,
          detail: { before: scoringAuditOf(scoringViewOf(before.weights)), after: scoringAuditOf(after) },
        },
      };
    });
  }

  /** `zeroSampleMode`, decided from the flag {@link STORED_ZERO_SAMPLE_MODE_SQL} read. */
  zeroSampleModeGiven(stored: boolean | null): boolean {
    return this.posture.zeroSampleModePinned || stored === true;
  }

  /** True while no failing row may be read or stored: pinned by the environment, or set. */
  async zeroSampleMode(): Promise<boolean> {
    if (this.posture.zeroSampleModePinned) return true;
    return this.zeroSampleModeGiven((await this.current()).zeroSampleMode);
  }

  async privacy(): Promise<PrivacySettingsView> {
    const stored = await this.current();
    return privacyViewOf(this.posture.zeroSampleModePinned, stored.zeroSampleMode);
  }

  /** 409 `conflict` when the environment pins the mode on and the request turns it off. */
  async setPrivacy(actor: Actor, request: { zero_sample_mode: boolean }): Promise<PrivacySettingsView> {
    const pinned = this.posture.zeroSampleModePinned;
    if (pinned && !request.zero_sample_mode) {
      throw new AppError(
        ErrorCode.Conflict,
        'Zero-sample mode is pinned on by this deployment (ZERO_SAMPLE_MODE) and cannot be turned off here',
        { env_pinned: true, variable: 'ZERO_SAMPLE_MODE' },
      );
    }
    return this.change(actor, async (manager, before) => {
      await this.write(manager, { zeroSampleMode: request.zero_sample_mode });
      const after = privacyViewOf(pinned, request.zero_sample_mode);
      return {
        result: after,
        event: {
          action: WorkspaceSettingsAuditAction.PrivacyUpdated,
          target: WorkspaceSettingsAuditTarget.Privacy,
          detail: { before: privacyViewOf(pinned, before.zeroSampleMode), after },
        },
      };
    });
  }

  async deployment(): Promise<DeploymentView> {
    const privacy = await this.privacy();
    return {
      deployment_region: this.posture.deploymentRegion,
      zero_sample_mode: privacy.zero_sample_mode,
      zero_sample_source: privacy.source,
      egress: this.posture.egress,
    };
  }

  /**
   * One audited change: makes sure the row exists, locks it (so concurrent changes queue and each
   * audit event's `before` is what that change replaced), applies `work`, records its event.
   */
  private async change<T>(
    actor: Actor,
    work: (
      manager: EntityManager,
      before: StoredSettings,
    ) => Promise<{ result: T; event: { action: string; target: string; detail: Record<string, unknown> } }>,
  ): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO "workspace_quality_settings" ("name") VALUES ($1) ON CONFLICT ("name") DO NOTHING`,
        [WORKSPACE_QUALITY_SETTINGS_ROW],
      );
      const before = await this.storedForUpdate(manager);
      const { result, event } = await work(manager, before);
      await this.audit.record(
        {
          action: event.action,
          actor_user_id: actor.user.id,
          actor_credential: actor.credential,
          target_type: WORKSPACE_SETTINGS_AUDIT_TARGET,
          target_id: event.target,
          detail: event.detail,
        },
        manager,
      );
      return result;
    });
  }

  /** Outside a transaction: one prepared statement (every run read scores with the weights). */
  private async current(): Promise<StoredSettings> {
    const [row] = await preparedQuery<Record<string, unknown>>(
      this.dataSource,
      'dq_workspace_quality_settings',
      'SELECT * FROM "workspace_quality_settings" WHERE "name" = $1',
      [WORKSPACE_QUALITY_SETTINGS_ROW],
    );
    return storedOf(
      row === undefined ? null : entityOfRow(this.dataSource, WorkspaceQualitySettingsEntity, row),
    );
  }

  /** In a change's transaction, locked until it commits. */
  private async storedForUpdate(manager: EntityManager): Promise<StoredSettings> {
    const row = await manager.getRepository(WorkspaceQualitySettingsEntity).findOne({
      where: { name: WORKSPACE_QUALITY_SETTINGS_ROW },
      lock: { mode: 'pessimistic_write' },
    });
    return storedOf(row);
  }

  private async write(
    manager: EntityManager,
    values: Partial<
      Pick<WorkspaceQualitySettingsEntity, 'warnWeight' | 'failWeight' | 'criticalWeight' | 'zeroSampleMode'>
    >,
  ): Promise<void> {
    await manager
      .getRepository(WorkspaceQualitySettingsEntity)
      .update({ name: WORKSPACE_QUALITY_SETTINGS_ROW }, { ...values, updatedAt: () => 'now()' });
  }
}

function storedOf(row: WorkspaceQualitySettingsEntity | null): StoredSettings {
  if (row === null) return NOTHING_STORED;
  const { warnWeight: warn, failWeight: fail, criticalWeight: critical } = row;
  return {
    // The table's check keeps the three weights all null or all set.
    weights: warn === null || fail === null || critical === null ? null : { warn, fail, critical },
    zeroSampleMode: row.zeroSampleMode,
  };
}

function scoringViewOf(stored: ScoringWeights | null): ScoringSettingsView {
  return {
    weights: stored === null ? defaultScoringWeights() : { ...stored },
    is_default: stored === null,
    defaults: defaultScoringWeights(),
  };
}

/** What a scoring audit event keeps of a view: the weights and whether they were the defaults. */
function scoringAuditOf(view: ScoringSettingsView): Record<string, unknown> {
  return { weights: view.weights, is_default: view.is_default };
}
