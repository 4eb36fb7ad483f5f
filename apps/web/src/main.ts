// The web host: serves the built browser app and proxies `/api` same-origin to the api-gateway.
import 'reflect-metadata';
import { ServiceName } from '@dq/contracts';
import { loadConfigOrExit, startServiceOrExit } from '@dq/platform';
import { WebConfig } from './web.config';
import { webServiceOptions } from './web-host';

const config = loadConfigOrExit(WebConfig, ServiceName.Web);
startServiceOrExit(webServiceOptions(config));
