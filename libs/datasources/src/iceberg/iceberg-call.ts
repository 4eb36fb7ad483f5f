import { DatasourceErrorClass } from '@dq/contracts';
import { type CallOptions, DatasourceError, type TransferTally } from '../adapter/datasource-adapter';
import { NETWORK_FAILURE_CODES, SOCKET_TIMED_OUT } from '../adapter/error-facts';

/**
 * The one message shown per class. The catalog's and the object store's own texts are never shown:
 * they can name buckets, hosts, paths or principals.
 */
export const ICEBERG_ERROR_MESSAGES: Readonly<Record<DatasourceErrorClass, string>> = {
  auth: 'The Iceberg catalog or its storage refused the credentials',
  permission: 'The credentials lack a privilege this needs on the Iceberg catalog or its storage',
  not_found: 'The namespace, table or a file of the table does not exist',
  unreachable: 'The Iceberg catalog or its storage did not answer',
  timeout: 'The Iceberg catalog or its storage did not finish in time',
  invalid: 'The Iceberg catalog or table could not be read',
  cancelled: 'The Iceberg call was cancelled',
};

export function icebergError(errorClass: DatasourceErrorClass, message?: string): DatasourceError {
  return new DatasourceError(errorClass, message ?? ICEBERG_ERROR_MESSAGES[errorClass]);
}

/** True when `error` (or a cause up to a few levels down) is a socket/DNS/TLS failure. */
export function isNetworkFailure(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    typeof current === 'object' && current !== null && depth < 5;
    depth += 1
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_FAILURE_CODES.has(code) || code === SOCKET_TIMED_OUT))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The bounds of one adapter call shared by every request it makes: a single deadline across the
 * catalog, the manifests and the spooled files, and the caller's cancellation. `signal` fires on
 * either; `abortClass` tells which one fired.
 */
export class IcebergCall {
  readonly signal: AbortSignal;
  private readonly deadline: number;

  constructor(private readonly options: CallOptions) {
    this.deadline = Date.now() + options.timeoutMs;
    const timeout = AbortSignal.timeout(Math.max(1, options.timeoutMs));
    this.signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  }

  /** The call's tally of requests and bytes, when the caller asked for one. */
  get transfer(): TransferTally | undefined {
    return this.options.transfer;
  }

  /** Milliseconds left before the deadline (at least 1, so a request can still fail as a timeout). */
  remainingMs(): number {
    return Math.max(1, this.deadline - Date.now());
  }

  /** Null while nothing fired; else `cancelled` for the caller's abort, `timeout` for the deadline. */
  abortClass(): DatasourceErrorClass | null {
    if (this.options.signal?.aborted) return DatasourceErrorClass.Cancelled;
    if (this.signal.aborted || Date.now() >= this.deadline) return DatasourceErrorClass.Timeout;
    return null;
  }

  /** Throws the classified abort if the call was cancelled or ran out of time. */
  throwIfAborted(): void {
    const errorClass = this.abortClass();
    if (errorClass !== null) throw icebergError(errorClass);
  }
}
