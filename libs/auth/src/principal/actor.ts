import { type AuthenticatedUser, type Principal } from './principal-directory';

/**
 * Who acts, as every context needs it: the user (their role and admin flag decide what they may
 * do) and the credential they used, as the audit log records it (e.g. `pat:<id>`, never a token).
 */
export interface Actor {
  user: AuthenticatedUser;
  credential: string;
}

/** The audit label of a credential: its kind, and its row id when it has one. */
export function credentialLabelOf(credential: Principal['credential']): string {
  return credential.id ? `${credential.kind}:${credential.id}` : credential.kind;
}

export function actorOf(principal: Principal): Actor {
  return { user: principal.user, credential: credentialLabelOf(principal.credential) };
}
