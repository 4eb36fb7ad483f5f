export * from './sample-redaction';
export * from './column-policy';
export * from './storable';
export * from './unicode-fuzz';
export * from './check-sample-policy';
