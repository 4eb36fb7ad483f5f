import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsNumber, Max } from 'class-validator';

/** Severity weights of the health score; weight(pass) is always 0. */
export class ScoringWeights {
  @ApiProperty()
  warn!: number;

  @ApiProperty()
  fail!: number;

  @ApiProperty()
  critical!: number;
}

/** Default health-score weights (docs/decisions/0021). */
export const DEFAULT_SCORING_WEIGHTS: Readonly<ScoringWeights> = Object.freeze({
  warn: 1,
  fail: 3,
  critical: 5,
});

/** The spec's rule for scoring weights, as `detail.rule` of a 422 names it. */
export const SCORING_WEIGHTS_RULE = '0 <= warn <= fail <= critical and critical > 0';

const FINITE = { allowNaN: false, allowInfinity: false } as const;

/** The largest weight stored: a score is a ratio of weights, and 1e308 overflows its sums to Infinity. */
export const SCORING_WEIGHT_MAX = 1000;

/**
 * `PUT /admin/scoring`: all three weights, as JSON numbers. 422 `validation_failed` unless
 * 0 <= warn <= fail <= critical and critical > 0 (the order is checked by the service), and each
 * at most {@link SCORING_WEIGHT_MAX}.
 */
export class ScoringWeightsRequest {
  @IsDefined()
  @IsNumber(FINITE)
  @Max(SCORING_WEIGHT_MAX)
  warn!: number;

  @IsDefined()
  @IsNumber(FINITE)
  @Max(SCORING_WEIGHT_MAX)
  fail!: number;

  @IsDefined()
  @IsNumber(FINITE)
  @Max(SCORING_WEIGHT_MAX)
  critical!: number;
}

/** `GET`, `PUT` and `DELETE /admin/scoring`. */
export class ScoringSettingsView {
  /** The weights in force. */
  @ApiProperty({ type: ScoringWeights })
  weights!: ScoringWeights;

  /** True while no weights are stored, so the defaults apply (and follow any change of them). */
  @ApiProperty()
  is_default!: boolean;

  @ApiProperty({ type: ScoringWeights })
  defaults!: ScoringWeights;
}

/**
 * Where the zero-sample mode in force comes from: `env` when `ZERO_SAMPLE_MODE=on` pins it on,
 * `setting` when an admin stored the toggle, `default` (off) when neither.
 */
export type ZeroSampleSource = 'env' | 'setting' | 'default';

/** `PUT /admin/privacy`. */
export class PrivacySettingsRequest {
  @IsDefined()
  @IsBoolean()
  zero_sample_mode!: boolean;
}

/** `GET` and `PUT /admin/privacy`. */
export class PrivacySettingsView {
  /** In force: while true no failing row is read or stored. */
  @ApiProperty()
  zero_sample_mode!: boolean;

  /** The stored toggle (false until an admin set it). */
  @ApiProperty()
  stored_zero_sample_mode!: boolean;

  @ApiProperty({ enum: ['env', 'setting', 'default'] })
  source!: ZeroSampleSource;

  /** True when the environment (`ZERO_SAMPLE_MODE=on`) pins the mode on. */
  @ApiProperty()
  env_pinned!: boolean;
}

/**
 * The egress allowances in force (`EGRESS_ALLOW_CIDRS`, `EGRESS_ALLOW_HOSTS`, normalised). Loopback,
 * link-local and cloud metadata addresses stay refused whatever they list.
 */
export class DeploymentEgressView {
  @ApiProperty({ type: [String] })
  allow_cidrs!: string[];

  @ApiProperty({ type: [String] })
  allow_hosts!: string[];

  /** The test and development loopback allowance; never on in production. */
  @ApiProperty()
  loopback_allowed!: boolean;
}

/** `GET /admin/deployment`. */
export class DeploymentView {
  /** `DEPLOYMENT_REGION` as declared; null when unset. */
  @ApiProperty({ type: String, nullable: true })
  deployment_region!: string | null;

  /** In force, as `GET /admin/privacy` reports it. */
  @ApiProperty()
  zero_sample_mode!: boolean;

  @ApiProperty({ enum: ['env', 'setting', 'default'] })
  zero_sample_source!: ZeroSampleSource;

  /** What user-supplied hosts and URLs may reach beyond public addresses. */
  @ApiProperty({ type: DeploymentEgressView })
  egress!: DeploymentEgressView;
}

/** Audit event names of the workspace settings (`target_type` `workspace_settings`). */
export const WorkspaceSettingsAuditAction = {
  ScoringUpdated: 'settings.scoring_updated',
  ScoringReset: 'settings.scoring_reset',
  PrivacyUpdated: 'settings.privacy_updated',
} as const;
export type WorkspaceSettingsAuditAction =
  (typeof WorkspaceSettingsAuditAction)[keyof typeof WorkspaceSettingsAuditAction];

/** `target_type` and `target_id`s of the settings' audit events. */
export const WORKSPACE_SETTINGS_AUDIT_TARGET = 'workspace_settings';
export const WorkspaceSettingsAuditTarget = { Scoring: 'scoring', Privacy: 'privacy' } as const;
