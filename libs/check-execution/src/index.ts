// Public surface of the check-execution library (runner only: it touches datasources).
export * from './target/opened-connections';
export * from './target/datasource-failure';
export * from './target/target-reader';
