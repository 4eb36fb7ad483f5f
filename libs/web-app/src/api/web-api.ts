import { apiErrorOf, networkError } from './api-error';
import type { ApiKey, ApiKeyCreated, DashboardSummary, ListPage, Me } from './types';

/**
 * The calls the screens make. One seam, so the screens do not care how a request is sent: today a
 * same-origin `fetch`, later the generated `@dq/api-client`.
 */
export interface WebApi {
  requestSignInCode(email: string): Promise<void>;
  verifySignInCode(email: string, code: string): Promise<Me>;
  logout(): Promise<void>;
  me(): Promise<Me>;
  updateDisplayName(displayName: string): Promise<Me>;
  listApiKeys(cursor?: string): Promise<ListPage<ApiKey>>;
  createApiKey(name: string, expiresInDays: number): Promise<ApiKeyCreated>;
  revokeApiKey(id: string): Promise<void>;
  dashboardSummary(days: number): Promise<DashboardSummary>;
}

/** Base path of the REST API on the page's own origin (the web host proxies it). */
export const API_BASE = '/api/v1';

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** The API over `fetch`, same-origin: the session travels in its HttpOnly cookie. */
export function createWebApi(fetchImpl: Fetch = (input, init) => fetch(input, init)): WebApi {
  async function send<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${API_BASE}${path}`, {
        method,
        credentials: 'same-origin',
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw networkError(error);
    }
    const text = await response.text();
    let parsed: unknown = undefined;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    if (!response.ok) throw apiErrorOf(response.status, parsed);
    return parsed as T;
  }

  return {
    requestSignInCode: async (email) => {
      await send('POST', '/auth/otp/request', { email });
    },
    verifySignInCode: async (email, code) =>
      (await send<{ user: Me }>('POST', '/auth/otp/verify', { email, code })).user,
    logout: () => send('POST', '/auth/logout'),
    me: () => send('GET', '/me'),
    updateDisplayName: (displayName) => send('PATCH', '/me', { display_name: displayName }),
    listApiKeys: (cursor) =>
      send('GET', `/me/api-keys${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`),
    createApiKey: (name, expiresInDays) =>
      send('POST', '/me/api-keys', { name, expires_in_days: expiresInDays }),
    revokeApiKey: (id) => send('DELETE', `/me/api-keys/${encodeURIComponent(id)}`),
    dashboardSummary: (days) => send('GET', `/dashboard/summary?days=${days}`),
  };
}
