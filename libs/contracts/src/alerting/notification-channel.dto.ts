import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { ListPageQuery } from '../paging/list-page';

export const NotificationChannelType = {
  Slack: 'slack',
  Teams: 'teams',
  Email: 'email',
  Webhook: 'webhook',
} as const;
export type NotificationChannelType = (typeof NotificationChannelType)[keyof typeof NotificationChannelType];
export const NOTIFICATION_CHANNEL_TYPES: readonly NotificationChannelType[] =
  Object.values(NotificationChannelType);

export const CHANNEL_NAME_MAX_LENGTH = 200;
export const CHANNEL_EMAIL_TO_MAX = 20;
export const CHANNEL_WEBHOOK_URL_MAX_LENGTH = 2048;
/** An HTTP header name (RFC 9110 token). */
export const HTTP_HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
const NOT_BLANK = /\S/;

/** `GET /notification-channels`: every channel of the workspace, by name. */
export class NotificationChannelListQuery extends ListPageQuery {
  @ApiPropertyOptional({ enum: NOTIFICATION_CHANNEL_TYPES })
  @IsOptional()
  @IsIn(NOTIFICATION_CHANNEL_TYPES)
  type?: NotificationChannelType;
}

/** `POST /notification-channels` (Admin): the signing key of a `webhook` channel is in the answer only. */
export class CreateNotificationChannelRequest {
  /** Unique in the workspace. */
  @IsString()
  @Length(1, CHANNEL_NAME_MAX_LENGTH)
  @Matches(NOT_BLANK, { message: 'name must not be blank' })
  name!: string;

  @ApiProperty({ enum: NOTIFICATION_CHANNEL_TYPES })
  @IsIn(NOTIFICATION_CHANNEL_TYPES)
  type!: NotificationChannelType;

  /** Write-only; `slack`, `teams` and `webhook`. `https`, checked by the egress guard at save and at every send. */
  @ApiPropertyOptional({ writeOnly: true })
  @IsOptional()
  @IsString()
  @MaxLength(CHANNEL_WEBHOOK_URL_MAX_LENGTH)
  webhook_url?: string;

  /** `email` channels: 1 to 20 addresses. */
  @ApiPropertyOptional({ type: [String] })
  @ValidateIf((_o, value) => value !== undefined)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(CHANNEL_EMAIL_TO_MAX)
  @IsEmail({}, { each: true })
  email_to?: string[];

  /** At most one channel is the workspace default; setting it moves the flag here. */
  @IsOptional()
  @IsBoolean()
  is_workspace_default?: boolean;

  /** Receives critical escalations workspace-wide, whatever the suites link. */
  @IsOptional()
  @IsBoolean()
  is_escalation?: boolean;

  /** `webhook` channels: a JSON object whose string values may hold `{{field.path}}` placeholders. */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  payload_template?: Record<string, unknown>;

  /** `webhook` channels: an extra header sent beside the signature; set with `auth_header_value`. */
  @IsOptional()
  @IsString()
  @Matches(HTTP_HEADER_NAME, { message: 'auth_header_name must be an HTTP header name' })
  auth_header_name?: string;

  /** Write-only, never echoed. */
  @ApiPropertyOptional({ writeOnly: true })
  @IsOptional()
  @IsString()
  @Length(1, 4096)
  auth_header_value?: string;
}

/** `PATCH /notification-channels/{id}` (Admin): any subset; `null` clears an optional field. */
export class UpdateNotificationChannelRequest {
  @IsOptional()
  @IsString()
  @Length(1, CHANNEL_NAME_MAX_LENGTH)
  @Matches(NOT_BLANK, { message: 'name must not be blank' })
  name?: string;

  /** Changing it on a channel with a stored auth header needs `auth_header_value` in the same request. */
  @ApiPropertyOptional({ writeOnly: true })
  @IsOptional()
  @IsString()
  @MaxLength(CHANNEL_WEBHOOK_URL_MAX_LENGTH)
  webhook_url?: string;

  @ApiPropertyOptional({ type: [String] })
  @ValidateIf((_o, value) => value !== undefined)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(CHANNEL_EMAIL_TO_MAX)
  @IsEmail({}, { each: true })
  email_to?: string[];

  @IsOptional()
  @IsBoolean()
  is_workspace_default?: boolean;

  @IsOptional()
  @IsBoolean()
  is_escalation?: boolean;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true })
  @IsOptional()
  @IsObject()
  payload_template?: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  @Matches(HTTP_HEADER_NAME, { message: 'auth_header_name must be an HTTP header name' })
  auth_header_name?: string | null;

  @ApiPropertyOptional({ writeOnly: true })
  @IsOptional()
  @IsString()
  @Length(1, 4096)
  auth_header_value?: string;

  /** Rotates the signing key; the new key is in this answer only, the old one still signs for 24 hours. */
  @IsOptional()
  @IsBoolean()
  regenerate_hmac_secret?: boolean;
}

export class NotificationChannelResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ enum: NOTIFICATION_CHANNEL_TYPES })
  type!: NotificationChannelType;

  /** Whether a webhook URL is stored; the URL itself is never returned. */
  @ApiProperty()
  has_webhook!: boolean;

  @ApiProperty({ type: [String] })
  email_to!: string[];

  @ApiProperty()
  is_workspace_default!: boolean;

  @ApiProperty()
  is_escalation!: boolean;

  @ApiProperty()
  has_payload_template!: boolean;

  /** Only for workspace Admin callers (absent for everyone else). */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true })
  payload_template?: Record<string, unknown> | null;

  @ApiProperty({ type: String, nullable: true })
  auth_header_name!: string | null;

  /** Whether an auth header value is stored; the value is never returned. */
  @ApiProperty()
  has_auth_header_value!: boolean;

  /** `webhook` channels: true while the previous signing key still signs (24 hours after a rotation). */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  previous_key_until!: string | null;

  /** Set when deliveries kept failing for 24 hours; cleared by a successful delivery or an edit of the URL. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  flagged_at!: string | null;

  @ApiProperty({ type: String, nullable: true })
  flag_reason!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  created_by!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}

/** The create and rotate answers: the channel and, for `webhook` channels, the new signing key (shown once). */
export class NotificationChannelWithKeyResponse extends NotificationChannelResponse {
  /** Base64url HMAC-SHA256 key; present only in the create answer and after `regenerate_hmac_secret`. */
  @ApiPropertyOptional()
  signing_key?: string;
}

export class NotificationChannelPage {
  @ApiProperty({ type: [NotificationChannelResponse] })
  items!: NotificationChannelResponse[];

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}

/** Audit event names of notification channels (no secret material in their detail). */
export const NotificationChannelAuditAction = {
  Created: 'notification_channel.created',
  Updated: 'notification_channel.updated',
  Deleted: 'notification_channel.deleted',
  KeyRotated: 'notification_channel.signing_key_rotated',
} as const;
export type NotificationChannelAuditAction =
  (typeof NotificationChannelAuditAction)[keyof typeof NotificationChannelAuditAction];
