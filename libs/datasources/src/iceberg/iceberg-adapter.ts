import * as fs from 'node:fs';
import path from 'node:path';
import { type DuckDBConnection } from '@duckdb/node-api';
import { AppError, ConnectionKind, DatasourceErrorClass } from '@dq/contracts';
import { type AdapterDependencies } from '../adapter/adapter-dependencies';
import { asCallerWork, rethrowCallerFailure } from '../adapter/caller-work';
import {
  type CallOptions,
  type ColumnInfo,
  type DatasourceAdapter,
  type DatasourceConnection,
  DatasourceError,
  type QueryResult,
  type ScanOptions,
  type ScanSession,
  type TargetMetadata,
} from '../adapter/datasource-adapter';
import { DuckDbEngine, type ViewDefinition } from '../flat-files/duckdb-engine';
import { columnsOfStatement, RangedParquetFiles, type RangedTesting } from '../flat-files/ranged-parquet';
import { IcebergCall, icebergError } from './iceberg-call';
import { IcebergFileIo, resolveTablePath, tableRootOf } from './iceberg-file-io';
import { type IcebergField, icebergTypeName } from './iceberg-json';
import {
  type IcebergCatalogSettings,
  IcebergRestClient,
  type LoadedTable,
  icebergCatalogSettings,
  parseIcebergTarget,
} from './iceberg-rest-client';
import { type IcebergContentFile, planIcebergScan } from './iceberg-scan-planner';
import {
  buildScanViewSql,
  columnFor,
  equalityDeleteIds,
  readParquetColumns,
  type ScanViewInput,
  type SpooledFile,
} from './iceberg-scan-view';

/** Files fetched at once: hides per-request latency, bounded for disk and sockets. */
const PARALLEL_DOWNLOADS = 4;

interface OpenedTable {
  loaded: LoadedTable;
  /** Client properties for the table's storage: catalog defaults < connection < catalog overrides < table config. */
  properties: Record<string, string>;
}

function summaryCount(summary: Record<string, string>, key: string): bigint | null {
  const value = summary[key];
  return value !== undefined && /^\d+$/.test(value) ? BigInt(value) : null;
}

/**
 * Iceberg tables behind a REST catalog (`iceberg_catalog`). The catalog gives the metadata; rows
 * are read by table scans from the metadata alone (manifest list -> manifests -> data and delete
 * files), never by SQL sent to an engine of the catalog's. Scans spool the live files to a call
 * directory of the shared DuckDB engine and run the check's SQL over the view `target`.
 */
export class IcebergAdapter implements DatasourceAdapter {
  readonly kind = ConnectionKind.IcebergCatalog;
  private engineInstance?: DuckDbEngine;

  constructor(
    private readonly deps: AdapterDependencies,
    /** Tests: whole downloads instead of ranged reads (the reference), or see `RangedTesting`. */
    private readonly testing: RangedTesting & { wholeDownloads?: boolean } = {},
  ) {}

  /** Authenticates, reads the catalog config and lists the top-level namespaces. */
  async test(connection: DatasourceConnection, options: CallOptions): Promise<Record<string, unknown>> {
    return this.within(connection, options, async (client) => {
      await client.connect();
      const namespaces = await client.listNamespaces();
      return { catalog_reachable: true, namespaces: namespaces.length };
    });
  }

  /** The current schema's top-level columns with Iceberg type names; no data file is read. */
  async columns(
    connection: DatasourceConnection,
    target: string,
    options: CallOptions,
  ): Promise<ColumnInfo[]> {
    const ref = parseIcebergTarget(target);
    return this.within(connection, options, async (client, settings) => {
      const { loaded } = await this.open(client, settings, ref);
      return loaded.metadata.currentSchema.fields.map((field) => ({
        name: field.name,
        type: icebergTypeName(field.type),
        nullable: !field.required,
      }));
    });
  }

  /**
   * From the current snapshot's summary: `total-records` minus the position and equality deletes it
   * counts (exact for position deletes; for equality deletes the count of delete rows, which is
   * what the summary knows without reading data), and the snapshot's commit time.
   */
  async metadata(
    connection: DatasourceConnection,
    target: string,
    options: CallOptions,
  ): Promise<TargetMetadata> {
    const ref = parseIcebergTarget(target);
    return this.within(connection, options, async (client, settings) => {
      const { loaded } = await this.open(client, settings, ref);
      const snapshot = loaded.metadata.currentSnapshot;
      if (!snapshot) return { row_count: 0, last_modified_at: null, row_count_exact: true };
      const total = summaryCount(snapshot.summary, 'total-records');
      const positionDeletes = summaryCount(snapshot.summary, 'total-position-deletes');
      const equalityDeletes = summaryCount(snapshot.summary, 'total-equality-deletes');
      let rowCount: number | null = null;
      if (total !== null) {
        const live = total - (positionDeletes ?? 0n) - (equalityDeletes ?? 0n);
        rowCount = Number(live < 0n ? 0n : live);
      }
      return {
        row_count: rowCount,
        last_modified_at: new Date(snapshot.timestampMs).toISOString(),
        // An equality delete may match any number of rows: the summary then only bounds the count.
        row_count_exact: rowCount !== null && (equalityDeletes ?? 0n) === 0n,
      };
    });
  }

  async scan(
    connection: DatasourceConnection,
    target: string,
    sql: string,
    options: ScanOptions,
  ): Promise<QueryResult> {
    return this.withScan(connection, target, options, (scan) => scan.query(sql, options.maxRows));
  }

  /** Plans the scan and spools its files once; `work` may send several statements over the view. */
  async withScan<T>(
    connection: DatasourceConnection,
    target: string,
    options: CallOptions,
    work: (scan: ScanSession) => Promise<T>,
  ): Promise<T> {
    const ref = parseIcebergTarget(target);
    return this.within(connection, options, async (client, settings, call) => {
      const { loaded, properties } = await this.open(client, settings, ref);
      const { metadata, metadataLocation } = loaded;
      const root = tableRootOf(metadataLocation);
      const io = new IcebergFileIo(this.deps, properties, call, options.transfer);
      const engine = this.engine();
      const directory = await engine.createCallDirectory();
      try {
        const resolve = (file: string): string => resolveTablePath(file, metadata.location, root);
        const plan = await planIcebergScan(metadata, (file) => io.readAll(resolve(file)));
        const input = { schema: metadata.currentSchema, partitionSpecs: metadata.partitionSpecs, plan };
        let view: ViewDefinition | null = null;
        try {
          if (!this.testing.wholeDownloads) view = await this.rangedView(io, input, directory, resolve, call);
        } catch (error) {
          // A data file the ranged reader refuses is downloaded whole, so DuckDB's answer is a full download's.
          const refused =
            error instanceof DatasourceError && error.errorClass === DatasourceErrorClass.Invalid;
          if (!refused || call.abortClass() !== null) throw error;
          await fs.promises.rm(path.join(directory, 'ranged'), { recursive: true, force: true });
        }
        if (view === null) {
          const files = [...plan.dataFiles.map((planned) => planned.file), ...plan.deleteFiles];
          const spooled = await this.spool(io, files, directory, resolve, call);
          view = { viewSql: buildScanViewSql({ ...input, spooled }) };
        }
        call.throwIfAborted();
        const prepared = view;
        return await engine.withView(
          () => Promise.resolve(prepared),
          { timeoutMs: call.remainingMs(), signal: options.signal },
          asCallerWork(work),
        );
      } finally {
        io.destroy();
        await engine.removeCallDirectory(directory);
      }
    });
  }

  private engine(): DuckDbEngine {
    this.engineInstance ??= DuckDbEngine.shared({ spoolRoot: this.deps.spoolDir });
    return this.engineInstance;
  }

  private async open(
    client: IcebergRestClient,
    settings: IcebergCatalogSettings,
    ref: ReturnType<typeof parseIcebergTarget>,
  ): Promise<OpenedTable> {
    const config = await client.connect();
    const loaded = await client.loadTable(ref);
    return {
      loaded,
      properties: { ...config.defaults, ...settings.properties, ...config.overrides, ...loaded.config },
    };
  }

  /**
   * The view with the data files read by ranges (docs/decisions/0049): their footers now, before
   * each statement the chunks of the fields it names (and of the equality-delete keys), the view
   * narrowed to those fields. Delete files are downloaded whole: every column of theirs is read.
   */
  private async rangedView(
    io: IcebergFileIo,
    input: Omit<ScanViewInput, 'spooled'>,
    directory: string,
    resolve: (file: string) => string,
    call: IcebergCall,
  ): Promise<ViewDefinition> {
    const { plan, schema } = input;
    const dataFiles = [
      ...new Map(plan.dataFiles.map((planned) => [planned.file.path, planned.file])).values(),
    ];
    const rangedDirectory = path.join(directory, 'ranged');
    await fs.promises.mkdir(rangedDirectory);
    const callOptions = (): CallOptions => ({ timeoutMs: call.remainingMs(), signal: call.signal });
    const ranged = await RangedParquetFiles.open(
      this.engine(),
      { readRange: (file, start, end) => io.readRange(resolve(file), start, end) },
      dataFiles.map((file) => ({ path: file.path, size: Number(file.sizeInBytes), last_modified_at: '' })),
      rangedDirectory,
      callOptions(),
      this.testing,
    );
    const columns = await readParquetColumns(this.engine(), ranged.footerPaths, callOptions());
    const spooled =
      plan.deleteFiles.length > 0
        ? await this.spool(io, plan.deleteFiles, directory, resolve, call)
        : new Map<string, SpooledFile>();
    dataFiles.forEach((file, index) => {
      spooled.set(file.path, {
        localPath: ranged.localPaths[index] ?? '',
        columns: columns.get(ranged.footerPaths[index] ?? '') ?? [],
      });
    });
    const full: ScanViewInput = { ...input, spooled };
    const keys = equalityDeleteIds(input);
    const fileColumns = (index: number, fields: readonly IcebergField[]): string[] => {
      const ofFile = spooled.get(dataFiles[index]?.path ?? '')?.columns ?? [];
      return fields.flatMap((field) => columnFor(field, ofFile)?.name ?? []);
    };
    /** The field that costs least to read: what a statement naming none (`count(*)`) reads. */
    const cheapest = (): IcebergField | undefined => {
      let best: { field: IcebergField; bytes: number } | undefined;
      for (const field of schema.fields) {
        let bytes = 0;
        for (const index of dataFiles.keys())
          for (const name of fileColumns(index, [field])) bytes += ranged.columnBytes(index, name);
        if (!best || bytes < best.bytes) best = { field, bytes };
      }
      return best?.field;
    };
    const names = schema.fields.map((field) => field.name);
    const viewFor = async (sql: string, connection: DuckDBConnection, all: boolean): Promise<string> => {
      const needed = all ? 'all' : await columnsOfStatement(connection, sql, names);
      if (needed === 'all' || dataFiles.length === 0) {
        await ranged.fetch(() => null);
        return buildScanViewSql(full);
      }
      const only = new Set(schema.fields.filter((field) => needed.has(field.name)).map((field) => field.id));
      if (only.size === 0) {
        const narrowest = cheapest();
        if (narrowest) only.add(narrowest.id);
      }
      const read = schema.fields.filter((field) => only.has(field.id) || keys.includes(field.id));
      await ranged.fetch((index) => fileColumns(index, read));
      return buildScanViewSql(full, only);
    };
    return { viewSql: buildScanViewSql(full), viewFor };
  }

  /** Streams every distinct file to the call directory and reads each one's top-level Parquet columns. */
  private async spool(
    io: IcebergFileIo,
    files: IcebergContentFile[],
    directory: string,
    resolve: (file: string) => string,
    call: IcebergCall,
  ): Promise<Map<string, SpooledFile>> {
    const unique = [...new Map(files.map((file) => [file.path, file])).values()];
    const localPaths = unique.map((file, index) =>
      path.join(directory, `${file.content === 'data' ? 'd' : 'x'}${String(index).padStart(5, '0')}.parquet`),
    );
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < unique.length) {
        const index = next++;
        const file = unique[index];
        const localPath = localPaths[index];
        if (file && localPath) await io.download(resolve(file.path), localPath);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_DOWNLOADS, unique.length) }, worker));
    const columns = await readParquetColumns(this.engine(), localPaths, {
      timeoutMs: call.remainingMs(),
      signal: call.signal,
    });
    const spooled = new Map<string, SpooledFile>();
    unique.forEach((file, index) => {
      const localPath = localPaths[index] ?? '';
      spooled.set(file.path, { localPath, columns: columns.get(localPath) ?? [] });
    });
    return spooled;
  }

  /**
   * Runs one call under its deadline and cancellation. Failures come out classified: a stop as
   * timeout/cancelled, a 422 `url_forbidden` unchanged, anything unexpected as `invalid` with a
   * fixed message (never a driver's text with hosts, paths or keys).
   */
  private async within<T>(
    connection: DatasourceConnection,
    options: CallOptions,
    work: (client: IcebergRestClient, settings: IcebergCatalogSettings, call: IcebergCall) => Promise<T>,
  ): Promise<T> {
    const settings = icebergCatalogSettings(connection);
    const call = new IcebergCall(options);
    call.throwIfAborted();
    try {
      return await work(new IcebergRestClient(this.deps, settings, call), settings, call);
    } catch (error) {
      rethrowCallerFailure(error);
      const aborted = call.abortClass();
      if (aborted !== null) throw icebergError(aborted);
      if (error instanceof DatasourceError || error instanceof AppError) throw error;
      throw icebergError(DatasourceErrorClass.Invalid);
    }
  }
}
