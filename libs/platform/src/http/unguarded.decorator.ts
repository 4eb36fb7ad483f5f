import { SetMetadata } from '@nestjs/common';

export const UNGUARDED_ROUTE_KEY = 'dq:unguarded-route';

/**
 * Infrastructure routes (liveness, readiness) that answer orchestrators and load balancers: no
 * credential, no rate limit. Request guards (the gateways' auth guard) let them through untouched.
 */
export const Unguarded = (): MethodDecorator & ClassDecorator => SetMetadata(UNGUARDED_ROUTE_KEY, true);
