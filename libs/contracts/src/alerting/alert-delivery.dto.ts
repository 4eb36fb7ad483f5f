import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { ListPageQuery } from '../paging/list-page';

/** Where one alert delivery stands (docs/decisions/0045). */
export const ALERT_DELIVERY_STATES = ['pending', 'delivering', 'delivered', 'dead'] as const;
export type AlertDeliveryState = (typeof ALERT_DELIVERY_STATES)[number];

/** `GET /notification-channels/{id}/deliveries`: newest first, optionally one state (`dead`: dead letters). */
export class AlertDeliveryListQuery extends ListPageQuery {
  @ApiPropertyOptional({ enum: ALERT_DELIVERY_STATES })
  @IsOptional()
  @IsIn(ALERT_DELIVERY_STATES)
  state?: AlertDeliveryState;
}

/** One delivery of an alert to a channel; never the payload's URL-bearing secrets, never a credential. */
export class AlertDeliveryResponse {
  @ApiProperty({ format: 'uuid', description: 'Also the `webhook-id` header the receiver got.' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  channel_id!: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  run_id!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  suite_id!: string | null;

  @ApiProperty({ description: '`alert`, `alert.escalation` or `poll_failure`.' })
  kind!: string;

  @ApiProperty({ enum: ALERT_DELIVERY_STATES })
  state!: AlertDeliveryState;

  @ApiProperty()
  attempts!: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  next_attempt_at!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'A status or failure class; never a URL or a secret.',
  })
  last_error!: string | null;

  @ApiProperty({ type: Number, nullable: true })
  last_status_code!: number | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  first_attempt_at!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  delivered_at!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

export class AlertDeliveryPage {
  @ApiProperty({ type: [AlertDeliveryResponse] })
  items!: AlertDeliveryResponse[];

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}
