// Public surface of the service-runtime library: other projects import only from here.
export * from './service-runtime.module';
export * from './idempotent-consumers';
