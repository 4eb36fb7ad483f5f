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
    });
    expect(deploymentPostureOf({ ZERO_SAMPLE_MODE: false, DEPLOYMENT_REGION: '  ' })).toEqual({
      zeroSampleModePinned: false,
      deploymentRegion: null,
    });
  });
});
