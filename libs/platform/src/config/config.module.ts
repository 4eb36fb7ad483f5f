import { type DynamicModule, Module } from '@nestjs/common';
import { BaseServiceConfig, HttpServiceConfig } from './base-service-config';

/** Injection token of the app's typed config object: `@Inject(CONFIG) config: ApiGatewayConfig`. */
export const CONFIG = Symbol('dq:config');

/**
 * Makes the validated config injectable everywhere: by the `CONFIG` token, by its own class
 * (`ApiGatewayConfig`), and as `HttpServiceConfig` / `BaseServiceConfig` for libraries that need
 * only the shared part.
 */
@Module({})
export class ConfigModule {
  static forRoot<T extends HttpServiceConfig>(config: T): DynamicModule {
    const ownClass = config.constructor as new () => T;
    const sharedClasses: (new () => HttpServiceConfig)[] = [HttpServiceConfig];
    if (config instanceof BaseServiceConfig) sharedClasses.push(BaseServiceConfig);
    const classes = sharedClasses.includes(ownClass) ? sharedClasses : [...sharedClasses, ownClass];
    const providers = [
      { provide: CONFIG, useValue: config },
      ...classes.map((provide) => ({ provide, useValue: config })),
    ];
    return {
      module: ConfigModule,
      global: true,
      providers,
      exports: providers.map((p) => p.provide),
    };
  }
}
