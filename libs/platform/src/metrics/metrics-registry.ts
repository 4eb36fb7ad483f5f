import {
  Counter,
  type CounterConfiguration,
  Gauge,
  type GaugeConfiguration,
  Histogram,
  type HistogramConfiguration,
  Registry,
  collectDefaultMetrics,
} from 'prom-client';

/**
 * The process's one Prometheus registry: what `/metrics` serves. Metrics are created once per
 * process through the helpers below (a second call with the same name returns the first), so a
 * module loaded by several apps in one process never registers twice.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** Bucket bounds in seconds for an HTTP request or a queue wait. */
export const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Bucket bounds in seconds for a check or a run, which last far longer than a request. */
export const WORK_SECONDS_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

function existing<M>(name: string): M | undefined {
  return metricsRegistry.getSingleMetric(name) as M | undefined;
}

export function counter<L extends string>(config: Omit<CounterConfiguration<L>, 'registers'>): Counter<L> {
  return existing<Counter<L>>(config.name) ?? new Counter({ ...config, registers: [metricsRegistry] });
}

export function gauge<L extends string>(config: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L> {
  return existing<Gauge<L>>(config.name) ?? new Gauge({ ...config, registers: [metricsRegistry] });
}

export function histogram<L extends string>(
  config: Omit<HistogramConfiguration<L>, 'registers'>,
): Histogram<L> {
  return existing<Histogram<L>>(config.name) ?? new Histogram({ ...config, registers: [metricsRegistry] });
}
