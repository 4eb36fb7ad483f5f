/* eslint-disable no-console -- a terminal benchmark helper: its output is part of the report. */
// The S3 (moto) and ADLS (Azurite) peers the flat-file benchmarks read through: both started, the
// bucket and container created, files uploaded, a connection to each for the adapters, and the
// child process that reads through them.
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import {
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { ContainerClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import {
  type AzuritePeer,
  type S3Peer,
  type S3PeerAccessKey,
  startAzuritePeer,
  startS3Peer,
} from '@dq/testing';
import { type DatasourceConnection } from '../libs/datasources/src/adapter/datasource-adapter';
import { type ChildReport, type ChildRequest } from './flat-file-read-child';
import { pidsListeningOn, startCpuMeter } from './process-cpu';

export const BUCKET = 'bench';
export const FILESYSTEM = 'bench';
const UPLOAD_PART_BYTES = 64 * 2 ** 20;
const REPO_ROOT = path.resolve(__dirname, '..');

export type StoreVariant = 'object-store' | 'file-store';

export interface StorePeers {
  s3: S3Peer;
  azurite: AzuritePeer;
  /** A connection to the bucket (object store) and to the filesystem (file store). */
  connections: Record<StoreVariant, DatasourceConnection>;
  /** The processes serving each store (found by their listening port), for their CPU time. */
  pids: Record<StoreVariant, number[]>;
  stop(): Promise<void>;
}

/** An S3 peer and the access key the benchmark signs with (moto takes any). */
type BenchS3 = Pick<S3Peer, 'endpoint' | 'region'> & { accessKey?: S3PeerAccessKey };

const ANY_ACCESS_KEY: S3PeerAccessKey = { accessKeyId: 'bench', secretAccessKey: 'bench' };

/** A client of the S3 peer with the benchmark's credentials; the caller destroys it. */
export function benchS3Client(peer: BenchS3): S3Client {
  return new S3Client({
    endpoint: peer.endpoint,
    region: peer.region,
    forcePathStyle: true,
    credentials: peer.accessKey ?? ANY_ACCESS_KEY,
  });
}

function benchContainer(peer: AzuritePeer): ContainerClient {
  return new ContainerClient(
    `${peer.accountUrl}/${FILESYSTEM}`,
    new StorageSharedKeyCredential(peer.accountName, peer.accountKey),
  );
}

/** A connection of the object-store adapter to the benchmark's bucket on an S3 peer. */
export function objectStoreConnection(peer: BenchS3): DatasourceConnection {
  const { accessKeyId, secretAccessKey } = peer.accessKey ?? ANY_ACCESS_KEY;
  return {
    id: null,
    kind: 'object_store',
    config: { bucket: BUCKET, endpoint_url: peer.endpoint, force_path_style: true, region: peer.region },
    credential: { access_key_id: accessKeyId, secret_access_key: secretAccessKey },
  };
}

/** Both peers started, with the bucket and the container created. */
export async function startStorePeers(): Promise<StorePeers> {
  console.log('starting the S3 peer (moto) and Azurite...');
  const [s3, azurite] = await Promise.all([startS3Peer(), startAzuritePeer()]);
  const stop = async (): Promise<void> => {
    await Promise.all([s3.stop(), azurite.stop()]);
  };
  try {
    const client = benchS3Client(s3);
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    client.destroy();
    await benchContainer(azurite).create();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    s3,
    azurite,
    connections: {
      'object-store': objectStoreConnection(s3),
      'file-store': fileStoreConnection(azurite.accountUrl, azurite.accountKey),
    },
    pids: { 'object-store': pidsListeningOn(s3.port), 'file-store': pidsListeningOn(azurite.port) },
    stop,
  };
}

function fileStoreConnection(accountUrl: string, accountKey: string): DatasourceConnection {
  return {
    id: null,
    kind: 'file_store',
    config: { account_url: accountUrl, filesystem: FILESYSTEM },
    credential: { account_key: accountKey },
  };
}

/**
 * The connections with each store's endpoint at `127.0.0.1:<port>` instead of the peer's (a relay
 * in front of it): the same loopback path through the adapters' egress guard as the peer's own.
 */
export function connectionsThrough(
  peers: StorePeers,
  ports: Record<StoreVariant, number>,
): Record<StoreVariant, DatasourceConnection> {
  const s3Endpoint = `http://127.0.0.1:${ports['object-store']}`;
  const accountUrl = `http://127.0.0.1:${ports['file-store']}/${peers.azurite.accountName}`;
  return {
    'object-store': objectStoreConnection({ ...peers.s3, endpoint: s3Endpoint }),
    'file-store': fileStoreConnection(accountUrl, peers.azurite.accountKey),
  };
}

/** One file to S3: a single PUT, or a multipart upload in 64 MiB parts read one at a time. */
export async function uploadToS3(client: S3Client, file: string, key: string): Promise<void> {
  const size = (await fs.promises.stat(file)).size;
  if (size <= UPLOAD_PART_BYTES) {
    const body = await fs.promises.readFile(file);
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: body }));
    return;
  }
  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: key }));
  const parts: Array<{ ETag?: string; PartNumber: number }> = [];
  const handle = await fs.promises.open(file, 'r');
  try {
    for (let offset = 0, part = 1; offset < size; offset += UPLOAD_PART_BYTES, part += 1) {
      const body = Buffer.alloc(Math.min(UPLOAD_PART_BYTES, size - offset));
      await handle.read(body, 0, body.byteLength, offset);
      const { ETag } = await client.send(
        new UploadPartCommand({ Bucket: BUCKET, Key: key, UploadId, PartNumber: part, Body: body }),
      );
      parts.push({ ETag, PartNumber: part });
    }
  } finally {
    await handle.close();
  }
  await client.send(
    new CompleteMultipartUploadCommand({
      Bucket: BUCKET,
      Key: key,
      UploadId,
      MultipartUpload: { Parts: parts },
    }),
  );
}

/**
 * Each local file to the bucket and the filesystem under its key, `inFlight` files at a time; a
 * large file is never in memory whole.
 */
export async function uploadToStorePeers(
  peers: StorePeers,
  files: ReadonlyArray<{ file: string; key: string }>,
  inFlight = 1,
): Promise<void> {
  const client = benchS3Client(peers.s3);
  const container = benchContainer(peers.azurite);
  const pending = [...files];
  try {
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
          const { file, key } = next;
          await Promise.all([
            uploadToS3(client, file, key),
            container.getBlockBlobClient(key).uploadFile(file, { blockSize: 8 * 2 ** 20, concurrency: 4 }),
          ]);
        }
      }),
    );
  } finally {
    client.destroy();
  }
}

/** Longest a child may take: a read that hangs fails the run instead of stalling it. */
const CHILD_TIMEOUT_MS = 15 * 60_000;

/** One read (or bare download) in its own process, so its memory and time are its own. */
export async function readInChild(request: ChildRequest): Promise<ChildReport> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['-r', './tools/register.cjs', path.join(__dirname, 'flat-file-read-child.ts'), JSON.stringify(request)],
    { cwd: REPO_ROOT, maxBuffer: 4 * 2 ** 20, timeout: CHILD_TIMEOUT_MS },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ChildReport;
}

/** A read in its own child, with the CPU seconds the serving peer spent meanwhile. */
export async function readInChildWithPeer(
  request: ChildRequest,
  peerPids: readonly number[],
): Promise<ChildReport & { peerCpuSeconds: number }> {
  const meter = startCpuMeter([{ name: 'peer', pids: peerPids }]);
  const report = await readInChild(request);
  const peerCpuSeconds = (meter.stop(1).perOperation['peer'] ?? 0) / 1000;
  return { ...report, peerCpuSeconds };
}

export function round(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}

/** The cores the peers, the relay and the reader share: what a CPU floor divides by. */
export const CORES = os.cpus().length;

/** A child's CPU seconds and its peer's, rounded for the record. */
export function cpuOf(report: { cpuSeconds: number; peerCpuSeconds: number }): {
  child: number;
  peer: number;
} {
  return { child: round(report.cpuSeconds, 3), peer: round(report.peerCpuSeconds, 3) };
}
