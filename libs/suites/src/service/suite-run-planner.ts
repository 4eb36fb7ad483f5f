import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SuiteGrant } from '@dq/contracts';
import {
  CheckEntity,
  type RunPlanItem,
  type RunTarget,
  type SuiteEntity,
  entityOfRow,
  preparedQuery,
} from '@dq/db';
import { SuiteAccessService } from '../access/suite-access.service';
import { type SuiteActor } from '../access/suite-actor';
import { definitionOf } from '../view/check-view';

/** What a run of a suite evaluates, frozen at trigger time: enabled checks at their versions. */
export interface SuiteRunPlan {
  suiteId: string;
  plan: RunPlanItem[];
  target: RunTarget;
}

/**
 * Freezes a suite for a run: its enabled checks (definition and version) and its target, so an
 * edit while the run is queued never changes what it evaluates.
 */
@Injectable()
export class SuiteRunPlanner {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(SuiteAccessService) private readonly access: SuiteAccessService,
  ) {}

  /** For a caller with at least `needed` on the suite (triggers check `edit`). */
  async planFor(
    actor: SuiteActor,
    suiteId: string,
    needed: SuiteGrant = SuiteGrant.Edit,
  ): Promise<SuiteRunPlan> {
    const { suite } = await this.access.require(actor, suiteId, needed);
    return this.plan(suite);
  }

  async plan(suite: SuiteEntity): Promise<SuiteRunPlan> {
    // Prepared: every trigger reads them.
    const checks = (
      await preparedQuery<Record<string, unknown>>(
        this.dataSource,
        'dq_suite_enabled_checks',
        `SELECT * FROM "checks" WHERE "suite_id" = $1 AND "enabled" ORDER BY "created_at" ASC, "id" ASC`,
        [suite.id],
      )
    ).map((row) => entityOfRow(this.dataSource, CheckEntity, row));
    return {
      suiteId: suite.id,
      plan: checks.map((check) => ({
        check_id: check.id,
        kind: check.kind,
        version: check.version,
        definition: {
          ...definitionOf(check),
          ...(check.baseline !== null ? { baseline: check.baseline } : {}),
        },
      })),
      target: {
        connection_id: suite.connectionId,
        target: suite.target,
        time_zone: suite.timeZone,
        column_policy: suite.columnPolicy,
      },
    };
  }
}
