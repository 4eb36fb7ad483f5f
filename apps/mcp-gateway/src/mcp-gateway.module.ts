import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceName } from '@dq/contracts';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { McpRedirectController } from './mcp-redirect.controller';
import { type McpGatewayConfig } from './mcp-gateway.config';

@Module({})
export class McpGatewayModule {
  static forRoot(config: McpGatewayConfig): DynamicModule {
    return {
      module: McpGatewayModule,
      imports: [ServiceRuntimeModule.forRoot({ service: ServiceName.McpGateway, config })],
      controllers: [McpRedirectController],
    };
  }
}
