import { registerEntities } from '../data-source/entity-registry';
import { ConsumedEventEntity } from './inbox/consumed-event.entity';
import { RunResultEntity } from './runs/run-result.entity';
import { RunEntity } from './runs/run.entity';

export { ConsumedEventEntity } from './inbox/consumed-event.entity';
export { RunResultEntity } from './runs/run-result.entity';
export { RunEntity, type RunPlanItem, type RunTarget } from './runs/run.entity';

/** The inbox's table, infrastructure every consumer shares. */
export const INBOX_ENTITIES = [ConsumedEventEntity] as const;
export const RUN_ENTITIES = [RunEntity, RunResultEntity] as const;

registerEntities(...INBOX_ENTITIES, ...RUN_ENTITIES);
