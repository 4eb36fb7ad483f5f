import { Module } from '@nestjs/common';

/**
 * The web host's own module. Its behavior lives at the Express level (the `/api` proxy and the
 * built browser app, see web-host.ts); config, logging, lifecycle and `/healthz` + `/readyz` come from
 * the platform's bootstrap. It registers no readiness probe: a gateway outage must not take the
 * page out of the load balancer; `/api` answers 502 in the error envelope instead.
 */
@Module({})
export class WebModule {}
