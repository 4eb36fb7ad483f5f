/** Run lifecycle (docs/decisions/0017): queued -> running -> one terminal state. */
export const RunStatus = {
  Queued: 'queued',
  Running: 'running',
  Succeeded: 'succeeded',
  Failed: 'failed',
  Cancelled: 'cancelled',
} as const;
export type RunStatus = (typeof RunStatus)[keyof typeof RunStatus];

export const TERMINAL_RUN_STATUSES: readonly RunStatus[] = [
  RunStatus.Succeeded,
  RunStatus.Failed,
  RunStatus.Cancelled,
];

export function isTerminalRunStatus(status: RunStatus): boolean {
  return TERMINAL_RUN_STATUSES.includes(status);
}

/** Per-check outcome: pass, a severity tier, or an operational status. */
export const CheckOutcome = {
  Pass: 'pass',
  Warn: 'warn',
  Fail: 'fail',
  Critical: 'critical',
  Error: 'error',
  Skip: 'skip',
} as const;
export type CheckOutcome = (typeof CheckOutcome)[keyof typeof CheckOutcome];

/** Why a run ended `failed`, where the service knows. */
export const RunFailureReason = {
  WorkerLost: 'worker_lost',
  DatasourceUnreachable: 'datasource_unreachable',
  InternalError: 'internal_error',
} as const;
export type RunFailureReason = (typeof RunFailureReason)[keyof typeof RunFailureReason];

/** How a run was started. */
export const RunTrigger = {
  Manual: 'manual',
  Schedule: 'schedule',
  Pipeline: 'pipeline',
  Api: 'api',
} as const;
export type RunTrigger = (typeof RunTrigger)[keyof typeof RunTrigger];
