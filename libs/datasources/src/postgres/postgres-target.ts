import { DatasourceErrorClass } from '@dq/contracts';
import { DatasourceError } from '../adapter/datasource-adapter';

export interface PostgresTarget {
  schema: string;
  table: string;
}

const invalidTarget = (): DatasourceError =>
  new DatasourceError(DatasourceErrorClass.Invalid, 'The target is not a table name (schema.table or table)');

/**
 * Splits `schema.table` (or `table`, in `public`) as PostgreSQL reads a name: unquoted parts fold to
 * lower case, `"Quoted"` parts keep their case and may hold dots (`""` is a literal quote).
 */
export function parsePostgresTarget(target: string): PostgresTarget {
  const parts: string[] = [];
  let index = 0;
  while (index <= target.length) {
    let part = '';
    if (target[index] === '"') {
      index += 1;
      for (;;) {
        if (index >= target.length) throw invalidTarget();
        if (target[index] === '"') {
          if (target[index + 1] !== '"') break;
          index += 1;
        }
        part += target[index];
        index += 1;
      }
      index += 1;
      if (part === '') throw invalidTarget();
    } else {
      const end = target.indexOf('.', index);
      const raw = target.slice(index, end === -1 ? target.length : end).trim();
      if (raw === '' || raw.includes('"')) throw invalidTarget();
      part = raw.toLowerCase();
      index = end === -1 ? target.length : end;
    }
    parts.push(part);
    if (index >= target.length) break;
    if (target[index] !== '.') throw invalidTarget();
    index += 1;
    if (index >= target.length) throw invalidTarget();
  }
  const [first, second] = parts;
  if (parts.length === 1) return { schema: 'public', table: first };
  if (parts.length === 2) return { schema: first, table: second };
  throw invalidTarget();
}
