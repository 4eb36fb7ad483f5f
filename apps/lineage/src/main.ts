// The lineage service: assets and lineage: run stamping, manifest refresh, OpenLineage.
import 'reflect-metadata';
import { ServiceName } from '@dq/contracts';
import { loadConfigOrExit, startServiceOrExit } from '@dq/platform';
import { LineageConfig } from './lineage.config';
import { LineageModule } from './lineage.module';

const config = loadConfigOrExit(LineageConfig, ServiceName.Lineage);
startServiceOrExit({ service: ServiceName.Lineage, config, module: LineageModule.forRoot(config) });
