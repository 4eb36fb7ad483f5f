import {
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { runWithLogContext } from '../logging/log-context';
import { type TraceContext, childTraceContext, parseTraceparent, traceLogFields } from './trace-context';

export type SpanKindName = 'server' | 'client' | 'consumer' | 'producer' | 'internal';
export type SpanAttributes = Record<string, string | number | boolean>;

/** A span in progress: its position in the trace, and how to end it. */
export interface OpenSpan {
  readonly context: TraceContext;
  /** Ends the span once (later calls do nothing); `error` marks it failed. */
  end(attributes?: SpanAttributes, error?: unknown): void;
}

interface SpanExport {
  tracer: Tracer;
  shutdown(): Promise<void>;
}

let exported: SpanExport | undefined;

/**
 * Starts a span under `parent` (a new trace without one). With export on, the span is an
 * OpenTelemetry span whose ids are the ones logged; otherwise only ids are made.
 */
export function startSpan(
  name: string,
  parent: TraceContext | undefined,
  kind: SpanKindName,
  attributes: SpanAttributes = {},
): OpenSpan {
  if (!exported) return { context: childTraceContext(parent), end: () => undefined };
  return startExportedSpan(exported.tracer, name, parent, kind, attributes);
}

function startExportedSpan(
  tracer: Tracer,
  name: string,
  parent: TraceContext | undefined,
  kind: SpanKindName,
  attributes: SpanAttributes,
): OpenSpan {
  const parentContext = parent
    ? trace.setSpanContext(ROOT_CONTEXT, {
        traceId: parent.traceId,
        spanId: parent.spanId,
        traceFlags: parent.sampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
        isRemote: true,
      })
    : ROOT_CONTEXT;
  const kinds: Record<SpanKindName, SpanKind> = {
    server: SpanKind.SERVER,
    client: SpanKind.CLIENT,
    consumer: SpanKind.CONSUMER,
    producer: SpanKind.PRODUCER,
    internal: SpanKind.INTERNAL,
  };
  const span: Span = tracer.startSpan(name, { kind: kinds[kind], attributes }, parentContext);
  const { traceId, spanId, traceFlags } = span.spanContext();
  let ended = false;
  return {
    context: { traceId, spanId, sampled: (traceFlags & TraceFlags.SAMPLED) !== 0 },
    end: (endAttributes, error) => {
      if (ended) return;
      ended = true;
      if (endAttributes) span.setAttributes(endAttributes);
      if (error !== undefined) {
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: error instanceof Error ? error.name : 'error',
        });
      }
      span.end();
    },
  };
}

/**
 * Turns span export on: OTLP over HTTP to `endpoint` (`/v1/traces` appended, as the
 * OTEL_EXPORTER_OTLP_ENDPOINT convention says), batched. The OpenTelemetry SDK and exporter are
 * loaded only here, so a service without export never loads them.
 */
export async function enableSpanExport(service: string, endpoint: string): Promise<void> {
  if (exported) return;
  const [{ TracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ]);
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': service }),
    spanProcessors: [new BatchSpanProcessor({ exporter })],
  });
  exported = { tracer: provider.getTracer('dq'), shutdown: () => provider.shutdown() };
}

/** Flushes and stops span export (a no-op when it is off). */
export async function shutdownSpanExport(): Promise<void> {
  const current = exported;
  exported = undefined;
  await current?.shutdown();
}

export function spanExportEnabled(): boolean {
  return exported !== undefined;
}

/**
 * Runs `fn` in a new consumer span named `name`, continuing the `traceparent` received with a
 * message or job (a new trace when it is missing or malformed); log lines inside carry its trace
 * id. The span ends when `fn`'s promise settles.
 */
export async function runInTrace<R>(
  traceparent: string | undefined | null,
  fn: () => Promise<R>,
  name = 'handle',
): Promise<R> {
  const span = startSpan(name, parseTraceparent(traceparent), 'consumer');
  try {
    const result = await runWithLogContext(traceLogFields(span.context), fn);
    span.end();
    return result;
  } catch (error) {
    span.end({}, error);
    throw error;
  }
}
