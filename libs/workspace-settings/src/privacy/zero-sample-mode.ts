import { type PrivacySettingsView } from '@dq/contracts';

/** The variables that pin or describe the settings, as an app's validated config carries them. */
export interface WorkspaceSettingsEnvironment {
  /** `ZERO_SAMPLE_MODE`, parsed as a boolean at boot (`on` is true). */
  ZERO_SAMPLE_MODE: boolean;
  /** `DEPLOYMENT_REGION`; empty when unset. */
  DEPLOYMENT_REGION: string;
}

/** What the deployment's environment says about the settings; fixed for the life of the process. */
export interface DeploymentPosture {
  /** Zero-sample mode is pinned on: no request can turn it off. */
  zeroSampleModePinned: boolean;
  /** The declared residency posture; null when unset. */
  deploymentRegion: string | null;
}

export function deploymentPostureOf(config: WorkspaceSettingsEnvironment): DeploymentPosture {
  const region = config.DEPLOYMENT_REGION.trim();
  return { zeroSampleModePinned: config.ZERO_SAMPLE_MODE, deploymentRegion: region === '' ? null : region };
}

/**
 * Zero-sample mode in force = pinned OR stored. The source says which decides: the environment's
 * pin, else a stored toggle, else the default (off).
 */
export function privacyViewOf(pinned: boolean, stored: boolean | null): PrivacySettingsView {
  return {
    zero_sample_mode: pinned || stored === true,
    stored_zero_sample_mode: stored === true,
    source: pinned ? 'env' : stored === null ? 'default' : 'setting',
    env_pinned: pinned,
  };
}
