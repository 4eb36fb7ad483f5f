import {
  DailySweeps,
  OrphanAssetsSweep,
  OrphanSecretsSweep,
  PipelineRunMatcher,
  SampleRetentionSweep,
  StaleOtpChallengesSweep,
} from '@dq/orchestration';
import { RUNNER_RUN_PROVIDERS, SWEEP_RUN_PROVIDERS } from '@dq/runs';
import { providerTokensOf } from '@dq/testing';
import { SchedulerConfig } from './scheduler.config';
import { DailySweepsCheck } from './daily-sweeps.sweep';
import { PipelineRunObservedListener } from './pipeline-run-observed.listener';
import { SchedulerModule } from './scheduler.module';

describe('SchedulerModule.forRoot', () => {
  const tokens = providerTokensOf(SchedulerModule.forRoot(new SchedulerConfig()));

  it('builds the sweeps over runs', () => {
    for (const provider of SWEEP_RUN_PROVIDERS) expect(tokens).toContain(provider);
  });

  it('builds the daily sweeps and their once-a-day check', () => {
    for (const provider of [
      DailySweepsCheck,
      DailySweeps,
      SampleRetentionSweep,
      StaleOtpChallengesSweep,
      OrphanAssetsSweep,
      OrphanSecretsSweep,
    ])
      expect(tokens).toContain(provider);
  });

  it('consumes observed pipeline runs with the matcher', () => {
    expect(tokens).toContain(PipelineRunObservedListener);
    expect(tokens).toContain(PipelineRunMatcher);
  });

  it.each(RUNNER_RUN_PROVIDERS.map((provider) => [provider.name, provider] as const))(
    'builds no runner provider: %s',
    (_name, provider) => {
      expect(tokens).not.toContain(provider);
    },
  );
});
