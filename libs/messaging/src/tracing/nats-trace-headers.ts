import { TRACEPARENT_HEADER, currentTraceparent } from '@dq/platform';
import { type MsgHdrs, headers } from 'nats';

/** NATS headers carrying the current `traceparent`, or undefined outside any trace. */
export function traceHeaders(): MsgHdrs | undefined {
  const traceparent = currentTraceparent();
  if (!traceparent) return undefined;
  const carried = headers();
  carried.set(TRACEPARENT_HEADER, traceparent);
  return carried;
}

/** The `traceparent` a received message carries, if any. */
export function traceparentOf(carried: MsgHdrs | undefined): string | undefined {
  return carried?.get(TRACEPARENT_HEADER) || undefined;
}
