import { type EgressGuard, type PublicKeySealer } from '@dq/security';

/** DNS answers that mean "no such host (now)": an unreachable datasource, not a forbidden one. */
const DNS_FAILURE_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ENODATA', 'ESERVFAIL', 'ETIMEOUT']);

function isDnsFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && DNS_FAILURE_CODES.has(code);
}

/** Seals a credential at rest with the runner's public key; a gateway can never open one. */
export abstract class SecretSealer {
  abstract seal(value: object, aad: string): string;
}

/**
 * Opens a sealed credential, in the runner only (`@dq/secrets-opening`'s `SecretOpener`); throws
 * `SecretDecryptionError` when it cannot.
 */
export interface CredentialOpener {
  openJson<T>(envelope: string, aad: string): T;
}

/** The egress policy for user-supplied URLs: throws 422 `url_forbidden` when refused. */
export abstract class UrlPolicy {
  abstract assertAllowed(url: string, field: string): Promise<void>;
  /** The same policy for a bare host (PostgreSQL's `host`): resolved and every address checked. */
  abstract assertHostAllowed(host: string, field: string): Promise<void>;
}

/**
 * The egress guard as the connections' URL policy. A host that does not resolve is let through:
 * the runner's connect-time lookup checks it again, and a use of it answers `unreachable` (502)
 * instead of failing the save.
 */
function egressUrlPolicy(guard: EgressGuard): UrlPolicy {
  const unlessUnresolved = async (check: () => Promise<unknown>): Promise<void> => {
    try {
      await check();
    } catch (error) {
      if (!isDnsFailure(error)) throw error;
    }
  };
  return {
    assertAllowed: (url, field) => unlessUnresolved(() => guard.assertUrlAllowed(url, field)),
    assertHostAllowed: (host, field) => unlessUnresolved(() => guard.assertHostAllowed(host, field)),
  };
}

/** Binds the ports to the security library's public-key sealer and egress guard. */
export function securityPorts(
  sealer: PublicKeySealer,
  guard: EgressGuard,
): { sealer: SecretSealer; urlPolicy: UrlPolicy } {
  return { sealer: { seal: (value, aad) => sealer.seal(value, aad) }, urlPolicy: egressUrlPolicy(guard) };
}

/**
 * Ports of a gateway that reads and tests saved connections but never writes one (the MCP
 * gateway): the egress policy still re-checks a saved connection's URLs before each test, and the
 * sealer fails loudly if a write path ever reached it.
 */
export function testOnlyPorts(guard: EgressGuard): { sealer: SecretSealer; urlPolicy: UrlPolicy } {
  return { sealer: { seal: refuseToSeal }, urlPolicy: egressUrlPolicy(guard) };
}

function refuseToSeal(): never {
  throw new Error('this gateway does not write connection credentials');
}
