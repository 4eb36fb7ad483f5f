/** How tokens from the enterprise identity provider are verified. */
export interface IdentityProviderOptions {
  /** Expected `iss`, exactly as the provider spells it (also where discovery is looked up). */
  issuer: string;
  /** Expected `aud` (this service's client or API identifier); any one of a list matches. */
  audience: string | string[];
  /** Key set URL; when absent it is discovered from `<issuer>/.well-known/openid-configuration`. */
  jwksUri?: string;
  /** Accepted signature algorithms; asymmetric only. Default `['RS256', 'ES256']`. */
  algorithms?: string[];
  /** Claim that carries the user's email address. Default `email`. */
  emailClaim?: string;
  /** Leeway for `exp` and `nbf` against clock skew. Default 30. */
  clockToleranceSeconds?: number;
  /** Minimum time between key-set refetches triggered by an unknown `kid`. Default 30 (jose's). */
  jwksCooldownSeconds?: number;
  /** Timeout of each discovery and key-set request. Default 5000. */
  httpTimeoutMs?: number;
}

export const DEFAULT_IDENTITY_PROVIDER_ALGORITHMS: readonly string[] = ['RS256', 'ES256'];

/**
 * Signature algorithms a verifier may ever be configured with. Symmetric ones (HS*) are absent on
 * purpose: with them a provider's PUBLIC key could be used as an HMAC secret to forge tokens.
 */
export const ASYMMETRIC_ALGORITHMS: readonly string[] = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];
