import { DatasourceErrorClass } from '@dq/contracts';
import { DatasourceError } from '../adapter/datasource-adapter';
import { type NameDialect, splitQualifiedName } from '../adapter/qualified-name';

export interface PostgresTarget {
  schema: string;
  table: string;
}

const invalidTarget = (): DatasourceError =>
  new DatasourceError(DatasourceErrorClass.Invalid, 'The target is not a table name (schema.table or table)');

const POSTGRES_NAMES: NameDialect = {
  quote: '"',
  isBare: (raw) => !raw.includes('"'),
  fold: (raw) => raw.toLowerCase(),
};

/**
 * Splits `schema.table` (or `table`, in `public`) as PostgreSQL reads a name: unquoted parts fold to
 * lower case, `"Quoted"` parts keep their case and may hold dots (`""` is a literal quote).
 */
export function parsePostgresTarget(target: string): PostgresTarget {
  const parts = splitQualifiedName(target, POSTGRES_NAMES, invalidTarget);
  const [first, second] = parts;
  if (parts.length === 1) return { schema: 'public', table: first };
  if (parts.length === 2) return { schema: first, table: second };
  throw invalidTarget();
}
