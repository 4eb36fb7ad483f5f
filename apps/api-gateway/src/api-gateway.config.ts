import { AccessConfig } from '@dq/access';

/** Environment of the api-gateway service; validated at boot. */
export class ApiGatewayConfig extends AccessConfig {
  override PORT = 8082;
}
