import { registerEntities } from '@dq/db';
import { AuditEventEntity } from './audit-event.entity';

export { AuditEventEntity } from './audit-event.entity';

/** The audit context's table: registered with the data source when this module loads. */
export const AUDIT_ENTITIES = [AuditEventEntity] as const;

registerEntities(...AUDIT_ENTITIES);
