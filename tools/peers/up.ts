/* eslint-disable no-console -- a command-line tool: its output is the peers' connection bodies. */
// `npm run peers`: starts every local datasource peer the tests use, loads sample data into each
// and prints, per peer, a body ready to POST to /api/v1/connections plus targets to try. Runs until
// Ctrl-C. Peers are loopback-only: the gateway and runner must run with
// EGRESS_ALLOW_LOOPBACK_FOR_TESTS=true, and the runner with WAREHOUSE_ACCESS_URL_FOR_TESTS set to
// the warehouse peer's URL (both refused in production), e.g. through `npm run dev`'s environment.
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { StorageSharedKeyCredential, BlobServiceClient } from '@azure/storage-blob';
import {
  createS3PeerBucket,
  putS3PeerObjects,
  startAzuritePeer,
  startFakesnowPeer,
  startIcebergCatalogPeer,
  startS3Peer,
} from '@dq/testing';

const FIXTURES = path.resolve(__dirname, '../../fixtures/csv-parquet');
const BUCKET = 'demo-landing';
const FILESYSTEM = 'demo-landing';

/** The sample flat files: the fixtures' messy CSV and Parquet files, under `landing/`. */
function sampleFiles(): { key: string; body: Buffer }[] {
  return ['csv', 'parquet'].flatMap((folder) =>
    readdirSync(path.join(FIXTURES, folder)).map((name) => ({
      key: `landing/${name}`,
      body: readFileSync(path.join(FIXTURES, folder, name)),
    })),
  );
}

async function main(): Promise<void> {
  const files = sampleFiles();
  const stops: (() => Promise<void>)[] = [];
  const shutDown = (): void => {
    Promise.allSettled(stops.map((stop) => stop())).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutDown);
  process.once('SIGTERM', shutDown);

  const s3 = await startS3Peer();
  stops.push(() => s3.stop());
  await createS3PeerBucket(s3, BUCKET);
  await putS3PeerObjects(s3, BUCKET, files);

  const azurite = await startAzuritePeer();
  stops.push(() => azurite.stop());
  const blobs = new BlobServiceClient(
    azurite.blobEndpoint,
    new StorageSharedKeyCredential(azurite.accountName, azurite.accountKey),
  ).getContainerClient(FILESYSTEM);
  await blobs.create();
  for (const file of files) await blobs.getBlockBlobClient(file.key).uploadData(file.body);

  const icebergToken = `demo-${randomBytes(9).toString('hex')}`;
  const iceberg = await startIcebergCatalogPeer({ token: icebergToken, s3 });
  stops.push(() => iceberg.stop());

  const warehousePassword = `demo-${randomBytes(9).toString('hex')}`;
  const warehouse = await startFakesnowPeer({ password: warehousePassword });
  stops.push(() => warehouse.stop());
  await warehouse.execute('CREATE DATABASE IF NOT EXISTS DEMO');
  await warehouse.execute('CREATE SCHEMA IF NOT EXISTS DEMO.SALES');
  await warehouse.execute(
    'CREATE OR REPLACE TABLE DEMO.SALES.ORDERS AS SELECT 1 AS ID, 12.5 AS AMOUNT UNION ALL SELECT 2, NULL',
  );

  const sampleTargets = ['landing/ontime_sample.csv', 'landing/alltypes_plain.parquet'];
  console.log(
    JSON.stringify(
      {
        object_store: {
          body: {
            name: 'demo-s3',
            kind: 'object_store',
            config: { bucket: BUCKET, endpoint_url: s3.endpoint, force_path_style: true, region: s3.region },
            // moto checks no credential unless its authentication is switched on.
            credential: { access_key_id: 'demo', secret_access_key: 'demo-secret' },
          },
          targets: sampleTargets,
        },
        file_store: {
          body: {
            name: 'demo-adls',
            kind: 'file_store',
            config: { account_url: azurite.accountUrl, filesystem: FILESYSTEM },
            credential: { account_key: azurite.accountKey },
          },
          targets: sampleTargets,
        },
        iceberg_catalog: {
          body: {
            name: 'demo-iceberg',
            kind: 'iceberg_catalog',
            config: { catalog_uri: iceberg.catalogUri, secret_property: 'token' },
            credential: { value: icebergToken },
          },
          targets: iceberg.tables.map((table) => `fixtures.${table}`),
        },
        warehouse: {
          runner_env: { WAREHOUSE_ACCESS_URL_FOR_TESTS: warehouse.accessUrl },
          body: {
            name: 'demo-snowflake',
            kind: 'warehouse',
            config: { account: 'demo', user: 'demo', database: 'DEMO', schema: 'SALES' },
            credential: { password: warehousePassword },
          },
          targets: ['DEMO.SALES.ORDERS'],
        },
        note: 'loopback peers: run the gateway and runner with EGRESS_ALLOW_LOOPBACK_FOR_TESTS=true (never in production)',
      },
      null,
      2,
    ),
  );
  console.log('peers running; Ctrl-C stops them');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
