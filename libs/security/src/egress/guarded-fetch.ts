import type { LookupAddress } from 'node:dns';
import {
  type ClientRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request as httpRequest,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import { EgressGuard } from './egress-guard';
import { isEgressRefusal } from './egress-refused.error';

export const DEFAULT_FETCH_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;

export interface GuardedFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Whole-exchange deadline, connect to last byte. */
  timeoutMs?: number;
  /** The response body is cut and the call fails beyond this many bytes. */
  maxResponseBytes?: number;
  signal?: AbortSignal;
  /** The guard to apply; a strict one (no loopback allowance) unless given. */
  guard?: EgressGuard;
  /** The request field the URL came from, named in a 422 `url_forbidden`. */
  field?: string;
}

export interface GuardedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text(): string;
  json<T = unknown>(): T;
}

export type GuardedFetchFailure = 'timeout' | 'response_too_large' | 'aborted' | 'network';

/** A guarded request that did not complete; `cause` keeps the socket error for classification. */
export class GuardedFetchError extends Error {
  constructor(
    readonly kind: GuardedFetchFailure,
    options?: { cause?: unknown },
    /** The failure was a reused kept-alive socket closed by the peer before any response. */
    readonly staleSocket = false,
  ) {
    super(`outbound request failed (${kind})`, options);
    this.name = 'GuardedFetchError';
  }
}

let strictGuard: EgressGuard | undefined;

/**
 * An outbound HTTP request through the egress guard: the URL and every address its host resolves
 * to are checked before each request, and the socket connects to one of those checked addresses
 * (pinned, no second lookup). Kept-alive sockets are reused only for the same origin and pinned
 * address (docs/decisions/0048). Redirects are never followed (a 3xx comes back as is), the
 * exchange has a deadline and the response a size cap. A refusal throws 422 `url_forbidden`.
 */
export async function guardedFetch(url: string, init: GuardedFetchInit = {}): Promise<GuardedResponse> {
  const guard = init.guard ?? (strictGuard ??= new EgressGuard());
  const field = init.field ?? 'url';
  const { url: target, addresses } = await guard.checkUrl(url, field);
  const deadline = Date.now() + (init.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS);
  try {
    return await exchange(guard, field, target, addresses, init, deadline);
  } catch (error) {
    // A kept-alive socket the peer closed as the request went out: the request never reached it,
    // so it is sent once more on a fresh socket (to the same checked address).
    if (!(error instanceof GuardedFetchError && error.staleSocket)) throw error;
    return exchange(guard, field, target, addresses, init, deadline);
  }
}

function exchange(
  guard: EgressGuard,
  field: string,
  target: URL,
  addresses: LookupAddress[],
  init: GuardedFetchInit,
  deadline: number,
): Promise<GuardedResponse> {
  const maxBytes = init.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const send = target.protocol === 'http:' ? httpRequest : httpsRequest;
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));

  return new Promise<GuardedResponse>((resolve, reject) => {
    let settled = false;
    let responded = false;
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      init.signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const fail = (error: unknown): void =>
      finish(() => {
        if (isEgressRefusal(error)) reject(guard.refuse(field, 'connect-time address check'));
        else if (error instanceof GuardedFetchError) reject(error);
        else reject(new GuardedFetchError('network', { cause: error }, staleReuse(req, error, responded)));
      });

    const req = send(
      target,
      { method: init.method ?? 'GET', headers, agent: guard.pinnedAgentFor(target, addresses) },
      (res: IncomingMessage) => {
        responded = true;
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          abortWith('response_too_large');
          return;
        }
        const chunks: Buffer[] = [];
        let received = 0;
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > maxBytes) {
            abortWith('response_too_large');
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', fail);
        res.on('end', () =>
          finish(() => {
            const body = Buffer.concat(chunks);
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body,
              text: () => body.toString('utf8'),
              json: <T>() => JSON.parse(body.toString('utf8')) as T,
            });
          }),
        );
      },
    );
    // The outcome is settled before destroying, so the socket's own follow-up error cannot win.
    const abortWith = (kind: GuardedFetchFailure): void => {
      const error = new GuardedFetchError(kind);
      fail(error);
      req.destroy(error);
    };
    const timer = setTimeout(() => abortWith('timeout'), Math.max(0, deadline - Date.now()));
    const onAbort = (): void => abortWith('aborted');
    if (init.signal?.aborted) onAbort();
    init.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', fail);
    req.end(init.body);
  });
}

/** A reused socket that the peer had closed: reset or ended before a single response byte. */
function staleReuse(req: ClientRequest, error: unknown, responded: boolean): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return req.reusedSocket && !responded && (code === 'ECONNRESET' || code === 'EPIPE');
}
