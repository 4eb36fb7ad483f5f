import { ConnectionKind } from '@dq/contracts';
import { type AdapterDependencies } from '../adapter/adapter-dependencies';
import {
  type CallOptions,
  type ColumnInfo,
  type DatasourceAdapter,
  type DatasourceConnection,
  type FileEntry,
  type QueryResult,
  type ScanOptions,
  type ScanSession,
  type TargetMetadata,
} from '../adapter/datasource-adapter';
import { FlatFileReader } from '../flat-files/flat-file-reader';
import { S3RemoteFileStore } from './s3-file-store';

/**
 * A bucket of AWS S3 or of any S3-compatible store (`endpoint_url`, usually with
 * `force_path_style`): both are spoken to with the same client, so they behave the same. Targets
 * are CSV or Parquet files (`dir/file.csv`) or batches (`dir/prefix_*.csv`), read by the shared
 * flat-file reader.
 */
export class ObjectStoreAdapter implements DatasourceAdapter {
  readonly kind = ConnectionKind.ObjectStore;
  private readonly reader: FlatFileReader;

  constructor(private readonly deps: AdapterDependencies) {
    this.reader = new FlatFileReader(deps);
  }

  /**
   * Lists at most one key of the bucket: proves the endpoint, the credential and the bucket with
   * the cheapest request. The bucket name is left out of the details: the user configured it.
   */
  async test(connection: DatasourceConnection, options: CallOptions): Promise<Record<string, unknown>> {
    const store = await S3RemoteFileStore.open(connection, this.deps, options);
    await store.checkBucket(options);
    return { bucket_reachable: true };
  }

  async columns(
    connection: DatasourceConnection,
    target: string,
    options: CallOptions,
  ): Promise<ColumnInfo[]> {
    const store = await S3RemoteFileStore.open(connection, this.deps, options);
    return this.reader.columns(store, target, options);
  }

  async scan(
    connection: DatasourceConnection,
    target: string,
    sql: string,
    options: ScanOptions,
  ): Promise<QueryResult> {
    const store = await S3RemoteFileStore.open(connection, this.deps, options);
    return this.reader.scan(store, target, sql, options);
  }

  async withScan<T>(
    connection: DatasourceConnection,
    target: string,
    options: CallOptions,
    work: (scan: ScanSession) => Promise<T>,
  ): Promise<T> {
    return this.reader.withScan(
      await S3RemoteFileStore.open(connection, this.deps, options),
      target,
      options,
      work,
    );
  }

  async listFiles(
    connection: DatasourceConnection,
    target: string,
    options: CallOptions,
  ): Promise<FileEntry[]> {
    const store = await S3RemoteFileStore.open(connection, this.deps, options);
    return this.reader.listFiles(store, target, options);
  }

  async metadata(
    connection: DatasourceConnection,
    target: string,
    options: CallOptions,
  ): Promise<TargetMetadata> {
    const store = await S3RemoteFileStore.open(connection, this.deps, options);
    return this.reader.metadata(store, target, options);
  }
}
