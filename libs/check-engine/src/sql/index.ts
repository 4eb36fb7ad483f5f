export * from './sql-dialect';
export * from './row-filter-sql';
export * from './fused-scan';
export * from './expectation-sql';
export * from './target-plan';
export * from './profile-sql';
export * from './native-metric-sql';
