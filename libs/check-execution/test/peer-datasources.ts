import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { type DataSource } from 'typeorm';
import { ConnectionUseService, type CredentialOpener } from '@dq/connections';
import { type ConnectionKind } from '@dq/contracts';
import { createDataSource } from '@dq/db';
import { DatasourceAdapterRegistry, createDefaultAdapters } from '@dq/datasources';
import { CheckMetricHistory } from '@dq/runs';
import { SecretOpener, parsePrivateKeyRing } from '@dq/secrets-opening';
import { EgressGuard } from '@dq/security';
import { CheckBaselines } from '@dq/suites';
import {
  type AzuritePeer,
  type DatabricksSqlPeer,
  type DatabricksSqlPeerOptions,
  type FakesnowPeer,
  type IcebergCatalogPeer,
  type IsolatedEnvironment,
  type S3Peer,
  createIsolatedEnvironment,
  startAzuritePeer,
  startDatabricksSqlPeer,
  startFakesnowPeer,
  startIcebergCatalogPeer,
  startS3Peer,
} from '@dq/testing';
import { OpenedConnections } from '../src/target/opened-connections';
import { SuiteTargetEvaluator, type EvaluationPorts } from '../src/evaluation/suite-target-evaluator';

/** What seals a connection's credential as the runner will open it (a spec's own `SecretOpener`). */
export interface CredentialCipher {
  sealer(): { seal(value: Record<string, unknown>, aad: string): string };
}

/** The datasource peers the evaluation specs run one suite against: every kind but PostgreSQL. */
export interface DatasourcePeers {
  moto: S3Peer;
  azurite: AzuritePeer;
  fakesnow: FakesnowPeer;
  databricks: DatabricksSqlPeer;
  /** Started only when asked for; it keeps its tables in `moto`. */
  iceberg: IcebergCatalogPeer | undefined;
  egress: EgressGuard;
  /** A folder of the spec's own: spooled files and written fixtures. */
  workDir: string;
  /** Every default adapter, with the loopback allowance and the warehouse peer's address. */
  adapters: DatasourceAdapterRegistry;
  stop(): Promise<void>;
}

export interface DatasourcePeersOptions {
  /** Names the work folder. */
  name: string;
  /** The warehouse peer's password. */
  password: string;
  databricks: DatabricksSqlPeerOptions;
  /** The Iceberg catalog peer's token, when the spec reads Iceberg. */
  icebergToken?: string;
}

export async function startDatasourcePeers(options: DatasourcePeersOptions): Promise<DatasourcePeers> {
  const egress = new EgressGuard({ allowLoopbackForTests: true, nodeEnv: 'test', logger: { warn: () => 0 } });
  const workDir = await mkdtemp(path.join(tmpdir(), `dq-${options.name}-`));
  const [moto, azurite, fakesnow, databricks] = await Promise.all([
    startS3Peer(),
    startAzuritePeer(),
    startFakesnowPeer({ password: options.password }),
    startDatabricksSqlPeer(options.databricks),
  ]);
  const iceberg =
    options.icebergToken === undefined
      ? undefined
      : await startIcebergCatalogPeer({ token: options.icebergToken, s3: moto });
  const adapters = new DatasourceAdapterRegistry();
  for (const adapter of createDefaultAdapters({
    egress,
    spoolDir: workDir,
    warehouseAccessUrlForTests: fakesnow.accessUrl,
  }))
    adapters.register(adapter);
  return {
    moto,
    azurite,
    fakesnow,
    databricks,
    iceberg,
    egress,
    workDir,
    adapters,
    stop: async () => {
      await iceberg?.stop();
      await Promise.all([moto.stop(), azurite.stop(), fakesnow.stop(), databricks.stop()]);
      egress.destroy();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

/** The evaluator the runner builds, over the spec's database; `dependencies` replaces the stores. */
export function targetEvaluatorOver(
  dataSource: DataSource,
  cipher: ConstructorParameters<typeof OpenedConnections>[0],
  adapters: DatasourceAdapterRegistry,
  dependencies: Partial<EvaluationPorts> = {},
): SuiteTargetEvaluator {
  return new SuiteTargetEvaluator(
    new OpenedConnections(cipher, new ConnectionUseService(dataSource)),
    adapters,
    {
      history: new CheckMetricHistory(dataSource),
      baselines: new CheckBaselines(dataSource),
      ...dependencies,
    },
  );
}

/** A saved connection row, its credential sealed for the runner; returns its id. */
export async function insertConnection(
  dataSource: DataSource,
  cipher: CredentialCipher,
  kind: ConnectionKind,
  config: Record<string, unknown>,
  credential: Record<string, unknown> | null,
): Promise<string> {
  const id = randomUUID();
  await dataSource.query(
    'INSERT INTO connections (id, name, kind, config, secret_ciphertext) VALUES ($1, $2, $3, $4, $5)',
    [
      id,
      `${kind}-${id}`,
      kind,
      JSON.stringify(config),
      credential === null ? null : cipher.sealer().seal(credential, `connection:${id}`),
    ],
  );
  return id;
}

async function onMaintenanceDatabase(sql: string): Promise<void> {
  const admin = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A database of the local PostgreSQL for one spec's tables (`name` is a plain identifier). */
export function createPostgresDatabase(name: string): Promise<void> {
  return onMaintenanceDatabase(`CREATE DATABASE ${name}`);
}

export function dropPostgresDatabase(name: string): Promise<void> {
  return onMaintenanceDatabase(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** What an evaluation spec runs in: its database, the credential opener, the peers, the evaluator. */
export interface EvaluationFixture {
  env: IsolatedEnvironment;
  dataSource: DataSource;
  /** Opens connection credentials as the runner does; seals them for `connectionRow`. */
  cipher: SecretOpener;
  peers: DatasourcePeers;
  evaluator: SuiteTargetEvaluator;
  /** A database of the local PostgreSQL for the spec's own source tables. */
  pgDatabase: string;
  /** A client on `pgDatabase`, connected; the caller ends it. */
  connectPostgres(): Promise<Client>;
  /** A saved connection row over `pgDatabase`; returns its id. */
  postgresConnectionRow(): Promise<string>;
  /** A saved connection row, its credential sealed for the runner; returns its id. */
  connectionRow(
    kind: ConnectionKind,
    config: Record<string, unknown>,
    credential: Record<string, unknown> | null,
  ): Promise<string>;
  /** Stops the peers and drops both databases; closes the data source when it opened it. */
  stop(): Promise<void>;
}

export interface EvaluationFixtureOptions extends DatasourcePeersOptions {
  /** The spec's own data source over `env` (a Nest context's, closed by the spec); a small pool otherwise. */
  openDataSource?: (env: IsolatedEnvironment) => Promise<DataSource>;
  /** Replaces the evaluator's stores. */
  dependencies?: (dataSource: DataSource) => Partial<EvaluationPorts>;
}

/**
 * An isolated environment, its data source and credential opener, the datasource peers, the
 * runner's evaluator over them and a PostgreSQL source database: what every evaluation spec
 * sets up. What was started is stopped again when a later step fails.
 */
export async function startEvaluationFixture(options: EvaluationFixtureOptions): Promise<EvaluationFixture> {
  const pgDatabase = `dq_${options.name}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const stops: (() => Promise<void>)[] = [];
  const stop = async (): Promise<void> => {
    for (const step of stops.splice(0).reverse()) await step();
  };
  try {
    const env = await createIsolatedEnvironment(`check-${options.name}`);
    stops.push(() => env.cleanup());
    let dataSource: DataSource;
    if (options.openDataSource) {
      dataSource = await options.openDataSource(env);
    } else {
      const own = await createDataSource({
        url: env.databaseUrl,
        applicationName: `check-${options.name}`,
        poolSize: 2,
      }).initialize();
      stops.push(() => own.destroy());
      dataSource = own;
    }
    const cipher = new SecretOpener(parsePrivateKeyRing(env.env['SECRETS_PRIVATE_KEY_RING'], 'test'));
    const peers = await startDatasourcePeers(options);
    stops.push(() => peers.stop());
    await createPostgresDatabase(pgDatabase);
    stops.push(() => dropPostgresDatabase(pgDatabase));
    const connectionRow: EvaluationFixture['connectionRow'] = (kind, config, credential) =>
      insertConnection(dataSource, cipher, kind, config, credential);
    return {
      env,
      dataSource,
      cipher,
      peers,
      evaluator: targetEvaluatorOver(dataSource, cipher, peers.adapters, options.dependencies?.(dataSource)),
      pgDatabase,
      connectPostgres: async () => {
        const client = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: pgDatabase });
        await client.connect();
        return client;
      },
      postgresConnectionRow: () =>
        connectionRow(
          'postgres',
          { host: '127.0.0.1', port: 5432, database: pgDatabase, user: 'postgres', sslmode: 'disable' },
          { password: 'trust' },
        ),
      connectionRow,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Opens nothing: a connection whose role authenticates by trust stores no credential. */
const NO_CREDENTIAL: CredentialOpener = {
  openJson: (): never => {
    throw new Error('no credential is stored');
  },
};

/** The local PostgreSQL's `database` as a saved connection the runner reads by trust. */
export interface TrustPostgres {
  connectionId: string;
  opened: OpenedConnections;
  adapters: DatasourceAdapterRegistry;
  egress: EgressGuard;
}

/**
 * Saves a credential-less connection row to the local PostgreSQL's `database` (trust auth) and the
 * runner's adapters over `spoolDir`, loopback allowed as in tests.
 */
export async function trustPostgresConnection(
  dataSource: DataSource,
  database: string,
  spoolDir: string,
  label: string,
): Promise<TrustPostgres> {
  const connectionId = randomUUID();
  await dataSource.query('INSERT INTO connections (id, name, kind, config) VALUES ($1, $2, $3, $4)', [
    connectionId,
    `${label}-${connectionId}`,
    'postgres',
    JSON.stringify({ host: '127.0.0.1', port: 5432, database, user: 'postgres', sslmode: 'disable' }),
  ]);
  const adapters = new DatasourceAdapterRegistry();
  const egress = new EgressGuard({ allowLoopbackForTests: true, nodeEnv: 'test', logger: { warn: () => 0 } });
  for (const adapter of createDefaultAdapters({ egress, spoolDir })) adapters.register(adapter);
  const opened = new OpenedConnections(NO_CREDENTIAL, new ConnectionUseService(dataSource));
  return { connectionId, opened, adapters, egress };
}
