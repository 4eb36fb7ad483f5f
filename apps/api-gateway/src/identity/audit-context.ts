import { type Principal } from '@dq/auth';
import { type AuditContext } from '@dq/identity';

/** Who acts, for the audit events a self-service call records: the caller and the credential kind. */
export function auditContextOf(principal: Principal): AuditContext {
  return {
    actorUserId: principal.user.id,
    actorCredential: `${principal.credential.kind}${principal.credential.id ? `:${principal.credential.id}` : ''}`,
  };
}
