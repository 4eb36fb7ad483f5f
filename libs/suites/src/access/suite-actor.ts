import { type AuthenticatedUser, type Principal } from '@dq/auth';

/** Who acts on a suite: the user (role and admin flag decide the grant) and the credential used. */
export interface SuiteActor {
  user: AuthenticatedUser;
  /** As the audit log records it, e.g. `pat:<id>`. */
  credential: string;
}

export function suiteActorOf(principal: Principal): SuiteActor {
  return {
    user: principal.user,
    credential: `${principal.credential.kind}${principal.credential.id ? `:${principal.credential.id}` : ''}`,
  };
}
