import { type RunPlanItem } from '@dq/contracts';

/**
 * One check as a run sees it: a snapshot taken when the run is created, so a check edited while
 * the run is queued does not change what the run evaluates.
 */
export type PlannedCheck = RunPlanItem;
