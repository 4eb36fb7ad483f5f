// Public surface of the datasources library (runner only: it touches datasources with opened credentials).
export * from './adapter/datasource-adapter';
export * from './adapter/datasource-adapter-registry';
