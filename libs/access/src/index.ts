// Public surface of the access library: other projects import only from here.
export * from './access.config';
export * from './access-options';
export * from './access.module';
export * from './rate-limit-throttle';
