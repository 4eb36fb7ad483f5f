import path from 'node:path';
import { DuckDbEngine, sqlString } from '../flat-files/duckdb-engine';
import { type IcebergPartitionField, type IcebergSchema } from './iceberg-json';
import { type IcebergContentFile, assignDeletes } from './iceberg-scan-planner';
import { buildScanViewSql, readParquetColumns } from './iceberg-scan-view';

const CALL = { timeoutMs: 20_000 };

function contentFile(
  name: string,
  content: IcebergContentFile['content'],
  sequenceNumber: bigint,
  partition: Record<string, unknown>,
  equalityIds: number[] = [],
): IcebergContentFile {
  return {
    path: `s3://lake/t/data/${name}`,
    content,
    format: 'PARQUET',
    sequenceNumber,
    specId: 1,
    partition,
    recordCount: 0n,
    sizeInBytes: 0n,
    equalityIds,
  };
}

/**
 * The scan view over real Parquet files in DuckDB, with the planner's delete assignment: field-id
 * mapping across a rename, type promotion, identity-partition and initial-default fill, position
 * deletes by file and row, equality deletes with NULL keys and the sequence-number rules.
 */
describe('buildScanViewSql with assignDeletes', () => {
  const engine = DuckDbEngine.shared({});
  let directory: string;

  const schema: IcebergSchema = {
    schemaId: 2,
    fields: [
      { id: 1, name: 'id', required: true, type: 'long' },
      { id: 2, name: 'name', required: false, type: 'string' },
      { id: 3, name: 'region', required: false, type: 'string' },
      { id: 4, name: 'score', required: false, type: 'double', initialDefault: 1.5 },
    ],
  };
  const specs = new Map<number, IcebergPartitionField[]>([
    [1, [{ sourceId: 3, fieldId: 1000, name: 'region', transform: 'identity' }]],
  ]);
  // d1 was written before `nm` became `name`, with int ids, and without the partition column.
  const d1 = contentFile('d1.parquet', 'data', 1n, { region: 'eu' });
  const d2 = contentFile('d2.parquet', 'data', 3n, { region: 'us' });
  // Sequence 2: deletes row 1 of d1; its row for d2 names a file written later, so it must not apply.
  const positions = contentFile('p1.parquet', 'position_deletes', 2n, { region: 'eu' });
  // Sequence 4, unpartitioned spec (0 has no fields): NULL names everywhere.
  const nullNames = { ...contentFile('e1.parquet', 'equality_deletes', 4n, {}, [2]), specId: 0 };
  // Sequence 2, partition eu: id 5 (which lives in us, written later) stays.
  const idFive = contentFile('e2.parquet', 'equality_deletes', 2n, { region: 'eu' }, [1]);
  specs.set(0, []);

  async function write(name: string, select: string, fieldIds: string): Promise<string> {
    const file = path.join(directory, name);
    await engine.withSession(CALL, async ({ connection }) => {
      await connection.run(`COPY (${select}) TO ${sqlString(file)} (FORMAT parquet, FIELD_IDS ${fieldIds})`);
    });
    return file;
  }

  beforeAll(async () => {
    directory = await engine.createCallDirectory();
  });

  afterAll(async () => {
    await engine.removeCallDirectory(directory);
  });

  it('honours every rule and returns the rows a correct reader returns', async () => {
    const local = new Map<IcebergContentFile, string>([
      [
        d1,
        await write(
          'd1.parquet',
          "SELECT * FROM (VALUES (1, 'a'), (2, 'b'), (3, NULL), (4, 'd')) AS t(id, nm)",
          '{id: 1, nm: 2}',
        ),
      ],
      [
        d2,
        await write(
          'd2.parquet',
          "SELECT * FROM (VALUES (5::BIGINT, 'e', 'us'), (6::BIGINT, NULL, 'us')) AS t(id, name, region)",
          '{id: 1, name: 2, region: 3}',
        ),
      ],
      [
        positions,
        await write(
          'p1.parquet',
          `SELECT * FROM (VALUES (${sqlString(d1.path)}, 1::BIGINT), (${sqlString(d2.path)}, 0::BIGINT)) AS t(file_path, pos)`,
          '{file_path: 2147483546, pos: 2147483545}',
        ),
      ],
      [nullNames, await write('e1.parquet', 'SELECT NULL::VARCHAR AS name', '{name: 2}')],
      [idFive, await write('e2.parquet', 'SELECT 5 AS id', '{id: 1}')],
    ]);
    const deletes = [positions, nullNames, idFive];
    const dataFiles = assignDeletes([d1, d2], deletes, specs);
    expect(dataFiles.map((planned) => planned.positionDeletes.length)).toEqual([1, 0]);
    expect(dataFiles.map((planned) => planned.equalityDeletes.length)).toEqual([2, 1]);

    const columns = await readParquetColumns(engine, [...local.values()], CALL);
    expect(columns.get(local.get(d1) ?? '')?.map((column) => [column.name, column.fieldId])).toEqual([
      ['id', 1],
      ['nm', 2],
    ]);
    const spooled = new Map(
      [...local].map(([file, localPath]) => [
        file.path,
        { localPath, columns: columns.get(localPath) ?? [] },
      ]),
    );
    const viewSql = buildScanViewSql({
      schema,
      partitionSpecs: specs,
      plan: { snapshotId: '1', dataFiles, deleteFiles: deletes },
      spooled,
    });
    const result = await engine.query(viewSql, 'SELECT * FROM target ORDER BY id', { ...CALL, maxRows: 100 });
    expect(result.rows).toEqual([
      { id: 1, name: 'a', region: 'eu', score: 1.5 },
      { id: 4, name: 'd', region: 'eu', score: 1.5 },
      { id: 5, name: 'e', region: 'us', score: 1.5 },
    ]);
    expect(result.columns.map((column) => `${column.name}:${column.type}`)).toEqual([
      'id:BIGINT',
      'name:VARCHAR',
      'region:VARCHAR',
      'score:DOUBLE',
    ]);
  });

  it('gives an empty view with the schema’s columns for a table without data files', async () => {
    const viewSql = buildScanViewSql({
      schema,
      partitionSpecs: specs,
      plan: { snapshotId: null, dataFiles: [], deleteFiles: [] },
      spooled: new Map(),
    });
    const result = await engine.query(viewSql, 'SELECT count(*) AS n FROM target', { ...CALL, maxRows: 1 });
    expect(result.rows).toEqual([{ n: 0 }]);
    expect(await engine.describe(viewSql, CALL)).toHaveLength(4);
  });
});
