export * from './sample-redaction';
export * from './column-policy';
