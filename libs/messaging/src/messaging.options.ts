import { type ServiceName } from '@dq/contracts';

export interface MessagingModuleOptions {
  /** e.g. `nats://127.0.0.1:4222` */
  readonly natsUrl: string;
  /** e.g. `redis://127.0.0.1:6379` */
  readonly redisUrl: string;
  /** `MESSAGING_NAMESPACE`; see {@link MessagingNamespace}. */
  readonly namespace: string;
  /** The service this process runs as; it answers `Requests.ServicePing` for this name. */
  readonly serviceName: ServiceName;
  /** Distinguishes replicas of one service in logs and ping replies. */
  readonly instanceId: string;
}

/** Injection token of the {@link MessagingModuleOptions}. */
export const MESSAGING_OPTIONS = Symbol('MESSAGING_OPTIONS');
