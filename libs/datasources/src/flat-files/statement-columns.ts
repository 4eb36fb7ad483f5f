/**
 * Which of the view `target`'s columns a scan statement may read, from DuckDB's parse tree
 * (`json_serialize_sql`). The answer is a superset or `'all'`: every column reference whose name
 * (or any part of a dotted name) is a column counts, and a reference that can stand for a whole
 * row (`*`, `COLUMNS(...)`, a positional `#n`, a table or alias named as a value) or takes columns
 * by position or shared name (`target AS t(a, b)`, a NATURAL join) means all columns.
 * The ranged Parquet reader also restricts the view to the columns it planned, so a reference this
 * misses fails to bind instead of reading bytes that were never fetched (docs/decisions/0049).
 */
export function statementColumns(tree: unknown, columns: readonly string[]): Set<string> | 'all' {
  const byLowerName = new Map(columns.map((name) => [name.toLowerCase(), name]));
  const relations = new Set<string>(['target']);
  const references: string[][] = [];
  let whole = false;

  const visit = (node: unknown, key?: string): void => {
    if (whole) return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    const nodeClass = record['class'];
    // Whole rows, or columns taken by position or by shared name: a column renamed in `t(a, b)`,
    // a NATURAL join's implicit keys.
    const renamed = Array.isArray(record['column_name_alias']) && record['column_name_alias'].length > 0;
    if (
      nodeClass === 'STAR' ||
      nodeClass === 'POSITIONAL_REFERENCE' ||
      renamed ||
      record['ref_type'] === 'NATURAL'
    ) {
      whole = true;
      return;
    }
    if (nodeClass === 'COLUMN_REF' && Array.isArray(record['column_names']))
      references.push(record['column_names'].filter((part): part is string => typeof part === 'string'));
    // Table references (base tables, subqueries, joins, table functions) carry `sample`; their
    // names and aliases may be used as a whole-row value.
    if ('sample' in record && record['type'] !== 'SELECT_NODE') {
      for (const name of [record['alias'], record['table_name']])
        if (typeof name === 'string' && name !== '') relations.add(name.toLowerCase());
    }
    if (Array.isArray(record['using_columns']))
      for (const name of record['using_columns']) if (typeof name === 'string') references.push([name]);
    if (key === 'cte_map' && Array.isArray(record['map']))
      for (const entry of record['map'] as unknown[]) {
        const name = (entry as { key?: unknown } | null)?.key;
        if (typeof name === 'string') relations.add(name.toLowerCase());
      }
    for (const [childKey, value] of Object.entries(record)) visit(value, childKey);
  };
  // A statement DuckDB could not parse into a tree is not planned: it reads as written, over every column.
  if (typeof tree !== 'object' || tree === null || (tree as { error?: unknown }).error !== false)
    return 'all';
  visit(tree);
  if (whole) return 'all';

  const needed = new Set<string>();
  for (const parts of references) {
    for (const part of parts) {
      const column = byLowerName.get(part.toLowerCase());
      if (column !== undefined) needed.add(column);
    }
    const head = parts[0]?.toLowerCase();
    // A lone name that is also a table or alias may be the whole row, even where a column shares it.
    if (parts.length === 1 && head !== undefined && relations.has(head)) return 'all';
  }
  return needed;
}
