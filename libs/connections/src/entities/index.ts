import { ConnectionVersionEntity } from './connection-version.entity';
import { ConnectionEntity } from './connection.entity';

export { ConnectionVersionEntity } from './connection-version.entity';
export { ConnectionEntity } from './connection.entity';

/** The connections context's tables. */
export const CONNECTION_ENTITIES = [ConnectionEntity, ConnectionVersionEntity] as const;
