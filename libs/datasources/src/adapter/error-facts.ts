/**
 * Codes of a call that never properly reached its peer: socket, DNS and TLS handshake failures, as
 * Node, undici and the SDKs over them set `code`. `ETIMEDOUT` is not here: each classifier decides
 * whether its SDK's connect timeout reads as unreachable or as a timeout.
 */
export const NETWORK_FAILURE_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'EPROTO',
  'ERR_SOCKET_CLOSED',
  'UND_ERR_SOCKET',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_HAS_EXPIRED',
]);

/** A socket's connect or idle timeout. */
export const SOCKET_TIMED_OUT = 'ETIMEDOUT';

/** `value[key]` for any thrown value (undefined for a primitive or a missing key). */
export function property(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/** `value[key]` when it is a string. */
export function stringProperty(value: unknown, key: string): string | undefined {
  const found = property(value, key);
  return typeof found === 'string' ? found : undefined;
}
