import { type Principal } from '../principal/principal-directory';

/** Where the guard leaves the principal on the HTTP request (also read by rate limiting and audit). */
export interface RequestWithPrincipal {
  principal?: Principal;
}

export function attachPrincipal(request: object, principal: Principal): void {
  (request as RequestWithPrincipal).principal = principal;
}

export function principalOf(request: object): Principal | undefined {
  return (request as RequestWithPrincipal).principal;
}
