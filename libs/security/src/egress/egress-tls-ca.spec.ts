import { EgressGuard } from './egress-guard';

const quiet = { warn: (): void => undefined };

describe('the egress guard test CA', () => {
  it('is refused without the test loopback allowance, so production never trusts another CA', () => {
    expect(() => new EgressGuard({ tlsCaForTests: 'pem', logger: quiet })).toThrow(
      /only with the test loopback allowance/,
    );
    expect(
      () =>
        new EgressGuard({
          tlsCaForTests: 'pem',
          allowLoopbackForTests: true,
          nodeEnv: 'production',
          logger: quiet,
        }),
    ).toThrow(/refused in production/);
  });

  it('is given to the https agent, and only there', () => {
    const guard = new EgressGuard({
      tlsCaForTests: 'pem',
      allowLoopbackForTests: true,
      nodeEnv: 'test',
      logger: quiet,
    });
    try {
      expect((guard.agentFor('https:') as unknown as { options: { ca?: unknown } }).options.ca).toBe('pem');
      expect(
        (guard.agentFor('http:') as unknown as { options: { ca?: unknown } }).options.ca,
      ).toBeUndefined();
    } finally {
      guard.destroy();
    }
    const strict = new EgressGuard({ logger: quiet });
    try {
      expect(
        (strict.agentFor('https:') as unknown as { options: { ca?: unknown } }).options.ca,
      ).toBeUndefined();
    } finally {
      strict.destroy();
    }
  });
});
