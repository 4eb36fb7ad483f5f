/** Why an identity-provider token was refused: logged for operators, never sent to the client. */
export const InvalidTokenReason = {
  Expired: 'expired',
  NotYetValid: 'not_yet_valid',
  WrongAudience: 'wrong_audience',
  WrongIssuer: 'wrong_issuer',
  BadSignature: 'bad_signature',
  UnknownKey: 'unknown_key',
  AlgNotAllowed: 'alg_not_allowed',
  Malformed: 'malformed',
  JwksUnavailable: 'jwks_unavailable',
  MissingEmail: 'missing_email',
  EmailUnverified: 'email_unverified',
} as const;
export type InvalidTokenReason = (typeof InvalidTokenReason)[keyof typeof InvalidTokenReason];

/**
 * Internal: the credential resolver turns it into the one `unauthenticated` answer. The message
 * names only the reason; nothing of the token or its claims goes into it.
 */
export class InvalidTokenError extends Error {
  constructor(
    readonly reason: InvalidTokenReason,
    /** jose's error code when jose refused the token, for the log line. */
    readonly joseCode?: string,
  ) {
    super(`identity-provider token refused: ${reason}`);
    this.name = 'InvalidTokenError';
  }
}
