import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryColumn,
  UpdateDateColumn,
  JoinColumn,
  ManyToOne,
} from 'typeorm';
import type { ShareGrant } from '@dq/contracts';
import { UserEntity } from '@dq/identity/entities';
import { SuiteEntity } from './suite.entity';

/** A per-suite grant of `view` or `edit` to one user. */
@Entity({ name: 'suite_shares' })
@Check('suite_shares_grant_check', `"grant" IN ('view', 'edit')`)
@Index('suite_shares_user_id_idx', ['userId'])
export class SuiteShareEntity {
  @PrimaryColumn({ name: 'suite_id', type: 'uuid', primaryKeyConstraintName: 'suite_shares_pkey' })
  suiteId!: string;

  @ManyToOne(() => SuiteEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'suite_id', foreignKeyConstraintName: 'suite_shares_suite_id_fkey' })
  suite?: SuiteEntity;

  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'suite_shares_pkey' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'suite_shares_user_id_fkey' })
  user?: UserEntity;

  @Column({ name: 'grant', type: 'text' })
  grant!: ShareGrant;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
