import { IsISO8601, ValidateBy } from 'class-validator';

/** PostgreSQL refuses a UTC offset beyond ±15:59 ("time zone displacement out of range"). */
const MAX_OFFSET_HOURS = 15;
const OFFSET = /([+-])(\d{2}):?(\d{2})$/;

/**
 * Whether an ISO 8601 string (already checked strict) names one instant PostgreSQL takes as a
 * `timestamptz`: a calendar date the JavaScript parser reads too (no week or ordinal dates, no
 * hour without minutes) and an offset within PostgreSQL's range.
 */
export function isInstant(value: unknown): boolean {
  if (typeof value !== 'string' || !Number.isFinite(Date.parse(value))) return false;
  const offset = value.includes('T') ? OFFSET.exec(value) : null;
  return offset === null || Number(offset[2]) <= MAX_OFFSET_HOURS;
}

/**
 * An instant in a query or body: strict ISO 8601 (the OpenAPI document says `date-time`) that the
 * database can also compare, so a well-formed but unusable value is a 422, never a SQL error.
 */
export function IsInstant(): PropertyDecorator {
  const strict = IsISO8601({ strict: true });
  const usable = ValidateBy({
    name: 'isInstant',
    validator: {
      validate: isInstant,
      defaultMessage: (args) =>
        `${args?.property ?? 'value'} must be a date-time with a UTC offset within ±${MAX_OFFSET_HOURS}:59`,
    },
  });
  return (target: object, key: string | symbol): void => {
    strict(target, key);
    usable(target, key);
  };
}
