import { Type } from 'class-transformer';
import {
  IsInt,
  IsString,
  IsUrl,
  Max,
  Min,
  MinLength,
  type ValidationArguments,
  ValidateBy,
} from 'class-validator';
import {
  INTERACTIVE_ANSWER_MARGIN_MS,
  INTERACTIVE_DEADLINE_DEFAULT_MS,
  INTERACTIVE_DEADLINE_MAX_MS,
  interactiveAnswerWaitMs,
} from '@dq/contracts';
import { OidcSignInConfig } from '@dq/web-host';

/**
 * The proxy must outlast the gateway's wait for interactive work (the deadline plus a margin), or
 * a slow dry run drops the socket with a 502 instead of answering the 504 envelope.
 */
function OutlastsInteractiveWork(): PropertyDecorator {
  return ValidateBy({
    name: 'outlastsInteractiveWork',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) =>
        typeof value === 'number' &&
        value > interactiveAnswerWaitMs((args?.object as WebConfig).INTERACTIVE_DEADLINE_MS),
      defaultMessage: () =>
        `must be longer than INTERACTIVE_DEADLINE_MS plus ${INTERACTIVE_ANSWER_MARGIN_MS} ms (the gateway's wait)`,
    },
  });
}

/**
 * Environment of the web host (the browser app, the same-origin `/api` proxy and identity-provider
 * sign-in, see OidcSignInConfig); validated at boot. It keeps no state and talks only HTTP to the
 * gateway and the identity provider: no database, Redis or NATS.
 */
export class WebConfig extends OidcSignInConfig {
  override PORT = 8080;

  /** Where `/api/*` is forwarded: the api-gateway's base URL. */
  @IsUrl({ protocols: ['http', 'https'], require_tld: false, require_protocol: true })
  API_GATEWAY_URL = 'http://127.0.0.1:8082';

  /** Where `/mcp` and `/mcp/*` are forwarded: the mcp-gateway's base URL. */
  @IsUrl({ protocols: ['http', 'https'], require_tld: false, require_protocol: true })
  MCP_GATEWAY_URL = 'http://127.0.0.1:8081';

  /** How long the gateway may take to answer before the browser gets a 502. */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  @Max(600_000)
  @OutlastsInteractiveWork()
  API_PROXY_TIMEOUT_MS = 120_000;

  /** The built browser app (`npx nx run web-ui:build`); a relative path is taken from the working directory. */
  @IsString()
  @MinLength(1)
  WEB_APP_DIR = 'dist/apps/web-ui';

  /** The runner's interactive deadline (the same variable), read only to check the proxy outlasts it. */
  @Type(() => Number)
  @IsInt()
  @Min(500)
  @Max(INTERACTIVE_DEADLINE_MAX_MS)
  INTERACTIVE_DEADLINE_MS = INTERACTIVE_DEADLINE_DEFAULT_MS;
}
