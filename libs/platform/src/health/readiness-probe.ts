/** One dependency the service needs before it takes traffic (database, Redis, NATS...). Throwing = down. */
export interface ReadinessProbe {
  readonly name: string;
  check(): Promise<void>;
}

/**
 * A probe failure with a reason safe to publish on /readyz (no host, no credential), e.g.
 * `authentication_failed`. Other errors are classified by their code.
 */
export class ReadinessProbeError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ReadinessProbeError';
  }
}

export class ProbeTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`probe timed out after ${timeoutMs} ms`);
    this.name = 'ProbeTimeoutError';
  }
}

const REASON_BY_CODE: Record<string, string> = {
  ECONNREFUSED: 'connection_refused',
  ECONNRESET: 'connection_reset',
  ETIMEDOUT: 'timeout',
  ENOTFOUND: 'dns_failure',
  EAI_AGAIN: 'dns_failure',
  EHOSTUNREACH: 'host_unreachable',
  ENETUNREACH: 'network_unreachable',
  EPIPE: 'connection_reset',
  // PostgreSQL SQLSTATEs
  '28P01': 'authentication_failed',
  '28000': 'authentication_failed',
  '3D000': 'database_missing',
  '57P03': 'starting_up',
  '53300': 'too_many_connections',
};

/** A short, published reason for a probe failure: never the message, which may hold hosts or credentials. */
export function classifyProbeError(error: unknown): string {
  if (error instanceof ProbeTimeoutError) return 'timeout';
  if (error instanceof ReadinessProbeError) return error.reason.replace(/[^a-z0-9_]/gi, '_').slice(0, 64);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (REASON_BY_CODE[code]) return REASON_BY_CODE[code];
    if (/^[A-Z][A-Z0-9_]{1,40}$/.test(code)) return code.toLowerCase();
  }
  const message = error instanceof Error ? error.message : '';
  if (/NOAUTH|WRONGPASS|authentication|authorization violation/i.test(message))
    return 'authentication_failed';
  return 'error';
}
