import { type DynamicModule, Module } from '@nestjs/common';
import { SecretSealer, UrlPolicy } from './ports/connection-ports';
import { ConnectionDirectory } from './service/connection-directory.service';
import { ConnectionUseService } from './service/connection-use.service';
import { ConnectionsService } from './service/connections.service';

export interface ConnectionsModuleOptions {
  sealer: SecretSealer;
  urlPolicy: UrlPolicy;
}

/**
 * The connections context. Needs the app's global DataSource (DbModule) and AuditLog
 * (AuditModule); the app supplies the sealer and the egress policy (see `securityPorts`).
 */
@Module({})
export class ConnectionsModule {
  static forRoot(options: ConnectionsModuleOptions): DynamicModule {
    return {
      module: ConnectionsModule,
      providers: [
        { provide: SecretSealer, useValue: options.sealer },
        { provide: UrlPolicy, useValue: options.urlPolicy },
        ConnectionUseService,
        ConnectionsService,
        ConnectionDirectory,
      ],
      exports: [ConnectionsService, ConnectionUseService, ConnectionDirectory],
    };
  }
}
