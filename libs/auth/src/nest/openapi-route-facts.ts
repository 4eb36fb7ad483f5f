import { type Type } from '@nestjs/common';
import { ErrorCode } from '@dq/contracts';
import { type OpenApiRouteFacts, type RouteHandler, UNGUARDED_ROUTE_KEY } from '@dq/platform';
import { IS_PUBLIC_KEY, REQUIRED_CAPABILITIES_KEY } from './auth.decorators';

const first = (key: string, targets: object[]): unknown =>
  targets.map((target) => Reflect.getMetadata(key, target) as unknown).find((value) => value !== undefined);

/**
 * What AuthGuard does to a route, for the OpenAPI document: unguarded routes answer no guard
 * error; public ones are rate-limited; the rest also need a credential (401, or 403 for a user no
 * longer in the workspace) and, with a required capability, a role that grants it (403).
 */
export function authRouteFacts(targets: [RouteHandler, Type]): OpenApiRouteFacts {
  if (first(UNGUARDED_ROUTE_KEY, targets) === true) return { public: true, errors: [] };
  if (first(IS_PUBLIC_KEY, targets) === true) return { public: true, errors: [ErrorCode.RateLimited] };
  const capabilities = targets.flatMap(
    (target) => (Reflect.getMetadata(REQUIRED_CAPABILITIES_KEY, target) as unknown[] | undefined) ?? [],
  );
  return {
    public: false,
    errors: [
      ErrorCode.RateLimited,
      ErrorCode.Unauthenticated,
      ErrorCode.NotAMember,
      ...(capabilities.length ? [ErrorCode.Forbidden] : []),
    ],
  };
}
