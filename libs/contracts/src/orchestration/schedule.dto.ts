import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, IsUUID, Length, ValidateIf } from 'class-validator';
import { ListPageQuery } from '../paging/list-page';

/** Longest cron expression stored (the column's check). */
export const CRON_MAX_LENGTH = 200;
/** Longest IANA zone name stored (the column's check). */
export const SCHEDULE_TIMEZONE_MAX_LENGTH = 64;

const CRON_PROPERTY = {
  description:
    'A 5-field cron expression (minute hour day-of-month month day-of-week) read in `timezone`; no seconds field, no @ nicknames',
  example: '0 6 * * 1-5',
  maxLength: CRON_MAX_LENGTH,
};

const TIMEZONE_PROPERTY = {
  description: 'The IANA time zone the expression is read in',
  example: 'Europe/Berlin',
  maxLength: SCHEDULE_TIMEZONE_MAX_LENGTH,
};

/** `GET /schedules`: the schedules of the suites the caller can see, newest first. */
export class ScheduleListQuery extends ListPageQuery {
  /** Only this suite's schedule (a suite has at most one). */
  @IsOptional()
  @IsUUID()
  suite_id?: string;
}

/** `POST /schedules`: one schedule per suite; needs `edit` on the suite. */
export class CreateScheduleRequest {
  @IsUUID()
  suite_id!: string;

  @ApiProperty(CRON_PROPERTY)
  @IsString()
  @Length(1, CRON_MAX_LENGTH)
  cron!: string;

  @ApiProperty(TIMEZONE_PROPERTY)
  @IsString()
  @Length(1, SCHEDULE_TIMEZONE_MAX_LENGTH)
  timezone!: string;

  /** True by default. */
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

/** `PATCH /schedules/{id}`: any subset (a field sent as null is refused); the next fire time is computed again from now. */
export class UpdateScheduleRequest {
  @ApiPropertyOptional(CRON_PROPERTY)
  @ValidateIf((_o, value) => value !== undefined)
  @IsString()
  @Length(1, CRON_MAX_LENGTH)
  cron?: string;

  @ApiPropertyOptional(TIMEZONE_PROPERTY)
  @ValidateIf((_o, value) => value !== undefined)
  @IsString()
  @Length(1, SCHEDULE_TIMEZONE_MAX_LENGTH)
  timezone?: string;

  @ValidateIf((_o, value) => value !== undefined)
  @IsBoolean()
  enabled?: boolean;
}

export class ScheduleResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  suite_id!: string;

  @ApiProperty(CRON_PROPERTY)
  cron!: string;

  @ApiProperty(TIMEZONE_PROPERTY)
  timezone!: string;

  @ApiProperty()
  enabled!: boolean;

  /** Null while disabled. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  next_fire_at!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  last_fired_at!: string | null;

  @ApiProperty({
    type: [String],
    description:
      'The next five fire instants, ISO 8601 with the zone offset at each (YYYY-MM-DDTHH:mm:ss±hh:mm); empty while disabled',
  })
  upcoming_fire_times!: string[];

  /** The run the last tick queued (or joined when one was in flight). */
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  last_run_id!: string | null;

  @ApiProperty({
    description: 'Ticks passed over without a run because the scheduler was down when they fell due',
  })
  missed_ticks!: number;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}

export class SchedulePage {
  @ApiProperty({ type: [ScheduleResponse] })
  items!: ScheduleResponse[];

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}

/** Audit event names of schedules. */
export const ScheduleAuditAction = {
  Created: 'schedule.created',
  Updated: 'schedule.updated',
  Deleted: 'schedule.deleted',
} as const;
export type ScheduleAuditAction = (typeof ScheduleAuditAction)[keyof typeof ScheduleAuditAction];
