import { Logger, type LoggerService } from '@nestjs/common';
import { CredentialKind } from '@dq/contracts';
import { type IdentityProviderTokenVerifier } from '../identity-provider/identity-provider-token-verifier';
import { InvalidTokenError, InvalidTokenReason } from '../identity-provider/invalid-token.error';
import {
  type Principal,
  type PrincipalDirectory,
  type ResolvedCredential,
} from '../principal/principal-directory';
import {
  type CredentialHeaders,
  type PresentedCredential,
  presentedCredential,
} from './presented-credential';
import { notAMemberError, unauthenticatedError } from './unauthenticated.error';

export const API_KEY_PREFIX = 'svc_live_';
export const SESSION_TOKEN_PREFIX = 'svc_sess_';

/**
 * Shapes worth a lookup. A PAT is `svc_live_` + at least 30 random + 6 checksum base62 characters
 * (docs/decisions/0015); the directory verifies the checksum and the hash, so every well-formed PAT costs
 * the same work whether it is forged, unknown, revoked or expired. Upper bounds keep hashing cheap.
 */
const API_KEY_SHAPE = /^svc_live_[A-Za-z0-9]{36,200}$/;
const SESSION_SHAPE = /^svc_sess_[A-Za-z0-9_-]{16,200}$/;

export interface CredentialResolverOptions {
  /** Present when the deployment signs in through an enterprise identity provider. */
  identityProvider?: Pick<IdentityProviderTokenVerifier, 'verify'>;
  /** Local development only: the user a request WITHOUT any credential acts as. */
  devBypass?: { email: string };
  /** Where refusal reasons go (never a token). Default: Nest's logger, i.e. the service's pino. */
  logger?: Pick<LoggerService, 'log' | 'debug' | 'warn'>;
}

type Identified =
  | { ok: true; kind: CredentialKind; resolved: ResolvedCredential }
  | { ok: false; kind: CredentialKind | 'none'; reason: string };

/**
 * Turns the credential headers of a request (REST or MCP) into the calling principal, or the one
 * `unauthenticated` error whatever went wrong; the reason is only logged.
 */
export class CredentialResolver {
  private readonly logger: Pick<LoggerService, 'log' | 'debug' | 'warn'>;

  constructor(
    private readonly directory: PrincipalDirectory,
    private readonly options: CredentialResolverOptions = {},
  ) {
    this.logger = options.logger ?? new Logger(CredentialResolver.name);
  }

  async resolve(headers: CredentialHeaders): Promise<Principal> {
    const outcome = await this.identify(presentedCredential(headers));
    if (!outcome.ok) {
      const fields = { msg: 'credential refused', reason: outcome.reason, credential_kind: outcome.kind };
      if (outcome.reason === InvalidTokenReason.JwksUnavailable) this.logger.warn(fields);
      else if (outcome.kind === 'none') this.logger.debug?.(fields);
      else this.logger.log(fields);
      throw unauthenticatedError();
    }
    const { user, credentialId, membershipAllowed } = outcome.resolved;
    if (!(membershipAllowed ?? (await this.directory.isAllowedByMembership(user)))) {
      this.logger.log({ msg: 'membership withdrawn', user_id: user.id, credential_kind: outcome.kind });
      throw notAMemberError();
    }
    return { user, credential: { kind: outcome.kind, id: credentialId } };
  }

  private async identify(presented: PresentedCredential): Promise<Identified> {
    switch (presented.source) {
      case 'none':
        if (!this.options.devBypass) return { ok: false, kind: 'none', reason: 'no_credential' };
        return {
          ok: true,
          kind: CredentialKind.DevBypass,
          resolved: await this.directory.findDevUser(this.options.devBypass.email),
        };
      case 'unusable':
        return { ok: false, kind: 'none', reason: presented.why };
      case 'cookie':
        return this.session(presented.token);
      case 'bearer':
        return this.bearer(presented.token);
    }
  }

  private async bearer(token: string): Promise<Identified> {
    if (token.startsWith(API_KEY_PREFIX)) {
      const kind = CredentialKind.PersonalAccessToken;
      if (!API_KEY_SHAPE.test(token)) return { ok: false, kind, reason: 'malformed' };
      const resolved = await this.directory.findByApiKey(token);
      return resolved ? { ok: true, kind, resolved } : { ok: false, kind, reason: 'not_found_or_inactive' };
    }
    if (token.startsWith(SESSION_TOKEN_PREFIX)) return this.session(token);
    return this.identityProviderToken(token);
  }

  private async session(token: string): Promise<Identified> {
    const kind = CredentialKind.Session;
    if (!SESSION_SHAPE.test(token)) return { ok: false, kind, reason: 'malformed' };
    const resolved = await this.directory.findBySession(token);
    return resolved ? { ok: true, kind, resolved } : { ok: false, kind, reason: 'not_found_or_inactive' };
  }

  private async identityProviderToken(token: string): Promise<Identified> {
    const kind = CredentialKind.IdentityProvider;
    const verifier = this.options.identityProvider;
    if (!verifier) return { ok: false, kind, reason: 'identity_provider_not_configured' };
    let claims;
    try {
      claims = await verifier.verify(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) return { ok: false, kind, reason: error.reason };
      throw error;
    }
    const resolved = await this.directory.signInWithIdentityProvider(claims);
    return resolved ? { ok: true, kind, resolved } : { ok: false, kind, reason: 'sign_in_refused' };
  }
}
