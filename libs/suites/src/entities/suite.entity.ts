import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  JoinColumn,
  ManyToOne,
} from 'typeorm';
import { type FileEncoding } from '@dq/contracts';
import { ConnectionEntity } from '@dq/connections/entities';
import { UserEntity } from '@dq/identity/entities';

/**
 * A suite: a set of checks over one target of one connection, owned by one user. Deleting a suite
 * deletes its checks, versions and shares; its runs and results stay (they carry the suite id).
 */
@Entity({ name: 'suites' })
// Names are unique in the workspace (import finds a suite by name).
@Index('suites_name_key', ['name'], { unique: true })
@Check('suites_file_encoding_check', `"file_encoding" IN ('utf-8', 'utf-16', 'latin-1')`)
@Index('suites_owner_id_idx', ['ownerId'])
@Index('suites_connection_id_idx', ['connectionId'])
export class SuiteEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'id', primaryKeyConstraintName: 'suites_pkey' })
  id!: string;

  @Column({ name: 'name', type: 'text' })
  name!: string;

  @Column({ name: 'description', type: 'text', nullable: true })
  description!: string | null;

  @Column({ name: 'connection_id', type: 'uuid' })
  connectionId!: string;

  @ManyToOne(() => ConnectionEntity, { onDelete: 'RESTRICT', nullable: false })
  @JoinColumn({ name: 'connection_id', foreignKeyConstraintName: 'suites_connection_id_fkey' })
  connection?: ConnectionEntity;

  @Column({ name: 'target', type: 'text' })
  target!: string;

  @Column({ name: 'time_zone', type: 'text', default: 'UTC' })
  timeZone!: string;

  /** Flat-file suites: the text encoding of the target's CSV files; null reads them as UTF-8. */
  @Column({ name: 'file_encoding', type: 'text', nullable: true })
  fileEncoding!: FileEncoding | null;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'RESTRICT', nullable: false })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'suites_owner_id_fkey' })
  owner?: UserEntity;

  /** The failing-sample redaction policy (spec rule 9), as the check engine validates it. */
  @Column({ name: 'column_policy', type: 'jsonb', default: () => `'{}'` })
  columnPolicy!: Record<string, unknown>;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
