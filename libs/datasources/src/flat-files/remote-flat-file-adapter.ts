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
import { FlatFileReader } from './flat-file-reader';
import { countingStore } from './ranged-parquet';
import { type RemoteFileStore } from './remote-file-store';

/**
 * An adapter over a remote store of CSV and Parquet files: the store does the I/O, the shared
 * flat-file reader does listing by pattern, introspection and scans. A subclass opens its store
 * and proves a connection.
 */
export abstract class RemoteFlatFileAdapter<Store extends RemoteFileStore> implements DatasourceAdapter {
  abstract readonly kind: DatasourceAdapter['kind'];
  protected readonly reader: FlatFileReader;

  constructor(protected readonly deps: AdapterDependencies) {
    this.reader = new FlatFileReader(deps);
  }

  abstract test(connection: DatasourceConnection, options: CallOptions): Promise<Record<string, unknown>>;

  /** The store of one connection, opened for one call. */
  protected abstract openStore(connection: DatasourceConnection, options: CallOptions): Promise<Store>;

  /** The call's store, its requests and bytes counted when the caller asked (`options.transfer`). */
  private async counted(connection: DatasourceConnection, options: CallOptions): Promise<RemoteFileStore> {
    const store = await this.openStore(connection, options);
    return options.transfer ? countingStore(store, options.transfer) : store;
  }

  async columns(
    connection: DatasourceConnection,
    target: string,
    options: CallOptions,
  ): Promise<ColumnInfo[]> {
    return this.reader.columns(await this.counted(connection, options), target, options);
  }

  async scan(
    connection: DatasourceConnection,
    target: string,
    sql: string,
    options: ScanOptions,
  ): Promise<QueryResult> {
    return this.reader.scan(await this.counted(connection, options), target, sql, options);
  }

  async withScan<T>(
    connection: DatasourceConnection,
    target: string,
    options: CallOptions,
    work: (scan: ScanSession) => Promise<T>,
  ): Promise<T> {
    return this.reader.withScan(await this.counted(connection, options), target, options, work);
  }

  async listFiles(
    connection: DatasourceConnection,
    target: string,
    options: CallOptions,
  ): Promise<FileEntry[]> {
    return this.reader.listFiles(await this.counted(connection, options), target, options);
  }

  async metadata(
    connection: DatasourceConnection,
    target: string,
    options: CallOptions,
  ): Promise<TargetMetadata> {
    return this.reader.metadata(await this.counted(connection, options), target, options);
  }
}
