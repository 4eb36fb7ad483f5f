import { AuditEventEntity } from './audit-event.entity';

export { AuditEventEntity } from './audit-event.entity';

/** The audit context's table. */
export const AUDIT_ENTITIES = [AuditEventEntity] as const;
