import { Inject, Injectable } from '@nestjs/common';
// Type-only: the port is implemented structurally, so nothing of auth (or jose) loads at runtime.
import type { AuthenticatedUser, PrincipalDirectory, ResolvedCredential } from '@dq/auth';
import { AppError, ErrorCode } from '@dq/contracts';
import type { UserEntity } from '../entities';
import { LOGGER, type Logger } from '@dq/platform';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { MembershipService } from '../membership/membership.service';
import { SessionsService } from '../sessions/sessions.service';
import { IdentityMismatchError, UsersService } from '../users/users.service';

type IdentityProviderClaims = Parameters<PrincipalDirectory['signInWithIdentityProvider']>[0];

/**
 * The identity context behind the auth library's PrincipalDirectory port
 * (`{ provide: PrincipalDirectory, useExisting: IdentityPrincipalDirectory }` in the app). Nothing is cached: every
 * call reads the stored user, so a demotion, deactivation or withdrawal bites on the next request.
 */
@Injectable()
export class IdentityPrincipalDirectory implements PrincipalDirectory {
  constructor(
    private readonly users: UsersService,
    private readonly apiKeys: ApiKeysService,
    private readonly sessions: SessionsService,
    private readonly membership: MembershipService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async findByApiKey(token: string): Promise<ResolvedCredential | null> {
    const resolved = await this.apiKeys.resolve(token);
    return resolved
      ? {
          user: this.toAuthenticatedUser(resolved.user),
          credentialId: resolved.apiKeyId,
          membershipAllowed: this.membership.allowsGiven(resolved.user, resolved.membership),
        }
      : null;
  }

  async findBySession(token: string): Promise<ResolvedCredential | null> {
    const resolved = await this.sessions.resolve(token);
    return resolved
      ? { user: this.toAuthenticatedUser(resolved.user), credentialId: resolved.sessionId }
      : null;
  }

  /** Provisions on first sign-in; null for a deactivated user or a subject that is not this e-mail's. */
  async signInWithIdentityProvider(claims: IdentityProviderClaims): Promise<ResolvedCredential | null> {
    try {
      const { user } = await this.users.provisionOnSignIn({
        email: claims.email,
        displayName: claims.name,
        idpIssuer: claims.issuer,
        idpSubject: claims.subject,
      });
      return user.status === 'active' ? { user: this.toAuthenticatedUser(user), credentialId: null } : null;
    } catch (error) {
      if (!(error instanceof IdentityMismatchError)) throw error;
      this.logger.warn(
        { event: 'idp_identity_mismatch' },
        'identity-provider subject does not match the stored user',
      );
      return null;
    }
  }

  /** Local dev bypass only (the auth library refuses it in production). */
  async findDevUser(email: string): Promise<ResolvedCredential> {
    const { user } = await this.users.provisionOnSignIn({ email });
    if (user.status !== 'active') throw new AppError(ErrorCode.Unauthenticated, 'Authentication required');
    return { user: this.toAuthenticatedUser(user), credentialId: null };
  }

  async isAllowedByMembership(user: AuthenticatedUser): Promise<boolean> {
    return this.membership.allows(user);
  }

  private toAuthenticatedUser(user: UserEntity): AuthenticatedUser {
    return {
      id: user.id,
      email: user.email,
      display_name: user.displayName,
      role: this.users.effectiveRole(user),
      is_workspace_admin: this.users.isWorkspaceAdmin(user),
    };
  }
}
