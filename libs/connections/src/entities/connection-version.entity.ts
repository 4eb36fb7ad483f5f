import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { ConnectionEntity } from './connection.entity';

/** One config change of a connection: a snapshot of name and config, never the credential. */
@Entity({ name: 'connection_versions' })
@Unique('connection_versions_connection_id_version_key', ['connectionId', 'version'])
export class ConnectionVersionEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'id', primaryKeyConstraintName: 'connection_versions_pkey' })
  id!: string;

  @Column({ name: 'connection_id', type: 'uuid' })
  connectionId!: string;

  @ManyToOne(() => ConnectionEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'connection_id', foreignKeyConstraintName: 'connection_versions_connection_id_fkey' })
  connection?: ConnectionEntity;

  @Column({ name: 'version', type: 'integer' })
  version!: number;

  @Column({ name: 'name', type: 'text' })
  name!: string;

  @Column({ name: 'config', type: 'jsonb' })
  config!: Record<string, unknown>;

  @Column({ name: 'changed_fields', type: 'text', array: true })
  changedFields!: string[];

  @Column({ name: 'changed_by', type: 'uuid', nullable: true })
  changedBy!: string | null;

  @Column({ name: 'changed_at', type: 'timestamptz', default: () => 'now()' })
  changedAt!: Date;
}
