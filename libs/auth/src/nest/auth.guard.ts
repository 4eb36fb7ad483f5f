import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError, ErrorCode } from '@dq/contracts';
import { authenticate, type HeaderBag } from '../credentials/authenticate';
import { CredentialResolver } from '../credentials/credential-resolver';
import { unauthenticatedError } from '../credentials/unauthenticated.error';
import { type WorkspaceCapability, hasCapability } from '../policy/workspace-capability';
import { IS_PUBLIC_KEY, REQUIRED_CAPABILITIES_KEY } from './auth.decorators';
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
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC_KEY, targets)) return true;
    if (context.getType() !== 'http') throw unauthenticatedError();

    const request = context.switchToHttp().getRequest<{ headers: HeaderBag }>();
    const principal = await authenticate(this.resolver, request.headers);
    attachPrincipal(request, principal);

    const required = this.reflector.getAllAndMerge<WorkspaceCapability[]>(REQUIRED_CAPABILITIES_KEY, targets);
    if (required.some((capability) => !hasCapability(principal.user, capability))) {
      throw new AppError(ErrorCode.Forbidden, CAPABILITY_FORBIDDEN_MESSAGE, {});
    }
    return true;
  }
}
