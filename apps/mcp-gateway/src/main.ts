// The mcp-gateway service: the MCP endpoint `/mcp/` for AI assistants, over the same domain services and authorization as REST.
import 'reflect-metadata';
import { ServiceName } from '@dq/contracts';
import { loadConfigOrExit, startServiceOrExit } from '@dq/platform';
import { McpGatewayConfig } from './mcp-gateway.config';
import { McpGatewayModule, mcpGatewayHttpOptions } from './mcp-gateway.module';

const config = loadConfigOrExit(McpGatewayConfig, ServiceName.McpGateway);
startServiceOrExit({
  service: ServiceName.McpGateway,
  config,
  module: McpGatewayModule.forRoot(config),
  http: mcpGatewayHttpOptions,
});
