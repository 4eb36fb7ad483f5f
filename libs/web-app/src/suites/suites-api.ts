// The Suites and Checks screens' calls over the typed client, and the query keys they cache under.
import type { ApiClient, ApiResult, components } from '@dq/api-client';
import { settle } from '../api/web-api';
import type { Suite } from '../api/types';
import type { Check, CheckBody, CheckKindDescription } from '../checks/check-form';

type Schemas = components['schemas'];
export type SuiteCreateBody = Schemas['CreateSuiteRequest'];
export type SuiteUpdateBody = Schemas['UpdateSuiteRequest'];
export type Connection = Schemas['ConnectionResponse'];
export type CheckVersion = Schemas['CheckVersionResponse'];
export type CheckHistoryPoint = Schemas['CheckHistoryPoint'];
export type CheckBaseline = Schemas['CheckBaselineResponse'];
export type RunDetail = Schemas['RunDetailView'];
export type Grant = Suite['my_grant'];

export type TargetColumn = Schemas['TargetColumn'];

/** `POST /suites/{id}/checks/dryrun`'s answer, as the screen reads it. */
export interface DryRunReply {
  outcome: string;
  metric_value: number | null;
  detail: Record<string, unknown>;
  samples: Record<string, unknown>[];
  duration_ms: number;
}

export interface SuiteFilters {
  name?: string;
  connection_id?: string;
  owner?: string;
}

/** One page of `GET /suites`: the array body, `X-Total-Count` and the `Link` header's next cursor. */
export interface SuitePage {
  items: Suite[];
  total: number | null;
  nextCursor: string | null;
}

export const SUITE_PAGE_SIZE = 25;

export const suiteKeys = {
  all: ['suites'] as const,
  list: (filters: SuiteFilters, cursor: string | null) => ['suites', 'list', filters, cursor] as const,
  one: (id: string) => ['suites', 'one', id] as const,
  checks: (id: string) => ['suites', 'one', id, 'checks'] as const,
  check: (id: string, cid: string) => ['suites', 'one', id, 'checks', cid] as const,
  columns: (id: string) => ['suites', 'one', id, 'columns'] as const,
  lastRun: (id: string) => ['suites', 'one', id, 'last-run'] as const,
  kinds: (datasourceKind: string) => ['check-kinds', datasourceKind] as const,
  connections: ['suites', 'connections'] as const,
};

/** The `cursor` of a `Link: <...>; rel="next"` header, or null when no page follows. */
export function nextCursorOf(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part.trim());
    if (!match) continue;
    const url = new URL(match[1], 'http://link.invalid');
    return url.searchParams.get('cursor');
  }
  return null;
}

function totalOf(response: Response): number | null {
  const header = response.headers.get('x-total-count');
  const total = header === null ? NaN : Number(header);
  return Number.isFinite(total) ? total : null;
}

/** The data, and the response for its headers. */
async function settleWithResponse<Data>(
  call: Promise<ApiResult<Data>>,
): Promise<{ data: Data; response: Response }> {
  let response: Response | undefined;
  const data = await settle(
    call.then((result) => {
      response = result.response;
      return result;
    }),
  );
  return { data, response: response as Response };
}

export async function listSuites(
  client: ApiClient,
  filters: SuiteFilters,
  cursor: string | null,
): Promise<SuitePage> {
  const query: SuiteFilters & { limit: number; cursor?: string } = { limit: SUITE_PAGE_SIZE };
  if (filters.name) query.name = filters.name;
  if (filters.connection_id) query.connection_id = filters.connection_id;
  if (filters.owner) query.owner = filters.owner;
  if (cursor) query.cursor = cursor;
  const { data, response } = await settleWithResponse<Suite[]>(
    client.GET('/api/v1/suites', { params: { query } }),
  );
  return { items: data, total: totalOf(response), nextCursor: nextCursorOf(response.headers.get('link')) };
}

export const getSuite = (client: ApiClient, id: string): Promise<Suite> =>
  settle(client.GET('/api/v1/suites/{id}', { params: { path: { id } } }));

export const createSuite = (client: ApiClient, body: SuiteCreateBody): Promise<Suite> =>
  settle(client.POST('/api/v1/suites', { body }));

export const updateSuite = (client: ApiClient, id: string, body: SuiteUpdateBody): Promise<Suite> =>
  settle(client.PATCH('/api/v1/suites/{id}', { params: { path: { id } }, body }));

export async function deleteSuite(client: ApiClient, id: string): Promise<void> {
  await settle(client.DELETE('/api/v1/suites/{id}', { params: { path: { id } } }));
}

/** The connections a suite may point at (the first 200 by name). */
export async function listConnections(client: ApiClient): Promise<Connection[]> {
  const page = await settle(client.GET('/api/v1/connections', { params: { query: { limit: 200 } } }));
  return page.items;
}

/** Every check of a suite, oldest first, page after page. */
export async function listChecks(client: ApiClient, id: string): Promise<Check[]> {
  const checks: Check[] = [];
  let cursor: string | undefined;
  do {
    const query: { limit: number; cursor?: string } = { limit: 200 };
    if (cursor) query.cursor = cursor;
    const page = await settle(client.GET('/api/v1/suites/{id}/checks', { params: { path: { id }, query } }));
    checks.push(...page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return checks;
}

export const getCheck = (client: ApiClient, id: string, cid: string): Promise<Check> =>
  settle(client.GET('/api/v1/suites/{id}/checks/{cid}', { params: { path: { id, cid } } }));

export const createCheck = (client: ApiClient, id: string, body: CheckBody): Promise<Check> =>
  settle(client.POST('/api/v1/suites/{id}/checks', { params: { path: { id } }, body }));

export const updateCheck = (client: ApiClient, id: string, cid: string, body: CheckBody): Promise<Check> =>
  settle(
    client.PATCH('/api/v1/suites/{id}/checks/{cid}', {
      params: { path: { id, cid } },
      // The kind never changes on an edit; the rest of the definition is sent whole.
      body: {
        name: body.name,
        description: body.description ?? null,
        dimension: body.dimension ?? null,
        thresholds: body.thresholds ?? null,
        config: body.config,
        enabled: body.enabled ?? true,
        ...(body.engine ? { engine: body.engine } : {}),
      },
    }),
  );

export async function deleteCheck(client: ApiClient, id: string, cid: string): Promise<void> {
  await settle(client.DELETE('/api/v1/suites/{id}/checks/{cid}', { params: { path: { id, cid } } }));
}

export async function dryRunCheck(client: ApiClient, id: string, body: CheckBody): Promise<DryRunReply> {
  const reply = await settle(
    client.POST('/api/v1/suites/{id}/checks/dryrun', { params: { path: { id } }, body }),
  );
  return reply as unknown as DryRunReply;
}

export const snoozeCheck = (client: ApiClient, id: string, cid: string, hours: number): Promise<Check> =>
  settle(
    client.POST('/api/v1/suites/{id}/checks/{cid}/snooze', {
      params: { path: { id, cid } },
      body: { hours },
    }),
  );

export async function clearSnooze(client: ApiClient, id: string, cid: string): Promise<void> {
  await settle(client.DELETE('/api/v1/suites/{id}/checks/{cid}/snooze', { params: { path: { id, cid } } }));
}

/** A check's versions, newest first (the first 200). */
export async function listVersions(client: ApiClient, id: string, cid: string): Promise<CheckVersion[]> {
  const page = await settle(
    client.GET('/api/v1/suites/{id}/checks/{cid}/versions', {
      params: { path: { id, cid }, query: { limit: 200 } },
    }),
  );
  return page.items;
}

export const restoreVersion = (client: ApiClient, id: string, cid: string, n: number): Promise<Check> =>
  settle(
    client.POST('/api/v1/suites/{id}/checks/{cid}/versions/{n}/restore', {
      params: { path: { id, cid, n } },
    }),
  );

/** A check's latest results (up to 200), newest first, and how many there are in all. */
export async function checkHistory(
  client: ApiClient,
  id: string,
  cid: string,
): Promise<{ points: CheckHistoryPoint[]; total: number | null }> {
  const { data, response } = await settleWithResponse(
    client.GET('/api/v1/suites/{id}/checks/{cid}/history', {
      params: { path: { id, cid }, query: { limit: 200 } },
    }),
  );
  return { points: data, total: totalOf(response) };
}

export const getBaseline = (client: ApiClient, id: string, cid: string): Promise<CheckBaseline> =>
  settle(client.GET('/api/v1/suites/{id}/checks/{cid}/baseline', { params: { path: { id, cid } } }));

export const rebaseline = (client: ApiClient, id: string, cid: string): Promise<CheckBaseline> =>
  settle(client.POST('/api/v1/suites/{id}/checks/{cid}/rebaseline', { params: { path: { id, cid } } }));

export const listColumns = (client: ApiClient, id: string): Promise<TargetColumn[]> =>
  settle(client.GET('/api/v1/suites/{id}/columns', { params: { path: { id } } }));

/** The catalogue of check kinds that run on one datasource kind. */
export async function listCheckKinds(
  client: ApiClient,
  datasourceKind: string,
): Promise<CheckKindDescription[]> {
  const kinds: CheckKindDescription[] = [];
  let cursor: string | undefined;
  do {
    const query: Record<string, string | number> = { datasource_kind: datasourceKind, limit: 200 };
    if (cursor) query['cursor'] = cursor;
    const page = await settle(client.GET('/api/v1/check-kinds', { params: { query } }));
    kinds.push(...page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return kinds;
}

/** The suite's latest finished run with its per-check results, or null before any. */
export async function lastFinishedRun(client: ApiClient, suiteId: string): Promise<RunDetail | null> {
  const page = await settle(
    client.GET('/api/v1/runs', {
      params: { query: { suite_id: suiteId, status: ['succeeded', 'failed', 'cancelled'], limit: 1 } },
    }),
  );
  const [run] = page.items;
  if (!run) return null;
  return settle(client.GET('/api/v1/runs/{id}', { params: { path: { id: run.id } } }));
}

const GRANT_ORDER: readonly Grant[] = ['view', 'edit', 'admin', 'owner'];

/** Whether the caller's grant on a suite reaches `needed` (`view` < `edit` < `admin` < `owner`). */
export function grantAtLeast(grant: Grant, needed: Grant): boolean {
  return GRANT_ORDER.indexOf(grant) >= GRANT_ORDER.indexOf(needed);
}
