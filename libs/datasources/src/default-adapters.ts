import { type DatasourceAdapter } from './adapter/datasource-adapter';
import { PostgresAdapter } from './postgres/postgres-adapter';

/** One adapter per datasource kind this runner can reach; the other kinds join as they are built. */
export function createDefaultAdapters(): DatasourceAdapter[] {
  return [new PostgresAdapter()];
}
