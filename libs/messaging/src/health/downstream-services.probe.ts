import { Requests, type ServiceName } from '@dq/contracts';
import { RpcClient } from '../rpc/rpc-client';
import { type ReadinessProbe } from './readiness-probe';

const DEFAULT_PING_TIMEOUT_MS = 1_500;

/** Names the services that did not answer a ping. */
export class DownstreamServicesUnavailableError extends Error {
  constructor(readonly down: readonly ServiceName[]) {
    super(`Services not answering: ${down.join(', ')}`);
    this.name = 'DownstreamServicesUnavailableError';
  }
}

/**
 * Pings each named service over `Requests.ServicePing` (all at once); ready when every one answered.
 * Built by the app that needs it: `new DownstreamServicesProbe(rpcClient, GATEWAY_DOWNSTREAM_SERVICES, ...)`.
 */
export class DownstreamServicesProbe implements ReadinessProbe {
  readonly name = 'downstream-services';

  constructor(
    private readonly client: RpcClient,
    private readonly services: readonly ServiceName[],
    private readonly from: string,
    private readonly timeoutMs = DEFAULT_PING_TIMEOUT_MS,
  ) {}

  async check(): Promise<void> {
    const results = await Promise.allSettled(
      this.services.map((service) =>
        this.client.request(
          Requests.ServicePing,
          service,
          { from: this.from },
          { timeoutMs: this.timeoutMs },
        ),
      ),
    );
    const down = this.services.filter((_, index) => results[index]?.status === 'rejected');
    if (down.length > 0) throw new DownstreamServicesUnavailableError(down);
  }
}
