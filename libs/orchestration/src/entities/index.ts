import { PipelineRunEntity } from './pipeline-run.entity';
import { ScheduleEntity } from './schedule.entity';
import { SweepReportEntity } from './sweep-report.entity';
import { TriggerBindingFiringEntity } from './trigger-binding-firing.entity';
import { TriggerBindingEntity } from './trigger-binding.entity';

export { ScheduleEntity } from './schedule.entity';
export { SweepReportEntity } from './sweep-report.entity';
export { TriggerBindingEntity } from './trigger-binding.entity';
export { PipelineRunEntity } from './pipeline-run.entity';
export { TriggerBindingFiringEntity } from './trigger-binding-firing.entity';

/** The orchestration context's tables: schedules, trigger bindings, pipeline runs, sweep reports. */
export const ORCHESTRATION_ENTITIES = [
  ScheduleEntity,
  SweepReportEntity,
  TriggerBindingEntity,
  PipelineRunEntity,
  TriggerBindingFiringEntity,
] as const;
