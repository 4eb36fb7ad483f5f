import { type ApiClient, type ApiResult, createApiClient, dataOf } from '@dq/api-client';
import { networkError } from './api-error';
import type { ApiKeyCreated, ApiKeyPage, DashboardSummary, Me } from './types';

/** The calls the screens make, so a screen names what it needs and tests can stand in for the API. */
export interface WebApi {
  /** The typed client itself, for each screen area's own calls (`<area>/*-api.ts`). */
  readonly client: ApiClient;
  requestSignInCode(email: string): Promise<void>;
  verifySignInCode(email: string, code: string): Promise<Me>;
  logout(): Promise<void>;
  me(): Promise<Me>;
  updateDisplayName(displayName: string): Promise<Me>;
  listApiKeys(cursor?: string): Promise<ApiKeyPage>;
  createApiKey(name: string, expiresInDays: number): Promise<ApiKeyCreated>;
  revokeApiKey(id: string): Promise<void>;
  dashboardSummary(days: number): Promise<DashboardSummary>;
}

/**
 * The calls' data, or the `ApiError` of the answer; a request that got no answer at all becomes
 * an `ApiError` with status 0 too, so screens handle one error type.
 */
export async function settle<Data>(call: Promise<ApiResult<Data>>): Promise<Data> {
  let result: ApiResult<Data>;
  try {
    result = await call;
  } catch (error) {
    throw networkError(error);
  }
  return dataOf(result);
}

/** The API through the typed client, same-origin: the session travels in its HttpOnly cookie. */
export function createWebApi(client: ApiClient = createApiClient({ baseUrl: '' })): WebApi {
  return {
    client,
    requestSignInCode: async (email) => {
      await settle(client.POST('/api/v1/auth/otp/request', { body: { email } }));
    },
    verifySignInCode: async (email, code) =>
      (await settle(client.POST('/api/v1/auth/otp/verify', { body: { email, code } }))).user,
    logout: async () => {
      await settle(client.POST('/api/v1/auth/logout'));
    },
    me: () => settle(client.GET('/api/v1/me')),
    updateDisplayName: (displayName) =>
      settle(client.PATCH('/api/v1/me', { body: { display_name: displayName } })),
    listApiKeys: (cursor) =>
      settle(client.GET('/api/v1/me/api-keys', { params: { query: cursor ? { cursor } : {} } })),
    createApiKey: (name, expiresInDays) =>
      settle(client.POST('/api/v1/me/api-keys', { body: { name, expires_in_days: expiresInDays } })),
    revokeApiKey: async (id) => {
      await settle(client.DELETE('/api/v1/me/api-keys/{id}', { params: { path: { id } } }));
    },
    dashboardSummary: (days) =>
      settle(client.GET('/api/v1/dashboard/summary', { params: { query: { days } } })),
  };
}
