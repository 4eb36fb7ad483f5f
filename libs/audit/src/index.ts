// Public surface of the audit library: other projects import only from here.
export * from './audit.module';
export * from './log/audit-log.service';
export { AUDIT_SECRET_KEY, scrubAuditDetail, scrubAuditText } from './scrub/scrub-audit-detail';
