import { type AdapterDependencies } from './adapter/adapter-dependencies';
import { type DatasourceAdapter } from './adapter/datasource-adapter';
import { PostgresAdapter } from './postgres/postgres-adapter';

/** One adapter per datasource kind this runner can reach. */
export function createDefaultAdapters(_dependencies: AdapterDependencies): DatasourceAdapter[] {
  return [
    // PostgreSQL is reached by host and port, usually on a private network: see docs/connections.md.
    new PostgresAdapter(),
  ];
}
