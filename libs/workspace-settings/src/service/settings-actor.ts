import { type Principal } from '@dq/auth';

/** Who changes a setting, as its audit event records them: the user and the credential used. */
export interface SettingsActor {
  userId: string;
  /** As the audit log records it, e.g. `pat:<id>`. */
  credential: string;
}

export function settingsActorOf(principal: Principal): SettingsActor {
  const { kind, id } = principal.credential;
  return { userId: principal.user.id, credential: id ? `${kind}:${id}` : kind };
}
