import { hasValidTokenShape, mintToken, tokenPattern } from './token-format';

export const SESSION_TOKEN_PREFIX = 'svc_sess_';
export const SESSION_TOKEN_PATTERN = tokenPattern(SESSION_TOKEN_PREFIX);
/** The cookie that carries a session token in the browser (HttpOnly, Secure, SameSite=Lax, Path=/). */
export const SESSION_COOKIE_NAME = 'svc_session';

export function mintSessionToken(): string {
  return mintToken(SESSION_TOKEN_PREFIX);
}

/** Shape and checksum only; null when the value cannot be one of our session tokens. */
export function parseSessionToken(token: unknown): string | null {
  return hasValidTokenShape(token, SESSION_TOKEN_PREFIX, SESSION_TOKEN_PATTERN) ? token : null;
}
