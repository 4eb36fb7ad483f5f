// The alerting service: channels, notification config, incidents and alert delivery.
import 'reflect-metadata';
import { ServiceName } from '@dq/contracts';
import { bootstrapService, loadConfigOrExit } from '@dq/platform';
import { AlertingConfig } from './alerting.config';
import { AlertingModule } from './alerting.module';

const config = loadConfigOrExit(AlertingConfig, ServiceName.Alerting);
void bootstrapService({ service: ServiceName.Alerting, config, module: AlertingModule.forRoot(config) });
