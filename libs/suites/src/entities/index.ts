import { CheckVersionEntity } from './check-version.entity';
import { CheckEntity } from './check.entity';
import { SuiteShareEntity } from './suite-share.entity';
import { SuiteEntity } from './suite.entity';

export { CheckVersionEntity } from './check-version.entity';
export { CheckEntity } from './check.entity';
export { SuiteShareEntity } from './suite-share.entity';
export { SuiteEntity } from './suite.entity';

/** The suites context's tables. */
export const SUITE_ENTITIES = [SuiteEntity, SuiteShareEntity, CheckEntity, CheckVersionEntity] as const;
