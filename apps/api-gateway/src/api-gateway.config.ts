import { BaseServiceConfig } from '@dq/platform';

/** Environment of the api-gateway service; validated at boot. */
export class ApiGatewayConfig extends BaseServiceConfig {
  override PORT = 8082;
}
