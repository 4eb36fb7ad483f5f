// Public surface of the datasources library (runner only: it touches datasources with opened credentials).
export * from './adapter/datasource-adapter';
export * from './adapter/datasource-adapter-registry';
export * from './adapter/adapter-dependencies';
export * from './flat-files/remote-file-store';
export * from './flat-files/flat-file-reader';
export * from './flat-files/duckdb-engine';
export * from './flat-files/file-target';
export * from './flat-files/local-file-store';
export * from './postgres/postgres-adapter';
export * from './postgres/classify-postgres-error';
export * from './file-store/file-store-adapter';
export * from './warehouse/warehouse-adapter';
export * from './object-store/object-store-adapter';
export * from './lakehouse/lakehouse-adapter';
export * from './iceberg/iceberg-adapter';
export * from './default-adapters';
export * from './datasources.module';
