import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/** The one row's key: the workspace is a single tenant, so its settings are a single row. */
export const WORKSPACE_QUALITY_SETTINGS_ROW = 'workspace';

/** Null weights (all three together) mean "no weights stored, the defaults apply". */
export const WORKSPACE_QUALITY_WEIGHTS_CHECK = `("warn_weight" IS NULL AND "fail_weight" IS NULL AND "critical_weight" IS NULL)
  OR ("warn_weight" IS NOT NULL AND "fail_weight" IS NOT NULL AND "critical_weight" IS NOT NULL
    AND 0 <= "warn_weight" AND "warn_weight" <= "fail_weight" AND "fail_weight" <= "critical_weight"
    AND "critical_weight" > 0 AND "critical_weight" < 'Infinity')`;

/**
 * The workspace's health-score weights and stored zero-sample toggle (the workspace-settings
 * context's own table). The environment's pin and region are not stored: they are the process's
 * config. Constraint names match PostgreSQL's own defaults, as in the migration.
 */
@Entity({ name: 'workspace_quality_settings' })
@Check('workspace_quality_settings_name_check', `"name" = '${WORKSPACE_QUALITY_SETTINGS_ROW}'`)
@Check('workspace_quality_settings_check', WORKSPACE_QUALITY_WEIGHTS_CHECK)
export class WorkspaceQualitySettingsEntity {
  @PrimaryColumn({ name: 'name', type: 'text', primaryKeyConstraintName: 'workspace_quality_settings_pkey' })
  name!: string;

  @Column({ name: 'warn_weight', type: 'double precision', nullable: true })
  warnWeight!: number | null;

  @Column({ name: 'fail_weight', type: 'double precision', nullable: true })
  failWeight!: number | null;

  @Column({ name: 'critical_weight', type: 'double precision', nullable: true })
  criticalWeight!: number | null;

  /** The stored toggle; null until an admin set it (off by default). */
  @Column({ name: 'zero_sample_mode', type: 'boolean', nullable: true })
  zeroSampleMode!: boolean | null;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
