export * from './read-only-sql';
export * from './monitor-configs';
export * from './monitor-evaluation';
