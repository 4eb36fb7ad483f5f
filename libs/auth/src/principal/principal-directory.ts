import { type CredentialKind, type WorkspaceRole } from '@dq/contracts';

/** The caller as the identity context knows them on this request. */
export interface AuthenticatedUser {
  id: string;
  email: string;
  display_name: string;
  /** Effective workspace role (stored role, raised by `WORKSPACE_ADMIN_EMAILS`). */
  role: WorkspaceRole;
  is_workspace_admin: boolean;
}

/** A credential the directory recognised: its owner and the credential row's id, when it has one. */
export interface ResolvedCredential {
  user: AuthenticatedUser;
  credentialId: string | null;
  /**
   * Whether membership admits the user, when the lookup read it already (same statement); when
   * absent, the resolver asks `isAllowedByMembership`.
   */
  membershipAllowed?: boolean;
}

/**
 * The port the identity context implements (libs/identity): auth decides WHICH lookup a request
 * needs, the directory owns the stored data. Every `find*` answers null for anything that must not
 * authenticate (unknown, revoked, expired, bad checksum, deactivated owner) without saying which,
 * and does the same work for each of those (a PAT is always hashed and looked up).
 */
export abstract class PrincipalDirectory {
  /** `svc_live_…`: checks the checksum, looks the SHA-256 up, refuses revoked/expired/deactivated. */
  abstract findByApiKey(token: string): Promise<ResolvedCredential | null>;
  /** `svc_sess_…` from the bearer header or the `svc_session` cookie. */
  abstract findBySession(token: string): Promise<ResolvedCredential | null>;
  /** A verified identity-provider token: finds or provisions the user; null when it may not sign in. */
  abstract signInWithIdentityProvider(claims: {
    issuer: string;
    subject: string;
    email: string;
    name?: string;
  }): Promise<ResolvedCredential | null>;
  /** Local dev-bypass only: the configured user, created when missing. */
  abstract findDevUser(email: string): Promise<ResolvedCredential>;
  /** False once membership is enforced and this user's membership is withdrawn (or was never granted). */
  abstract isAllowedByMembership(user: AuthenticatedUser): Promise<boolean>;
}

/** Who is calling and how they proved it; attached to every authenticated request. */
export interface Principal {
  user: AuthenticatedUser;
  credential: { kind: CredentialKind; id: string | null };
}
