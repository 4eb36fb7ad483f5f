import { type ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../services/free-port';
import { waitFor } from '../wait/wait-for';

const run = promisify(execFile);
const REPO_ROOT = path.resolve(__dirname, '../../../..');

let venvPath: Promise<string> | undefined;

/** The peers' virtual environment, made on first use by `tools/peers/venv.sh` (idempotent). */
export function peersVenv(): Promise<string> {
  venvPath ??= run(path.join(REPO_ROOT, 'tools/peers/venv.sh'), [], {
    cwd: REPO_ROOT,
    maxBuffer: 16 * 1024 * 1024,
    timeout: 600_000,
  }).then(({ stdout }) => stdout.trim().split('\n').pop() ?? '');
  return venvPath;
}

/** A command installed in the peers' virtual environment. */
export async function peersBin(command: string): Promise<string> {
  return path.join(await peersVenv(), 'bin', command);
}

/** A peer process on a loopback port of its own; `stop` ends it and waits for the exit. */
export interface LoopbackPeerProcess {
  readonly port: number;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Spawns `command args…` (given the chosen port) and waits until `ready(port)` answers truthy.
 * The child's output is kept (last 64 KiB) and shown if it exits or never becomes ready.
 */
export async function startLoopbackPeer(
  description: string,
  command: string,
  args: (port: number) => string[],
  ready: (port: number) => Promise<boolean>,
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
): Promise<LoopbackPeerProcess> {
  const port = await freePort();
  const child = spawn(command, args(port), {
    env: { ...process.env, ...options.env },
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-65_536);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const killed = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killed);
  };
  try {
    await waitFor(
      `${description} on port ${port}`,
      async () => {
        if (child.exitCode !== null) throw new Error(`${description} exited: ${output.slice(-2000)}`);
        return ready(port);
      },
      { timeoutMs: options.timeoutMs ?? 60_000, intervalMs: 200 },
    );
  } catch (error) {
    await stop();
    throw new Error(`${description} did not start: ${(error as Error).message}\n${output.slice(-2000)}`);
  }
  return { port, child, stop };
}

/** True when an HTTP GET on loopback answers at all (any status). */
export async function httpAnswers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}
