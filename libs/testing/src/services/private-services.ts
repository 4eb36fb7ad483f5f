import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';
import { waitFor } from '../wait/wait-for';

const run = promisify(execFile);

/**
 * Private, throw-away instances of PostgreSQL, Redis and NATS on their own ports, for tests that
 * stop and restart a dependency (readiness, reconnects) without disturbing the shared services
 * every other test is using.
 */
export interface PrivateService {
  readonly url: string;
  readonly port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

async function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.connect(port, '127.0.0.1');
  });
}

/** A server process in the foreground, restartable on the same port. */
class ForegroundServer implements PrivateService {
  private child?: ChildProcess;

  constructor(
    readonly url: string,
    readonly port: number,
    private readonly command: string,
    private readonly args: string[],
    private readonly dataDir?: string,
  ) {}

  async start(): Promise<void> {
    this.child = spawn(this.command, this.args, { stdio: 'ignore' });
    await waitFor(`${this.command} on port ${this.port}`, () => portAnswers(this.port), {
      timeoutMs: 20_000,
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    await waitFor(`port ${this.port} to close`, async () => !(await portAnswers(this.port)), {
      timeoutMs: 10_000,
    });
  }

  async destroy(): Promise<void> {
    await this.stop();
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}

export async function startPrivateRedis(): Promise<PrivateService> {
  const port = await freePort();
  const server = new ForegroundServer(`redis://127.0.0.1:${port}`, port, 'redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await server.start();
  return server;
}

export async function startPrivateNats(): Promise<PrivateService> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dq-nats-'));
  const binary = existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : 'nats-server';
  const server = new ForegroundServer(
    `nats://127.0.0.1:${port}`,
    port,
    binary,
    ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dataDir],
    dataDir,
  );
  await server.start();
  return server;
}

function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort().reverse() : [];
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'initdb'))) return bin;
  }
  throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found under /usr/lib/postgresql');
}

/** PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user. */
class PrivatePostgres implements PrivateService {
  constructor(
    readonly url: string,
    readonly port: number,
    private readonly dataDir: string,
    private readonly bin: string,
    private readonly passwordFile?: string,
    private readonly tls = false,
  ) {}

  private async asOwner(binary: string, args: string[]): Promise<void> {
    const command = path.join(this.bin, binary);
    if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', command, ...args]);
    else await run(command, args);
  }

  async init(): Promise<void> {
    // With a password, every connection (socket and TCP) must authenticate: a wrong one is refused.
    const auth = this.passwordFile
      ? ['--auth=scram-sha-256', `--pwfile=${this.passwordFile}`]
      : ['-A', 'trust'];
    await this.asOwner('initdb', [
      '-D',
      path.join(this.dataDir, 'data'),
      ...auth,
      '-U',
      'postgres',
      '--no-sync',
    ]);
    // The file held the superuser's password in clear: it is not needed once the cluster exists.
    if (this.passwordFile) rmSync(this.passwordFile, { force: true });
    if (this.tls) await this.makeCertificate();
  }

  /** A self-signed certificate for one day in the data directory, where `ssl=on` looks for it. */
  private async makeCertificate(): Promise<void> {
    const data = path.join(this.dataDir, 'data');
    const key = path.join(data, 'server.key');
    const certificate = path.join(data, 'server.crt');
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      key,
      '-out',
      certificate,
    ]);
    chmodSync(key, 0o600);
    if (process.getuid?.() === 0) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      for (const file of [key, certificate]) chownSync(file, Number(stdout.trim()), Number(gid.trim()));
    }
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dataDir} -c listen_addresses=127.0.0.1 -c fsync=off${this.tls ? ' -c ssl=on' : ''}`;
    await this.asOwner('pg_ctl', [
      '-D',
      path.join(this.dataDir, 'data'),
      '-l',
      path.join(this.dataDir, 'log'),
      '-o',
      options,
      '-w',
      'start',
    ]);
  }

  async stop(): Promise<void> {
    await this.asOwner('pg_ctl', ['-D', path.join(this.dataDir, 'data'), '-m', 'fast', '-w', 'stop']).catch(
      () => undefined,
    );
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

export interface PrivatePostgresOptions {
  /**
   * The superuser `postgres`'s password. When set, the cluster uses scram-sha-256 for every
   * connection (a wrong password is refused) and `url` carries the password; by default it trusts.
   */
  password?: string;
  /** Serve TLS (`ssl=on`) with a self-signed certificate; by default the server has no TLS. */
  tls?: boolean;
}

export async function startPrivatePostgres(options: PrivatePostgresOptions = {}): Promise<PrivateService> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dq-pg-'));
  const passwordFile = options.password === undefined ? undefined : path.join(dataDir, 'pwfile');
  if (passwordFile) writeFileSync(passwordFile, `${options.password}\n`, { mode: 0o600 });
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dataDir, Number(stdout.trim()), Number(gid.trim()));
    if (passwordFile) chownSync(passwordFile, Number(stdout.trim()), Number(gid.trim()));
  }
  const credentials =
    options.password === undefined ? 'postgres' : `postgres:${encodeURIComponent(options.password)}`;
  const server = new PrivatePostgres(
    `postgres://${credentials}@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    postgresBinDir(),
    passwordFile,
    options.tls === true,
  );
  await server.init();
  await server.start();
  return server;
}
