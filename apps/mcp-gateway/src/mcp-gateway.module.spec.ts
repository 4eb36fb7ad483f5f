import {
  RUNNER_RUN_PROVIDERS,
  SWEEP_RUN_PROVIDERS,
  RunCancellationService,
  RunLifecycle,
  SuiteRunTriggerService,
} from '@dq/runs';
import { providerTokensOf } from '@dq/testing';
import { McpGatewayConfig } from './mcp-gateway.config';
import { McpGatewayModule } from './mcp-gateway.module';

describe('McpGatewayModule.forRoot', () => {
  // Mounted: a test environment serves `/mcp/` without an identity provider.
  const tokens = providerTokensOf(
    McpGatewayModule.forRoot(Object.assign(new McpGatewayConfig(), { NODE_ENV: 'test' })),
  );

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
