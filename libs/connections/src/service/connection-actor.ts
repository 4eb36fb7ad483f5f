import { type Principal, capabilityTierOf } from '@dq/auth';
import { type ConnectionActor } from './connections.service';

/** Who changes a connection, as its audit events record it: the user and the credential used. */
export function connectionActorOf(principal: Principal): ConnectionActor {
  return {
    userId: principal.user.id,
    credential: `${principal.credential.kind}${principal.credential.id ? `:${principal.credential.id}` : ''}`,
    seesEverySuite: capabilityTierOf(principal.user) === 'admin',
  };
}
