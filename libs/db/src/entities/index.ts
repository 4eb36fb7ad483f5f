import { AuditEventEntity } from './audit/audit-event.entity';
import { CONNECTION_ENTITIES } from './connections';
import { IDENTITY_ENTITIES } from './identity';
import { ConsumedEventEntity } from './inbox/consumed-event.entity';
import { RunResultEntity } from './runs/run-result.entity';
import { RunEntity } from './runs/run.entity';
import { SUITE_ENTITIES } from './suites';
import { WORKSPACE_SETTINGS_ENTITIES } from './workspace-settings';

export { AuditEventEntity } from './audit/audit-event.entity';
export * from './identity';
export * from './connections';
export * from './suites';
export * from './workspace-settings';
export { ConsumedEventEntity } from './inbox/consumed-event.entity';
export { RunResultEntity } from './runs/run-result.entity';
export { RunEntity, type RunPlanItem, type RunTarget } from './runs/run.entity';

/** Every entity the data source knows. Listed explicitly (no globs) so SWC, Jest and tsc agree. */
export const ENTITIES = [
  RunEntity,
  RunResultEntity,
  ConsumedEventEntity,
  AuditEventEntity,
  ...IDENTITY_ENTITIES,
  ...CONNECTION_ENTITIES,
  ...SUITE_ENTITIES,
  ...WORKSPACE_SETTINGS_ENTITIES,
] as const;
