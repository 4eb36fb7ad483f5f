import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import type { WorkspaceRole } from '@dq/contracts';

export type UserStatus = 'active' | 'deactivated';

/**
 * A person who signed in at least once (or was provisioned for them). The e-mail is stored
 * lower-cased, so the unique constraint is case-insensitive in effect. The stored role is what an
 * admin set; the effective role may be higher (WORKSPACE_ADMIN_EMAILS), never lower.
 */
@Entity({ name: 'users' })
@Unique('users_email_key', ['email'])
@Unique('users_idp_issuer_idp_subject_key', ['idpIssuer', 'idpSubject'])
@Check('users_role_check', `"role" IN ('admin', 'member', 'viewer')`)
@Check('users_status_check', `"status" IN ('active', 'deactivated')`)
export class UserEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'id', primaryKeyConstraintName: 'users_pkey' })
  id!: string;

  @Column({ name: 'email', type: 'text' })
  email!: string;

  @Column({ name: 'display_name', type: 'text' })
  displayName!: string;

  @Column({ name: 'role', type: 'text', default: 'member' })
  role!: WorkspaceRole;

  @Column({ name: 'status', type: 'text', default: 'active' })
  status!: UserStatus;

  @Column({ name: 'idp_issuer', type: 'text', nullable: true })
  idpIssuer!: string | null;

  @Column({ name: 'idp_subject', type: 'text', nullable: true })
  idpSubject!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz', nullable: true })
  lastSeenAt!: Date | null;
}
