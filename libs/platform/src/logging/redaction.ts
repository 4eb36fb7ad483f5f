export const REDACTION_CENSOR = '[redacted]';

/**
 * Credentials recognised by their shape wherever they appear: personal access tokens, session
 * tokens and any bearer credential. Kept deliberately broad: hiding a harmless string is cheap,
 * leaking a token is not.
 */
const TOKEN_PATTERN = /svc_live_|svc_sess_|\bbearer\s+[A-Za-z0-9\-._~+/]/i;

/** Field names whose values are secret wherever they sit (one level of nesting, plus request headers). */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  '"set-cookie"',
  'password',
  'passwd',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'secret',
  'client_secret',
  'api_key',
  'apiKey',
  'private_key',
  'hmac_secret',
  'signing_key',
  'auth_header_value',
  'webhook_url',
  'credential',
  'credentials',
  '"x-svc-signature"',
  '"x-api-key"',
];

const bracket = (field: string): string => (field.startsWith('"') ? `[${field}]` : `.${field}`);

/** pino `redact.paths`: each secret field at the top level, one level down, and in req/res headers. */
export const REDACTED_PATHS: readonly string[] = SECRET_FIELDS.flatMap((field) => [
  field.startsWith('"') ? `[${field}]` : field,
  `*${bracket(field)}`,
  `headers${bracket(field)}`,
  `req.headers${bracket(field)}`,
  `res.headers${bracket(field)}`,
  `err.config.headers${bracket(field)}`,
]);

export function containsToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/** Replaces every string (value or key) that contains a token with `[redacted]`, at any depth. */
export function redactTokens(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return containsToken(value) ? REDACTION_CENSOR : value;
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redactTokens(item, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    out[containsToken(key) ? REDACTION_CENSOR : key] = redactTokens(item, seen);
  }
  return out;
}

/**
 * Last line of defence, applied to each serialized log line: whatever path it took (message,
 * error stack, nested object, a child logger's bindings, Nest's own logs), a string holding a
 * token is replaced. The fast path is one regex test on lines that hold none.
 */
export function redactLogLine(line: string): string {
  if (!containsToken(line)) return line;
  try {
    const trailingNewline = line.endsWith('\n');
    const parsed = JSON.parse(line) as unknown;
    return JSON.stringify(redactTokens(parsed)) + (trailingNewline ? '\n' : '');
  } catch {
    return `${JSON.stringify({ level: 'warn', msg: 'log line withheld: it contained a credential' })}\n`;
  }
}
