// The lineage service: assets and lineage: run stamping, manifest refresh, OpenLineage.
import 'reflect-metadata';
import { ServiceName } from '@dq/contracts';
import { bootstrapService, loadConfigOrExit } from '@dq/platform';
import { LineageConfig } from './lineage.config';
import { LineageModule } from './lineage.module';

const config = loadConfigOrExit(LineageConfig, ServiceName.Lineage);
void bootstrapService({ service: ServiceName.Lineage, config, module: LineageModule.forRoot(config) });
