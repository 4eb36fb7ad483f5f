import { type EgressGuard, type SecretCipher } from '@dq/security';

/** Seals a credential at rest; the gateway only ever encrypts, the runner decrypts. */
export abstract class SecretSealer {
  abstract seal(value: object, aad: string): string;
}

/** The egress policy for user-supplied URLs: throws 422 `url_forbidden` when refused. */
export abstract class UrlPolicy {
  abstract assertAllowed(url: string, field: string): Promise<void>;
}

/** Binds the ports to the security library's cipher and egress guard. */
export function securityPorts(
  cipher: SecretCipher,
  guard: EgressGuard,
): { sealer: SecretSealer; urlPolicy: UrlPolicy } {
  return {
    sealer: { seal: (value, aad) => cipher.encrypt(value, aad) },
    urlPolicy: {
      assertAllowed: async (url, field) => {
        await guard.assertUrlAllowed(url, field);
      },
    },
  };
}
