import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Workspace-wide settings as key/value (e.g. `membership_enforced`); an absent key means its default. */
@Entity({ name: 'workspace_settings' })
export class WorkspaceSettingEntity {
  @PrimaryColumn({ name: 'key', type: 'text', primaryKeyConstraintName: 'workspace_settings_pkey' })
  key!: string;

  @Column({ name: 'value', type: 'jsonb' })
  value!: unknown;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
