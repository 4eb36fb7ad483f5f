import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../services/free-port';
import { waitFor } from '../wait/wait-for';

const WORKSPACE_ROOT = path.resolve(__dirname, '../../../..');

/** The backend services: each stands on PostgreSQL, Redis and NATS. */
export const BACKEND_APP_NAMES = [
  'api-gateway',
  'mcp-gateway',
  'runner',
  'scheduler',
  'orchestration-observer',
  'lineage',
  'alerting',
  'llm-worker',
] as const;

/** Every deployable app: the backend services and the frontend host. */
export const APP_NAMES = [...BACKEND_APP_NAMES, 'web'] as const;

export type AppName = (typeof APP_NAMES)[number];

export interface StartAppOptions {
  /** Extra environment on top of the isolated one. */
  env?: Record<string, string>;
  /** Entry file relative to the workspace root; defaults to `apps/<app>/src/main.ts`. */
  entry?: string;
  /** What to wait for before returning: the liveness endpoint (default), readiness, or nothing. */
  waitFor?: 'healthz' | 'readyz' | 'nothing';
  timeoutMs?: number;
  /** Flags for node itself, before the entry (for example `--cpu-prof` for a benchmark). */
  nodeArgs?: string[];
}

export interface ExitResult {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * One app running as its own Node process, exactly as `node apps/<app>/src/main.ts` would run in
 * production (minus the build step), so signals, exits and crashes are real.
 */
export class AppProcess {
  readonly output: string[] = [];
  readonly exited: Promise<ExitResult>;
  private exitResult?: ExitResult;

  constructor(
    readonly app: AppName,
    readonly url: string,
    private readonly child: ChildProcess,
  ) {
    const collect = (chunk: Buffer): void => {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.output.push(line);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.exitResult = { code, signal };
        resolve(this.exitResult);
      }),
    );
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get isRunning(): boolean {
    return this.exitResult === undefined;
  }

  /** Log lines parsed as JSON (non-JSON lines are skipped). */
  jsonLogs(): Record<string, unknown>[] {
    return this.output.flatMap((line): Record<string, unknown>[] => {
      try {
        const parsed: unknown = JSON.parse(line);
        return typeof parsed === 'object' && parsed !== null ? [parsed as Record<string, unknown>] : [];
      } catch {
        return [];
      }
    });
  }

  async get(pathname: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${this.url}${pathname}`, { signal: AbortSignal.timeout(5_000) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body };
  }

  /** Sends a signal and waits for the process to end. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 30_000): Promise<ExitResult> {
    if (!this.isRunning) return this.exitResult!;
    this.child.kill(signal);
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`${this.app} did not exit ${timeoutMs} ms after ${signal}`)),
        timeoutMs,
      ).unref(),
    );
    try {
      return await Promise.race([this.exited, timeout]);
    } catch (error) {
      this.child.kill('SIGKILL');
      throw error;
    }
  }

  /** Kills the process at once, as a crash or an OOM kill would. */
  async kill(): Promise<ExitResult> {
    return this.stop('SIGKILL');
  }
}

/** Starts an app as a child process on a free port and waits until it answers. */
export async function startApp(
  app: AppName,
  baseEnv: Record<string, string>,
  options: StartAppOptions = {},
): Promise<AppProcess> {
  const explicitPort = options.env?.['PORT'] ?? baseEnv['PORT'];
  const port =
    explicitPort !== undefined && /^\d+$/.test(explicitPort) && explicitPort !== '0'
      ? Number(explicitPort)
      : await freePort();
  const entry = path.join(WORKSPACE_ROOT, options.entry ?? `apps/${app}/src/main.ts`);
  const nodeArgs = [
    ...(options.nodeArgs ?? []),
    '-r',
    path.join(WORKSPACE_ROOT, 'tools/register.cjs'),
    entry,
  ];
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOST: '127.0.0.1',
    ...baseEnv,
    ...options.env,
    PORT: String(port),
  };
  // As in a deployment, only the runner holds the private key ring that opens credentials.
  if (app !== 'runner') delete env['SECRETS_PRIVATE_KEY_RING'];
  const child = spawn(process.execPath, nodeArgs, {
    cwd: WORKSPACE_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const appProcess = new AppProcess(app, `http://127.0.0.1:${port}`, child);
  const target = options.waitFor ?? 'healthz';
  if (target === 'nothing') return appProcess;
  try {
    await waitFor(
      `${app} to answer /${target}`,
      async () => {
        if (!appProcess.isRunning) throw new Error(`${app} exited early:\n${appProcess.output.join('\n')}`);
        const { status } = await appProcess.get(`/${target}`);
        return status === 200;
      },
      { timeoutMs: options.timeoutMs ?? 90_000, intervalMs: 200 },
    );
  } catch (error) {
    if (appProcess.isRunning) await appProcess.kill();
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\n--- ${app} output ---\n${appProcess.output.slice(-40).join('\n')}`);
  }
  return appProcess;
}
