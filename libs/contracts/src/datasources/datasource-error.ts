import { ApiProperty } from '@nestjs/swagger';
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
export class ClassifiedDatasourceError {
  @ApiProperty({ enum: Object.values(DatasourceErrorClass) })
  class!: DatasourceErrorClass;

  @ApiProperty()
  message!: string;
}

/** What a connection test found. */
export class ConnectionTestResult {
  @ApiProperty()
  ok!: boolean;

  /** Present when `ok` is false. */
  @ApiProperty({ type: ClassifiedDatasourceError, nullable: true })
  error!: ClassifiedDatasourceError | null;

  /** Facts the datasource reported (server version, ...); never credentials. */
  @ApiProperty({ type: 'object', additionalProperties: true })
  details!: Record<string, unknown>;

  @ApiProperty()
  duration_ms!: number;
}
