// The api-gateway service: the REST API `/api/v1`: authentication, validation, the error envelope;
// it enqueues work and asks the runner for live datasource work over NATS.
import 'reflect-metadata';
import { ServiceName } from '@dq/contracts';
import { loadConfigOrExit, startServiceOrExit } from '@dq/platform';
import { ApiGatewayConfig } from './api-gateway.config';
import { ApiGatewayModule, apiGatewayHttpOptions } from './api-gateway.module';

const config = loadConfigOrExit(ApiGatewayConfig, ServiceName.ApiGateway);
startServiceOrExit({
  service: ServiceName.ApiGateway,
  config,
  module: ApiGatewayModule.forRoot(config),
  http: apiGatewayHttpOptions,
});
