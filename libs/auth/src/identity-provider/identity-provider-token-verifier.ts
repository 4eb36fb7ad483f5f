import {
  type JWTPayload,
  type JWTVerifyGetKey,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import {
  ASYMMETRIC_ALGORITHMS,
  DEFAULT_IDENTITY_PROVIDER_ALGORITHMS,
  type IdentityProviderOptions,
} from './identity-provider-options';
import { InvalidTokenError, InvalidTokenReason } from './invalid-token.error';

/** What a verified token says about the caller: the input of `signInWithIdentityProvider`. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  name?: string;
}

/** Longer than any real access token; refused before parsing so no one makes us decode megabytes. */
const MAX_TOKEN_LENGTH = 16 * 1024;
const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_COOLDOWN_SECONDS = 30;
const DEFAULT_CLOCK_TOLERANCE_SECONDS = 30;

/**
 * Verifies access tokens of the enterprise identity provider: signature against the provider's
 * published keys (cached; refetched when a token names an unknown `kid`, at most once per
 * cooldown), issuer, audience, `exp`, `nbf` and the configured asymmetric algorithms only.
 */
export class IdentityProviderTokenVerifier {
  private readonly algorithms: string[];
  private readonly emailClaim: string;
  private readonly clockTolerance: number;
  private readonly cooldownMs: number;
  private readonly timeoutMs: number;
  private keySet?: Promise<JWTVerifyGetKey>;
  private lastDiscoveryFailureAt?: number;

  constructor(private readonly options: IdentityProviderOptions) {
    this.algorithms = [...(options.algorithms ?? DEFAULT_IDENTITY_PROVIDER_ALGORITHMS)];
    assertAlgorithmsAllowed(this.algorithms);
    this.emailClaim = options.emailClaim ?? 'email';
    this.clockTolerance = options.clockToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_SECONDS;
    this.cooldownMs = (options.jwksCooldownSeconds ?? DEFAULT_COOLDOWN_SECONDS) * 1000;
    this.timeoutMs = options.httpTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** Resolves the verified identity or throws `InvalidTokenError` with the reason. */
  async verify(token: string): Promise<VerifiedIdentity> {
    if (token.length > MAX_TOKEN_LENGTH || token.split('.').length !== 3) {
      throw new InvalidTokenError(InvalidTokenReason.Malformed);
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.keyResolver, {
        issuer: this.options.issuer,
        audience: this.options.audience,
        algorithms: this.algorithms,
        clockTolerance: this.clockTolerance,
        // A token without an expiry would never stop working.
        requiredClaims: ['iss', 'aud', 'exp', 'sub'],
      }));
    } catch (error) {
      throw toInvalidTokenError(error);
    }
    return this.identityOf(payload);
  }

  /** Lets jose ask for the key lazily, so discovery runs only once a token with an allowed alg arrives. */
  private readonly keyResolver: JWTVerifyGetKey = async (header, token) => {
    const keySet = await this.loadKeySet();
    try {
      return await keySet(header, token);
    } catch (error) {
      if (
        error instanceof joseErrors.JWKSNoMatchingKey ||
        error instanceof joseErrors.JWKSMultipleMatchingKeys
      ) {
        throw error;
      }
      if (error instanceof joseErrors.JOSENotSupported) throw error;
      throw new InvalidTokenError(InvalidTokenReason.JwksUnavailable, joseCodeOf(error));
    }
  };

  /** The remote key set, built once; a failed discovery is retried after the cooldown, not per request. */
  private async loadKeySet(): Promise<JWTVerifyGetKey> {
    if (!this.keySet) {
      if (
        this.lastDiscoveryFailureAt !== undefined &&
        Date.now() < this.lastDiscoveryFailureAt + this.cooldownMs
      ) {
        throw new InvalidTokenError(InvalidTokenReason.JwksUnavailable);
      }
      this.keySet = this.jwksUrl().then((url) =>
        createRemoteJWKSet(url, { cooldownDuration: this.cooldownMs, timeoutDuration: this.timeoutMs }),
      );
      this.keySet.catch(() => {
        this.keySet = undefined;
        this.lastDiscoveryFailureAt = Date.now();
      });
    }
    return this.keySet;
  }

  private async jwksUrl(): Promise<URL> {
    if (this.options.jwksUri) return new URL(this.options.jwksUri);
    const discoveryUrl = `${this.options.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    let document: { issuer?: unknown; jwks_uri?: unknown };
    try {
      const response = await fetch(discoveryUrl, {
        redirect: 'manual',
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (response.status !== 200) throw new Error(`discovery answered ${response.status}`);
      document = (await response.json()) as typeof document;
    } catch {
      throw new InvalidTokenError(InvalidTokenReason.JwksUnavailable);
    }
    // A discovery document for another issuer is not this provider's (OpenID Connect Discovery 4.3).
    if (document.issuer !== this.options.issuer || typeof document.jwks_uri !== 'string') {
      throw new InvalidTokenError(InvalidTokenReason.JwksUnavailable);
    }
    try {
      return new URL(document.jwks_uri);
    } catch {
      throw new InvalidTokenError(InvalidTokenReason.JwksUnavailable);
    }
  }

  private identityOf(payload: JWTPayload): VerifiedIdentity {
    if (typeof payload.iss !== 'string' || typeof payload.sub !== 'string' || payload.sub === '') {
      throw new InvalidTokenError(InvalidTokenReason.Malformed);
    }
    const email = payload[this.emailClaim];
    if (typeof email !== 'string' || !email.includes('@')) {
      throw new InvalidTokenError(InvalidTokenReason.MissingEmail);
    }
    // Providers that say so explicitly are believed; many access tokens carry no such claim at all.
    if (payload['email_verified'] === false) throw new InvalidTokenError(InvalidTokenReason.EmailUnverified);
    const name = payload['name'];
    return {
      issuer: payload.iss,
      subject: payload.sub,
      email,
      ...(typeof name === 'string' && name !== '' ? { name } : {}),
    };
  }
}

/** Refuses `none`, symmetric (HS*) and unknown algorithms at construction: a misconfiguration fails closed. */
export function assertAlgorithmsAllowed(algorithms: readonly string[]): void {
  if (algorithms.length === 0) throw new Error('identity provider: at least one algorithm is required');
  const refused = algorithms.filter((alg) => !ASYMMETRIC_ALGORITHMS.includes(alg));
  if (refused.length > 0) {
    throw new Error(
      `identity provider: algorithms ${refused.join(', ')} are not allowed (asymmetric only: ${ASYMMETRIC_ALGORITHMS.join(', ')})`,
    );
  }
}

function joseCodeOf(error: unknown): string | undefined {
  return error instanceof joseErrors.JOSEError ? error.code : undefined;
}

function toInvalidTokenError(error: unknown): InvalidTokenError {
  if (error instanceof InvalidTokenError) return error;
  const code = joseCodeOf(error);
  const reason = (() => {
    if (error instanceof joseErrors.JWTExpired) return InvalidTokenReason.Expired;
    if (error instanceof joseErrors.JWTClaimValidationFailed) {
      if (error.reason === 'missing') return InvalidTokenReason.Malformed;
      if (error.claim === 'aud') return InvalidTokenReason.WrongAudience;
      if (error.claim === 'iss') return InvalidTokenReason.WrongIssuer;
      if (error.claim === 'nbf') return InvalidTokenReason.NotYetValid;
      return InvalidTokenReason.Malformed;
    }
    if (error instanceof joseErrors.JOSEAlgNotAllowed) return InvalidTokenReason.AlgNotAllowed;
    if (error instanceof joseErrors.JWSSignatureVerificationFailed) return InvalidTokenReason.BadSignature;
    if (error instanceof joseErrors.JWKSNoMatchingKey) return InvalidTokenReason.UnknownKey;
    if (error instanceof joseErrors.JWKSMultipleMatchingKeys) return InvalidTokenReason.BadSignature;
    if (error instanceof joseErrors.JWKSTimeout) return InvalidTokenReason.JwksUnavailable;
    // JWSInvalid, JWTInvalid, JOSENotSupported, and anything thrown while decoding the token.
    return InvalidTokenReason.Malformed;
  })();
  return new InvalidTokenError(reason, code);
}
