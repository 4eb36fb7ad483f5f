import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsUUID, ValidateIf } from 'class-validator';
import { ListPageQuery } from '../paging/list-page';

/** A suite's alert threshold (docs/decisions/0046). */
export const AlertOn = {
  FailOnly: 'fail_only',
  WarnAndAbove: 'warn_and_above',
  Always: 'always',
} as const;
export type AlertOn = (typeof AlertOn)[keyof typeof AlertOn];
export const ALERT_ON_VALUES: readonly AlertOn[] = Object.values(AlertOn);

/** What a link means: `alert` receives every alert of the suite, `escalation` its critical checks. */
export const SuiteChannelRole = {
  Alert: 'alert',
  Escalation: 'escalation',
} as const;
export type SuiteChannelRole = (typeof SuiteChannelRole)[keyof typeof SuiteChannelRole];
export const SUITE_CHANNEL_ROLES: readonly SuiteChannelRole[] = Object.values(SuiteChannelRole);

/** Most channels one suite links per role. */
export const SUITE_CHANNELS_MAX = 50;

/** The config of a suite that stores none. */
export const DEFAULT_SUITE_NOTIFICATIONS = {
  alert_on: AlertOn.WarnAndAbove,
  enabled: true,
  auto_resolve: false,
  use_workspace_default: true,
} as const;

/** `PUT /suites/{id}/notifications`: replaces the config; an omitted field takes its default. */
export class SetSuiteNotificationsRequest {
  /** The channels that receive the suite's alerts (replaces the `alert` links); empty: see `use_workspace_default`. */
  @ApiProperty({ type: [String], format: 'uuid' })
  @IsArray()
  @ArrayMaxSize(SUITE_CHANNELS_MAX)
  @IsUUID('all', { each: true })
  channel_ids!: string[];

  /** The channels that also receive the suite's critical checks; omitted: the escalation links stay as they are. */
  @ApiPropertyOptional({ type: [String], format: 'uuid' })
  @ValidateIf((_o, value) => value !== undefined)
  @IsArray()
  @ArrayMaxSize(SUITE_CHANNELS_MAX)
  @IsUUID('all', { each: true })
  escalation_channel_ids?: string[];

  @ApiPropertyOptional({ enum: ALERT_ON_VALUES, default: AlertOn.WarnAndAbove })
  @IsOptional()
  @IsIn(ALERT_ON_VALUES)
  alert_on?: AlertOn;

  /** True by default; false silences the suite's alerts (incidents are still kept). */
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;

  /** False by default; true resolves a check's open incident on its next clean run. */
  @IsOptional()
  @IsBoolean()
  auto_resolve?: boolean;

  /** True by default: with no `channel_ids`, the workspace default channel receives the alerts. */
  @IsOptional()
  @IsBoolean()
  use_workspace_default?: boolean;
}

/** The suite's effective config: what it stores, or the defaults. */
export class SuiteNotificationsResponse {
  @ApiProperty({ format: 'uuid' })
  suite_id!: string;

  @ApiProperty({ type: [String], format: 'uuid' })
  channel_ids!: string[];

  @ApiProperty({ type: [String], format: 'uuid' })
  escalation_channel_ids!: string[];

  @ApiProperty({ enum: ALERT_ON_VALUES })
  alert_on!: AlertOn;

  @ApiProperty()
  enabled!: boolean;

  @ApiProperty()
  auto_resolve!: boolean;

  @ApiProperty()
  use_workspace_default!: boolean;

  /** The channels an alert of this suite reaches now (the links, or the workspace default). */
  @ApiProperty({ type: [String], format: 'uuid' })
  effective_channel_ids!: string[];

  /** True when the suite stores no config and links no channel: every value is a default. */
  @ApiProperty()
  is_default!: boolean;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  updated_by!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  updated_at!: string | null;
}

/** `GET /suites/{id}/notification-channels`. */
export class SuiteNotificationChannelListQuery extends ListPageQuery {
  @ApiPropertyOptional({ enum: SUITE_CHANNEL_ROLES })
  @IsOptional()
  @IsIn(SUITE_CHANNEL_ROLES)
  role?: SuiteChannelRole;
}

/** `PUT` and `DELETE /suites/{id}/notification-channels/{channel_id}`: the role, `alert` by default. */
export class SuiteChannelLinkQuery {
  @ApiPropertyOptional({ enum: SUITE_CHANNEL_ROLES, default: SuiteChannelRole.Alert })
  @IsOptional()
  @IsIn(SUITE_CHANNEL_ROLES)
  role?: SuiteChannelRole;
}

/** One channel linked to a suite. */
export class SuiteNotificationChannelResponse {
  @ApiProperty({ format: 'uuid' })
  channel_id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  type!: string;

  @ApiProperty({ enum: SUITE_CHANNEL_ROLES })
  role!: SuiteChannelRole;

  @ApiProperty()
  is_workspace_default!: boolean;

  @ApiProperty({ format: 'date-time' })
  linked_at!: string;
}

export class SuiteNotificationChannelPage {
  @ApiProperty({ type: [SuiteNotificationChannelResponse] })
  items!: SuiteNotificationChannelResponse[];

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}

/** Audit event names of a suite's notification config. */
export const SuiteNotificationsAuditAction = {
  Set: 'suite_notifications.set',
  Reset: 'suite_notifications.reset',
  ChannelLinked: 'suite_notifications.channel_linked',
  ChannelUnlinked: 'suite_notifications.channel_unlinked',
} as const;
export type SuiteNotificationsAuditAction =
  (typeof SuiteNotificationsAuditAction)[keyof typeof SuiteNotificationsAuditAction];
