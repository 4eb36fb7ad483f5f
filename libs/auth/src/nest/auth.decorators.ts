import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { type WorkspaceCapability } from '../policy/workspace-capability';
import { type ThrottleClass } from './request-throttle';
import { unauthenticatedError } from '../credentials/unauthenticated.error';
import { type Principal } from '../principal/principal-directory';
import { principalOf } from './request-principal';

export const IS_PUBLIC_KEY = 'dq:auth:public';
export const REQUIRED_CAPABILITIES_KEY = 'dq:auth:capabilities';
export const THROTTLE_CLASS_KEY = 'dq:auth:throttle-class';

/** The route answers without a credential (health, sign-in); the guard resolves nothing for it. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC_KEY, true);

/**
 * The caller's workspace role must grant `capability`, else 403 `forbidden`. On a class and on a
 * handler both apply.
 */
export const RequireCapability = (capability: WorkspaceCapability): MethodDecorator & ClassDecorator =>
  SetMetadata(REQUIRED_CAPABILITIES_KEY, [capability]);

/** The authenticated caller. On a `@Public()` route there is none, and using it there is a 401. */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal => {
    const principal = principalOf(context.switchToHttp().getRequest<object>());
    if (!principal) throw unauthenticatedError();
    return principal;
  },
);

/** The route spends the separate `llm` rate-limit budget (per principal and per IP prefix). */
export const ThrottleAs = (throttleClass: ThrottleClass): MethodDecorator & ClassDecorator =>
  SetMetadata(THROTTLE_CLASS_KEY, throttleClass);
