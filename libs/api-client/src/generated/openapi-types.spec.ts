import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { API_TYPES_FILE } from '../../codegen/files';

const ROOT = path.resolve(__dirname, '../../../..');

describe('the generated API types', () => {
  // A document change without `npm run api-client:generate` fails here, with the difference shown.
  // The generator runs as the command does: its ES-module dependencies load in Node, not in Jest.
  it('are what docs/openapi.json generates now', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['-r', './tools/register.cjs', 'tools/api-client-generate.ts', '--stdout'],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 },
    );
    expect(stdout).toEqual(readFileSync(path.join(ROOT, API_TYPES_FILE), 'utf8'));
  }, 120_000);
});
