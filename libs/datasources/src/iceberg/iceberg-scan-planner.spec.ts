import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { resolveTablePath } from './iceberg-file-io';
import { type IcebergTableMetadata, parseIcebergJson, readTableMetadata } from './iceberg-json';
import { type IcebergScanPlan, planIcebergScan } from './iceberg-scan-planner';

const FIXTURES = path.resolve(__dirname, '../../../../fixtures/iceberg');

/** The current metadata file of each fixture table (version-hint.text or the highest version). */
const CURRENT_METADATA: Readonly<Record<string, string>> = {
  'spark-v1-partitioned': 'v2.metadata.json',
  'pyiceberg-v1-overwrite': '00003-8d01e4aa-d143-49c9-898e-b5e477577b70.metadata.json',
  'pyiceberg-v2-schema-evolution': '00003-3f1801a5-7dfb-4072-b14a-39cd12f9279b.metadata.json',
  'java-v2-equality-deletes-partitioned': 'v6.metadata.json',
  'spark-v2-equality-deletes-messy-history': 'v7.metadata.json',
};

async function loadFixture(
  table: string,
): Promise<{ metadata: IcebergTableMetadata; plan: IcebergScanPlan }> {
  const text = await readFile(path.join(FIXTURES, table, 'metadata', CURRENT_METADATA[table] ?? ''), 'utf8');
  const metadata = readTableMetadata(parseIcebergJson(text));
  const root = path.join(FIXTURES, table);
  const plan = await planIcebergScan(metadata, (file) =>
    readFile(resolveTablePath(file, metadata.location, root)),
  );
  return { metadata, plan };
}

function baseName(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1);
}

function liveRecords(plan: IcebergScanPlan): bigint {
  return plan.dataFiles.reduce((sum, planned) => sum + planned.file.recordCount, 0n);
}

describe('planIcebergScan on the fixture tables', () => {
  it('v1 with inline manifests (spark-v1-partitioned): 2 data files, 3 rows, partition values kept', async () => {
    const { metadata, plan } = await loadFixture('spark-v1-partitioned');
    expect(metadata.formatVersion).toBe(1);
    expect(plan.snapshotId).toBe('2456114553637229296');
    expect(plan.deleteFiles).toEqual([]);
    expect(plan.dataFiles.map((planned) => planned.file.partition)).toEqual([
      { category: 'alpha' },
      { category: 'beta' },
    ]);
    expect(plan.dataFiles.every((planned) => planned.file.sequenceNumber === 0n)).toBe(true);
    expect(liveRecords(plan)).toBe(3n);
  });

  it('pyiceberg overwrite: EXISTING entries are live, DELETED ones are not (4 rows in 2 files)', async () => {
    const { plan } = await loadFixture('pyiceberg-v1-overwrite');
    expect(plan.dataFiles.map((planned) => baseName(planned.file.path)).sort()).toEqual([
      '00000-0-ccab0b80-739e-4dc6-a95d-306d70e93d65.parquet',
      '00000-1-ccab0b80-739e-4dc6-a95d-306d70e93d65.parquet',
    ]);
    expect(liveRecords(plan)).toBe(4n);
  });

  it('v2 schema evolution: both appends live, sequence numbers inherited from the manifest list', async () => {
    const { metadata, plan } = await loadFixture('pyiceberg-v2-schema-evolution');
    expect(metadata.currentSchema.fields).toHaveLength(15);
    expect(metadata.currentSchema.fields.find((field) => field.name === 'col_long')?.initialDefault).toBe(
      -9223372036854775808n,
    );
    expect(plan.dataFiles.map((planned) => planned.file.sequenceNumber).sort()).toEqual([1n, 2n]);
    expect(liveRecords(plan)).toBe(3n);
  });

  it('v2 partitioned equality deletes: each delete applies to older files of its own partition only', async () => {
    const { plan } = await loadFixture('java-v2-equality-deletes-partitioned');
    expect(plan.snapshotId).toBe('3138177759849079112');
    expect(plan.deleteFiles).toHaveLength(3);
    expect(plan.deleteFiles.every((file) => file.content === 'equality_deletes')).toBe(true);
    const applied = Object.fromEntries(
      plan.dataFiles.map((planned) => [
        String(planned.file.partition['name']),
        planned.equalityDeletes.map((del) => del.equalityIds),
      ]),
    );
    expect(applied).toEqual({ a: [], b: [[2]], c: [[2, 1]], d: [], e: [], f: [[2]] });
    expect(liveRecords(plan)).toBe(6n);
  });

  it('v2 unpartitioned equality deletes (messy history): sequence numbers decide what applies', async () => {
    const { plan } = await loadFixture('spark-v2-equality-deletes-messy-history');
    expect(plan.snapshotId).toBe('1916084761853986166');
    const bySequence = new Map(plan.dataFiles.map((planned) => [planned.file.sequenceNumber, planned]));
    // The first append (sequence 1) is hit by all four deletes, the second (sequence 5) only by the last.
    expect(bySequence.get(1n)?.equalityDeletes.map((del) => del.sequenceNumber)).toEqual([6n, 4n, 3n, 2n]);
    expect(bySequence.get(5n)?.equalityDeletes.map((del) => del.sequenceNumber)).toEqual([6n]);
    expect(plan.dataFiles.every((planned) => planned.positionDeletes.length === 0)).toBe(true);
  });
});

describe('resolveTablePath', () => {
  const location = 'data/persistent/x/tbl';
  const root = 's3://bucket/ns/tbl';

  it('re-roots a relative path under the table location at the catalog metadata folder', () => {
    expect(resolveTablePath('data/persistent/x/tbl/data/a.parquet', location, root)).toBe(
      's3://bucket/ns/tbl/data/a.parquet',
    );
    expect(resolveTablePath('s3://other/t/data/a.parquet', location, root)).toBe(
      's3://other/t/data/a.parquet',
    );
  });

  it('refuses local files, other schemes and paths escaping the table', () => {
    for (const bad of [
      'file:///etc/passwd',
      '/etc/passwd',
      'hdfs://nn/t/a.parquet',
      'data/persistent/x/tbl/../../../secret',
      'elsewhere/a.parquet',
    ])
      expect(() => resolveTablePath(bad, location, root)).toThrow(
        expect.objectContaining({ errorClass: 'invalid' }) as Error,
      );
  });
});
