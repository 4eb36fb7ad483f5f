import { generateKeyPairSync } from 'node:crypto';
import { ServiceName } from '@dq/contracts';
import { type OpenApiDocument, serviceOpenApiDocument } from '@dq/platform';
import { ApiGatewayConfig } from '../api-gateway.config';
import { ApiGatewayModule, apiGatewayHttpOptions } from '../api-gateway.module';

/** Where the committed copy lives, relative to the repository root. */
export const OPENAPI_DOCUMENT_FILE = 'docs/openapi.json';

/**
 * The REST API's OpenAPI document, exactly as the gateway serves it at `/api/v1/openapi.json`,
 * built from its modules without a database or a running service.
 */
export function gatewayOpenApiDocument(): Promise<OpenApiDocument> {
  // Sealing keys are required to build the module; the document does not depend on them.
  const spki = generateKeyPairSync('x25519').publicKey.export({ type: 'spki', format: 'der' });
  const config = Object.assign(new ApiGatewayConfig(), {
    SECRETS_PUBLIC_KEYS: `openapi:${spki.toString('base64')}`,
    SECRETS_ACTIVE_KEY_ID: 'openapi',
    ALERTING_PUBLIC_KEYS: `openapi:${spki.toString('base64')}`,
    ALERTING_ACTIVE_KEY_ID: 'openapi',
  });
  return serviceOpenApiDocument({
    service: ServiceName.ApiGateway,
    config,
    module: ApiGatewayModule.forRoot(config),
    http: apiGatewayHttpOptions,
  });
}
