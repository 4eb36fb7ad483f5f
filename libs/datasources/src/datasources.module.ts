import { Module } from '@nestjs/common';
import { DatasourceAdapterRegistry } from './adapter/datasource-adapter-registry';
import { createDefaultAdapters } from './default-adapters';

/** Provides the adapter registry, filled with the default adapters (runner only). */
@Module({
  providers: [
    {
      provide: DatasourceAdapterRegistry,
      useFactory: (): DatasourceAdapterRegistry => {
        const registry = new DatasourceAdapterRegistry();
        for (const adapter of createDefaultAdapters()) registry.register(adapter);
        return registry;
      },
    },
  ],
  exports: [DatasourceAdapterRegistry],
})
export class DatasourcesModule {}
