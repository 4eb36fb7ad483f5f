import { randomBytes } from 'node:crypto';

/** Lower-case letters, digits, `_` and `-`: valid in NATS subjects, stream and durable names, Redis keys. */
const NAMESPACE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,39}$/;

/**
 * The deployment's messaging namespace (`MESSAGING_NAMESPACE`, e.g. `dq` or `dqt_3fa9c1`). Every wire
 * name is logical in `@dq/contracts`; this class is the one place it becomes physical, so two
 * namespaces on the same NATS and Redis never see each other's messages.
 */
export class MessagingNamespace {
  constructor(readonly value: string) {
    // Lower-case only: stream names are upper-cased, so `dq` and `DQ` would otherwise share streams.
    if (!NAMESPACE_PATTERN.test(value)) {
      throw new Error(
        `Invalid messaging namespace "${value}": use 1-40 lower-case letters, digits, "_" or "-", starting with a letter or digit`,
      );
    }
  }

  /** A fresh namespace for an isolated test run, e.g. `dqt_3fa9c1d2`. */
  static random(prefix = 'dqt'): MessagingNamespace {
    return new MessagingNamespace(`${prefix}_${randomBytes(4).toString('hex')}`);
  }

  /** `<ns>.<subject>`; also for filters with wildcards (`events.>`). */
  subject(logical: string): string {
    return `${this.value}.${logical}`;
  }

  /** The logical subject of a physical one, or the physical subject unchanged if it is not ours. */
  logicalSubject(physical: string): string {
    const prefix = `${this.value}.`;
    return physical.startsWith(prefix) ? physical.slice(prefix.length) : physical;
  }

  /** `<NS>_<NAME>`, upper-case by JetStream convention. */
  streamName(logical: string): string {
    return `${this.value}_${logical}`.toUpperCase();
  }

  /** `<ns>_<durable>`. */
  durableName(logical: string): string {
    return `${this.value}_${logical}`;
  }

  /** BullMQ key prefix: every queue key is `<ns>:<queue>:...`. */
  get queuePrefix(): string {
    return this.value;
  }
}
