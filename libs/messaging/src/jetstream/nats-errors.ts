import { NatsError } from 'nats';

/** JetStream API error codes we react to (nats-server `errors.json`). */
export const JsErrCode = {
  StreamNotFound: 10059,
  StreamNameInUse: 10058,
  ConsumerNotFound: 10014,
  ConsumerAlreadyExists: 10148,
  ConsumerNameExists: 10013,
} as const;

export function jsErrCode(err: unknown): number | undefined {
  return err instanceof NatsError ? err.api_error?.err_code : undefined;
}

export function describeError(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
