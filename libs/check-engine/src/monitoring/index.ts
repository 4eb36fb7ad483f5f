export * from './read-only-sql';
export * from './sql-gate';
export * from './monitor-configs';
export * from './monitor-evaluation';
