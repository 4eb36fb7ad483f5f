import { type CheckOutcome } from '@dq/contracts';
import { type BandedOutcome, type SeverityThresholds } from './thresholds';

/** The units a judged metric is read in (and its bounds are written in). */
export type JudgedUnit = 'percent' | 'rows' | 'hours' | 'z' | 'changes' | 'value';

/**
 * `detail.judged` of every result that was judged: what was measured, the bounds it was judged
 * against and the band it fell in, so a reader needs no look at the check (docs/runs.md).
 * Tier bounds (`thresholds`) are reached when `value` EXCEEDS them; a range check (`range`) lands
 * on `range.severity` when `value` is outside [min, max]. `reading` says the same in one line.
 */
export interface JudgedReading {
  metric: string;
  value: number | null;
  unit: JudgedUnit;
  /** Tier bounds in effect, defaults included (`{}` when the check has no tiers). */
  thresholds: SeverityThresholds;
  range?: { min: number | null; max: number | null; severity: BandedOutcome };
  band: Extract<CheckOutcome, 'pass' | 'warn' | 'fail' | 'critical' | 'skip'>;
  reading: string;
}

const TIERS = ['warn', 'fail', 'critical'] as const;

function shown(value: number): string {
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  return String(Math.round(value * 1e4) / 1e4);
}

function withUnit(value: number, unit: JudgedUnit): string {
  const text = shown(value);
  switch (unit) {
    case 'percent':
      return `${text} %`;
    case 'hours':
      return `${text} h`;
    case 'rows':
      return `${text} rows`;
    default:
      return text;
  }
}

/** Only the tiers that are set, in tier order. */
function setTiers(thresholds: SeverityThresholds | null | undefined): SeverityThresholds {
  const out: SeverityThresholds = {};
  for (const tier of TIERS) {
    const bound = thresholds?.[tier];
    if (typeof bound === 'number') out[tier] = bound;
  }
  return out;
}

/**
 * A value banded through tier bounds: "unexpected_percent 16.6 % > fail 5 %" (the bound it
 * exceeded, and the next one it stayed within), or "… <= warn 1 %" when it passed.
 */
export function judgedByTiers(input: {
  metric: string;
  value: number | null;
  unit: JudgedUnit;
  thresholds: SeverityThresholds | null | undefined;
  band: JudgedReading['band'];
  /** Overrides the generated line (a missing value, a captured baseline). */
  reading?: string;
}): JudgedReading {
  const thresholds = setTiers(input.thresholds);
  const label = input.metric;
  let reading = input.reading;
  if (reading === undefined) {
    if (input.value === null) reading = `${label} not measured: ${input.band}`;
    else {
      const value = withUnit(input.value, input.unit);
      const present = TIERS.filter((tier) => thresholds[tier] !== undefined);
      const reachedIndex = present.indexOf(input.band as (typeof TIERS)[number]);
      const parts: string[] = [];
      if (reachedIndex >= 0)
        parts.push(`> ${present[reachedIndex]} ${withUnit(thresholds[present[reachedIndex]]!, input.unit)}`);
      const next = present[reachedIndex + 1];
      if (next !== undefined) parts.push(`<= ${next} ${withUnit(thresholds[next]!, input.unit)}`);
      reading =
        parts.length === 0
          ? `${label} ${value}: ${input.band} (no bound set)`
          : `${label} ${value} ${parts.join(', ')}`;
    }
  }
  return {
    metric: input.metric,
    value: input.value,
    unit: input.unit,
    thresholds,
    band: input.band,
    reading,
  };
}

/** A value judged against [min, max]: outside lands on `severity`, inside passes. */
export function judgedByRange(input: {
  metric: string;
  value: number | null;
  unit: JudgedUnit;
  min: number | null | undefined;
  max: number | null | undefined;
  severity: BandedOutcome;
  band: JudgedReading['band'];
  thresholds?: SeverityThresholds | null;
}): JudgedReading {
  const min = typeof input.min === 'number' ? input.min : null;
  const max = typeof input.max === 'number' ? input.max : null;
  const bounds = `[${min === null ? '-inf' : shown(min)}, ${max === null ? 'inf' : shown(max)}]`;
  let reading: string;
  if (input.value === null) reading = `${input.metric} not measured: ${input.band}`;
  else {
    const value = withUnit(input.value, input.unit);
    if (min !== null && input.value < min)
      reading = `${input.metric} ${value} < min ${shown(min)}: ${input.band}`;
    else if (max !== null && input.value > max)
      reading = `${input.metric} ${value} > max ${shown(max)}: ${input.band}`;
    else if (input.band === 'pass') reading = `${input.metric} ${value} within ${bounds}`;
    else reading = `${input.metric} ${value} against ${bounds}: ${input.band}`;
  }
  return {
    metric: input.metric,
    value: input.value,
    unit: input.unit,
    thresholds: setTiers(input.thresholds),
    range: { min, max, severity: input.severity },
    band: input.band,
    reading,
  };
}

/** A check whose one tier is reached by any count above zero (custom SQL rows, schema changes). */
export function judgedByAnyCount(input: {
  metric: string;
  value: number;
  unit: JudgedUnit;
  severity: BandedOutcome;
  band: JudgedReading['band'];
  reading?: string;
}): JudgedReading {
  return judgedByTiers({
    metric: input.metric,
    value: input.value,
    unit: input.unit,
    thresholds: { [input.severity === 'pass' ? 'fail' : input.severity]: 0 },
    band: input.band,
    ...(input.reading !== undefined ? { reading: input.reading } : {}),
  });
}

/** The highest tier the bounds set: where an unmet aggregate or table expectation lands. */
function highestSetTier(thresholds: SeverityThresholds): BandedOutcome {
  if (thresholds.critical !== undefined) return 'critical';
  if (thresholds.fail !== undefined) return 'fail';
  return 'warn';
}

/**
 * An expectation's judgement: a column-map one by its unexpected percentage through the tier
 * bounds (`mostly` already folded in); an aggregate or table one by its observed value against
 * the kwargs' range (`min_value`/`max_value`, or `value`), unmet landing on the highest tier set.
 */
export function judgedExpectation(input: {
  shape: 'column_map' | 'column_aggregate' | 'table';
  band: BandedOutcome;
  unexpectedPercent: number;
  observed: number | null;
  /** The resolved bounds (`resolveExpectationThresholds`). */
  thresholds: SeverityThresholds;
  kwargs: Record<string, unknown>;
}): JudgedReading {
  if (input.shape === 'column_map')
    return judgedByTiers({
      metric: 'unexpected_percent',
      value: input.unexpectedPercent,
      unit: 'percent',
      thresholds: input.thresholds,
      band: input.band,
    });
  const number = (key: string): number | null => {
    const value = input.kwargs[key];
    return typeof value === 'number' ? value : null;
  };
  const exact = number('value');
  const min = exact ?? number('min_value');
  const max = exact ?? number('max_value');
  const severity = highestSetTier(input.thresholds);
  if ((min !== null || max !== null) && input.observed !== null)
    return judgedByRange({
      metric: 'observed_value',
      value: input.observed,
      unit: 'value',
      min,
      max,
      severity,
      band: input.band,
      thresholds: input.thresholds,
    });
  const observed = input.observed === null ? '' : ` ${shown(input.observed)}`;
  return {
    metric: 'observed_value',
    value: input.observed,
    unit: 'value',
    thresholds: setTiers(input.thresholds),
    range: { min: null, max: null, severity },
    band: input.band,
    reading:
      input.band === 'pass'
        ? `observed_value${observed} meets the expectation`
        : `observed_value${observed} does not meet the expectation: ${input.band} (the highest tier set)`,
  };
}
