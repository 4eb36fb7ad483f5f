import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import { AppError, ErrorCode } from '@dq/contracts';
import type { NextFunction, Request, Response } from 'express';

/** Deepest nesting of arrays/objects a JSON body may have; our deepest request shape is far below it. */
export const MAX_JSON_DEPTH = 64;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Deepest array/object nesting of raw JSON text, one pass over the bytes, stopping past `limit`. */
export function jsonDepthExceeds(raw: Buffer, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth--;
  }
  return false;
}

/**
 * body-parser's `verify` hook: runs on the raw bytes before JSON.parse (and before authentication),
 * so a body nested too deep or not UTF-8 is refused cheaply and never decoded with U+FFFD.
 */
export function verifyJsonBody(_req: IncomingMessage, _res: unknown, raw: Buffer, encoding: string): void {
  if (/^utf-?8$/i.test(encoding) && !isUtf8(raw)) {
    throw new AppError(ErrorCode.InvalidJson, 'Request body is not valid UTF-8', { reason: 'invalid_utf8' });
  }
  if (jsonDepthExceeds(raw, MAX_JSON_DEPTH)) {
    throw new AppError(ErrorCode.InvalidJson, `Request body is nested deeper than ${MAX_JSON_DEPTH} levels`, {
      reason: 'too_deep',
      max_depth: MAX_JSON_DEPTH,
    });
  }
}

/** `verifyJsonBody`, also keeping the raw bytes on `req.rawBody` where the app asked for them (signed webhooks). */
export function jsonBodyVerifier(options: { keepRawBody: boolean }) {
  return (req: IncomingMessage, res: unknown, raw: Buffer, encoding: string): void => {
    verifyJsonBody(req, res, raw, encoding);
    if (options.keepRawBody) (req as IncomingMessage & { rawBody?: Buffer }).rawBody = raw;
  };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored as text (PostgreSQL refuses NUL; a lone surrogate is not Unicode), or undefined. */
export function unstorableText(value: string): string | undefined {
  if (value.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(value)) return 'must not contain a lone UTF-16 surrogate';
  return undefined;
}

/** The first string (value or key) in `value` that cannot be stored, with its dotted path. */
export function findUnstorableText(
  value: unknown,
  path: string,
): { field: string; problem: string } | undefined {
  if (typeof value === 'string') {
    const problem = unstorableText(value);
    return problem ? { field: path, problem } : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const field = path ? `${path}.${key}` : key;
    // A key is named by its parent's path: the key itself may be the hostile text (or a secret).
    const keyProblem = unstorableText(key);
    if (keyProblem) return { field: path || '(root)', problem: `a property name ${keyProblem}` };
    const found = findUnstorableText(item, field);
    if (found) return found;
  }
  return undefined;
}

function refuse(field: string, problem: string): AppError {
  return new AppError(ErrorCode.ValidationFailed, 'Request validation failed', {
    fields: [{ field, problems: [problem] }],
  });
}

/** Decodes one percent-encoded URL component, or says why it cannot be taken as text. */
function decodeComponent(raw: string, plusIsSpace: boolean): { text: string } | { problem: string } {
  try {
    const text = decodeURIComponent(plusIsSpace ? raw.replace(/\+/g, ' ') : raw);
    const problem = unstorableText(text);
    return problem ? { problem } : { text };
  } catch {
    return { problem: 'must be percent-encoded UTF-8' };
  }
}

/** The first path segment or query parameter that is not storable UTF-8 text. */
function urlProblem(url: string): { field: string; problem: string } | undefined {
  const index = url.indexOf('?');
  const pathname = index < 0 ? url : url.slice(0, index);
  for (const segment of pathname.split('/')) {
    const decoded = decodeComponent(segment, false);
    if ('problem' in decoded) return { field: 'path', problem: decoded.problem };
  }
  if (index < 0) return undefined;
  for (const pair of url.slice(index + 1).split('&')) {
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const key = decodeComponent(rawKey, true);
    if ('problem' in key) return { field: 'query', problem: `a parameter name ${key.problem}` };
    if (eq < 0) continue;
    const value = decodeComponent(pair.slice(eq + 1), true);
    if ('problem' in value) return { field: `query.${key.text}`, problem: value.problem };
  }
  return undefined;
}

/**
 * Refuses, before routing, a URL whose path or query does not decode to storable text: Express
 * and qs would otherwise pass a NUL on, or keep undecodable bytes silently.
 */
export function refuseHostileUrlMiddleware() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const found = urlProblem(req.originalUrl ?? req.url);
    next(found ? refuse(found.field, found.problem) : undefined);
  };
}

/**
 * Refuses, after the body parsers and before any guard or pipe, a body holding a string PostgreSQL
 * cannot store (NUL) or that is not Unicode (a lone surrogate escaped as `\ud800`), naming its path.
 */
export function refuseHostileBodyMiddleware() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const found = findUnstorableText(req.body as unknown, '');
    next(found ? refuse(found.field || 'body', found.problem) : undefined);
  };
}
