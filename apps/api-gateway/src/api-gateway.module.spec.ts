import { generateKeyPairSync } from 'node:crypto';
import {
  RUNNER_RUN_PROVIDERS,
  SWEEP_RUN_PROVIDERS,
  RunCancellationService,
  RunLifecycle,
  SuiteRunTriggerService,
} from '@dq/runs';
import { providerTokensOf } from '@dq/testing';
import { ApiGatewayConfig } from './api-gateway.config';
import { ApiGatewayModule } from './api-gateway.module';

function config(): ApiGatewayConfig {
  const spki = generateKeyPairSync('x25519').publicKey.export({ type: 'spki', format: 'der' });
  return Object.assign(new ApiGatewayConfig(), {
    SECRETS_PUBLIC_KEYS: `k1:${spki.toString('base64')}`,
    SECRETS_ACTIVE_KEY_ID: 'k1',
    ALERTING_PUBLIC_KEYS: `a1:${spki.toString('base64')}`,
    ALERTING_ACTIVE_KEY_ID: 'a1',
  });
}

describe('ApiGatewayModule.forRoot', () => {
  const tokens = providerTokensOf(ApiGatewayModule.forRoot(config()));

  it('builds the runs API and the run lifecycle', () => {
    for (const token of [SuiteRunTriggerService, RunCancellationService, RunLifecycle])
      expect(tokens).toContain(token);
  });

  it.each(
    [...RUNNER_RUN_PROVIDERS, ...SWEEP_RUN_PROVIDERS].map((provider) => [provider.name, provider] as const),
  )('builds no runner or scheduler provider: %s', (_name, provider) => {
    expect(tokens).not.toContain(provider);
  });
});
