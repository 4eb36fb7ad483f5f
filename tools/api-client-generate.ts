/* eslint-disable no-console -- a terminal tool: it says what it wrote, or why it failed. */
// Regenerates the typed API client's types from docs/openapi.json (`npm run api-client:generate`);
// `--stdout` prints them instead, for the client's spec, which fails while the committed file
// differs from what the document generates.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_TYPES_FILE, generateApiTypes } from '../libs/api-client/codegen/generate-types';

async function main(): Promise<void> {
  const root = join(__dirname, '..');
  const types = await generateApiTypes(root);
  if (process.argv.includes('--stdout')) {
    process.stdout.write(types);
    return;
  }
  writeFileSync(join(root, API_TYPES_FILE), types);
  console.log(`wrote ${API_TYPES_FILE}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
