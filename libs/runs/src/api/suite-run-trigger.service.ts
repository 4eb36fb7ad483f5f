import { Injectable } from '@nestjs/common';
import { RunTrigger, type TriggerRunRequest, type TriggeredRunView } from '@dq/contracts';
import { SuiteRunPlanner } from '@dq/suites';
import { RunDispatchService } from '../dispatch/run-dispatch.service';
import { type Actor } from '@dq/auth';

/** A triggered run as a gateway answers it, and whether the trigger found one already queued or running. */
export interface SuiteRunTriggered {
  view: TriggeredRunView;
  deduplicated: boolean;
}

/**
 * A run asked for through the API (REST or MCP): freezes the suite's enabled checks and target and
 * queues the run for the runner pool. Needs `edit` on the suite (the planner decides). While the
 * suite has a queued or running run, a trigger returns that run instead of queuing another, unless
 * the request asks `allow_concurrent`.
 */
@Injectable()
export class SuiteRunTriggerService {
  constructor(
    private readonly planner: SuiteRunPlanner,
    private readonly runs: RunDispatchService,
  ) {}

  async trigger(
    actor: Actor,
    suiteId: string,
    request: TriggerRunRequest | undefined,
  ): Promise<SuiteRunTriggered> {
    const frozen = await this.planner.planFor(actor, suiteId);
    const { run, deduplicated } = await this.runs.trigger({
      suiteId: frozen.suiteId,
      trigger: RunTrigger.Api,
      plan: frozen.plan,
      target: frozen.target,
      allowConcurrent: request?.allow_concurrent === true,
    });
    return {
      view: { id: run.id, status: run.status, total_checks: run.totalChecks, deduplicated },
      deduplicated,
    };
  }
}
