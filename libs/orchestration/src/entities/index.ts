import { ScheduleEntity } from './schedule.entity';

export { ScheduleEntity } from './schedule.entity';

/** The orchestration context's tables: schedules, trigger bindings, pipeline runs, sweep reports. */
export const ORCHESTRATION_ENTITIES = [ScheduleEntity] as const;
