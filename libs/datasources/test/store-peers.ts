import { ContainerClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import { EgressGuard } from '@dq/security';
import {
  type AzuritePeer,
  type S3Peer,
  createS3PeerBucket,
  putS3PeerObjects,
  startAzuritePeer,
  startS3Peer,
} from '@dq/testing';
import { type CallOptions, type DatasourceConnection } from '../src/adapter/datasource-adapter';
import { adlsSettingsOf } from '../src/file-store/adls-connection-config';
import { AdlsRemoteFileStore } from '../src/file-store/adls-file-store';
import { FileStoreAdapter } from '../src/file-store/file-store-adapter';
import { type RemoteFileStore } from '../src/flat-files/remote-file-store';
import { ObjectStoreAdapter } from '../src/object-store/object-store-adapter';
import { S3RemoteFileStore } from '../src/object-store/s3-file-store';

/** One object put on both peers under the same key. */
export interface StorePeerObject {
  key: string;
  body: string | Uint8Array;
}

/**
 * The S3 (moto) and ADLS (Azurite) peers holding the same objects, for specs that read flat files
 * through both remote stores; with a loopback-allowing egress guard, connections and stores.
 */
export interface StorePeers {
  readonly egress: EgressGuard;
  readonly s3: S3Peer;
  readonly azurite: AzuritePeer;
  /** An admin client of the filesystem's container. */
  readonly container: ContainerClient;
  /** A connection to the bucket on the S3 peer. */
  readonly s3Connection: DatasourceConnection;
  /** A connection to the filesystem on the Azurite peer. */
  readonly adlsConnection: DatasourceConnection;
  /** The object-store and file-store adapters, spooling under `spoolDir`. */
  adapters(spoolDir: string): { objectStore: ObjectStoreAdapter; fileStore: FileStoreAdapter };
  /** The bucket as a remote file store, spooling under `spoolDir`. */
  openS3(spoolDir: string, call: CallOptions): Promise<RemoteFileStore>;
  /** The filesystem as a remote file store, spooling under `spoolDir`. */
  openAdls(spoolDir: string, call: CallOptions): Promise<RemoteFileStore>;
  /** Stops both peers and the egress guard. */
  stop(): Promise<void>;
}

const UPLOADS_IN_FLIGHT = 8;

/** Starts both peers, creates `bucket` and `filesystem`, and puts every object on each. */
export async function startStorePeers(options: {
  bucket: string;
  filesystem: string;
  objects: readonly StorePeerObject[];
}): Promise<StorePeers> {
  const egress = new EgressGuard({ allowLoopbackForTests: true, nodeEnv: 'test', logger: { warn: () => 0 } });
  const started = await Promise.allSettled([startS3Peer(), startAzuritePeer()]);
  const stop = async (): Promise<void> => {
    for (const peer of started) if (peer.status === 'fulfilled') await peer.value.stop();
    egress.destroy();
  };
  try {
    const [s3, azurite] = started.map((peer) => {
      if (peer.status === 'rejected') throw peer.reason;
      return peer.value;
    }) as [S3Peer, AzuritePeer];
    await createS3PeerBucket(s3, options.bucket);
    await putS3PeerObjects(s3, options.bucket, options.objects);
    const container = new ContainerClient(
      `${azurite.accountUrl}/${options.filesystem}`,
      new StorageSharedKeyCredential(azurite.accountName, azurite.accountKey),
    );
    await container.create();
    const pending = [...options.objects];
    await Promise.all(
      Array.from({ length: UPLOADS_IN_FLIGHT }, async () => {
        for (let next = pending.shift(); next !== undefined; next = pending.shift())
          await container
            .getBlockBlobClient(next.key)
            .uploadData(typeof next.body === 'string' ? Buffer.from(next.body) : next.body);
      }),
    );

    const s3Connection: DatasourceConnection = {
      id: null,
      kind: 'object_store',
      config: {
        bucket: options.bucket,
        endpoint_url: s3.endpoint,
        force_path_style: true,
        region: s3.region,
      },
      credential: { access_key_id: 'test', secret_access_key: 'test' },
    };
    const adlsConnection: DatasourceConnection = {
      id: null,
      kind: 'file_store',
      config: { account_url: azurite.accountUrl, filesystem: options.filesystem },
      credential: { account_key: azurite.accountKey },
    };
    return {
      egress,
      s3,
      azurite,
      container,
      s3Connection,
      adlsConnection,
      adapters: (spoolDir) => ({
        objectStore: new ObjectStoreAdapter({ egress, spoolDir }),
        fileStore: new FileStoreAdapter({ egress, spoolDir }),
      }),
      openS3: (spoolDir, call) => S3RemoteFileStore.open(s3Connection, { egress, spoolDir }, call),
      openAdls: (spoolDir, call) =>
        AdlsRemoteFileStore.open(adlsSettingsOf(adlsConnection), { egress, spoolDir }, call),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The same store read as it was before CSV streaming (docs/decisions/0050): no link into the
 * spool, so a remote file is spooled whole, then read.
 */
export function spooledWhole(store: RemoteFileStore): RemoteFileStore {
  return {
    list: (prefix, options) => store.list(prefix, options),
    stat: (file, options) => store.stat(file, options),
    readRange: (file, start, end, options) => store.readRange(file, start, end, options),
    openStream: (file, options) => store.openStream(file, options),
    linkTo: async () => false,
  };
}
