import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One e-mail one-time-code request. The code itself is never stored, only a hash bound to the
 * challenge id. Rows also count requests for the per-address and per-IP limits.
 */
@Entity({ name: 'otp_challenges' })
// The migration orders created_at DESC (newest challenge first); TypeORM does not model the order.
@Index('otp_challenges_email_created_at_idx', ['email', 'createdAt'])
export class OtpChallengeEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'id', primaryKeyConstraintName: 'otp_challenges_pkey' })
  id!: string;

  @Column({ name: 'email', type: 'text' })
  email!: string;

  @Column({ name: 'code_hash', type: 'bytea' })
  codeHash!: Buffer;

  @Column({ name: 'requester_ip', type: 'text', nullable: true })
  requesterIp!: string | null;

  @Column({ name: 'attempts', type: 'int', default: 0 })
  attempts!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true })
  consumedAt!: Date | null;

  @Column({ name: 'voided_at', type: 'timestamptz', nullable: true })
  voidedAt!: Date | null;
}
