import { currentLogContext, runWithLogContext } from '../logging/log-context';
import {
  childTraceContext,
  currentTraceContext,
  currentTraceparent,
  formatTraceparent,
  parseTraceparent,
  traceLogFields,
} from './trace-context';
import { runInTrace } from './spans';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN_ID = '00f067aa0ba902b7';

describe('W3C traceparent', () => {
  it('parses a version 00 header with its sampled flag', () => {
    expect(parseTraceparent(`00-${TRACE_ID}-${SPAN_ID}-01`)).toEqual({
      traceId: TRACE_ID,
      spanId: SPAN_ID,
      sampled: true,
    });
    expect(parseTraceparent(`00-${TRACE_ID}-${SPAN_ID}-00`)?.sampled).toBe(false);
  });

  it('accepts a later version with extra fields, and round-trips through format', () => {
    expect(parseTraceparent(`01-${TRACE_ID}-${SPAN_ID}-01-extra`)?.traceId).toBe(TRACE_ID);
    const parsed = parseTraceparent(`00-${TRACE_ID}-${SPAN_ID}-01`)!;
    expect(formatTraceparent(parsed)).toBe(`00-${TRACE_ID}-${SPAN_ID}-01`);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['version ff', `ff-${TRACE_ID}-${SPAN_ID}-01`],
    ['all-zero trace id', `00-${'0'.repeat(32)}-${SPAN_ID}-01`],
    ['all-zero span id', `00-${TRACE_ID}-${'0'.repeat(16)}-01`],
    ['upper-case hex', `00-${TRACE_ID.toUpperCase()}-${SPAN_ID}-01`],
    ['short trace id', `00-${TRACE_ID.slice(1)}-${SPAN_ID}-01`],
    ['version 00 with extra fields', `00-${TRACE_ID}-${SPAN_ID}-01-extra`],
    ['not hex', `00-${'g'.repeat(32)}-${SPAN_ID}-01`],
    ['huge', `00-${TRACE_ID}-${SPAN_ID}-01-${'a'.repeat(600)}`],
  ])('refuses a %s header', (_what, value) => {
    expect(parseTraceparent(value)).toBeUndefined();
  });

  it('a child keeps the trace and its sampling with a new span; no parent starts a new trace', () => {
    const parent = { traceId: TRACE_ID, spanId: SPAN_ID, sampled: true };
    const child = childTraceContext(parent);
    expect(child).toMatchObject({ traceId: TRACE_ID, sampled: true });
    expect(child.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(child.spanId).not.toBe(SPAN_ID);
    const root = childTraceContext(undefined);
    expect(root.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(root.traceId).not.toBe(TRACE_ID);
  });

  it('ids stay well formed and distinct across many blocks of drawn random bytes', () => {
    const spans = new Set<string>();
    const traces = new Set<string>();
    // 3,000 roots draw 72,000 bytes: many blocks, and ids that straddle no block's end.
    for (let index = 0; index < 3000; index += 1) {
      const root = childTraceContext(undefined);
      expect(root.traceId).toMatch(/^(?!0+$)[0-9a-f]{32}$/);
      expect(root.spanId).toMatch(/^(?!0+$)[0-9a-f]{16}$/);
      traces.add(root.traceId);
      spans.add(root.spanId);
    }
    expect(traces.size).toBe(3000);
    expect(spans.size).toBe(3000);
  });
});

describe('trace context in the log context', () => {
  it('is absent outside a trace', () => {
    expect(currentTraceContext()).toBeUndefined();
    expect(currentTraceparent()).toBeUndefined();
  });

  it('runInTrace continues a received traceparent; log fields and the outgoing header follow it', async () => {
    await runInTrace(`00-${TRACE_ID}-${SPAN_ID}-01`, async () => {
      await Promise.resolve();
      expect(currentLogContext()).toMatchObject({ trace_id: TRACE_ID, trace_sampled: true });
      const outgoing = parseTraceparent(currentTraceparent());
      expect(outgoing).toMatchObject({ traceId: TRACE_ID, sampled: true });
      expect(outgoing?.spanId).toBe(currentLogContext()['span_id']);
      // Fields set inside keep the trace.
      runWithLogContext({ run_id: 'r1' }, () => {
        expect(currentLogContext()).toMatchObject({ trace_id: TRACE_ID, run_id: 'r1' });
      });
    });
  });

  it('runInTrace with a malformed traceparent starts a new trace instead of failing', async () => {
    await runInTrace('garbage', async () => {
      expect(currentTraceContext()?.traceId).toMatch(/^[0-9a-f]{32}$/);
    });
  });

  it('traceLogFields names the fields every line carries', () => {
    expect(traceLogFields({ traceId: TRACE_ID, spanId: SPAN_ID, sampled: false })).toEqual({
      trace_id: TRACE_ID,
      span_id: SPAN_ID,
      trace_sampled: false,
    });
  });
});
