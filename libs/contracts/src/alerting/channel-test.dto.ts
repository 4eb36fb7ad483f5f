import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

/**
 * `Requests.NotificationChannelTest`: the gateway asks the alerting service, the only process that
 * opens channel secrets, to send an `alert.test` payload to a channel now (not through the retries).
 */
export class NotificationChannelTestRequest {
  @IsUUID()
  channel_id!: string;
}

/** What the one test send did; `error` names a status or failure class, never a URL or a secret. */
export class NotificationChannelTestResult {
  @ApiProperty({ description: 'The receiver accepted the test alert (2xx, or the mail relay took it).' })
  @IsBoolean()
  delivered!: boolean;

  @ApiPropertyOptional({ description: 'The HTTP status the receiver answered, when it answered.' })
  @IsOptional()
  @IsInt()
  status_code?: number;

  @ApiPropertyOptional({
    description: 'Why the send failed: a status, a refused URL rule or a failure class.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  error?: string;
}
