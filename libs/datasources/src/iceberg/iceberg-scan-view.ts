import { type CallOptions } from '../adapter/datasource-adapter';
import { quoteIdentifier } from '../adapter/qualified-name';
import { type DuckDbEngine, sqlString } from '../flat-files/duckdb-engine';
import { type IcebergField, type IcebergPartitionField, type IcebergSchema } from './iceberg-json';
import { type IcebergContentFile, type IcebergScanPlan } from './iceberg-scan-planner';

/** One top-level column of a Parquet file, from its footer. */
export interface ParquetColumn {
  name: string;
  /** Iceberg writers store the field id of every column; files of migrated tables may lack them. */
  fieldId: number | null;
  physicalType: string | null;
  logicalType: string | null;
}

/** A planned file spooled to local disk, with its footer's top-level columns. */
export interface SpooledFile {
  localPath: string;
  columns: ParquetColumn[];
}

export interface ScanViewInput {
  schema: IcebergSchema;
  partitionSpecs: Map<number, IcebergPartitionField[]>;
  plan: IcebergScanPlan;
  /** By the file's manifest path. */
  spooled: Map<string, SpooledFile>;
}

// Iceberg field ids of the position-delete file columns (table spec, reserved ids).
const POSITION_FILE_PATH_ID = 2147483546;
const POSITION_POS_ID = 2147483545;

const FILE_COLUMN = '__dq_file';
const ROW_COLUMN = '__dq_row';
// The file name goes to a column of our own name: a data column called `filename` stays intact.
const READ_OPTIONS = `filename = '${FILE_COLUMN}', file_row_number = true, hive_partitioning = false, union_by_name = true`;

/** The DuckDB type an Iceberg primitive type reads as; null for nested types (left as DuckDB reads them). */
export function duckDbType(type: IcebergField['type']): string | null {
  if (typeof type !== 'string') return null;
  const decimal = /^decimal\(\s*(\d+)\s*,\s*(\d+)\s*\)$/.exec(type);
  if (decimal) return `DECIMAL(${decimal[1]}, ${decimal[2]})`;
  if (/^fixed\[\d+\]$/.test(type)) return 'BLOB';
  const simple: Readonly<Record<string, string>> = {
    boolean: 'BOOLEAN',
    int: 'INTEGER',
    long: 'BIGINT',
    float: 'FLOAT',
    double: 'DOUBLE',
    date: 'DATE',
    time: 'TIME',
    timestamp: 'TIMESTAMP',
    timestamptz: 'TIMESTAMPTZ',
    timestamp_ns: 'TIMESTAMP_NS',
    timestamptz_ns: 'TIMESTAMPTZ',
    string: 'VARCHAR',
    uuid: 'UUID',
    binary: 'BLOB',
  };
  return simple[type] ?? null;
}

/**
 * A column as the table's current type. Casting makes files written before a type promotion (int ->
 * long, float -> double, wider decimals) agree; a uuid some writers store as a bare 16-byte fixed
 * (no UUID annotation, read as BLOB) is turned into a UUID from its hex digits.
 */
function converted(expression: string, field: IcebergField, column: ParquetColumn): string {
  const target = duckDbType(field.type);
  if (target === null) return expression;
  if (
    target === 'UUID' &&
    column.physicalType === 'FIXED_LEN_BYTE_ARRAY' &&
    !/uuid/i.test(column.logicalType ?? '')
  )
    return `CAST(regexp_replace(lower(hex(${expression})), '^(.{8})(.{4})(.{4})(.{4})(.{12})$', '\\1-\\2-\\3-\\4-\\5') AS UUID)`;
  return `CAST(${expression} AS ${target})`;
}

/** A constant of the field's type: its `initial-default` (table spec JSON single-value form) or a partition value. */
function literal(value: unknown, field: IcebergField): string {
  const target = duckDbType(field.type);
  if (value === null || value === undefined || target === null)
    return target ? `CAST(NULL AS ${target})` : 'NULL';
  if (target === 'BLOB') {
    const hex = Buffer.isBuffer(value) ? value.toString('hex') : typeof value === 'string' ? value : '';
    return /^[0-9a-fA-F]*$/.test(hex) ? `from_hex(${sqlString(hex)})` : 'CAST(NULL AS BLOB)';
  }
  if (typeof value === 'boolean') return `CAST(${value ? 'TRUE' : 'FALSE'} AS ${target})`;
  if (typeof value === 'bigint') return `CAST(${value.toString()} AS ${target})`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return `CAST(NULL AS ${target})`;
    // Avro partition tuples keep dates as days and timestamps as microseconds since the epoch.
    if (target === 'DATE') return `CAST(DATE '1970-01-01' + ${Math.trunc(value)} AS DATE)`;
    if (target.startsWith('TIMESTAMP')) return `CAST(make_timestamp(${Math.trunc(value)}) AS ${target})`;
    return `CAST(${String(value)} AS ${target})`;
  }
  if (typeof value === 'string') return `CAST(${sqlString(value)} AS ${target})`;
  return `CAST(NULL AS ${target})`;
}

/** The file column carrying a field: by field id, or by name in files written without ids. */
export function columnFor(field: IcebergField, columns: ParquetColumn[]): ParquetColumn | undefined {
  const hasIds = columns.some((column) => column.fieldId !== null);
  return hasIds
    ? columns.find((column) => column.fieldId === field.id)
    : columns.find((column) => column.name === field.name);
}

/** The value a column takes in a file that lacks it: identity partition value, initial default, or NULL. */
function missingValue(
  field: IcebergField,
  file: IcebergContentFile,
  specs: ScanViewInput['partitionSpecs'],
): string {
  const identity = specs
    .get(file.specId)
    ?.find((part) => part.transform === 'identity' && part.sourceId === field.id);
  if (identity && identity.name in file.partition) return literal(file.partition[identity.name], field);
  return literal(field.initialDefault, field);
}

function spooledOf(input: ScanViewInput, file: IcebergContentFile): SpooledFile {
  const spooled = input.spooled.get(file.path);
  if (!spooled) throw new Error('a planned file was not spooled');
  return spooled;
}

function projection(
  input: ScanViewInput,
  file: IcebergContentFile,
  spooled: SpooledFile,
  fields: readonly IcebergField[],
): string {
  return fields
    .map((field) => {
      const column = columnFor(field, spooled.columns);
      const value = column
        ? converted(quoteIdentifier(column.name), field, column)
        : missingValue(field, file, input.partitionSpecs);
      return `${value} AS ${quoteIdentifier(field.name)}`;
    })
    .join(', ');
}

function positionDeletesSql(input: ScanViewInput): string | null {
  const parts: string[] = [];
  for (const del of input.plan.deleteFiles.filter((file) => file.content === 'position_deletes')) {
    const targets = input.plan.dataFiles.filter((planned) => planned.positionDeletes.includes(del));
    if (targets.length === 0) continue;
    const spooled = spooledOf(input, del);
    const pathColumn =
      spooled.columns.find((column) => column.fieldId === POSITION_FILE_PATH_ID)?.name ?? 'file_path';
    const posColumn = spooled.columns.find((column) => column.fieldId === POSITION_POS_ID)?.name ?? 'pos';
    const mapping = targets
      .map(
        (planned) =>
          `(${sqlString(planned.file.path)}, ${sqlString(spooledOf(input, planned.file).localPath)})`,
      )
      .join(', ');
    parts.push(
      `SELECT m.local_file AS file, CAST(p.${quoteIdentifier(posColumn)} AS BIGINT) AS pos ` +
        `FROM read_parquet(${sqlString(spooled.localPath)}, hive_partitioning = false) AS p ` +
        `JOIN (VALUES ${mapping}) AS m(data_path, local_file) ON p.${quoteIdentifier(pathColumn)} = m.data_path`,
    );
  }
  return parts.length === 0 ? null : parts.join(' UNION ALL ');
}

/** Field ids of the keys of the equality deletes that apply to some data file: the view always reads them. */
export function equalityDeleteIds(input: Pick<ScanViewInput, 'plan'>): number[] {
  const ids = new Set<number>();
  for (const del of input.plan.deleteFiles.filter((file) => file.content === 'equality_deletes'))
    if (input.plan.dataFiles.some((planned) => planned.equalityDeletes.includes(del)))
      for (const id of del.equalityIds) ids.add(id);
  return [...ids];
}

function equalityDeleteFilters(input: ScanViewInput): string[] {
  const filters: string[] = [];
  for (const del of input.plan.deleteFiles.filter((file) => file.content === 'equality_deletes')) {
    const targets = input.plan.dataFiles.filter((planned) => planned.equalityDeletes.includes(del));
    if (targets.length === 0) continue;
    const spooled = spooledOf(input, del);
    const conditions = del.equalityIds.map((fieldId) => {
      const field = input.schema.fields.find((candidate) => candidate.id === fieldId);
      const column = field ? columnFor(field, spooled.columns) : undefined;
      // A delete on a column since dropped from the schema cannot match a current row.
      if (!field || !column) return 'FALSE';
      // Equality deletes treat NULL as a value: a NULL in the delete row removes rows with NULL there.
      return `${converted(`e.${quoteIdentifier(column.name)}`, field, column)} IS NOT DISTINCT FROM r.${quoteIdentifier(field.name)}`;
    });
    if (conditions.length === 0) continue;
    const scope =
      targets.length === input.plan.dataFiles.length
        ? ''
        : `r.${FILE_COLUMN} IN (${targets.map((planned) => sqlString(spooledOf(input, planned.file).localPath)).join(', ')}) AND `;
    filters.push(
      `NOT EXISTS (SELECT 1 FROM read_parquet(${sqlString(spooled.localPath)}, hive_partitioning = false) AS e ` +
        `WHERE ${scope}${conditions.join(' AND ')})`,
    );
  }
  return filters;
}

/**
 * The DuckDB query behind the view `target`: the live data files in the current schema (columns
 * matched by Parquet field id, missing ones filled from identity partitions or `initial-default`,
 * else NULL), minus rows named by position deletes (file path + row number) and rows matching an
 * equality delete, each delete file applied only to the data files the planner chose for it.
 */
export function buildScanViewSql(input: ScanViewInput, only?: ReadonlySet<number>): string {
  // Narrowed (ranged reads, docs/decisions/0049): the view's columns are the fields `only` names,
  // and the data files are read for those and the equality-delete keys only.
  const keys = new Set(equalityDeleteIds(input));
  const outer = only ? input.schema.fields.filter((field) => only.has(field.id)) : input.schema.fields;
  const inner = only
    ? input.schema.fields.filter((field) => only.has(field.id) || keys.has(field.id))
    : input.schema.fields;
  const columns = outer.map((field) => quoteIdentifier(field.name)).join(', ');
  if (input.plan.dataFiles.length === 0) {
    const empty = input.schema.fields.map(
      (field) => `${literal(null, field)} AS ${quoteIdentifier(field.name)}`,
    );
    return `SELECT ${empty.join(', ')} WHERE FALSE`;
  }
  // Files that read the same way share one read_parquet call.
  const groups = new Map<string, string[]>();
  for (const planned of input.plan.dataFiles) {
    const spooled = spooledOf(input, planned.file);
    const select = projection(input, planned.file, spooled, inner);
    groups.set(select, [...(groups.get(select) ?? []), spooled.localPath]);
  }
  const rows = [...groups]
    .map(
      ([select, paths]) =>
        `SELECT ${select}, ${FILE_COLUMN}, file_row_number AS ${ROW_COLUMN} ` +
        `FROM read_parquet([${paths.map(sqlString).join(', ')}], ${READ_OPTIONS})`,
    )
    .join(' UNION ALL ');
  const filters = equalityDeleteFilters(input);
  const positions = positionDeletesSql(input);
  if (positions !== null)
    filters.unshift(
      `NOT EXISTS (SELECT 1 FROM (${positions}) AS d WHERE d.file = r.${FILE_COLUMN} AND d.pos = r.${ROW_COLUMN})`,
    );
  const where = filters.length === 0 ? '' : ` WHERE ${filters.join(' AND ')}`;
  return `SELECT ${columns} FROM (${rows}) AS r${where}`;
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** DuckDB's JSON rows give a BIGINT as a number or as decimal text. */
function fieldIdOf(value: unknown): number | null {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : null;
}

/** Top-level columns (name, field id, types) of each local Parquet file, from its footer, by path. */
export async function readParquetColumns(
  engine: DuckDbEngine,
  localPaths: string[],
  options: CallOptions,
): Promise<Map<string, ParquetColumn[]>> {
  const byFile = new Map<string, ParquetColumn[]>();
  if (localPaths.length === 0) return byFile;
  const rows = await engine.withSession(options, async ({ connection }) => {
    const reader = await connection.runAndReadAll(
      'SELECT file_name, name, type, num_children, field_id, logical_type ' +
        `FROM parquet_schema([${localPaths.map(sqlString).join(', ')}])`,
    );
    return reader.getRowObjectsJson();
  });
  const elementsByFile = new Map<string, typeof rows>();
  for (const row of rows) {
    const file = textOrNull(row['file_name']) ?? '';
    elementsByFile.set(file, [...(elementsByFile.get(file) ?? []), row]);
  }
  for (const [file, elements] of elementsByFile) {
    const columns: ParquetColumn[] = [];
    // Depth-first schema list: the root, then each top-level field followed by its subtree.
    let index = 1;
    const skipSubtree = (): void => {
      const children = Number(elements[index]?.['num_children'] ?? 0);
      index += 1;
      for (let child = 0; child < children; child += 1) skipSubtree();
    };
    while (index < elements.length) {
      const element = elements[index];
      if (element)
        columns.push({
          name: textOrNull(element['name']) ?? '',
          fieldId: fieldIdOf(element['field_id']),
          physicalType: textOrNull(element['type']),
          logicalType: textOrNull(element['logical_type']),
        });
      skipSubtree();
    }
    byFile.set(file, columns);
  }
  return byFile;
}
