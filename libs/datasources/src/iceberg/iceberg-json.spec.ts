import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { icebergTypeName, parseIcebergJson, readTableMetadata } from './iceberg-json';

const FIXTURES = path.resolve(__dirname, '../../../../fixtures/iceberg');

describe('parseIcebergJson', () => {
  it('keeps integers beyond 2^53 exact as bigint and leaves safe numbers as numbers', () => {
    const parsed = parseIcebergJson(
      '{"a": 2456114553637229296, "b": -9223372036854775808, "c": 42, "d": 0.342343242342342, "e": 1e3}',
    );
    expect(parsed).toEqual({
      a: 2456114553637229296n,
      b: -9223372036854775808n,
      c: 42,
      d: 0.342343242342342,
      e: 1000,
    });
  });

  it('parses strings with escapes, nested arrays, literals and whitespace like JSON.parse', () => {
    const text = ' { "s" : "t\\u00e9\\n\\"x\\"\\\\/", "l": [true, false, null, [], {}], "n": -0.5e-2 } ';
    expect(parseIcebergJson(text)).toEqual(JSON.parse(text));
  });

  it('refuses malformed text with a classified invalid error', () => {
    for (const bad of ['{', '{"a":}', '[1,]', '"\u0001"', '{"a":1} x', 'nul'])
      expect(() => parseIcebergJson(bad)).toThrow(
        expect.objectContaining({ errorClass: 'invalid' }) as Error,
      );
  });

  it('parses every metadata file of every fixture table to the same shape JSON.parse gives', async () => {
    const tables = (await readdir(FIXTURES, { withFileTypes: true })).filter((entry) => entry.isDirectory());
    let files = 0;
    for (const table of tables) {
      const dir = path.join(FIXTURES, table.name, table.name === 'metadata-examples' ? '' : 'metadata');
      for (const name of (await readdir(dir)).filter((file) => file.endsWith('.json'))) {
        const text = await readFile(path.join(dir, name), 'utf8');
        const exact = JSON.stringify(parseIcebergJson(text), (_key, value: unknown) =>
          typeof value === 'bigint' ? Number(value) : value,
        );
        expect(exact).toBe(JSON.stringify(JSON.parse(text)));
        files += 1;
      }
    }
    expect(files).toBeGreaterThan(20);
  });
});

describe('readTableMetadata', () => {
  async function metadataOf(table: string, file: string): Promise<ReturnType<typeof readTableMetadata>> {
    return readTableMetadata(
      parseIcebergJson(await readFile(path.join(FIXTURES, table, 'metadata', file), 'utf8')),
    );
  }

  it('reads a v1 table with the deprecated single schema, partition-spec and inline manifests', async () => {
    const metadata = await metadataOf('spark-v1-partitioned', 'v2.metadata.json');
    expect(metadata.formatVersion).toBe(1);
    expect(
      metadata.currentSchema.fields.map((field) => `${field.name}:${icebergTypeName(field.type)}`),
    ).toEqual(['id:int', 'category:string', 'amount:int']);
    expect(metadata.partitionSpecs.get(0)).toEqual([
      { sourceId: 2, fieldId: 1000, name: 'category', transform: 'identity' },
    ]);
    expect(metadata.currentSnapshot).toMatchObject({
      snapshotId: '2456114553637229296',
      manifestList: null,
      timestampMs: 1786003392801,
    });
    expect(metadata.currentSnapshot?.manifests).toHaveLength(1);
  });

  it('reads a v2 table: current snapshot by exact 64-bit id, sequence number, summary', async () => {
    const metadata = await metadataOf('spark-v2-equality-deletes-messy-history', 'v7.metadata.json');
    expect(metadata.currentSnapshot?.snapshotId).toBe('1916084761853986166');
    expect(metadata.currentSnapshot?.sequenceNumber).toBe(6n);
    expect(metadata.currentSnapshot?.summary['total-equality-deletes']).toBe('4');
  });

  it('names nested and parameterised types as the table spec writes them', async () => {
    const text = await readFile(
      path.join(FIXTURES, 'metadata-examples', 'TableMetadataV2Valid.json'),
      'utf8',
    );
    const metadata = readTableMetadata(parseIcebergJson(text));
    expect(metadata.currentSchema.fields.map((field) => icebergTypeName(field.type))).toEqual([
      'long',
      'long',
      'long',
    ]);
    expect(
      icebergTypeName({
        type: 'struct',
        fields: [
          {
            id: 1,
            name: 'a',
            required: false,
            type: { type: 'list', 'element-id': 2, element: 'decimal(9, 2)' },
          },
          { id: 3, name: 'm', required: false, type: { type: 'map', key: 'string', value: 'fixed[5]' } },
        ],
      }),
    ).toBe('struct<a: list<decimal(9, 2)>, m: map<string, fixed[5]>>');
  });

  it('refuses an unsupported format version as invalid', async () => {
    const text = await readFile(
      path.join(FIXTURES, 'metadata-examples', 'TableMetadataUnsupportedVersion.json'),
      'utf8',
    );
    const future = text.replace('"format-version": 3', '"format-version": 4');
    expect(() => readTableMetadata(parseIcebergJson(future))).toThrow(
      expect.objectContaining({ errorClass: 'invalid' }) as Error,
    );
  });
});
