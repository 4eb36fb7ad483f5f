/* eslint-disable no-console -- a terminal tool: its output is the apps' output plus its own status lines. */
// Runs every app (or a subset) in ONE terminal for development:
//
//   npm run dev                                  # all apps
//   npm run dev -- --only api-gateway,runner     # a subset
//   npm run dev -- --ready-timeout 180           # seconds to wait for /readyz before warning
//
// Each app is `node -r ./tools/register.cjs apps/<app>/src/main.ts` with its own PORT; every
// output line is prefixed with the app's name. Ctrl-C or SIGTERM sends SIGTERM to every app and
// waits for them (SIGKILL after a timeout; a second Ctrl-C kills at once). When an app exits on
// its own, the others are stopped too: half a service running would only mislead.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { generateKeyPairEntries, parsePrivateKeyRing, publicKeysText } from '@dq/secrets-opening';

/** The local ports (documented in deploy/README.md); 8080 and 8081 are the public entry points. */
const APP_PORTS = {
  web: 8080,
  'mcp-gateway': 8081,
  'api-gateway': 8082,
  runner: 8083,
  scheduler: 8084,
  'orchestration-observer': 8085,
  lineage: 8086,
  alerting: 8087,
  'llm-worker': 8088,
} as const;

type AppName = keyof typeof APP_PORTS;

const ALL_APPS = Object.keys(APP_PORTS) as AppName[];

/** The local defaults every tool and test uses, so `npm run dev` works in a fresh shell. */
const LOCAL_DEFAULTS: Record<string, string> = {
  NODE_ENV: 'development',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/dq',
  REDIS_URL: 'redis://127.0.0.1:6379',
  NATS_URL: 'nats://127.0.0.1:4222',
};

/**
 * A local private key ring, made once per clone and kept out of git (`.local/`): secrets saved in
 * one `npm run dev` still open in the next, and no key is committed. `secrets-private-key-ring`
 * opens connection credentials (the runner's), `alerting-private-key-ring` notification channel
 * credentials (the alerting service's); every other app gets only their public keys.
 */
function localPrivateKeyRing(name = 'secrets-private-key-ring'): string {
  const file = join(ROOT, '.local', name);
  if (!existsSync(file)) {
    mkdirSync(join(ROOT, '.local'), { recursive: true, mode: 0o700 });
    writeFileSync(file, `${generateKeyPairEntries('local').privateEntry}\n`, { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/** Longer than the apps' own graceful-shutdown budget (SHUTDOWN_TIMEOUT_MS, default 25 s). */
const KILL_AFTER_MS = 30_000;
const READY_POLL_MS = 1_000;
const DEFAULT_READY_TIMEOUT_S = 120;

const ROOT = resolve(__dirname, '..');
const COLORS = [36, 33, 35, 32, 34, 91, 96, 93, 95];
const useColor = process.stdout.isTTY === true && !process.env.NO_COLOR;

interface Options {
  apps: AppName[];
  readyTimeoutS: number;
}

interface RunningApp {
  name: AppName;
  child: ChildProcess;
  exited: Promise<void>;
}

function usage(): string {
  return [
    'usage: node -r ./tools/register.cjs tools/dev-all.ts [--only a,b] [--ready-timeout seconds]',
    `apps: ${ALL_APPS.join(', ')}`,
  ].join('\n');
}

function parseArgs(argv: string[]): Options {
  let apps = ALL_APPS;
  let readyTimeoutS = DEFAULT_READY_TIMEOUT_S;
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--only': {
        const wanted = value()
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const unknown = wanted.filter((name) => !(name in APP_PORTS));
        if (unknown.length > 0) throw new Error(`unknown app(s): ${unknown.join(', ')}`);
        apps = ALL_APPS.filter((name) => wanted.includes(name));
        break;
      }
      case '--ready-timeout': {
        readyTimeoutS = Number(value());
        if (!Number.isInteger(readyTimeoutS) || readyTimeoutS < 1) {
          throw new Error('--ready-timeout must be a whole number of seconds');
        }
        break;
      }
      case '--help':
      case '-h':
        console.log(usage());
        process.exit(0);
        break;
      default:
        throw new Error(`unknown option ${argv[i]}`);
    }
  }
  if (apps.length === 0) throw new Error('--only selected no app');
  return { apps, readyTimeoutS };
}

function paint(text: string, code: number): string {
  return useColor ? `\u001b[${code}m${text}\u001b[0m` : text;
}

function status(message: string): void {
  console.log(paint(`[dev-all] ${message}`, 1));
}

function childEnv(name: AppName): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [key, value] of Object.entries(LOCAL_DEFAULTS)) env[key] ??= value;
  if (env['SECRETS_PRIVATE_KEY_RING'] === undefined && env['SECRETS_PUBLIC_KEYS'] === undefined) {
    env['SECRETS_PRIVATE_KEY_RING'] = localPrivateKeyRing();
    env['SECRETS_ACTIVE_KEY_ID'] = 'local';
  }
  const privateRing = env['SECRETS_PRIVATE_KEY_RING'];
  if (env['SECRETS_PUBLIC_KEYS'] === undefined && privateRing !== undefined) {
    env['SECRETS_PUBLIC_KEYS'] = publicKeysText(
      parsePrivateKeyRing(privateRing, env['SECRETS_ACTIVE_KEY_ID'] ?? ''),
    );
  }
  // The alerting service's own key ring seals and opens notification channel credentials.
  if (env['ALERTING_PRIVATE_KEY_RING'] === undefined && env['ALERTING_PUBLIC_KEYS'] === undefined) {
    env['ALERTING_PRIVATE_KEY_RING'] = localPrivateKeyRing('alerting-private-key-ring');
    env['ALERTING_ACTIVE_KEY_ID'] = 'local';
  }
  const alertingRing = env['ALERTING_PRIVATE_KEY_RING'];
  if (env['ALERTING_PUBLIC_KEYS'] === undefined && alertingRing !== undefined) {
    env['ALERTING_PUBLIC_KEYS'] = publicKeysText(
      parsePrivateKeyRing(alertingRing, env['ALERTING_ACTIVE_KEY_ID'] ?? ''),
    );
  }
  // Only the runner opens datasource credentials, only the alerting service channel credentials.
  if (name !== 'runner') delete env['SECRETS_PRIVATE_KEY_RING'];
  if (name !== 'alerting') delete env['ALERTING_PRIVATE_KEY_RING'];
  env.PORT = String(APP_PORTS[name]);
  // Apps log JSON lines; color codes from libraries would only get in the way when piped.
  env.FORCE_COLOR = '0';
  return env;
}

function start(name: AppName, index: number, width: number): RunningApp {
  const prefix = paint(`${name.padEnd(width)} |`, COLORS[index % COLORS.length]);
  const child = spawn(process.execPath, ['-r', './tools/register.cjs', `apps/${name}/src/main.ts`], {
    cwd: ROOT,
    env: childEnv(name),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a Ctrl-C in the terminal reaches only this tool, which then sends
    // exactly one SIGTERM. (Two signals would make an app skip its graceful shutdown.)
    detached: true,
  });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    if (!stream) continue;
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) =>
      out.write(`${prefix} ${line}\n`),
    );
  }
  const exited = new Promise<void>((resolveExit) => {
    child.once('exit', () => resolveExit());
    // A process that could not be spawned at all never emits 'exit'.
    child.once('error', () => resolveExit());
  });
  return { name, child, exited };
}

function signal(app: RunningApp, sig: NodeJS.Signals): void {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return;
  try {
    app.child.kill(sig);
  } catch {
    // Already gone between the check and the kill.
  }
}

async function waitUntilReady(apps: AppName[], timeoutS: number, stopping: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutS * 1000;
  const pending = new Set(apps);
  while (pending.size > 0 && Date.now() < deadline && !stopping()) {
    await Promise.all(
      [...pending].map(async (name) => {
        try {
          const res = await fetch(`http://127.0.0.1:${APP_PORTS[name]}/readyz`, {
            signal: AbortSignal.timeout(2_000),
          });
          if (res.ok) pending.delete(name);
        } catch {
          // Not listening yet.
        }
      }),
    );
    if (pending.size > 0) await new Promise((r) => setTimeout(r, READY_POLL_MS));
  }
  if (stopping()) return;
  if (pending.size > 0) {
    status(`not ready after ${timeoutS}s: ${[...pending].join(', ')} (see their /readyz)`);
    return;
  }
  status(`all ${apps.length} app(s) ready`);
  if (apps.includes('web'))
    status(`web UI and REST API:  http://localhost:${APP_PORTS.web}  (API under /api/v1)`);
  if (apps.includes('mcp-gateway'))
    status(`MCP endpoint:         http://localhost:${APP_PORTS['mcp-gateway']}/mcp/`);
}

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`dev-all: ${(err as Error).message}\n${usage()}`);
    return 2;
  }
  const missing = options.apps.filter((name) => !existsSync(join(ROOT, 'apps', name, 'src', 'main.ts')));
  if (missing.length > 0) {
    console.error(`dev-all: no apps/<app>/src/main.ts for: ${missing.join(', ')}`);
    return 1;
  }

  const width = Math.max(...options.apps.map((name) => name.length));
  const running = options.apps.map((name, i) => start(name, i, width));
  status(`started ${options.apps.map((name) => `${name}:${APP_PORTS[name]}`).join(' ')}`);

  let stopping = false;
  let exitCode = 0;
  let killTimer: NodeJS.Timeout | undefined;

  const stopAll = (reason: string): void => {
    if (stopping) return;
    stopping = true;
    status(`${reason}: stopping all apps (SIGTERM; SIGKILL after ${KILL_AFTER_MS / 1000}s)`);
    for (const app of running) signal(app, 'SIGTERM');
    killTimer = setTimeout(() => {
      const left = running.filter((a) => a.child.exitCode === null && a.child.signalCode === null);
      status(`still running after ${KILL_AFTER_MS / 1000}s, killing: ${left.map((a) => a.name).join(', ')}`);
      for (const app of left) signal(app, 'SIGKILL');
    }, KILL_AFTER_MS);
  };

  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(sig, () => {
      if (stopping) {
        status(`second ${sig}: killing all apps now`);
        for (const app of running) signal(app, 'SIGKILL');
        return;
      }
      stopAll(`received ${sig}`);
    });
  }
  // Never leave apps behind, whatever ends this process.
  process.on('exit', () => {
    for (const app of running) signal(app, 'SIGKILL');
  });

  for (const app of running) {
    app.child.once('exit', (code, sig) => {
      if (stopping) {
        status(`${app.name} exited (${sig ?? `code ${code}`})`);
        return;
      }
      status(`${app.name} exited on its own (${sig ?? `code ${code}`})`);
      exitCode = code === 0 ? 1 : (code ?? 1);
      stopAll(`${app.name} stopped`);
    });
    app.child.once('error', (err) => {
      status(`${app.name} could not start: ${err.message}`);
      exitCode = 1;
      stopAll(`${app.name} failed`);
    });
  }

  void waitUntilReady(options.apps, options.readyTimeoutS, () => stopping);

  await Promise.all(running.map((app) => app.exited));
  if (killTimer) clearTimeout(killTimer);
  status('all apps stopped');
  return exitCode;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('dev-all failed:', err);
    process.exit(1);
  },
);
