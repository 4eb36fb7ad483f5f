import { type CanActivate, type ExecutionContext, Injectable, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError, ErrorCode } from '@dq/contracts';
import { UNGUARDED_ROUTE_KEY } from '@dq/platform';
import { authenticate } from '../credentials/authenticate';
import { CredentialResolver } from '../credentials/credential-resolver';
import { unauthenticatedError } from '../credentials/unauthenticated.error';
import { type WorkspaceCapability, hasCapability } from '../policy/workspace-capability';
import { IS_PUBLIC_KEY, REQUIRED_CAPABILITIES_KEY, THROTTLE_CLASS_KEY } from './auth.decorators';
import { RequestThrottle, type ThrottleClass, type ThrottledExchange } from './request-throttle';
import { attachPrincipal } from './request-principal';

export const CAPABILITY_FORBIDDEN_MESSAGE = 'Your workspace role does not allow this';

/**
 * Registered app-wide by AuthModule: every route needs a credential unless marked `@Public()`.
 * Non-HTTP handlers (none today) fail closed unless public: their headers mean nothing here.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly resolver: CredentialResolver,
    @Optional() private readonly throttle?: RequestThrottle,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    // Liveness and readiness answer probes: never authenticated, never rate-limited.
    if (this.reflector.getAllAndOverride<boolean | undefined>(UNGUARDED_ROUTE_KEY, targets)) return true;
    const isPublic = this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC_KEY, targets) ?? false;
    if (context.getType() !== 'http') {
      if (isPublic) return true;
      throw unauthenticatedError();
    }

    const http = context.switchToHttp();
    const request = http.getRequest<ThrottledExchange['request']>();
    const exchange: ThrottledExchange = {
      request,
      response: http.getResponse<ThrottledExchange['response']>(),
    };
    const throttleClass =
      this.reflector.getAllAndOverride<ThrottleClass | undefined>(THROTTLE_CLASS_KEY, targets) ?? 'standard';

    if (isPublic) {
      await this.throttle?.throttle(exchange, null, throttleClass);
      return true;
    }

    let principal;
    try {
      principal = await authenticate(this.resolver, request.headers);
    } catch (error) {
      // A refused credential still spends its address's budget: guessing tokens is throttled.
      await this.throttle?.throttle(exchange, null, throttleClass);
      throw error;
    }
    await this.throttle?.throttle(exchange, principal, throttleClass);
    attachPrincipal(request, principal);

    const required = this.reflector.getAllAndMerge<WorkspaceCapability[]>(REQUIRED_CAPABILITIES_KEY, targets);
    if (required.some((capability) => !hasCapability(principal.user, capability))) {
      throw new AppError(ErrorCode.Forbidden, CAPABILITY_FORBIDDEN_MESSAGE, {});
    }
    return true;
  }
}
