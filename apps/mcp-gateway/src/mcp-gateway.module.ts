import { type DynamicModule, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { ServiceName } from '@dq/contracts';
import { AccessModule } from '@dq/access';
import { ConnectionsModule, testOnlyPorts } from '@dq/connections';
import { EgressGuard } from '@dq/security';
import {
  McpModule,
  mcpChallenge,
  mcpEdgeMiddleware,
  protectedResourceMetadata,
  protectedResourceMetadataUrl,
} from '@dq/mcp';
import { SecretSweepModule } from '@dq/orchestration';
import { WorkspaceSettingsModule } from '@dq/workspace-settings';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { type McpGatewayConfig } from './mcp-gateway.config';
import { McpController } from './mcp.controller';
import { PROTECTED_RESOURCE_METADATA, ProtectedResourceController } from './protected-resource.controller';

/** 1 MiB JSON bodies (the spec's request limit; a suite import through MCP is bounded by it too). */
export const mcpGatewayHttpOptions = { bodyLimitBytes: 1024 * 1024, openApi: false as const };

/** Deployed anywhere but a developer's machine or a test: the endpoint then needs real sign-in. */
const LOCAL_ENVIRONMENTS: readonly string[] = ['development', 'test'];

/**
 * Whether `/mcp/` is served. Spec: in a deployed environment only when identity-provider auth is
 * configured (fail closed); locally also with dev-bypass or PATs alone.
 */
export function mcpEndpointMounted(config: McpGatewayConfig): boolean {
  return LOCAL_ENVIRONMENTS.includes(config.NODE_ENV) || config.OIDC_ISSUER !== undefined;
}

/** The endpoint's RFC 9728 metadata URL, when it publishes one. */
function metadataUrlOf(config: McpGatewayConfig): string | undefined {
  return config.MCP_PUBLIC_URL && config.OIDC_ISSUER
    ? protectedResourceMetadataUrl(config.MCP_PUBLIC_URL)
    : undefined;
}

@Module({})
export class McpGatewayModule implements NestModule {
  private static config: McpGatewayConfig | undefined;

  static forRoot(config: McpGatewayConfig): DynamicModule {
    McpGatewayModule.config = config;
    const mounted = mcpEndpointMounted(config);
    return {
      module: McpGatewayModule,
      imports: [
        ServiceRuntimeModule.forRoot({ service: ServiceName.McpGateway, config }),
        AccessModule.forRoot(config),
        WorkspaceSettingsModule.forRoot(config),
        ...(mounted
          ? [
              SecretSweepModule.forRoot({
                service: ServiceName.McpGateway,
                publicKeys: config.SECRETS_PUBLIC_KEYS,
                activeKeyId: config.SECRETS_ACTIVE_KEY_ID,
              }),
              McpModule.forRoot({
                interactiveDeadlineMs: config.INTERACTIVE_DEADLINE_MS,
                connections: ConnectionsModule.forRoot(
                  testOnlyPorts(
                    new EgressGuard({
                      allowLoopbackForTests: config.EGRESS_ALLOW_LOOPBACK_FOR_TESTS,
                      nodeEnv: config.NODE_ENV,
                      allowCidrs: config.EGRESS_ALLOW_CIDRS,
                      allowHosts: config.EGRESS_ALLOW_HOSTS,
                    }),
                  ),
                ),
              }),
            ]
          : []),
      ],
      providers:
        mounted && config.MCP_PUBLIC_URL && config.OIDC_ISSUER
          ? [
              {
                provide: PROTECTED_RESOURCE_METADATA,
                useValue: protectedResourceMetadata(config.MCP_PUBLIC_URL, config.OIDC_ISSUER),
              },
            ]
          : [],
      controllers: [
        ...(mounted ? [McpController] : []),
        ...(mounted && metadataUrlOf(config) ? [ProtectedResourceController] : []),
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    const config = McpGatewayModule.config;
    if (!config || !mcpEndpointMounted(config)) return;
    consumer
      .apply(
        mcpEdgeMiddleware({
          allowedOrigins: config.MCP_ALLOWED_ORIGINS,
          wwwAuthenticate: mcpChallenge(metadataUrlOf(config)),
        }),
      )
      .forRoutes('mcp');
  }
}
