import { createHash } from 'node:crypto';
import { WorkspaceRole } from '@dq/contracts';
import {
  type AuthenticatedUser,
  PrincipalDirectory,
  type ResolvedCredential,
} from '../src/principal/principal-directory';

/** A user as the fake directory stores it: the port's view plus the states that refuse credentials. */
export interface StoredUser extends AuthenticatedUser {
  deactivated?: boolean;
  member?: boolean;
}

interface StoredCredential {
  id: string;
  userId: string;
  revoked?: boolean;
  expired?: boolean;
}

/**
 * Our own port's in-memory implementation for the auth tests (not a mock of a database): it keeps
 * credentials by SHA-256 like the real one and records which lookups ran, so tests can assert the
 * same work happened on every failing path.
 */
export class InMemoryPrincipalDirectory extends PrincipalDirectory {
  readonly users = new Map<string, StoredUser>();
  readonly apiKeys = new Map<string, StoredCredential>();
  readonly sessions = new Map<string, StoredCredential>();
  readonly identities = new Map<string, string>();
  readonly calls: string[] = [];

  addUser(overrides: Partial<StoredUser> & { id: string }): StoredUser {
    const user: StoredUser = {
      email: `${overrides.id}@example.test`,
      display_name: overrides.id,
      role: WorkspaceRole.Member,
      is_workspace_admin: false,
      member: true,
      ...overrides,
    };
    this.users.set(user.id, user);
    return user;
  }

  addApiKey(token: string, credential: StoredCredential): void {
    this.apiKeys.set(sha256(token), credential);
  }

  addSession(token: string, credential: StoredCredential): void {
    this.sessions.set(sha256(token), credential);
  }

  /** Links an identity-provider subject of `issuer` to a user. */
  addIdentity(issuer: string, subject: string, userId: string): void {
    this.identities.set(`${issuer} ${subject}`, userId);
  }

  async findByApiKey(token: string): Promise<ResolvedCredential | null> {
    this.calls.push('findByApiKey');
    return this.active(this.apiKeys.get(sha256(token)));
  }

  async findBySession(token: string): Promise<ResolvedCredential | null> {
    this.calls.push('findBySession');
    return this.active(this.sessions.get(sha256(token)));
  }

  async signInWithIdentityProvider(claims: {
    issuer: string;
    subject: string;
    email: string;
    name?: string;
  }): Promise<ResolvedCredential | null> {
    this.calls.push('signInWithIdentityProvider');
    const user = this.users.get(this.identities.get(`${claims.issuer} ${claims.subject}`) ?? '');
    return user && !user.deactivated ? { user: publicView(user), credentialId: null } : null;
  }

  async findDevUser(email: string): Promise<ResolvedCredential> {
    this.calls.push('findDevUser');
    const existing = [...this.users.values()].find((user) => user.email === email);
    const user = existing ?? this.addUser({ id: `dev-${this.users.size + 1}`, email });
    return { user: publicView(user), credentialId: null };
  }

  async isAllowedByMembership(user: AuthenticatedUser): Promise<boolean> {
    this.calls.push('isAllowedByMembership');
    return this.users.get(user.id)?.member ?? false;
  }

  private active(credential: StoredCredential | undefined): ResolvedCredential | null {
    const user = credential ? this.users.get(credential.userId) : undefined;
    if (!credential || !user || credential.revoked || credential.expired || user.deactivated) return null;
    return { user: publicView(user), credentialId: credential.id };
  }
}

function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function publicView(user: StoredUser): AuthenticatedUser {
  return {
    id: user.id,
    email: user.email,
    display_name: user.display_name,
    role: user.role,
    is_workspace_admin: user.is_workspace_admin,
  };
}
