import { ConnectionKind } from '@dq/contracts';
import { type CallOptions, type DatasourceConnection } from '../adapter/datasource-adapter';
import { RemoteFlatFileAdapter } from '../flat-files/remote-flat-file-adapter';
import { adlsSettingsOf } from './adls-connection-config';
import { AdlsRemoteFileStore } from './adls-file-store';

/**
 * A cloud data lake filesystem (ADLS Gen2: `account_url` + `filesystem`) holding CSV and Parquet
 * targets, one file or a `<prefix>_*.ext` batch. The store does the I/O; the shared flat-file
 * reader does listing by pattern, introspection and scans.
 */
export class FileStoreAdapter extends RemoteFlatFileAdapter<AdlsRemoteFileStore> {
  readonly kind = ConnectionKind.FileStore;

  /**
   * Lists at most one path of the filesystem: proves the host answers, the credential is accepted
   * and the filesystem exists and may be listed, without reading any data.
   */
  async test(connection: DatasourceConnection, options: CallOptions): Promise<Record<string, unknown>> {
    const store = await this.openStore(connection, options);
    await store.probe(options);
    return { filesystem_reachable: true };
  }

  protected openStore(connection: DatasourceConnection, options: CallOptions): Promise<AdlsRemoteFileStore> {
    return AdlsRemoteFileStore.open(adlsSettingsOf(connection), this.deps, options);
  }
}
