import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ConnectionCapabilities } from '@dq/contracts';

/**
 * A connection to a datasource or orchestrator. `config` holds only non-secret settings; the
 * credential is an AES-256-GCM envelope in `secret_ciphertext`, bound to the row by its AAD.
 */
@Entity({ name: 'connections' })
// Names stay unique among live connections only, so a deleted name can be reused.
@Index('connections_name_live_key', ['name'], { unique: true, where: '"deleted_at" IS NULL' })
export class ConnectionEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'id', primaryKeyConstraintName: 'connections_pkey' })
  id!: string;

  @Column({ name: 'name', type: 'text' })
  name!: string;

  @Column({ name: 'kind', type: 'text' })
  kind!: string;

  @Column({ name: 'config', type: 'jsonb' })
  config!: Record<string, unknown>;

  @Column({ name: 'secret_ciphertext', type: 'text', nullable: true })
  secretCiphertext!: string | null;

  @Column({ name: 'health_status', type: 'text', default: 'unknown' })
  healthStatus!: string;

  @Column({ name: 'consecutive_auth_failures', type: 'integer', default: 0 })
  consecutiveAuthFailures!: number;

  @Column({ name: 'last_auth_success_at', type: 'timestamptz', nullable: true })
  lastAuthSuccessAt!: Date | null;

  @Column({ name: 'last_auth_failure_at', type: 'timestamptz', nullable: true })
  lastAuthFailureAt!: Date | null;

  @Column({ name: 'last_error', type: 'jsonb', nullable: true })
  lastError!: Record<string, unknown> | null;

  /** What the last passing test found, e.g. `{native_dmf: true, checked_at}`; null until tested. */
  @Column({ name: 'capabilities', type: 'jsonb', nullable: true })
  capabilities!: ConnectionCapabilities | null;

  /** An Admin allowed custom SQL although the role holds dangerous privileges (audited). */
  @Column({ name: 'allow_custom_sql_with_dangerous_privileges', type: 'boolean', default: false })
  allowCustomSqlWithDangerousPrivileges!: boolean;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ name: 'version', type: 'integer', default: 1 })
  version!: number;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}
