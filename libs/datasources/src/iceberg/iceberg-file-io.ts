import { createWriteStream } from 'node:fs';
import { type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { DatasourceErrorClass } from '@dq/contracts';
import { isEgressRefusal } from '@dq/security';
import { type AdapterDependencies } from '../adapter/adapter-dependencies';
import { DatasourceError, type TransferTally } from '../adapter/datasource-adapter';
import { type IcebergCall, icebergError, isNetworkFailure } from './iceberg-call';

const S3_SCHEMES = new Set(['s3:', 's3a:', 's3n:']);
const DEFAULT_REGION = 'us-east-1';
// Manifests and manifest lists are read whole (they are metadata); a bigger one is refused.
const MAX_METADATA_FILE_BYTES = 64 * 1024 * 1024;

const BY_S3_ERROR_NAME: Readonly<Record<string, DatasourceErrorClass>> = {
  NoSuchKey: DatasourceErrorClass.NotFound,
  NoSuchBucket: DatasourceErrorClass.NotFound,
  NotFound: DatasourceErrorClass.NotFound,
  AccessDenied: DatasourceErrorClass.Permission,
  InvalidAccessKeyId: DatasourceErrorClass.Auth,
  SignatureDoesNotMatch: DatasourceErrorClass.Auth,
  ExpiredToken: DatasourceErrorClass.Auth,
  InvalidToken: DatasourceErrorClass.Auth,
};

interface S3Location {
  bucket: string;
  key: string;
}

function unsupported(message: string): DatasourceError {
  return icebergError(DatasourceErrorClass.Invalid, message);
}

/** The folder holding `metadata/` of a metadata location: the table's root in the store. */
export function tableRootOf(metadataLocation: string): string {
  const parts = metadataLocation.split('/');
  parts.pop();
  if (parts[parts.length - 1] === 'metadata') parts.pop();
  return parts.join('/');
}

/**
 * Resolves a path written in table metadata to an absolute object-store URI. Absolute URIs stay as
 * they are; a relative path (tables written with a relative warehouse, as the duckdb-iceberg
 * fixtures are) is taken relative to the table's `location` and re-rooted at the folder the
 * catalog's metadata location names. Local-disk paths are refused: a user-supplied catalog must
 * never make the runner read its own files.
 */
export function resolveTablePath(path: string, tableLocation: string, tableRoot: string): string {
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(path)?.[1];
  if (scheme !== undefined) {
    if (!S3_SCHEMES.has(`${scheme.toLowerCase()}:`))
      throw unsupported('The table refers to files outside a supported object store (S3)');
    return path;
  }
  if (path.startsWith('/') || path.startsWith('\\'))
    throw unsupported('The table refers to files outside a supported object store (S3)');
  const location = tableLocation.replace(/\/+$/, '');
  if (!path.startsWith(`${location}/`)) throw unsupported('The table refers to a file outside its location');
  const rest = path.slice(location.length + 1);
  if (rest.split('/').some((segment) => segment === '..' || segment === '.'))
    throw unsupported('The table refers to a file outside its location');
  return `${tableRoot}/${rest}`;
}

function parseS3(uri: string): S3Location {
  const match = /^s3[an]?:\/\/([^/]+)\/(.+)$/i.exec(uri);
  if (!match?.[1] || !match[2]) throw unsupported('The table refers to a malformed object-store path');
  return { bucket: match[1], key: match[2] };
}

/**
 * Reads a table's files from S3 (or an S3-compatible store) with the catalog-vended or
 * connection-given `s3.*` properties. The endpoint passes the egress guard and every socket uses
 * the guard's agents; with no keys the requests go unsigned, never with the runner's own
 * credentials from its environment.
 */
export class IcebergFileIo {
  private client: S3Client | null = null;

  constructor(
    private readonly deps: AdapterDependencies,
    private readonly properties: Record<string, string>,
    private readonly call: IcebergCall,
    /** Counts every request and every byte received, when the caller asked (`CallOptions.transfer`). */
    private readonly transfer?: TransferTally,
  ) {}

  /** A whole (metadata) file: a manifest list or a manifest. */
  async readAll(uri: string): Promise<Buffer> {
    const body = await this.open(uri);
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of body) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        size += buffer.length;
        if (this.transfer) this.transfer.bytes += buffer.length;
        if (size > MAX_METADATA_FILE_BYTES) throw unsupported('A table metadata file is too large');
        chunks.push(buffer);
      }
    } catch (error) {
      body.destroy();
      throw this.classify(error);
    }
    return Buffer.concat(chunks);
  }

  /** Streams a file to `localPath` (data files are never held in memory). */
  async download(uri: string, localPath: string): Promise<void> {
    const body = await this.open(uri);
    const transfer = this.transfer;
    if (transfer) body.on('data', (chunk: Uint8Array) => (transfer.bytes += chunk.byteLength));
    try {
      await pipeline(body, createWriteStream(localPath, { flags: 'wx' }), { signal: this.call.signal });
    } catch (error) {
      throw this.classify(error);
    }
  }

  /** Bytes `[start, end)` of a file (Parquet footers and column chunks). */
  async readRange(uri: string, start: number, end: number): Promise<Uint8Array> {
    if (end <= start) return new Uint8Array(0);
    this.call.throwIfAborted();
    const { bucket, key } = parseS3(uri);
    const client = await this.s3();
    if (this.transfer) this.transfer.requests += 1;
    try {
      const output = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=${start}-${end - 1}` }),
        { abortSignal: this.call.signal, requestTimeout: this.call.remainingMs() },
      );
      const bytes = output.Body ? await output.Body.transformToByteArray() : new Uint8Array(0);
      if (this.transfer) this.transfer.bytes += bytes.byteLength;
      // A store that ignores Range answers the whole object (no Content-Range): cut the asked part out.
      return output.ContentRange === undefined ? bytes.subarray(start, end) : bytes;
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416)
        return new Uint8Array(0);
      throw this.classify(error);
    }
  }

  destroy(): void {
    this.client?.destroy();
    this.client = null;
  }

  private async open(uri: string): Promise<Readable> {
    this.call.throwIfAborted();
    const { bucket, key } = parseS3(uri);
    const client = await this.s3();
    if (this.transfer) this.transfer.requests += 1;
    try {
      const output = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }), {
        abortSignal: this.call.signal,
        requestTimeout: this.call.remainingMs(),
      });
      if (!output.Body) throw icebergError(DatasourceErrorClass.NotFound);
      return output.Body as Readable;
    } catch (error) {
      throw this.classify(error);
    }
  }

  private async s3(): Promise<S3Client> {
    if (this.client) return this.client;
    const props = this.properties;
    const endpoint = props['s3.endpoint'];
    if (endpoint !== undefined) {
      try {
        await this.deps.egress.assertUrlAllowed(endpoint, 's3.endpoint');
      } catch (error) {
        if (isNetworkFailure(error)) throw icebergError(DatasourceErrorClass.Unreachable);
        throw error;
      }
    }
    const accessKeyId = props['s3.access-key-id'];
    const secretAccessKey = props['s3.secret-access-key'];
    const sessionToken = props['s3.session-token'];
    const region = props['s3.region'] ?? props['client.region'] ?? DEFAULT_REGION;
    this.client = new S3Client({
      region,
      endpoint,
      forcePathStyle: props['s3.path-style-access'] === 'true',
      maxAttempts: 1,
      requestHandler: new NodeHttpHandler({
        httpAgent: this.deps.egress.agentFor('http:'),
        httpsAgent: this.deps.egress.agentFor('https:'),
      }),
      ...(accessKeyId !== undefined && secretAccessKey !== undefined
        ? { credentials: { accessKeyId, secretAccessKey, sessionToken } }
        : { signer: { sign: (request) => Promise.resolve(request) } }),
    });
    return this.client;
  }

  private classify(error: unknown): unknown {
    if (error instanceof DatasourceError) return error;
    const aborted = this.call.abortClass();
    if (aborted !== null) return icebergError(aborted);
    if (isEgressRefusal(error)) return this.deps.egress.refuse('s3.endpoint', 'connect-time address check');
    if (error instanceof S3ServiceException) {
      const known = BY_S3_ERROR_NAME[error.name];
      if (known) return icebergError(known);
      const status = error.$metadata.httpStatusCode ?? 0;
      if (status === 404) return icebergError(DatasourceErrorClass.NotFound);
      if (status === 403) return icebergError(DatasourceErrorClass.Permission);
      if (status === 401) return icebergError(DatasourceErrorClass.Auth);
      if (status >= 500) return icebergError(DatasourceErrorClass.Unreachable);
      return icebergError(DatasourceErrorClass.Invalid);
    }
    if (isNetworkFailure(error)) return icebergError(DatasourceErrorClass.Unreachable);
    if ((error as { name?: unknown } | null)?.name === 'TimeoutError')
      return icebergError(DatasourceErrorClass.Timeout);
    if (error instanceof Error && (error as { code?: unknown }).code === 'EEXIST')
      return icebergError(DatasourceErrorClass.Invalid);
    return icebergError(DatasourceErrorClass.Unreachable);
  }
}
