import { DatasourceErrorClass } from '@dq/contracts';
import { DatasourceError } from '../adapter/datasource-adapter';
import { type NameDialect, splitQualifiedName } from '../adapter/qualified-name';

/** A table as `catalog.schema.table`, or `schema.table` in the session's current catalog. */
export interface LakehouseTarget {
  catalog: string | null;
  schema: string;
  table: string;
}

const invalidTarget = (): DatasourceError =>
  new DatasourceError(
    DatasourceErrorClass.Invalid,
    'The target is not a table name (catalog.schema.table or schema.table)',
  );

const BARE_PART = /^[A-Za-z0-9_]+$/;
const DATABRICKS_NAMES: NameDialect = {
  quote: '`',
  isBare: (raw) => BARE_PART.test(raw),
  fold: (raw) => raw.toLowerCase(),
};

/**
 * Splits a target as Databricks reads a name: bare parts (letters, digits, underscore) are
 * case-insensitive and fold to lower case; `backtick` parts keep their text (a doubled backtick
 * is a literal one) and may hold dots.
 */
export function parseLakehouseTarget(target: string): LakehouseTarget {
  const parts = splitQualifiedName(target, DATABRICKS_NAMES, invalidTarget);
  if (parts.length === 2) return { catalog: null, schema: parts[0] ?? '', table: parts[1] ?? '' };
  if (parts.length === 3) return { catalog: parts[0] ?? '', schema: parts[1] ?? '', table: parts[2] ?? '' };
  throw invalidTarget();
}

/** One identifier in backticks; a backtick inside is doubled, so no text can end the quote early. */
export function quoteLakehouseIdentifier(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``;
}

/** The target as a quoted SQL name. */
export function lakehouseTableName(target: LakehouseTarget): string {
  const parts =
    target.catalog === null ? [target.schema, target.table] : [target.catalog, target.schema, target.table];
  return parts.map(quoteLakehouseIdentifier).join('.');
}

/** A literal for a JDBC metadata pattern (GetColumns): `_`, `%` and backslash are escaped. */
export function metadataPatternLiteral(name: string): string {
  return name.replace(/[\\_%]/g, (char) => `\\${char}`);
}
