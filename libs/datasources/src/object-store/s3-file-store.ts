import { PassThrough, type Readable } from 'node:stream';
import {
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { AppError, DatasourceErrorClass } from '@dq/contracts';
import { type EgressGuard, isEgressRefusal } from '@dq/security';
import { type AdapterDependencies } from '../adapter/adapter-dependencies';
import {
  type CallOptions,
  type DatasourceConnection,
  DatasourceError,
  type FileEntry,
} from '../adapter/datasource-adapter';
import { type RemoteFileStore } from '../flat-files/remote-file-store';
import { OBJECT_STORE_ERROR_MESSAGES, classifyS3Error } from './classify-s3-error';
import { objectStoreSettings } from './object-store-settings';

/** More keys under one prefix than a batch target may span (each listed file is kept in memory). */
export const MAX_LISTED_FILES = 100_000;
const LIST_PAGE_SIZE = 1000;
// A reachable store accepts a connection within seconds; waiting the whole call for it hides a dead host.
const MAX_CONNECT_TIMEOUT_MS = 10_000;
// One retry for a dropped connection or a throttle; more would only delay an unreachable host's answer.
const MAX_ATTEMPTS = 2;

function classified(errorClass: DatasourceErrorClass): DatasourceError {
  return new DatasourceError(errorClass, OBJECT_STORE_ERROR_MESSAGES[errorClass]);
}

function httpStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const metadata = (error as { $metadata?: { httpStatusCode?: unknown } }).$metadata;
  return typeof metadata?.httpStatusCode === 'number' ? metadata.httpStatusCode : undefined;
}

function hasS3Code(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && typeof (error as { Code?: unknown }).Code === 'string'
  );
}

function fileEntry(path: string, size: number | undefined, lastModified: Date | undefined): FileEntry {
  return {
    path,
    size: size ?? 0,
    // Every S3 listing and HEAD carries Last-Modified; the epoch only stands in for a store that omits it.
    last_modified_at: (lastModified ?? new Date(0)).toISOString(),
  };
}

/** One call's cancellation: the caller's signal and the call's own deadline, told apart afterwards. */
interface CallSignals {
  abortSignal: AbortSignal;
  deadline: AbortSignal;
  caller?: AbortSignal;
}

function callSignals(options: CallOptions): CallSignals {
  if (options.signal?.aborted) throw classified(DatasourceErrorClass.Cancelled);
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const abortSignal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  return { abortSignal, deadline, caller: options.signal };
}

/**
 * A bucket of AWS S3 or of any S3-compatible store (`endpoint_url`), as a `RemoteFileStore`. Every
 * socket goes through the egress guard's agents, so the guard's connect-time check also covers
 * redirects and DNS rebinding. Failures come out classified with a fixed message: S3's own text
 * names the bucket, the key and the access key id, so it is dropped.
 */
export class S3RemoteFileStore implements RemoteFileStore {
  private constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly egress: EgressGuard,
    /** The user-supplied field a refused address came from, for the 422 `url_forbidden`. */
    private readonly addressField: string,
  ) {}

  /**
   * Checks the endpoint URL with the egress guard (its 422 `url_forbidden` propagates unchanged;
   * an unknown host is `unreachable`) and builds the client. Nothing is sent yet.
   */
  static async open(
    connection: DatasourceConnection,
    deps: AdapterDependencies,
    options: CallOptions,
  ): Promise<S3RemoteFileStore> {
    const settings = objectStoreSettings(connection);
    if (options.signal?.aborted) throw classified(DatasourceErrorClass.Cancelled);
    if (settings.endpointUrl !== undefined) {
      try {
        await deps.egress.assertUrlAllowed(settings.endpointUrl, 'endpoint_url');
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw classified(classifyS3Error(error));
      }
    }
    const client = new S3Client({
      region: settings.region,
      endpoint: settings.endpointUrl,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      maxAttempts: MAX_ATTEMPTS,
      // A bucket in another AWS region answers with a redirect; follow it instead of failing.
      followRegionRedirects: true,
      // S3-compatible stores differ in checksum support; S3 itself needs none for these reads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: new NodeHttpHandler({
        httpAgent: deps.egress.agentFor('http:'),
        httpsAgent: deps.egress.agentFor('https:'),
        connectionTimeout: Math.min(options.timeoutMs, MAX_CONNECT_TIMEOUT_MS),
        requestTimeout: options.timeoutMs,
        throwOnRequestTimeout: true,
      }),
    });
    const addressField = settings.endpointUrl === undefined ? 'region' : 'endpoint_url';
    return new S3RemoteFileStore(client, settings.bucket, deps.egress, addressField);
  }

  /** The cheapest request that proves both the credential and the bucket: list at most one key. */
  async checkBucket(options: CallOptions): Promise<void> {
    await this.send(options, (abortSignal) =>
      this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, MaxKeys: 1 }), { abortSignal }),
    );
  }

  async list(prefix: string, options: CallOptions): Promise<FileEntry[]> {
    const files: FileEntry[] = [];
    let continuationToken: string | undefined;
    do {
      const page = await this.send(options, (abortSignal) =>
        this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: prefix,
            MaxKeys: LIST_PAGE_SIZE,
            ContinuationToken: continuationToken,
          }),
          { abortSignal },
        ),
      );
      for (const object of page.Contents ?? []) {
        // Keys ending in `/` are the folder markers consoles create, not files.
        if (object.Key === undefined || object.Key.endsWith('/')) continue;
        files.push(fileEntry(object.Key, object.Size, object.LastModified));
      }
      if (files.length > MAX_LISTED_FILES)
        throw new DatasourceError(
          DatasourceErrorClass.Invalid,
          `The target matches more than ${MAX_LISTED_FILES} files`,
        );
      continuationToken = page.IsTruncated === true ? page.NextContinuationToken : undefined;
    } while (continuationToken !== undefined);
    return files;
  }

  async stat(path: string, options: CallOptions): Promise<FileEntry> {
    const head = await this.send(options, async (abortSignal) => {
      try {
        return await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: path }), {
          abortSignal,
        });
      } catch (error) {
        if (httpStatus(error) !== 403 || hasS3Code(error)) throw error;
        // A HEAD answer has no body: its 403 does not say whether the signature or the grant
        // failed. A one-byte GET of the same key answers with the S3 code that tells them apart.
        const probe = await this.client
          .send(new GetObjectCommand({ Bucket: this.bucket, Key: path, Range: 'bytes=0-0' }), { abortSignal })
          .catch((probeError: unknown) => {
            throw httpStatus(probeError) === 416 ? error : probeError;
          });
        (probe.Body as Readable | undefined)?.destroy();
        throw error;
      }
    });
    return fileEntry(path, head.ContentLength, head.LastModified);
  }

  async readRange(path: string, start: number, end: number, options: CallOptions): Promise<Uint8Array> {
    if (end <= start) return new Uint8Array(0);
    return this.send(options, async (abortSignal) => {
      let object: GetObjectCommandOutput;
      try {
        object = await this.client.send(
          new GetObjectCommand({ Bucket: this.bucket, Key: path, Range: `bytes=${start}-${end - 1}` }),
          { abortSignal },
        );
      } catch (error) {
        // A range that starts at or past the end (a read past the last byte, an empty file) is empty.
        if (httpStatus(error) === 416) return new Uint8Array(0);
        throw error;
      }
      const bytes = object.Body ? await object.Body.transformToByteArray() : new Uint8Array(0);
      // A store that ignores Range answers the whole object (no Content-Range): cut the asked part out.
      return object.ContentRange === undefined ? bytes.subarray(start, end) : bytes;
    });
  }

  async openStream(path: string, options: CallOptions): Promise<NodeJS.ReadableStream> {
    const signals = callSignals(options);
    let object: GetObjectCommandOutput;
    try {
      object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: path }), {
        abortSignal: signals.abortSignal,
      });
    } catch (error) {
      throw this.failure(error, signals);
    }
    const body = object.Body as Readable | undefined;
    const stream = new PassThrough();
    if (body === undefined) {
      stream.end();
      return stream;
    }
    // The deadline and the caller's cancel also cover the transfer; a failed transfer surfaces
    // classified on the stream the reader spools, never as the socket's own error.
    const onAbort = (): void => {
      body.destroy();
      stream.destroy(this.failure(new Error('aborted'), signals));
    };
    signals.abortSignal.addEventListener('abort', onAbort, { once: true });
    stream.once('close', () => {
      signals.abortSignal.removeEventListener('abort', onAbort);
      if (!body.destroyed) body.destroy();
    });
    body.once('error', (error) => stream.destroy(this.failure(error, signals)));
    body.pipe(stream);
    return stream;
  }

  /** Runs one request (and the reading of its answer) under the call's deadline and cancel. */
  private async send<T>(options: CallOptions, request: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    const signals = callSignals(options);
    try {
      return await request(signals.abortSignal);
    } catch (error) {
      throw this.failure(error, signals);
    }
  }

  /** The classified form of any failure; cancel and deadline first, since they cause socket errors. */
  private failure(error: unknown, signals: CallSignals): Error {
    if (error instanceof DatasourceError || error instanceof AppError) return error;
    if (signals.caller?.aborted) return classified(DatasourceErrorClass.Cancelled);
    if (signals.deadline.aborted) return classified(DatasourceErrorClass.Timeout);
    if (isEgressRefusal(error))
      return this.egress.refuse(this.addressField, 'address refused at connect time');
    return classified(classifyS3Error(error));
  }
}
