// What the schedule and pipeline screens compute from the API's answers: time zones, fire times
// read in a schedule's zone, near-miss reasons in words. Pure, so it is unit-tested without a browser.
import type { NearMissReason, PipelineProvider } from './scheduling-api';

/** Every IANA zone the browser knows (UTC included), sorted; the zone names the API reads. */
export function timeZones(supported: () => string[] = () => Intl.supportedValuesOf('timeZone')): string[] {
  let zones: string[];
  try {
    zones = supported();
  } catch {
    zones = [];
  }
  return [...new Set([...zones, 'UTC'])].sort();
}

/** The browser's own zone, the default of a new schedule; UTC when it cannot tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * An instant as the wall clock in `timeZone` reads it (weekday, day, month, year, 24-hour time and
 * the zone's UTC offset), so a schedule's fire times read in its cron's zone, whatever the browser's.
 */
export function instantInZone(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'shortOffset',
  };
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).formatToParts(date);
  } catch {
    // A zone this browser does not know: the instant in UTC rather than nothing.
    parts = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).formatToParts(date);
  }
  // Put together from the parts: the punctuation between them differs between ICU versions.
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  // A zero offset reads "GMT" or "GMT+0" by ICU version: named UTC either way.
  const offset = /^GMT(\+0)?$/.test(part('timeZoneName')) ? 'UTC' : part('timeZoneName');
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} ${offset}`;
}

export const PIPELINE_PROVIDERS: readonly { value: PipelineProvider; label: string }[] = [
  { value: 'factory', label: 'Factory' },
  { value: 'scheduler', label: 'Scheduler' },
  { value: 'builder', label: 'Builder' },
];

export function providerLabel(provider: PipelineProvider): string {
  return PIPELINE_PROVIDERS.find((entry) => entry.value === provider)?.label ?? provider;
}

/** Why a pipeline run's closest binding did not queue its suite, in plain words. */
export const NEAR_MISS_REASON_TEXT: Record<NearMissReason, string> = {
  disabled: 'The binding is disabled.',
  suite_deleted: 'The bound suite was deleted.',
  id_differs_by_case_or_whitespace:
    'The ids differ only in letter case or surrounding spaces; bindings match ids exactly.',
  other_environment: 'A binding for this pipeline exists in another environment.',
  none: 'No binding comes close.',
};

/** A value with its invisible edges made visible, so " Load" and "load" can be told apart on screen. */
export function visibleEdges(value: string): string {
  return `“${value.replace(/^\s+|\s+$/g, (spaces) => '␣'.repeat(spaces.length))}”`;
}
