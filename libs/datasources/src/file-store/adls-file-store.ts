import { type Agent } from 'node:http';
import { PassThrough } from 'node:stream';
import { type TokenCredential } from '@azure/core-auth';
import { ClientSecretCredential } from '@azure/identity';
import {
  AnonymousCredential,
  type BlobItem,
  ContainerClient,
  newPipeline,
  type RequestPolicyFactory,
  StorageSharedKeyCredential,
} from '@azure/storage-blob';
import { AppError, DatasourceErrorClass } from '@dq/contracts';
import { isEgressRefusal } from '@dq/security';
import { type AdapterDependencies } from '../adapter/adapter-dependencies';
import { type CallOptions, DatasourceError, type FileEntry } from '../adapter/datasource-adapter';
import { type RemoteFileStore } from '../flat-files/remote-file-store';
import { type AdlsCredential, type AdlsSettings } from './adls-connection-config';
import { ADLS_ERROR_MESSAGES, classifyAdlsError } from './classify-adls-error';

/** Listing stops here: a target matching more files is refused rather than read. */
export const ADLS_MAX_LISTED_FILES = 10_000;
/** `readRange` serves footers and header samples; a bigger range is a caller bug. */
const MAX_RANGE_BYTES = 64 * 1024 * 1024;
const LIST_PAGE_SIZE = 5000;

export interface AdlsFileStoreOptions {
  maxListedFiles?: number;
}

function classified(errorClass: DatasourceErrorClass): DatasourceError {
  return new DatasourceError(errorClass, ADLS_ERROR_MESSAGES[errorClass]);
}

/**
 * A v1 request policy that puts every request on the egress guard's agent. The storage pipeline
 * runs it after its proxy policy, so the guarded connect-time lookup holds even when a proxy
 * variable is set in the environment.
 */
function guardedAgentFactory(agent: Agent): RequestPolicyFactory {
  return {
    create: (nextPolicy) => ({
      sendRequest: (request) => {
        request.agent = agent;
        return nextPolicy.sendRequest(request);
      },
    }),
  };
}

/** The identity platform's token requests go through the guard's https agent as well. */
function servicePrincipal(credential: AdlsCredential & { form: 'service_principal' }, agent: Agent) {
  return new ClientSecretCredential(credential.tenantId, credential.clientId, credential.clientSecret, {
    retryOptions: { maxRetries: 1 },
    additionalPolicies: [
      {
        position: 'perRetry',
        policy: {
          name: 'dqEgressGuardedAgent',
          sendRequest: (request, next) => {
            request.agent = agent;
            return next(request);
          },
        },
      },
    ],
  });
}

function property(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function isDirectory(item: BlobItem): boolean {
  // Hierarchical-namespace accounts list directories as blobs marked with `hdi_isfolder`.
  return item.metadata?.['hdi_isfolder'] === 'true';
}

function entryOf(path: string, size: number | undefined, lastModified: Date | undefined): FileEntry {
  return {
    path,
    size: size ?? 0,
    last_modified_at: (lastModified ?? new Date(0)).toISOString(),
  };
}

async function readAll(stream: NodeJS.ReadableStream, limit: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    length += buffer.length;
    if (length > limit) throw classified(DatasourceErrorClass.Invalid);
    chunks.push(buffer);
  }
  return new Uint8Array(Buffer.concat(chunks, length));
}

/**
 * An ADLS Gen2 filesystem as a `RemoteFileStore`, over the Blob API of the same account.
 *
 * Why Blob and not the Data Lake (dfs) API: Azurite, the emulator every test runs against, answers
 * the dfs path calls (list paths, create file) with 400, while a hierarchical-namespace account
 * serves the Blob API on the same data with the same behaviour this store needs (listing by
 * prefix, last-modified, ranged reads). Directories, which such an account lists as marked
 * blobs, are left out.
 *
 * Every call runs under `options.timeoutMs` and `options.signal`; every failure is a classified
 * `DatasourceError`, or the guard's 422 `url_forbidden` when a socket would reach a forbidden address.
 */
export class AdlsRemoteFileStore implements RemoteFileStore {
  private readonly maxListedFiles: number;

  private constructor(
    private readonly container: ContainerClient,
    private readonly deps: AdapterDependencies,
    options: AdlsFileStoreOptions,
  ) {
    this.maxListedFiles = options.maxListedFiles ?? ADLS_MAX_LISTED_FILES;
  }

  /**
   * Checks `account_url` (and the blob endpoint derived from it) with the egress guard, then builds
   * the client. The guard's `url_forbidden` propagates unchanged; an unknown host is `unreachable`.
   */
  static async open(
    settings: AdlsSettings,
    deps: AdapterDependencies,
    callOptions: CallOptions,
    options: AdlsFileStoreOptions = {},
  ): Promise<AdlsRemoteFileStore> {
    const parsed = await checkedUrl(deps, settings.accountUrl);
    if (settings.blobAccountUrl !== parsed.origin) await checkedUrl(deps, settings.blobAccountUrl);
    const agent: Agent = deps.egress.agentFor(parsed.protocol);
    const credential = credentialFor(settings.credential, settings.accountName, agent);
    const pipeline = newPipeline(credential, {
      // Low retries: an unreachable host must fail within the call's deadline.
      retryOptions: {
        maxTries: 2,
        tryTimeoutInMs: Math.max(1000, callOptions.timeoutMs),
        retryDelayInMs: 200,
        maxRetryDelayInMs: 1000,
      },
    });
    pipeline.factories.push(guardedAgentFactory(agent));
    const containerUrl = new URL(`${settings.blobAccountUrl}/${encodeURIComponent(settings.filesystem)}`);
    if (settings.credential.form === 'sas_token') containerUrl.search = settings.credential.sasToken;
    return new AdlsRemoteFileStore(new ContainerClient(containerUrl.toString(), pipeline), deps, options);
  }

  async list(prefix: string, options: CallOptions): Promise<FileEntry[]> {
    return this.call(options, async (abortSignal) => {
      const entries: FileEntry[] = [];
      const pages = this.container
        .listBlobsFlat({ prefix, includeMetadata: true, abortSignal })
        .byPage({ maxPageSize: LIST_PAGE_SIZE });
      for await (const page of pages) {
        for (const item of page.segment.blobItems) {
          if (isDirectory(item)) continue;
          entries.push(entryOf(item.name, item.properties.contentLength, item.properties.lastModified));
          if (entries.length > this.maxListedFiles)
            throw new DatasourceError(
              DatasourceErrorClass.Invalid,
              `The target matches too many files (more than ${this.maxListedFiles})`,
            );
        }
      }
      return entries;
    });
  }

  /** One listing page of at most one path: the filesystem exists and the credential may list it. */
  async probe(options: CallOptions): Promise<void> {
    await this.call(options, async (abortSignal) => {
      const pages = this.container.listBlobsFlat({ abortSignal }).byPage({ maxPageSize: 1 });
      await pages.next();
    });
  }

  async stat(path: string, options: CallOptions): Promise<FileEntry> {
    return this.call(options, async (abortSignal) => {
      const blob = this.container.getBlobClient(path);
      const properties = await blob.getProperties({ abortSignal }).catch(async (error: unknown) => {
        // A HEAD refusal has no body, and Azurite's code alone cannot tell a wrong key from a denied
        // grant: a one-byte GET returns the same refusal with its text, which can.
        if (property(error, 'statusCode') !== 403) throw error;
        await blob.download(0, 1, { abortSignal });
        throw error;
      });
      if (properties.metadata?.['hdi_isfolder'] === 'true') throw classified(DatasourceErrorClass.NotFound);
      return entryOf(path, properties.contentLength, properties.lastModified);
    });
  }

  async readRange(path: string, start: number, end: number, options: CallOptions): Promise<Uint8Array> {
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start)
      throw new DatasourceError(DatasourceErrorClass.Invalid, 'The byte range is not valid');
    if (end - start > MAX_RANGE_BYTES)
      throw new DatasourceError(DatasourceErrorClass.Invalid, 'The byte range is too large');
    if (end === start) return new Uint8Array(0);
    return this.call(options, async (abortSignal) => {
      const response = await this.container
        .getBlobClient(path)
        .download(start, end - start, { abortSignal, maxRetryRequests: 1 });
      const body = response.readableStreamBody;
      return body ? readAll(body, end - start) : new Uint8Array(0);
    });
  }

  /**
   * The body as it arrives (the SDK resumes a dropped download from where it stopped). A failure
   * while streaming reaches the reader as a classified error on the stream.
   */
  async openStream(path: string, options: CallOptions): Promise<NodeJS.ReadableStream> {
    const { signal, deadline } = this.signals(options);
    try {
      const response = await this.container
        .getBlobClient(path)
        .download(0, undefined, { abortSignal: signal, maxRetryRequests: 2 });
      const body = response.readableStreamBody;
      const output = new PassThrough();
      if (!body) {
        output.end();
        return output;
      }
      body.on('error', (error) => output.destroy(this.failure(error, options, deadline)));
      body.pipe(output);
      return output;
    } catch (error) {
      throw this.failure(error, options, deadline);
    }
  }

  private signals(options: CallOptions): { signal: AbortSignal; deadline: AbortSignal } {
    const deadline = AbortSignal.timeout(options.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    return { signal, deadline };
  }

  private async call<T>(options: CallOptions, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (options.signal?.aborted) throw classified(DatasourceErrorClass.Cancelled);
    const { signal, deadline } = this.signals(options);
    try {
      return await work(signal);
    } catch (error) {
      throw this.failure(error, options, deadline);
    }
  }

  /** Which signal fired decides between cancelled and timeout; otherwise the SDK error's class. */
  private failure(error: unknown, options: CallOptions, deadline: AbortSignal): Error {
    if (error instanceof DatasourceError) return error;
    if (isEgressRefusal(error)) return this.deps.egress.refuse('account_url', 'refused at connect time');
    if (options.signal?.aborted) return classified(DatasourceErrorClass.Cancelled);
    if (deadline.aborted) return classified(DatasourceErrorClass.Timeout);
    return classified(classifyAdlsError(error));
  }
}

async function checkedUrl(deps: AdapterDependencies, url: string): Promise<URL> {
  try {
    return await deps.egress.assertUrlAllowed(url, 'account_url');
  } catch (error) {
    // The guard's refusal is the caller's answer as is; a DNS failure is an unreachable store.
    if (error instanceof AppError) throw error;
    throw classified(classifyAdlsError(error));
  }
}

function credentialFor(
  credential: AdlsCredential,
  accountName: string,
  agent: Agent,
): StorageSharedKeyCredential | AnonymousCredential | TokenCredential {
  switch (credential.form) {
    case 'account_key':
      return new StorageSharedKeyCredential(accountName, credential.accountKey);
    case 'sas_token':
      // The SAS is the query of every request URL.
      return new AnonymousCredential();
    case 'service_principal':
      return servicePrincipal(credential, agent);
  }
}
