import { hkdfSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { EncryptJWT, type JWTPayload, jwtDecrypt } from 'jose';

/** What a sealed cookie is for; a value sealed for one purpose never opens as another. */
export type SealPurpose = 'oidc-flow' | 'oidc-session';

/**
 * Seals values for cookies: JWE with a direct AES-256-GCM key derived (HKDF-SHA256) from the
 * configured secret, the purpose as audience and an expiry. Tampered, foreign, expired or
 * other-purpose values open as `undefined`.
 */
export class CookieSealer {
  private constructor(private readonly key: Uint8Array) {}

  static fromSecret(secret: string): CookieSealer {
    const key = hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), 'dq web-host cookies', 32);
    return new CookieSealer(new Uint8Array(key));
  }

  async seal(purpose: SealPurpose, payload: JWTPayload, ttlSeconds: number): Promise<string> {
    return new EncryptJWT(payload)
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setAudience(purpose)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .encrypt(this.key);
  }

  /** The sealed payload (only this host seals, so its shape is the sealer's). */
  async open<T extends object>(purpose: SealPurpose, sealed: string | undefined): Promise<T | undefined> {
    if (!sealed) return undefined;
    try {
      const { payload } = await jwtDecrypt(sealed, this.key, {
        audience: purpose,
        keyManagementAlgorithms: ['dir'],
        contentEncryptionAlgorithms: ['A256GCM'],
        requiredClaims: ['exp'],
      });
      return payload as T;
    } catch {
      return undefined;
    }
  }
}

/** Browsers keep about 4 KB per cookie: a longer value is split over numbered cookies. */
export const COOKIE_CHUNK_LENGTH = 3800;
/** More chunks than this is no session we wrote. */
export const MAX_COOKIE_CHUNKS = 6;

export interface CookieOptions {
  path: string;
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
}

/** One `Set-Cookie` value: always HttpOnly, Secure and SameSite=Lax. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAge}`,
    ...(options.maxAge === 0 ? ['Expires=Thu, 01 Jan 1970 00:00:00 GMT'] : []),
    'HttpOnly',
    'Secure',
    'SameSite=Lax',
  ].join('; ');
}

/** The request's cookies by name (first one wins, as browsers send the most specific path first). */
export function cookiesOf(request: Pick<IncomingMessage, 'headers'>): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (name && !cookies.has(name)) cookies.set(name, part.slice(at + 1).trim());
  }
  return cookies;
}

function chunkName(name: string, index: number): string {
  return index === 0 ? name : `${name}.${index}`;
}

/** The value split over `name`, `name.1`, `name.2`, …; undefined when absent or incomplete. */
export function readChunked(cookies: Map<string, string>, name: string): string | undefined {
  let value = '';
  for (let index = 0; index < MAX_COOKIE_CHUNKS; index += 1) {
    const chunk = cookies.get(chunkName(name, index));
    if (chunk === undefined) break;
    value += chunk;
  }
  return value === '' ? undefined : value;
}

/**
 * `Set-Cookie` values that store `value` over as many chunks as it needs and delete the chunks
 * of a longer value the browser still has. `undefined` deletes every chunk.
 */
export function writeChunked(
  cookies: Map<string, string>,
  name: string,
  value: string | undefined,
  options: CookieOptions,
): string[] {
  const chunks: string[] = [];
  for (let at = 0; value !== undefined && at < value.length; at += COOKIE_CHUNK_LENGTH) {
    chunks.push(value.slice(at, at + COOKIE_CHUNK_LENGTH));
  }
  if (chunks.length > MAX_COOKIE_CHUNKS) throw new Error(`${name}: value too long for cookies`);
  const headers = chunks.map((chunk, index) => serializeCookie(chunkName(name, index), chunk, options));
  for (let index = chunks.length; index < MAX_COOKIE_CHUNKS; index += 1) {
    if (cookies.has(chunkName(name, index)) || (index === 0 && value === undefined)) {
      headers.push(serializeCookie(chunkName(name, index), '', { path: options.path, maxAge: 0 }));
    }
  }
  return headers;
}

/** The `Cookie` header without the named cookies (and their chunks); undefined when nothing is left. */
export function withoutCookies(header: string | undefined, names: readonly string[]): string | undefined {
  if (!header) return header;
  const kept = header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => {
      const name = part.slice(0, Math.max(part.indexOf('='), 0));
      return !names.some((own) => name === own || name.startsWith(`${own}.`));
    });
  return kept.length > 0 ? kept.join('; ') : undefined;
}
