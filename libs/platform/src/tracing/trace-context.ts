import { randomBytes } from 'node:crypto';
import { currentLogContext } from '../logging/log-context';

/** The W3C Trace Context header a request, a NATS message or a queued job carries. */
export const TRACEPARENT_HEADER = 'traceparent';

/** One position in a trace: the trace, the current span, and whether the caller samples it. */
export interface TraceContext {
  traceId: string;
  spanId: string;
  sampled: boolean;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ALL_ZERO = /^0+$/;

/**
 * Parses a `traceparent` value as W3C Trace Context level 1 reads it: version `ff` and all-zero
 * ids are invalid; a future version may append fields after the flags. Anything else is undefined.
 */
export function parseTraceparent(value: string | undefined | null): TraceContext | undefined {
  if (typeof value !== 'string' || value.length > 512) return undefined;
  const match = TRACEPARENT.exec(value.trim());
  if (!match) return undefined;
  const [, version, traceId, spanId, flags, rest] = match;
  if (version === 'ff' || ALL_ZERO.test(traceId) || ALL_ZERO.test(spanId)) return undefined;
  // Version 00 has exactly four fields; only later versions may add more.
  if (version === '00' && rest !== undefined) return undefined;
  return { traceId, spanId, sampled: (Number.parseInt(flags, 16) & 1) === 1 };
}

export function formatTraceparent(context: TraceContext): string {
  return `00-${context.traceId}-${context.spanId}-${context.sampled ? '01' : '00'}`;
}

/** Ids are cut from a block of random bytes drawn at once: one draw per 512 span ids, not one each. */
const RANDOM_BLOCK_BYTES = 4096;
let randomBlock = Buffer.alloc(0);
let randomOffset = 0;

/** `bytes` random bytes as lowercase hex, never all zero (an invalid id). */
function randomId(bytes: number): string {
  for (;;) {
    if (randomOffset + bytes > randomBlock.length) {
      randomBlock = randomBytes(RANDOM_BLOCK_BYTES);
      randomOffset = 0;
    }
    const id = randomBlock.toString('hex', randomOffset, randomOffset + bytes);
    randomOffset += bytes;
    if (!ALL_ZERO.test(id)) return id;
  }
}

/**
 * The context of a new span under `parent` (same trace, new span id), or the root of a new trace
 * when there is no valid parent.
 */
export function childTraceContext(parent: TraceContext | undefined): TraceContext {
  if (parent) return { traceId: parent.traceId, spanId: randomId(8), sampled: parent.sampled };
  return { traceId: randomId(16), spanId: randomId(8), sampled: false };
}

/** The log-context fields of a trace position: every log line inside carries them. */
export function traceLogFields(context: TraceContext): {
  trace_id: string;
  span_id: string;
  trace_sampled: boolean;
} {
  return { trace_id: context.traceId, span_id: context.spanId, trace_sampled: context.sampled };
}

/** The trace position in force here (set by the request, job or message being handled), if any. */
export function currentTraceContext(): TraceContext | undefined {
  const { trace_id: traceId, span_id: spanId, trace_sampled: sampled } = currentLogContext();
  if (typeof traceId !== 'string' || typeof spanId !== 'string') return undefined;
  return { traceId, spanId, sampled: sampled === true };
}

/** The `traceparent` to send with outgoing work from here, if a trace is in force. */
export function currentTraceparent(): string | undefined {
  const context = currentTraceContext();
  return context ? formatTraceparent(context) : undefined;
}
