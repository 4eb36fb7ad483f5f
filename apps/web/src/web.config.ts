import { Type } from 'class-transformer';
import { IsInt, IsUrl, Max, Min } from 'class-validator';
import { HttpServiceConfig } from '@dq/platform';

/**
 * Environment of the web host (the browser page and the same-origin `/api` proxy); validated at boot.
 * It keeps no state and talks only HTTP to the gateway: no database, Redis or NATS.
 */
export class WebConfig extends HttpServiceConfig {
  override PORT = 8080;

  /** Where `/api/*` is forwarded: the api-gateway's base URL. */
  @IsUrl({ protocols: ['http', 'https'], require_tld: false, require_protocol: true })
  API_GATEWAY_URL = 'http://127.0.0.1:8082';

  /** How long the gateway may take to answer before the browser gets a 502. */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  @Max(600_000)
  API_PROXY_TIMEOUT_MS = 120_000;
}
