/** The credential headers a request carries, as the resolver reads them. */
export interface CredentialHeaders {
  authorization?: string;
  cookie?: string;
}

/** The cookie the email one-time-code sign-in sets; its value is a `svc_sess_…` token. */
export const SESSION_COOKIE_NAME = 'svc_session';

/** What the request presented; `unusable` is something presented that can never authenticate. */
export type PresentedCredential =
  | { source: 'none' }
  | { source: 'bearer'; token: string }
  | { source: 'cookie'; token: string }
  | { source: 'unusable'; why: 'authorization_not_bearer' | 'cookie_empty' };

/** RFC 6750 `b64token`, which every token kind we accept fits (PAT, session, JWT). */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/**
 * The `Authorization` header wins when present, even when it is bad: a presented credential is
 * never silently replaced by another one (or by dev-bypass).
 */
export function presentedCredential(headers: CredentialHeaders): PresentedCredential {
  if (headers.authorization !== undefined) {
    const match = BEARER.exec(headers.authorization);
    return match
      ? { source: 'bearer', token: match[1] }
      : { source: 'unusable', why: 'authorization_not_bearer' };
  }
  const session = cookieValue(headers.cookie, SESSION_COOKIE_NAME);
  if (session === undefined) return { source: 'none' };
  return session === '' ? { source: 'unusable', why: 'cookie_empty' } : { source: 'cookie', token: session };
}

/** The first cookie of that name (RFC 6265 sends the most specific path first); quotes stripped. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1 || pair.slice(0, eq).trim() !== name) continue;
    const value = pair.slice(eq + 1).trim();
    return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  }
  return undefined;
}
