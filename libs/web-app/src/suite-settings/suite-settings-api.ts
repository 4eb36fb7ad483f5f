import type { ApiClient, components, paths } from '@dq/api-client';
import { settle } from '../api/web-api';

type Schemas = components['schemas'];
export type ColumnPolicy = Schemas['ColumnPolicyView'];
export type Treatment = ColumnPolicy['default'];
export type Share = Schemas['ShareResponse'];
export type SharePage = Schemas['SharePage'];
export type ShareGrant = Share['grant'];
export type UserSearchResult = Schemas['UserSearchResult'];
export type ImportResult = Schemas['ImportSuiteResponse'];
/** The portable suite document `GET /suites/{id}/export` answers and `POST /suites/import` takes. */
export type SuiteDocument =
  paths['/api/v1/suites/{id}/export']['get']['responses'][200]['content']['application/json'];

/** `POST /column-policy/suggest`'s suggestions. */
export type PolicySuggestion = {
  column: string;
  category: string;
  confidence: number;
  reasons: string[];
  treatment: Treatment;
};

/** `GET /suites/{id}/columns` answers `{name, type, nullable}` each (the document leaves it untyped). */
export interface TargetColumn {
  name: string;
  type: string;
  nullable: boolean;
}

/** `POST /suites/{id}/profile`'s answer (untyped in the document); values come redacted by the policy. */
export interface ColumnProfile {
  name: string;
  type: string;
  null_count: number;
  null_percent: number;
  distinct_count: number | null;
  min: string | null;
  max: string | null;
  top_values: { value: string | null; count: number }[];
}

export interface TargetProfile {
  row_count: number;
  columns: ColumnProfile[];
  duration_ms: number;
}

/** Under the suite's own key, so whatever drops a suite's cache drops these too. */
export const settingsKeys = {
  policy: (id: string) => ['suites', 'one', id, 'column-policy'] as const,
  columns: (id: string) => ['suites', 'one', id, 'columns'] as const,
  shares: (id: string) => ['suites', 'one', id, 'shares'] as const,
  userSearch: (q: string) => ['users', 'search', q] as const,
};

const inSuite = (id: string) => ({ params: { path: { id } } });

export const getColumnPolicy = (client: ApiClient, id: string): Promise<ColumnPolicy> =>
  settle(client.GET('/api/v1/suites/{id}/column-policy', inSuite(id)));

export const putColumnPolicy = (client: ApiClient, id: string, policy: ColumnPolicy): Promise<ColumnPolicy> =>
  settle(client.PUT('/api/v1/suites/{id}/column-policy', { ...inSuite(id), body: policy }));

export const suggestColumnPolicy = (
  client: ApiClient,
  id: string,
): Promise<{ suggestions: PolicySuggestion[]; policy: ColumnPolicy }> =>
  settle(client.POST('/api/v1/suites/{id}/column-policy/suggest', { ...inSuite(id), body: {} }));

export async function listTargetColumns(client: ApiClient, id: string): Promise<TargetColumn[]> {
  // Read as unknown: the document has not always typed this answer.
  const columns: unknown = await settle(client.GET('/api/v1/suites/{id}/columns', inSuite(id)));
  return columns as TargetColumn[];
}

export async function profileTarget(
  client: ApiClient,
  id: string,
  topValues: number,
): Promise<TargetProfile> {
  const profile: unknown = await settle(
    client.POST('/api/v1/suites/{id}/profile', { ...inSuite(id), body: { top_values: topValues } }),
  );
  return profile as TargetProfile;
}

/** Every share of the suite (pages of 200 followed to the end). */
export async function listShares(client: ApiClient, id: string): Promise<Share[]> {
  const shares: Share[] = [];
  let cursor: string | undefined;
  do {
    const query: { limit: number; cursor?: string } = { limit: 200 };
    if (cursor) query.cursor = cursor;
    const page = await settle(client.GET('/api/v1/suites/{id}/shares', { params: { path: { id }, query } }));
    shares.push(...page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return shares;
}

export const grantShare = (
  client: ApiClient,
  id: string,
  userId: string,
  grant: ShareGrant,
): Promise<Share> =>
  settle(client.POST('/api/v1/suites/{id}/shares', { ...inSuite(id), body: { user_id: userId, grant } }));

export const changeShare = (
  client: ApiClient,
  id: string,
  userId: string,
  grant: ShareGrant,
): Promise<Share> =>
  settle(
    client.PATCH('/api/v1/suites/{id}/shares/{userId}', {
      params: { path: { id, userId } },
      body: { grant },
    }),
  );

export async function revokeShare(client: ApiClient, id: string, userId: string): Promise<void> {
  await settle(client.DELETE('/api/v1/suites/{id}/shares/{userId}', { params: { path: { id, userId } } }));
}

export async function searchUsers(client: ApiClient, q: string): Promise<UserSearchResult[]> {
  const page = await settle(client.GET('/api/v1/users/search', { params: { query: { q, limit: 20 } } }));
  return page.items;
}

export const exportSuite = (client: ApiClient, id: string): Promise<SuiteDocument> =>
  settle(client.GET('/api/v1/suites/{id}/export', inSuite(id)));

export const importSuite = (
  client: ApiClient,
  document: SuiteDocument,
  connectionMap: Record<string, string>,
): Promise<ImportResult> =>
  settle(
    client.POST('/api/v1/suites/import', {
      body:
        Object.keys(connectionMap).length > 0 ? { document, connection_map: connectionMap } : { document },
    }),
  );

/** The connections an import may map a document's connection onto (the first 200 by name). */
export async function listConnectionsForImport(
  client: ApiClient,
): Promise<{ id: string; name: string; kind: string }[]> {
  const page = await settle(client.GET('/api/v1/connections', { params: { query: { limit: 200 } } }));
  return page.items;
}
