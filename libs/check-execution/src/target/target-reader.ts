import { Logger } from '@nestjs/common';
import {
  BATCH_PREVIEW_MAX_FILES,
  type TargetColumnsReply,
  type TargetFilesReply,
  type TargetRequest,
  DatasourceErrorClass,
  type FileEncoding,
  INTERACTIVE_DEADLINE_DEFAULT_MS,
  datasourceTimeoutError,
} from '@dq/contracts';
import {
  type CallOptions,
  type DatasourceAdapterRegistry,
  type DatasourceConnection,
  DatasourceError,
} from '@dq/datasources';
import { interactiveFailure } from './datasource-failure';
import { type OpenedConnections } from './opened-connections';

const logger = new Logger('TargetReader');

/**
 * Interactive reads of a suite's target for the gateway: its columns and, for flat files, the
 * files a batch pattern matches now. Each opens the connection, records credential health and
 * answers a classified failure as the API should (see `interactiveFailure`).
 */
export class TargetReader {
  constructor(
    private readonly connections: OpenedConnections,
    private readonly adapters: DatasourceAdapterRegistry,
    /** The interactive deadline: past it the statement is cancelled and the answer is a 504. */
    private readonly timeoutMs = INTERACTIVE_DEADLINE_DEFAULT_MS,
  ) {}

  async columns(request: TargetRequest): Promise<TargetColumnsReply> {
    return this.withConnection(
      request.connection_id,
      async (connection, options) => {
        const columns = await this.adapters.get(connection.kind).columns(connection, request.target, options);
        return { columns: columns.map(({ name, type, nullable }) => ({ name, type, nullable })) };
      },
      request.file_encoding,
    );
  }

  async files(request: TargetRequest): Promise<TargetFilesReply> {
    return this.withConnection(request.connection_id, async (connection, options) => {
      const adapter = this.adapters.get(connection.kind);
      if (!adapter.listFiles)
        throw new DatasourceError(DatasourceErrorClass.Invalid, 'This datasource kind holds no files');
      const files = await adapter.listFiles(connection, request.target, options);
      // Oldest first from the adapter; the preview shows the newest, which is what a user checks.
      const newest = files.slice(-BATCH_PREVIEW_MAX_FILES).reverse();
      return {
        files: newest.map(({ path, size, last_modified_at }) => ({ path, size, last_modified_at })),
        truncated: files.length > newest.length,
        total_matched: files.length,
      };
    });
  }

  /**
   * Opens the connection, runs `work` within the deadline (reading flat files in `fileEncoding`, the
   * suite's), records health, maps failures.
   */
  async withConnection<T>(
    connectionId: string,
    work: (connection: DatasourceConnection, options: CallOptions) => Promise<T>,
    fileEncoding?: FileEncoding,
  ): Promise<T> {
    const connection = await this.connections.open(connectionId);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      const result = await work(connection, {
        timeoutMs: this.timeoutMs,
        signal: controller.signal,
        ...(fileEncoding ? { fileEncoding } : {}),
      });
      await this.connections.record(connectionId, null);
      return result;
    } catch (error) {
      await this.connections.record(connectionId, error);
      if (!(error instanceof DatasourceError) && !(error instanceof Error && error.name === 'AppError')) {
        logger.error(
          `Target work on a ${connection.kind} connection failed unexpectedly (${typeName(error)})`,
        );
      }
      // The deadline cancelled the statement: the adapter reports a cancel, the caller a timeout.
      if (controller.signal.aborted) throw datasourceTimeoutError(this.timeoutMs);
      throw interactiveFailure(error, this.timeoutMs);
    } finally {
      clearTimeout(timer);
    }
  }
}

function typeName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}
