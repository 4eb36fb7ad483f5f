import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { type PipelineProvider } from '@dq/contracts';

/**
 * A pipeline trigger: when the orchestrator `provider` reports a SUCCEEDED run of `pipeline_id` in
 * `env`, the suite is queued. Ids are kept and matched verbatim. No foreign key to the suite: a
 * binding whose suite was deleted stays, so a near-miss can say so (docs/decisions/0041).
 */
@Entity({ name: 'trigger_bindings' })
@Check('trigger_bindings_provider_check', `"provider" IN ('factory', 'scheduler', 'builder')`)
@Check('trigger_bindings_pipeline_id_check', `char_length("pipeline_id") BETWEEN 1 AND 255`)
@Check('trigger_bindings_env_check', `char_length("env") BETWEEN 1 AND 100`)
@Index('trigger_bindings_match_key', ['provider', 'pipelineId', 'env', 'suiteId'], { unique: true })
@Index('trigger_bindings_suite_id_idx', ['suiteId'])
@Index('trigger_bindings_created_at_id_idx', ['createdAt', 'id'])
export class TriggerBindingEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'id', primaryKeyConstraintName: 'trigger_bindings_pkey' })
  id!: string;

  @Column({ name: 'provider', type: 'text' })
  provider!: PipelineProvider;

  @Column({ name: 'pipeline_id', type: 'text' })
  pipelineId!: string;

  @Column({ name: 'env', type: 'text' })
  env!: string;

  @Column({ name: 'suite_id', type: 'uuid' })
  suiteId!: string;

  @Column({ name: 'enabled', type: 'boolean', default: true })
  enabled!: boolean;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
