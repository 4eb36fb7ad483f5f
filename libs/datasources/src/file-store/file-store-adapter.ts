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
import { adlsSettingsOf } from './adls-connection-config';
import { AdlsRemoteFileStore } from './adls-file-store';

/**
 * A cloud data lake filesystem (ADLS Gen2: `account_url` + `filesystem`) holding CSV and Parquet
 * targets, one file or a `<prefix>_*.ext` batch. The store does the I/O; the shared flat-file
 * reader does listing by pattern, introspection and scans.
 */
export class FileStoreAdapter implements DatasourceAdapter {
  readonly kind = ConnectionKind.FileStore;
  private readonly reader: FlatFileReader;

  constructor(private readonly deps: AdapterDependencies) {
    this.reader = new FlatFileReader(deps);
  }

  /**
   * Lists at most one path of the filesystem: proves the host answers, the credential is accepted
   * and the filesystem exists and may be listed, without reading any data.
   */
  async test(connection: DatasourceConnection, options: CallOptions): Promise<Record<string, unknown>> {
    const store = await this.store(connection, options);
    await store.probe(options);
    return { filesystem_reachable: true };
  }

  async columns(
    connection: DatasourceConnection,
    target: string,
    options: CallOptions,
  ): Promise<ColumnInfo[]> {
    return this.reader.columns(await this.store(connection, options), target, options);
  }

  async scan(
    connection: DatasourceConnection,
    target: string,
    sql: string,
    options: ScanOptions,
  ): Promise<QueryResult> {
    return this.reader.scan(await this.store(connection, options), target, sql, options);
  }

  async withScan<T>(
    connection: DatasourceConnection,
    target: string,
    options: CallOptions,
    work: (scan: ScanSession) => Promise<T>,
  ): Promise<T> {
    return this.reader.withScan(await this.store(connection, options), target, options, work);
  }

  async listFiles(
    connection: DatasourceConnection,
    target: string,
    options: CallOptions,
  ): Promise<FileEntry[]> {
    return this.reader.listFiles(await this.store(connection, options), target, options);
  }

  async metadata(
    connection: DatasourceConnection,
    target: string,
    options: CallOptions,
  ): Promise<TargetMetadata> {
    return this.reader.metadata(await this.store(connection, options), target, options);
  }

  private store(connection: DatasourceConnection, options: CallOptions): Promise<AdlsRemoteFileStore> {
    return AdlsRemoteFileStore.open(adlsSettingsOf(connection), this.deps, options);
  }
}
