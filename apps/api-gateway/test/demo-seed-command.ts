import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const ROOT = path.resolve(__dirname, '../../..');

export interface Listed {
  id: string;
  name: string;
}

/** A list answer's items, whether the endpoint answers a bare array or a page. */
export const itemsOf = <T>(body: unknown): T[] =>
  Array.isArray(body)
    ? (body as T[])
    : ((body as { items?: T[]; data?: T[] }).items ?? (body as { data?: T[] }).data ?? []);

/** The node arguments that run `tools/demo/seed.ts` with the seed's own `args`. */
export function demoSeedArgv(args: string[]): string[] {
  return ['-r', path.join(ROOT, 'tools/register.cjs'), path.join(ROOT, 'tools/demo/seed.ts'), ...args];
}

/** The seed's environment: nothing of the test process's but `PATH`. */
export function demoSeedEnv(databaseUrl: string, nodeEnv = 'test'): NodeJS.ProcessEnv {
  return { PATH: process.env['PATH'] ?? '', DATABASE_URL: databaseUrl, NODE_ENV: nodeEnv };
}

/**
 * Runs `tools/demo/seed.ts` as `npm run demo` does, against `api` and the service's database, and
 * answers its standard output; a failure carries the seed's own output. A `timeoutMs` of 0 waits.
 */
export async function runDemoSeed(args: string[], databaseUrl: string, timeoutMs = 150_000): Promise<string> {
  const { stdout } = await run(process.execPath, demoSeedArgv(args), {
    cwd: ROOT,
    env: demoSeedEnv(databaseUrl),
    timeout: timeoutMs,
  }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
    throw new Error(`${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
  });
  return stdout;
}
