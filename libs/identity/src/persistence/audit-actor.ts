import type { Actor } from '@dq/auth';

/** The actor fields of an audit event: the given actor, else the user acting on their own things. */
export function auditActorFields(
  userId: string | null,
  actor: Actor | undefined,
): { actor_user_id: string | null; actor_credential: string | null } {
  return {
    actor_user_id: actor !== undefined ? actor.user.id : userId,
    actor_credential: actor?.credential ?? null,
  };
}
