import { deploymentPostureOf, privacyViewOf } from './zero-sample-mode';

describe('privacyViewOf', () => {
  it('is off by default, from the default', () => {
    expect(privacyViewOf(false, null)).toEqual({
      zero_sample_mode: false,
      stored_zero_sample_mode: false,
      source: 'default',
      env_pinned: false,
    });
  });

  it('follows the stored toggle when the environment does not pin it', () => {
    expect(privacyViewOf(false, true)).toEqual({
      zero_sample_mode: true,
      stored_zero_sample_mode: true,
      source: 'setting',
      env_pinned: false,
    });
    expect(privacyViewOf(false, false)).toMatchObject({ zero_sample_mode: false, source: 'setting' });
  });

  it('is on whatever is stored when the environment pins it', () => {
    for (const stored of [null, false, true]) {
      expect(privacyViewOf(true, stored)).toEqual({
        zero_sample_mode: true,
        stored_zero_sample_mode: stored === true,
        source: 'env',
        env_pinned: true,
      });
    }
  });
});

describe('deploymentPostureOf', () => {
  it('reads the pin and the region; an empty region is null', () => {
    expect(deploymentPostureOf({ ZERO_SAMPLE_MODE: true, DEPLOYMENT_REGION: 'eu-west-1' })).toEqual({
      zeroSampleModePinned: true,
      deploymentRegion: 'eu-west-1',
      egress: { allow_cidrs: [], allow_hosts: [], loopback_allowed: false },
    });
    expect(deploymentPostureOf({ ZERO_SAMPLE_MODE: false, DEPLOYMENT_REGION: '  ' })).toEqual({
      zeroSampleModePinned: false,
      deploymentRegion: null,
      egress: { allow_cidrs: [], allow_hosts: [], loopback_allowed: false },
    });
  });

  it('shows the egress allowances as the guard applies them, and refuses an invalid entry', () => {
    const base = { ZERO_SAMPLE_MODE: false, DEPLOYMENT_REGION: '' };
    expect(
      deploymentPostureOf({
        ...base,
        EGRESS_ALLOW_CIDRS: ' 10.20.0.0/16,192.168.4.9 ',
        EGRESS_ALLOW_HOSTS: 'DB.corp.example,*.vpce.amazonaws.com',
        EGRESS_ALLOW_LOOPBACK_FOR_TESTS: true,
      }).egress,
    ).toEqual({
      allow_cidrs: ['10.20.0.0/16', '192.168.4.9/32'],
      allow_hosts: ['db.corp.example', '*.vpce.amazonaws.com'],
      loopback_allowed: true,
    });
    expect(() => deploymentPostureOf({ ...base, EGRESS_ALLOW_CIDRS: '10.20.0.0/40' })).toThrow(
      /EGRESS_ALLOW_CIDRS/,
    );
  });
});
