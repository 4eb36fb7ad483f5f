import { Injectable } from '@nestjs/common';
import { NatsClient } from '../connections/nats-client';
import { type ReadinessProbe, withTimeout } from './readiness-probe';

const RTT_TIMEOUT_MS = 2_000;

/** The NATS connection is open and a round trip to the server completes. */
@Injectable()
export class NatsReadinessProbe implements ReadinessProbe {
  readonly name = 'nats';

  constructor(private readonly nats: NatsClient) {}

  async check(): Promise<void> {
    if (this.nats.isClosed()) throw new Error('NATS connection is closed');
    await withTimeout(this.nats.connection.rtt(), RTT_TIMEOUT_MS, 'NATS');
  }
}
