import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { PipelineRunEntity } from './pipeline-run.entity';
import { TriggerBindingEntity } from './trigger-binding.entity';

/**
 * A binding fired for a pipeline run: at most once, whatever redelivers the event or however many
 * scheduler processes see it. The row is inserted (ON CONFLICT DO NOTHING) in the transaction that
 * creates the run, and only an inserted row creates one.
 */
@Entity({ name: 'trigger_binding_firings' })
@Index('trigger_binding_firings_pipeline_run_id_idx', ['pipelineRunId'])
export class TriggerBindingFiringEntity {
  @PrimaryColumn({
    name: 'binding_id',
    type: 'uuid',
    primaryKeyConstraintName: 'trigger_binding_firings_pkey',
  })
  bindingId!: string;

  @PrimaryColumn({
    name: 'pipeline_run_id',
    type: 'uuid',
    primaryKeyConstraintName: 'trigger_binding_firings_pkey',
  })
  pipelineRunId!: string;

  @ManyToOne(() => TriggerBindingEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'binding_id', foreignKeyConstraintName: 'trigger_binding_firings_binding_id_fkey' })
  binding?: TriggerBindingEntity;

  @ManyToOne(() => PipelineRunEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({
    name: 'pipeline_run_id',
    foreignKeyConstraintName: 'trigger_binding_firings_pipeline_run_id_fkey',
  })
  pipelineRun?: PipelineRunEntity;

  /** The run queued (or joined, when one of the suite was in flight); null when none could be (suite without enabled checks). */
  @Column({ name: 'run_id', type: 'uuid', nullable: true })
  runId!: string | null;

  @CreateDateColumn({ name: 'fired_at', type: 'timestamptz', default: () => 'now()' })
  firedAt!: Date;
}
