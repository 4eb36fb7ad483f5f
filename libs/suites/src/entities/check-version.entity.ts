import { Check, Column, Entity, PrimaryGeneratedColumn, Unique, JoinColumn, ManyToOne } from 'typeorm';
import { CheckEntity } from './check.entity';

/** One numbered version of a check: its whole definition as it was. Never updated. */
@Entity({ name: 'check_versions' })
@Unique('check_versions_check_id_version_key', ['checkId', 'version'])
@Check('check_versions_change_check', `"change" IN ('created', 'updated', 'restored', 'imported')`)
export class CheckVersionEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'id', primaryKeyConstraintName: 'check_versions_pkey' })
  id!: string;

  @Column({ name: 'check_id', type: 'uuid' })
  checkId!: string;

  @ManyToOne(() => CheckEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'check_id', foreignKeyConstraintName: 'check_versions_check_id_fkey' })
  check?: CheckEntity;

  @Column({ name: 'version', type: 'integer' })
  version!: number;

  @Column({ name: 'change', type: 'text' })
  change!: string;

  @Column({ name: 'restored_from', type: 'integer', nullable: true })
  restoredFrom!: number | null;

  @Column({ name: 'name', type: 'text' })
  name!: string;

  @Column({ name: 'description', type: 'text', nullable: true })
  description!: string | null;

  @Column({ name: 'kind', type: 'text' })
  kind!: string;

  @Column({ name: 'engine', type: 'text', nullable: true })
  engine!: string | null;

  @Column({ name: 'dimension', type: 'text' })
  dimension!: string;

  @Column({ name: 'thresholds', type: 'jsonb', nullable: true })
  thresholds!: Record<string, unknown> | null;

  @Column({ name: 'config', type: 'jsonb' })
  config!: Record<string, unknown>;

  @Column({ name: 'enabled', type: 'boolean' })
  enabled!: boolean;

  @Column({ name: 'changed_by', type: 'uuid', nullable: true })
  changedBy!: string | null;

  @Column({ name: 'changed_at', type: 'timestamptz', default: () => 'now()' })
  changedAt!: Date;
}
