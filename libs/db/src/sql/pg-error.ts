/** The PostgreSQL SQLSTATEs our code branches on, named once. */
export const PgErrorCode = {
  UniqueViolation: '23505',
  ForeignKeyViolation: '23503',
  CheckViolation: '23514',
  SerializationFailure: '40001',
  DuplicateDatabase: '42P04',
} as const;
export type PgErrorCode = (typeof PgErrorCode)[keyof typeof PgErrorCode];

/** The SQLSTATE and constraint of a failed statement: a `pg` error, or TypeORM's wrapper of one. */
export function pgErrorOf(error: unknown): { code?: string; constraint?: string } {
  if (typeof error !== 'object' || error === null) return {};
  const holder = error as { code?: unknown; constraint?: unknown; driverError?: unknown };
  const driver = (
    typeof holder.driverError === 'object' && holder.driverError !== null ? holder.driverError : holder
  ) as { code?: unknown; constraint?: unknown };
  return {
    code: typeof driver.code === 'string' ? driver.code : undefined,
    constraint: typeof driver.constraint === 'string' ? driver.constraint : undefined,
  };
}

/** Whether a statement failed on a unique index (`constraint`, when given, names which one). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const { code, constraint: violated } = pgErrorOf(error);
  return code === PgErrorCode.UniqueViolation && (constraint === undefined || violated === constraint);
}
