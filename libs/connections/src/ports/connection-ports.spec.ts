import { AppError, ErrorCode } from '@dq/contracts';
import { EgressGuard } from '@dq/security';
import { SecretOpener } from '@dq/secrets-opening';
import { securityPorts } from './connection-ports';

const quiet = { warn: () => undefined };

function dnsError(code: string): Error {
  return Object.assign(new Error(`getaddrinfo ${code} somewhere`), { code });
}

function policyResolving(resolve: (host: string) => Promise<{ address: string; family: number }[]>) {
  return securityPorts(
    SecretOpener.withFreshKeyForTests().sealer,
    new EgressGuard({ resolve, logger: quiet }),
  ).urlPolicy;
}

describe('securityPorts url policy', () => {
  it('lets a host that does not resolve through: its use answers unreachable, not a failed save', async () => {
    for (const code of ['ENOTFOUND', 'EAI_AGAIN']) {
      const policy = policyResolving(async () => Promise.reject(dnsError(code)));
      await expect(policy.assertAllowed('https://gone.example.com', 'endpoint_url')).resolves.toBeUndefined();
    }
  });

  it('still refuses a forbidden address with url_forbidden', async () => {
    const policy = policyResolving(async () => [{ address: '10.1.2.3', family: 4 }]);
    const error = await policy
      .assertAllowed('https://internal.example.com', 'endpoint_url')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: ErrorCode.UrlForbidden, detail: { field: 'endpoint_url' } });
  });

  it('rethrows anything that is not a DNS answer', async () => {
    const policy = policyResolving(async () => Promise.reject(new TypeError('resolver broke')));
    await expect(policy.assertAllowed('https://x.example.com', 'account_url')).rejects.toThrow(
      'resolver broke',
    );
  });
});
