import { RunResultEntity } from './run-result.entity';
import { RunEntity } from './run.entity';

export { RunResultEntity } from './run-result.entity';
export { RunEntity } from './run.entity';

/** The runs context's tables. */
export const RUN_ENTITIES = [RunEntity, RunResultEntity] as const;
