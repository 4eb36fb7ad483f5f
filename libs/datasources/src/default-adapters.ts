import { type AdapterDependencies } from './adapter/adapter-dependencies';
import { type DatasourceAdapter } from './adapter/datasource-adapter';
import { FileStoreAdapter } from './file-store/file-store-adapter';
import { IcebergAdapter } from './iceberg/iceberg-adapter';
import { LakehouseAdapter } from './lakehouse/lakehouse-adapter';
import { ObjectStoreAdapter } from './object-store/object-store-adapter';
import { PostgresAdapter } from './postgres/postgres-adapter';
import { WarehouseAdapter } from './warehouse/warehouse-adapter';

/** One adapter per datasource kind; orchestration kinds have none (they are polled, not read). */
export function createDefaultAdapters(dependencies: AdapterDependencies): DatasourceAdapter[] {
  return [
    new WarehouseAdapter(dependencies),
    new LakehouseAdapter(dependencies),
    new FileStoreAdapter(dependencies),
    new ObjectStoreAdapter(dependencies),
    new IcebergAdapter(dependencies),
    // PostgreSQL is reached by host and port, often on a private network the operator allows
    // (EGRESS_ALLOW_CIDRS, EGRESS_ALLOW_HOSTS): see docs/connections.md.
    new PostgresAdapter(dependencies),
  ];
}
