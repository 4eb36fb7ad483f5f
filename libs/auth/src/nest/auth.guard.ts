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

/** What a route's decorators say the guard must do; fixed once the app has booted. */
interface RouteFacts {
  unguarded: boolean;
  isPublic: boolean;
  throttleClass: ThrottleClass;
  required: WorkspaceCapability[];
}

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

  /** Route facts per handler and controller: decorators are read once per route, not per request. */
  private readonly factsByHandler = new WeakMap<object, WeakMap<object, RouteFacts>>();

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { unguarded, isPublic, throttleClass, required } = this.routeFacts(
      context.getHandler(),
      context.getClass(),
    );
    // Liveness and readiness answer probes: never authenticated, never rate-limited.
    if (unguarded) return true;
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

    if (required.some((capability) => !hasCapability(principal.user, capability))) {
      throw new AppError(ErrorCode.Forbidden, CAPABILITY_FORBIDDEN_MESSAGE, {});
    }
    return true;
  }

  private routeFacts(
    handler: ReturnType<ExecutionContext['getHandler']>,
    controller: ReturnType<ExecutionContext['getClass']>,
  ): RouteFacts {
    let byController = this.factsByHandler.get(handler);
    const known = byController?.get(controller);
    if (known !== undefined) return known;
    const targets = [handler, controller];
    const facts: RouteFacts = {
      unguarded: this.reflector.getAllAndOverride<boolean | undefined>(UNGUARDED_ROUTE_KEY, targets) ?? false,
      isPublic: this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC_KEY, targets) ?? false,
      throttleClass:
        this.reflector.getAllAndOverride<ThrottleClass | undefined>(THROTTLE_CLASS_KEY, targets) ??
        'standard',
      required: this.reflector.getAllAndMerge<WorkspaceCapability[]>(REQUIRED_CAPABILITIES_KEY, targets),
    };
    if (byController === undefined) {
      byController = new WeakMap();
      this.factsByHandler.set(handler, byController);
    }
    byController.set(controller, facts);
    return facts;
  }
}
