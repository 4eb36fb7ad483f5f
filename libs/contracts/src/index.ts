// Public surface of the contracts library: other projects import only from here.
export * from './errors/error-code';
export * from './errors/app-error';
export * from './messaging/definitions';
export * from './messaging/catalog';
export * from './runs/run-status';
export * from './runs/run-events';
export * from './services/service-name';
export * from './services/service-ping';
export * from './identity/roles';
export * from './identity/identity.dto';
export * from './audit/audit-event';
export * from './audit/audit-event-list.dto';
export * from './limits/rate-limit';
export * from './connections/connection-kind';
export * from './connections/connection-config.dto';
export * from './connections/connection-credential.dto';
export * from './connections/connection.dto';
