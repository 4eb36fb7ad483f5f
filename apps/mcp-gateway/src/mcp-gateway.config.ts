import { BaseServiceConfig } from '@dq/platform';

/** Environment of the mcp-gateway service; validated at boot. */
export class McpGatewayConfig extends BaseServiceConfig {
  override PORT = 8081;
}
