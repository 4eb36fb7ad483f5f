// Public surface of the datasources library (runner only: it touches datasources with opened credentials).
export * from './adapter/datasource-adapter';
export * from './adapter/datasource-adapter-registry';
export * from './adapter/adapter-dependencies';
export * from './flat-files/remote-file-store';
export * from './postgres/postgres-adapter';
export * from './postgres/classify-postgres-error';
export * from './default-adapters';
export * from './datasources.module';
