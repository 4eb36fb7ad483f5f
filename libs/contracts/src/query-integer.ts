import { Transform } from 'class-transformer';

/**
 * An integer query parameter as a number for `@IsInt()`. Unlike `@Type(() => Number)`, an empty
 * value (`?limit=`) becomes NaN, so it is refused like `?limit=abc` instead of read as 0.
 */
export function QueryInteger(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => {
    if (value === undefined || value === null) return value;
    if (typeof value === 'string' && value.trim() === '') return Number.NaN;
    return typeof value === 'string' || typeof value === 'number' ? Number(value) : Number.NaN;
  });
}
