import { registerEntities } from '@dq/db';
import { ConnectionVersionEntity } from './connection-version.entity';
import { ConnectionEntity } from './connection.entity';

export { ConnectionVersionEntity } from './connection-version.entity';
export { ConnectionEntity } from './connection.entity';

/** The connections context's tables: registered with the data source when this module loads. */
export const CONNECTION_ENTITIES = [ConnectionEntity, ConnectionVersionEntity] as const;

registerEntities(...CONNECTION_ENTITIES);
