import { type DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ConnectionUseService, type CredentialOpener } from '@dq/connections';
import { DatasourceAdapterRegistry } from '@dq/datasources';
import { CheckEvaluatorRegistry, CheckMetricHistory, RunsModule } from '@dq/runs';
import { CheckBaselines } from '@dq/suites';
import { CheckDryRun } from './evaluation/check-dry-run';
import { SuiteRunTargetEvaluator } from './evaluation/run-target-evaluator.adapter';
import { SuiteTargetEvaluator } from './evaluation/suite-target-evaluator';
import { OpenedConnections } from './target/opened-connections';
import { TargetProfiler } from './target/target-profiler';
import { TargetReader } from './target/target-reader';

export interface CheckExecutionOptions {
  /** Opens stored credentials (the runner's private key ring). */
  opener: CredentialOpener;
  /** The deadline of interactive work (a preview, a profile, a dry run). */
  interactiveDeadlineMs: number;
  /** The datasource adapters (`DatasourcesModule.forRoot`), re-exported to the importer. */
  datasources: DynamicModule;
}

const EXPORTED = [
  ConnectionUseService,
  OpenedConnections,
  TargetReader,
  TargetProfiler,
  SuiteTargetEvaluator,
  CheckDryRun,
  SuiteRunTargetEvaluator,
] as const;

/**
 * Evaluating checks against datasources (runner only): opened connections, target reads and
 * profiles, dry runs, and the evaluator of runs with a target, registered with the runs domain.
 */
@Module({})
export class CheckExecutionModule {
  static forRoot(options: CheckExecutionOptions): DynamicModule {
    return {
      module: CheckExecutionModule,
      imports: [RunsModule, options.datasources],
      providers: [
        ConnectionUseService,
        {
          provide: OpenedConnections,
          useFactory: (use: ConnectionUseService) => new OpenedConnections(options.opener, use),
          inject: [ConnectionUseService],
        },
        {
          provide: TargetReader,
          useFactory: (opened: OpenedConnections, registry: DatasourceAdapterRegistry) =>
            new TargetReader(opened, registry, options.interactiveDeadlineMs),
          inject: [OpenedConnections, DatasourceAdapterRegistry],
        },
        {
          provide: TargetProfiler,
          useFactory: (reader: TargetReader, registry: DatasourceAdapterRegistry) =>
            new TargetProfiler(reader, registry),
          inject: [TargetReader, DatasourceAdapterRegistry],
        },
        {
          provide: SuiteTargetEvaluator,
          useFactory: (
            opened: OpenedConnections,
            registry: DatasourceAdapterRegistry,
            history: CheckMetricHistory,
            dataSource: DataSource,
          ) =>
            new SuiteTargetEvaluator(opened, registry, {
              history,
              baselines: new CheckBaselines(dataSource),
            }),
          inject: [OpenedConnections, DatasourceAdapterRegistry, CheckMetricHistory, DataSource],
        },
        {
          provide: CheckDryRun,
          useFactory: (evaluator: SuiteTargetEvaluator) =>
            new CheckDryRun(evaluator, options.interactiveDeadlineMs),
          inject: [SuiteTargetEvaluator],
        },
        {
          // Runs with a target go to the suite evaluator: fused scans, samples, monitors.
          provide: SuiteRunTargetEvaluator,
          useFactory: (evaluator: SuiteTargetEvaluator, registry: CheckEvaluatorRegistry) => {
            const adapter = new SuiteRunTargetEvaluator(evaluator);
            registry.registerTargetEvaluator(adapter);
            return adapter;
          },
          inject: [SuiteTargetEvaluator, CheckEvaluatorRegistry],
        },
      ],
      exports: [...EXPORTED, options.datasources],
    };
  }
}
