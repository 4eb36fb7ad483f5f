import type { AuditContext } from '../audit-context';

/** The actor fields of an audit event: the given actor, else the user acting on their own things. */
export function actorOf(
  userId: string | null,
  context: AuditContext,
): { actor_user_id: string | null; actor_credential: string | null } {
  return {
    actor_user_id: context.actorUserId !== undefined ? context.actorUserId : userId,
    actor_credential: context.actorCredential ?? null,
  };
}
