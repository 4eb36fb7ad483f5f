import { ConnectionKind } from '@dq/contracts';
import { type CallOptions, type DatasourceConnection } from '../adapter/datasource-adapter';
import { RemoteFlatFileAdapter } from '../flat-files/remote-flat-file-adapter';
import { S3RemoteFileStore } from './s3-file-store';

/**
 * A bucket of AWS S3 or of any S3-compatible store (`endpoint_url`, usually with
 * `force_path_style`): both are spoken to with the same client, so they behave the same. Targets
 * are CSV or Parquet files (`dir/file.csv`) or batches (`dir/prefix_*.csv`), read by the shared
 * flat-file reader.
 */
export class ObjectStoreAdapter extends RemoteFlatFileAdapter<S3RemoteFileStore> {
  readonly kind = ConnectionKind.ObjectStore;

  /**
   * Lists at most one key of the bucket: proves the endpoint, the credential and the bucket with
   * the cheapest request. The bucket name is left out of the details: the user configured it.
   */
  async test(connection: DatasourceConnection, options: CallOptions): Promise<Record<string, unknown>> {
    const store = await this.openStore(connection, options);
    await store.checkBucket(options);
    return { bucket_reachable: true };
  }

  protected openStore(connection: DatasourceConnection, options: CallOptions): Promise<S3RemoteFileStore> {
    return S3RemoteFileStore.open(connection, this.deps, options);
  }
}
