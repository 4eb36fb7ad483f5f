// The alerting service: channels, notification config, incidents and alert delivery.
import 'reflect-metadata';
import { ServiceName } from '@dq/contracts';
import { loadConfigOrExit, startServiceOrExit } from '@dq/platform';
import { AlertingConfig } from './alerting.config';
import { AlertingModule } from './alerting.module';

const config = loadConfigOrExit(AlertingConfig, ServiceName.Alerting);
startServiceOrExit({ service: ServiceName.Alerting, config, module: AlertingModule.forRoot(config) });
