import { type DynamicModule, Module } from '@nestjs/common';
import { BaseServiceConfig } from './base-service-config';

/** Injection token of the app's typed config object: `@Inject(CONFIG) config: ApiGatewayConfig`. */
export const CONFIG = Symbol('dq:config');

/**
 * Makes the validated config injectable everywhere: by the `CONFIG` token, by its own class
 * (`ApiGatewayConfig`) and as `BaseServiceConfig` for libraries that need only the shared part.
 */
@Module({})
export class ConfigModule {
  static forRoot<T extends BaseServiceConfig>(config: T): DynamicModule {
    const ownClass = config.constructor as new () => T;
    const providers = [
      { provide: CONFIG, useValue: config },
      { provide: BaseServiceConfig, useValue: config },
      ...(ownClass === BaseServiceConfig ? [] : [{ provide: ownClass, useValue: config }]),
    ];
    return {
      module: ConfigModule,
      global: true,
      providers,
      exports: providers.map((p) => p.provide),
    };
  }
}
