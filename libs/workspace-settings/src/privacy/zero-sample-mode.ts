import { type DeploymentEgressView, type PrivacySettingsView } from '@dq/contracts';
import { EgressAllowlist } from '@dq/security';

/** The variables that pin or describe the settings, as an app's validated config carries them. */
export interface WorkspaceSettingsEnvironment {
  /** `ZERO_SAMPLE_MODE`, parsed as a boolean at boot (`on` is true). */
  ZERO_SAMPLE_MODE: boolean;
  /** `DEPLOYMENT_REGION`; empty when unset. */
  DEPLOYMENT_REGION: string;
  /** The egress settings, shown as they are in force (absent: none). */
  EGRESS_ALLOW_CIDRS?: string;
  EGRESS_ALLOW_HOSTS?: string;
  EGRESS_ALLOW_LOOPBACK_FOR_TESTS?: boolean;
}

/** What the deployment's environment says about the settings; fixed for the life of the process. */
export interface DeploymentPosture {
  /** Zero-sample mode is pinned on: no request can turn it off. */
  zeroSampleModePinned: boolean;
  /** The declared residency posture; null when unset. */
  deploymentRegion: string | null;
  /** The egress allowances, as the app's egress guard applies them. */
  egress: DeploymentEgressView;
}

export function deploymentPostureOf(config: WorkspaceSettingsEnvironment): DeploymentPosture {
  const region = config.DEPLOYMENT_REGION.trim();
  // The same parsing as the guard's: an invalid entry refuses boot here too.
  const allowlist = new EgressAllowlist(config.EGRESS_ALLOW_CIDRS, config.EGRESS_ALLOW_HOSTS);
  return {
    zeroSampleModePinned: config.ZERO_SAMPLE_MODE,
    deploymentRegion: region === '' ? null : region,
    egress: {
      allow_cidrs: [...allowlist.cidrs],
      allow_hosts: [...allowlist.hosts],
      loopback_allowed: config.EGRESS_ALLOW_LOOPBACK_FOR_TESTS === true,
    },
  };
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
