import { counter } from '@dq/platform';

/** Ticks a schedule fired (a run queued or joined), counted by the scheduler process that fired them. */
export const scheduleTicksFired = counter({
  name: 'dq_schedule_ticks_fired_total',
  help: 'Schedule ticks fired: a run queued, or joined when the suite had one in flight',
});

/** Ticks passed over because they fell due while no scheduler ran (never run late). */
export const scheduleTicksMissed = counter({
  name: 'dq_schedule_ticks_missed_total',
  help: 'Schedule ticks skipped because they fell due more than the grace window before a scheduler saw them',
});
