import { Readable } from 'node:stream';
import avro from 'avsc';
import { DatasourceErrorClass } from '@dq/contracts';
import { DatasourceError } from '../adapter/datasource-adapter';
import { icebergError } from './iceberg-call';
import { type IcebergTableMetadata } from './iceberg-json';

/** Avro `long` read as `bigint`: file sizes, row counts, snapshot ids and sequence numbers. */
const BIGINT_LONG = avro.types.LongType.__with({
  fromBuffer: (buffer: Buffer) => buffer.readBigInt64LE(),
  toBuffer: (value: bigint) => {
    const buffer = Buffer.alloc(8);
    buffer.writeBigInt64LE(value);
    return buffer;
  },
  fromJSON: (value: number | string) => BigInt(value),
  toJSON: (value: bigint) => Number(value),
  isValid: (value: unknown) => typeof value === 'bigint',
  compare: (left: bigint, right: bigint) => (left === right ? 0 : left < right ? -1 : 1),
});

export type IcebergFileContent = 'data' | 'position_deletes' | 'equality_deletes';

/** One live file of the current snapshot, as its manifest entry describes it. */
export interface IcebergContentFile {
  /** The path exactly as written in the manifest (position deletes refer to data files by it). */
  path: string;
  content: IcebergFileContent;
  format: string;
  /** Data sequence number (0 for format v1). */
  sequenceNumber: bigint;
  specId: number;
  /** Partition tuple by partition field name (identity values fill columns a file lacks). */
  partition: Record<string, unknown>;
  recordCount: bigint;
  sizeInBytes: bigint;
  /** Equality deletes: the field ids that make up the delete key. */
  equalityIds: number[];
}

export interface PlannedDataFile {
  file: IcebergContentFile;
  /** Position-delete files whose sequence number is >= this file's, in its partition. */
  positionDeletes: IcebergContentFile[];
  /** Equality-delete files with a strictly higher sequence number, in its partition or global. */
  equalityDeletes: IcebergContentFile[];
}

export interface IcebergScanPlan {
  /** Null for a table without a snapshot (created, never written): it has no rows. */
  snapshotId: string | null;
  dataFiles: PlannedDataFile[];
  deleteFiles: IcebergContentFile[];
}

/** Reads a whole metadata file (manifest list or manifest) by its metadata path. */
export type ReadMetadataFile = (path: string) => Promise<Buffer>;

interface ManifestRef {
  path: string;
  content: 'data' | 'deletes';
  /** The manifest's own sequence number: inherited by entries added in it (format v2). */
  sequenceNumber: bigint;
  specId: number | null;
}

const ENTRY_STATUS_DELETED = 2;
const PARALLEL_MANIFEST_READS = 8;

function malformed(): DatasourceError {
  return icebergError(DatasourceErrorClass.Invalid, 'The table has a malformed manifest');
}

interface AvroFile {
  meta: Record<string, string>;
  records: Record<string, unknown>[];
}

/** Decodes an Avro object container file held in memory, longs as bigint. */
export async function decodeAvroFile(bytes: Buffer): Promise<AvroFile> {
  const decoder = new avro.streams.BlockDecoder({
    parseHook: (schema) =>
      avro.Type.forSchema(schema, { registry: { long: BIGINT_LONG }, wrapUnions: false }),
  });
  const meta: Record<string, string> = {};
  decoder.on('metadata', (_type: unknown, _codec: unknown, header: { meta: Record<string, Buffer> }) => {
    for (const [key, value] of Object.entries(header.meta)) meta[key] = value.toString('utf8');
  });
  const records: Record<string, unknown>[] = [];
  try {
    for await (const record of Readable.from([bytes]).pipe(decoder))
      records.push(record as Record<string, unknown>);
  } catch (error) {
    throw error instanceof DatasourceError
      ? error
      : icebergError(DatasourceErrorClass.Invalid, 'The table has a manifest that cannot be decoded');
  }
  return { meta, records };
}

function bigintField(record: Record<string, unknown>, key: string): bigint | null {
  const value = record[key];
  if (value === undefined || value === null) return null;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return BigInt(value);
  throw malformed();
}

function numberField(record: Record<string, unknown>, key: string): number | null {
  const value = record[key];
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  throw malformed();
}

function stringField(record: Record<string, unknown>, key: string): string {
  const value = record[key];
  if (typeof value !== 'string') throw malformed();
  return value;
}

async function manifestRefs(metadata: IcebergTableMetadata, read: ReadMetadataFile): Promise<ManifestRef[]> {
  const snapshot = metadata.currentSnapshot;
  if (!snapshot) return [];
  if (snapshot.manifestList !== null) {
    const { records } = await decodeAvroFile(await read(snapshot.manifestList));
    return records.map((record) => ({
      path: stringField(record, 'manifest_path'),
      // Format v1 manifest lists have neither content nor sequence numbers: data, sequence 0.
      content: numberField(record, 'content') === 1 ? 'deletes' : 'data',
      sequenceNumber: bigintField(record, 'sequence_number') ?? 0n,
      specId: numberField(record, 'partition_spec_id'),
    }));
  }
  if (snapshot.manifests !== null)
    return snapshot.manifests.map((path) => ({ path, content: 'data', sequenceNumber: 0n, specId: null }));
  throw icebergError(DatasourceErrorClass.Invalid, 'The current snapshot lists no manifests');
}

function contentOf(value: number | null, manifest: ManifestRef): IcebergFileContent {
  if (value === null || value === 0) {
    if (manifest.content === 'deletes') throw malformed();
    return 'data';
  }
  if (value === 1) return 'position_deletes';
  if (value === 2) return 'equality_deletes';
  throw malformed();
}

/** Partition values normalised for comparison and for filling identity columns. */
function normalisePartition(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return {};
  return { ...(value as Record<string, unknown>) };
}

function partitionKey(file: IcebergContentFile): string {
  return `${file.specId}:${JSON.stringify(file.partition, (_key, value: unknown) => {
    if (typeof value === 'bigint') return `${value}n`;
    if (Buffer.isBuffer(value)) return `0x${value.toString('hex')}`;
    return value;
  })}`;
}

async function manifestEntries(
  manifest: ManifestRef,
  formatVersion: number,
  read: ReadMetadataFile,
): Promise<IcebergContentFile[]> {
  const { meta, records } = await decodeAvroFile(await read(manifest.path));
  const specId = manifest.specId ?? Number(meta['partition-spec-id'] ?? '0');
  const files: IcebergContentFile[] = [];
  for (const entry of records) {
    // Only DELETED entries are dead. pyiceberg's overwrite writes the surviving rewritten files as
    // EXISTING (not ADDED): they are live all the same.
    if (numberField(entry, 'status') === ENTRY_STATUS_DELETED) continue;
    const dataFile = entry['data_file'];
    if (typeof dataFile !== 'object' || dataFile === null) throw malformed();
    const file = dataFile as Record<string, unknown>;
    // Format v2: a null sequence number is inherited from the manifest (entries it ADDED); an
    // EXISTING entry written without one (pyiceberg) falls back to the manifest's too.
    const sequenceNumber =
      (formatVersion >= 2 ? bigintField(entry, 'sequence_number') : 0n) ?? manifest.sequenceNumber;
    const equalityIds = file['equality_ids'];
    files.push({
      path: stringField(file, 'file_path'),
      content: contentOf(numberField(file, 'content'), manifest),
      format: stringField(file, 'file_format').toUpperCase(),
      sequenceNumber,
      specId,
      partition: normalisePartition(file['partition']),
      recordCount: bigintField(file, 'record_count') ?? 0n,
      sizeInBytes: bigintField(file, 'file_size_in_bytes') ?? 0n,
      equalityIds: Array.isArray(equalityIds) ? equalityIds.map(Number) : [],
    });
  }
  return files;
}

/** True when a delete file's spec is unpartitioned: its deletes apply across all partitions. */
function isGlobal(file: IcebergContentFile, specs: IcebergTableMetadata['partitionSpecs']): boolean {
  const fields = specs.get(file.specId);
  return fields === undefined ? Object.keys(file.partition).length === 0 : fields.length === 0;
}

/**
 * The delete files that apply to each data file (table spec, "Scan Planning"): a position delete
 * to data files of its partition with a data sequence number <= its own; an equality delete to
 * data files with a strictly lower one, in its partition, or in every partition when its spec is
 * unpartitioned.
 */
export function assignDeletes(
  data: IcebergContentFile[],
  deletes: IcebergContentFile[],
  specs: IcebergTableMetadata['partitionSpecs'],
): PlannedDataFile[] {
  return data.map((file): PlannedDataFile => {
    const key = partitionKey(file);
    const samePartition = (del: IcebergContentFile): boolean => partitionKey(del) === key;
    return {
      file,
      positionDeletes: deletes.filter(
        (del) =>
          del.content === 'position_deletes' &&
          del.sequenceNumber >= file.sequenceNumber &&
          samePartition(del),
      ),
      equalityDeletes: deletes.filter(
        (del) =>
          del.content === 'equality_deletes' &&
          del.sequenceNumber > file.sequenceNumber &&
          (isGlobal(del, specs) || samePartition(del)),
      ),
    };
  });
}

/**
 * Plans a scan of the current snapshot from the metadata alone: manifest list (or the inline v1
 * `manifests`) -> manifests -> live data files, each with the delete files that apply to it
 * (`assignDeletes`). Only Parquet files are read; other formats are refused as invalid.
 */
export async function planIcebergScan(
  metadata: IcebergTableMetadata,
  read: ReadMetadataFile,
): Promise<IcebergScanPlan> {
  const snapshot = metadata.currentSnapshot;
  if (!snapshot) return { snapshotId: null, dataFiles: [], deleteFiles: [] };
  const manifests = await manifestRefs(metadata, read);
  // Manifests are independent small reads: a few at a time hide the store's latency.
  const entries: IcebergContentFile[][] = new Array<IcebergContentFile[]>(manifests.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < manifests.length) {
      const index = next++;
      const manifest = manifests[index];
      if (manifest) entries[index] = await manifestEntries(manifest, metadata.formatVersion, read);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_MANIFEST_READS, manifests.length) }, worker));
  const files = entries.flat();

  for (const file of files)
    if (file.format !== 'PARQUET')
      throw icebergError(
        DatasourceErrorClass.Invalid,
        `The table has ${file.format} files; only Parquet is read`,
      );

  const deletes = files.filter((file) => file.content !== 'data');
  const dataFiles = assignDeletes(
    files.filter((file) => file.content === 'data'),
    deletes,
    metadata.partitionSpecs,
  );
  return { snapshotId: snapshot.snapshotId, dataFiles, deleteFiles: deletes };
}
