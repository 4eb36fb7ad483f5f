// Public surface of the connections library: other projects import only from here.
export * from './connections.module';
export * from './ports/connection-ports';
export { type ConnectionActor, ConnectionsService, connectionSecretAad } from './service/connections.service';
