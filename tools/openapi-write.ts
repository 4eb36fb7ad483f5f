/* eslint-disable no-console -- a terminal tool: it says what it wrote, or why it failed. */
// Writes the REST API's OpenAPI document to docs/openapi.json (`npm run openapi:write`) and the
// typed API client's types generated from it; the gateway's openapi spec and the client's spec fail
// while the committed files differ from what the code generates.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { API_TYPES_FILE, generateApiTypes } from '../libs/api-client/codegen/generate-types';
import {
  OPENAPI_DOCUMENT_FILE,
  gatewayOpenApiDocument,
} from '../apps/api-gateway/src/openapi/gateway-openapi';

async function main(): Promise<void> {
  const file = join(__dirname, '..', OPENAPI_DOCUMENT_FILE);
  const document = await gatewayOpenApiDocument();
  const options = (await resolveConfig(file)) ?? {};
  writeFileSync(file, await format(JSON.stringify(document), { ...options, filepath: file }));
  console.log(`wrote ${OPENAPI_DOCUMENT_FILE}`);
  const root = join(__dirname, '..');
  writeFileSync(join(root, API_TYPES_FILE), await generateApiTypes(root));
  console.log(`wrote ${API_TYPES_FILE}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
