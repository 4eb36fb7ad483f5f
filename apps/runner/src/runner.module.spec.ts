import { CheckDryRun, SuiteRunTargetEvaluator } from '@dq/check-execution';
import { RUNNER_RUN_PROVIDERS, SWEEP_RUN_PROVIDERS } from '@dq/runs';
import { generateKeyPairEntries } from '@dq/secrets-opening';
import { providerTokensOf } from '@dq/testing';
import { RunnerConfig } from './runner.config';
import { RunnerModule } from './runner.module';

function config(overrides: Partial<RunnerConfig>): RunnerConfig {
  return Object.assign(new RunnerConfig(), {
    SECRETS_PRIVATE_KEY_RING: generateKeyPairEntries('k1').privateEntry,
    SECRETS_ACTIVE_KEY_ID: 'k1',
    ...overrides,
  });
}

describe('RunnerModule.forRoot', () => {
  it('refuses a warehouse access URL for tests in production', () => {
    expect(() =>
      RunnerModule.forRoot(
        config({ NODE_ENV: 'production', WAREHOUSE_ACCESS_URL_FOR_TESTS: 'http://127.0.0.1:4000' }),
      ),
    ).toThrow(/tests only/);
  });

  it('takes it under NODE_ENV=test, and production without it', () => {
    expect(() =>
      RunnerModule.forRoot(
        config({ NODE_ENV: 'test', WAREHOUSE_ACCESS_URL_FOR_TESTS: 'http://127.0.0.1:4000' }),
      ),
    ).not.toThrow();
    expect(() => RunnerModule.forRoot(config({ NODE_ENV: 'production' }))).not.toThrow();
  });
});

describe('RunnerModule providers', () => {
  const tokens = providerTokensOf(RunnerModule.forRoot(config({ NODE_ENV: 'test' })));

  it('builds the runner side of runs and check execution from their modules', () => {
    for (const provider of [...RUNNER_RUN_PROVIDERS, CheckDryRun, SuiteRunTargetEvaluator])
      expect(tokens).toContain(provider);
  });

  it('builds none of the scheduler sweeps', () => {
    for (const provider of SWEEP_RUN_PROVIDERS) expect(tokens).not.toContain(provider);
  });
});
