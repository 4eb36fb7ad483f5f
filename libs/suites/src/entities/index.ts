import { registerEntities } from '@dq/db';
import { CheckVersionEntity } from './check-version.entity';
import { CheckEntity } from './check.entity';
import { SuiteShareEntity } from './suite-share.entity';
import { SuiteEntity } from './suite.entity';

export { CheckVersionEntity } from './check-version.entity';
export { CheckEntity } from './check.entity';
export { SuiteShareEntity } from './suite-share.entity';
export { SuiteEntity } from './suite.entity';

/** The suites context's tables: registered with the data source when this module loads. */
export const SUITE_ENTITIES = [SuiteEntity, SuiteShareEntity, CheckEntity, CheckVersionEntity] as const;

registerEntities(...SUITE_ENTITIES);
