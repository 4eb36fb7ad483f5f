import { Inject, Injectable } from '@nestjs/common';
import { SuiteGrant } from '@dq/contracts';
import { type RunPlanItem, type RunTarget } from '@dq/contracts';
import { type CheckEntity, type SuiteEntity } from '../entities';
import { SuiteAccessService } from '../access/suite-access.service';
import { definitionOf } from '../view/check-view';
import { type Actor } from '@dq/auth';

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
  constructor(@Inject(SuiteAccessService) private readonly access: SuiteAccessService) {}

  /**
   * For a caller with at least `needed` on the suite (triggers check `edit`); the suite, the
   * caller's grant and the checks in one read.
   */
  async planFor(actor: Actor, suiteId: string, needed: SuiteGrant = SuiteGrant.Edit): Promise<SuiteRunPlan> {
    const { suite, checks } = await this.access.requireWithEnabledChecks(actor, suiteId, needed);
    return planOf(suite, checks);
  }

  /**
   * For the system (a schedule or a pipeline trigger: no caller, so no grant to check): the plans of
   * the suites of `suiteIds` that exist, by suite id, in one read. A suite without enabled checks
   * has an empty plan; whether to run it is the caller's decision.
   */
  async planForSystem(suiteIds: readonly string[]): Promise<Map<string, SuiteRunPlan>> {
    const found = await this.access.manyWithEnabledChecks(suiteIds);
    return new Map(found.map(({ suite, checks }) => [suite.id, planOf(suite, checks)]));
  }
}

/** The run plan of a suite's enabled checks, in order. */
function planOf(suite: SuiteEntity, checks: CheckEntity[]): SuiteRunPlan {
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
      ...(suite.fileEncoding ? { file_encoding: suite.fileEncoding } : {}),
    },
  };
}
