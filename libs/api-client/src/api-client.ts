import createClient, { type Client } from 'openapi-fetch';
import { type paths } from './generated/openapi';

/** A client of the REST API whose paths, parameters, bodies and answers are the document's types. */
export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /** The API's origin, e.g. `https://dq.example.com` (paths carry `/api/v1`); `''` for same-origin. */
  baseUrl: string;
  /** A bearer token (an API key or a session token); a browser on a session cookie leaves it out. */
  token?: string;
  /** Replaces `globalThis.fetch` (a timeout, a test's own transport). */
  fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

/** A typed client: `client.GET('/api/v1/suites/{id}', { params: { path: { id } } })`. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`;
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
