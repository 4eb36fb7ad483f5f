import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createDataSource, type DataSourceConfig } from './create-data-source';
import { PostgresReadinessProbe } from './postgres-readiness.probe';

/** Closes the pool last (application shutdown runs after every module's own destroy hooks). */
@Injectable()
class DataSourceCloser implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

export interface DbModuleAsyncOptions {
  imports?: DynamicModule['imports'];
  inject?: (string | symbol | (abstract new (...args: never[]) => unknown))[];
  useFactory: (...args: never[]) => DataSourceConfig | Promise<DataSourceConfig>;
}

const DB_CONFIG = Symbol('DB_CONFIG');

/** Provides the initialized `DataSource` app-wide and the `PostgresReadinessProbe` beside it. */
@Global()
@Module({})
export class DbModule {
  static forRoot(config: DataSourceConfig): DynamicModule {
    return DbModule.build([{ provide: DB_CONFIG, useValue: config }]);
  }

  /** For configs that come from another provider (the platform's typed config). */
  static forRootAsync(options: DbModuleAsyncOptions): DynamicModule {
    return {
      ...DbModule.build([
        { provide: DB_CONFIG, inject: options.inject ?? [], useFactory: options.useFactory },
      ]),
      imports: options.imports ?? [],
    };
  }

  private static build(configProviders: DynamicModule['providers'] & object): DynamicModule {
    return {
      module: DbModule,
      global: true,
      providers: [
        ...configProviders,
        {
          provide: DataSource,
          inject: [DB_CONFIG],
          useFactory: async (config: DataSourceConfig): Promise<DataSource> =>
            createDataSource(config).initialize(),
        },
        DataSourceCloser,
        PostgresReadinessProbe,
      ],
      exports: [DataSource, PostgresReadinessProbe],
    };
  }
}
