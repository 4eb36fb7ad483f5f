import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { WorkspaceRole } from '@dq/contracts';
import { UserEntity } from './user.entity';

/**
 * An admitted address of the workspace. Once membership is enforced, only addresses with a row
 * that is not withdrawn may use the service (plus the WORKSPACE_ADMIN_EMAILS break-glass).
 */
@Entity({ name: 'workspace_members' })
@Unique('workspace_members_email_key', ['email'])
@Check('workspace_members_initial_role_check', `"initial_role" IN ('admin', 'member', 'viewer')`)
export class WorkspaceMemberEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'id', primaryKeyConstraintName: 'workspace_members_pkey' })
  id!: string;

  @Column({ name: 'email', type: 'text' })
  email!: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'workspace_members_user_id_fkey' })
  user?: UserEntity | null;

  @Column({ name: 'initial_role', type: 'text', nullable: true })
  initialRole!: WorkspaceRole | null;

  /** Imported when enforcement was first turned on, awaiting an admin's confirmation. */
  @Column({ name: 'provisional', type: 'boolean', default: false })
  provisional!: boolean;

  @Column({ name: 'admitted_at', type: 'timestamptz', default: () => 'now()' })
  admittedAt!: Date;

  @Column({ name: 'admitted_by', type: 'uuid', nullable: true })
  admittedBy!: string | null;

  @Column({ name: 'withdrawn_at', type: 'timestamptz', nullable: true })
  withdrawnAt!: Date | null;
}
