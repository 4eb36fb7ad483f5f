/**
 * How a datasource failure is classified (spec: credential health). Only `auth` moves credential
 * health; `unreachable` answers 502; the rest leave health untouched.
 */
export const DatasourceErrorClass = {
  Auth: 'auth',
  Permission: 'permission',
  NotFound: 'not_found',
  Unreachable: 'unreachable',
  Timeout: 'timeout',
  Invalid: 'invalid',
  Cancelled: 'cancelled',
} as const;
export type DatasourceErrorClass = (typeof DatasourceErrorClass)[keyof typeof DatasourceErrorClass];

/** A classified failure as it may be shown: a class and a message with no host, user or secret. */
export interface ClassifiedDatasourceError {
  class: DatasourceErrorClass;
  message: string;
}

/** What a connection test found. */
export interface ConnectionTestResult {
  ok: boolean;
  /** Present when `ok` is false. */
  error: ClassifiedDatasourceError | null;
  /** Facts the datasource reported (server version, ...); never credentials. */
  details: Record<string, unknown>;
  duration_ms: number;
}
