import { type DynamicModule, Module } from '@nestjs/common';
import { type AdapterDependencies } from './adapter/adapter-dependencies';
import { DatasourceAdapterRegistry } from './adapter/datasource-adapter-registry';
import { createDefaultAdapters } from './default-adapters';

/** Provides the adapter registry, filled with the default adapters (runner only). */
@Module({})
export class DatasourcesModule {
  static forRoot(dependencies: AdapterDependencies): DynamicModule {
    return {
      module: DatasourcesModule,
      providers: [
        {
          provide: DatasourceAdapterRegistry,
          useFactory: (): DatasourceAdapterRegistry => {
            const registry = new DatasourceAdapterRegistry();
            for (const adapter of createDefaultAdapters(dependencies)) registry.register(adapter);
            return registry;
          },
        },
      ],
      exports: [DatasourceAdapterRegistry],
    };
  }
}
