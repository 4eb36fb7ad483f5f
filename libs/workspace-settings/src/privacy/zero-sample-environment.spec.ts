import { BaseServiceConfig, ConfigError, loadConfig } from '@dq/platform';
import { deploymentPostureOf } from './zero-sample-mode';

const REQUIRED = {
  PORT: '8082',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/dq',
  REDIS_URL: 'redis://127.0.0.1:6379',
  NATS_URL: 'nats://127.0.0.1:4222',
};

/** The posture a process gets from its environment, through the same config loading apps use. */
function postureOf(env: Record<string, string>) {
  return deploymentPostureOf(loadConfig(BaseServiceConfig, { ...REQUIRED, ...env }));
}

describe('ZERO_SAMPLE_MODE and DEPLOYMENT_REGION from the environment', () => {
  it('pins zero-sample mode on with `on` (and the other true words)', () => {
    for (const value of ['on', 'ON', 'true', 'yes', '1'])
      expect(postureOf({ ZERO_SAMPLE_MODE: value }).zeroSampleModePinned).toBe(true);
  });

  it('leaves it to the setting when unset, empty or off', () => {
    expect(postureOf({}).zeroSampleModePinned).toBe(false);
    for (const value of ['', 'off', 'false', 'no', '0'])
      expect(postureOf({ ZERO_SAMPLE_MODE: value }).zeroSampleModePinned).toBe(false);
  });

  it('refuses to boot on any other value, naming the variable', () => {
    expect(() => postureOf({ ZERO_SAMPLE_MODE: 'enabled' })).toThrow(ConfigError);
    try {
      postureOf({ ZERO_SAMPLE_MODE: 'enabled' });
    } catch (error: unknown) {
      expect((error as ConfigError).problems.map((problem) => problem.variable)).toEqual([
        'ZERO_SAMPLE_MODE',
      ]);
    }
  });

  it('reports the region as declared, null when unset', () => {
    expect(postureOf({ DEPLOYMENT_REGION: 'eu-west-1' }).deploymentRegion).toBe('eu-west-1');
    expect(postureOf({}).deploymentRegion).toBeNull();
    expect(() => postureOf({ DEPLOYMENT_REGION: 'eu<script>' })).toThrow(ConfigError);
  });
});
