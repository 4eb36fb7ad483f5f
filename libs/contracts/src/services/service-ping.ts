import { IsISO8601, IsString } from 'class-validator';

/** Request/reply readiness probe between services. */
export class ServicePingRequest {
  @IsString()
  from!: string;
}

export class ServicePingReply {
  @IsString()
  service!: string;

  @IsString()
  instance_id!: string;

  @IsISO8601()
  at!: string;
}
