export * from './sample-redaction';
