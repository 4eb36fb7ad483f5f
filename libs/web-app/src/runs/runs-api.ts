// The run screens' calls over the typed client, as TanStack Query hooks.
import type { operations } from '@dq/api-client';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RunDetail, RunPage, RunProgress, RunStatus, TriggeredRun } from '../api/types';
import { settle } from '../api/web-api';
import { useApi } from '../app/session';
import { isTerminal } from './run-format';

export type RunListFilters = Omit<
  NonNullable<operations['list_runs']['parameters']['query']>,
  'cursor' | 'before' | 'limit'
>;

/** How often live progress is read while a run is queued or running. */
export const PROGRESS_POLL_MS = 1000;
const RUN_PAGE_SIZE = 25;

export const runKeys = {
  all: ['runs'] as const,
  list: (filters: RunListFilters) => ['runs', 'list', filters] as const,
  detail: (id: string) => ['runs', 'detail', id] as const,
  progress: (id: string) => ['runs', 'progress', id] as const,
};

/** Runs newest first, page by page through the API's `next_cursor`. */
export function useRunList(filters: RunListFilters, options: { live?: boolean } = {}) {
  const { client } = useApi();
  return useInfiniteQuery({
    queryKey: runKeys.list(filters),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }): Promise<RunPage> =>
      settle(
        client.GET('/api/v1/runs', {
          params: {
            query: { ...filters, limit: RUN_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
          },
        }),
      ),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // A list showing a queued or running run keeps itself current until every run shown has ended.
    refetchInterval: (query) =>
      options.live &&
      query.state.data?.pages.some((page) => page.items.some((run) => !isTerminal(run.status)))
        ? 3 * PROGRESS_POLL_MS
        : false,
  });
}

/** One run with its results; read again while it has not ended. */
export function useRun(id: string) {
  const { client } = useApi();
  return useQuery({
    queryKey: runKeys.detail(id),
    queryFn: (): Promise<RunDetail> => settle(client.GET('/api/v1/runs/{id}', { params: { path: { id } } })),
  });
}

/**
 * Live progress until the run ends. Each time a check completes the run's own read is refreshed
 * (its results say which checks are done), so the audited run read happens once per check, not
 * once per poll.
 */
export function useRunProgress(id: string | null) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: runKeys.progress(id ?? ''),
    enabled: id !== null,
    queryFn: async (): Promise<RunProgress> => {
      const previous = queryClient.getQueryData<RunProgress>(runKeys.progress(id ?? ''));
      const next = await settle(
        client.GET('/api/v1/runs/{id}/progress', { params: { path: { id: id ?? '' } } }),
      );
      if (
        previous === undefined ||
        previous.completed_checks !== next.completed_checks ||
        previous.status !== next.status
      ) {
        void queryClient.invalidateQueries({ queryKey: runKeys.detail(next.run_id) });
        if (isTerminal(next.status)) void queryClient.invalidateQueries({ queryKey: ['runs', 'list'] });
      }
      return next;
    },
    refetchInterval: (query) =>
      query.state.data && isTerminal(query.state.data.status) ? false : PROGRESS_POLL_MS,
  });
}

/** `POST /suites/{id}/run`: a new queued run, or the suite's queued or running one. */
export function useTriggerRun(suiteId: string) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<TriggeredRun> =>
      settle(client.POST('/api/v1/suites/{id}/run', { params: { path: { id: suiteId } }, body: {} })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['runs', 'list'] }),
  });
}

/** `POST /runs/{id}/cancel`: a queued run ends at once; a running one once its runner stops. */
export function useCancelRun() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<{ id: string; status: RunStatus }> =>
      settle(client.POST('/api/v1/runs/{id}/cancel', { params: { path: { id } } })),
    onSuccess: (cancelled) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: runKeys.progress(cancelled.id) }),
        queryClient.invalidateQueries({ queryKey: runKeys.detail(cancelled.id) }),
        queryClient.invalidateQueries({ queryKey: ['runs', 'list'] }),
      ]),
  });
}

/** The suites a filter may name (the first page of those the person can see). */
export function useSuiteChoices() {
  const { client } = useApi();
  return useQuery({
    queryKey: ['suites', 'choices'],
    queryFn: () => settle(client.GET('/api/v1/suites', { params: { query: { limit: 200 } } })),
  });
}

/** One suite, for the person's grant on it (who may run or cancel). */
export function useSuiteGrant(suiteId: string) {
  const { client } = useApi();
  return useQuery({
    queryKey: ['suites', 'detail', suiteId],
    queryFn: () => settle(client.GET('/api/v1/suites/{id}', { params: { path: { id: suiteId } } })),
  });
}

/**
 * Where the browser downloads a comparison result's report: same-origin, so the session cookie
 * goes with it; `format` is the API's query parameter (CSV when left out).
 */
export function comparisonReportUrl(runId: string, resultId: string, format: 'csv' | 'xlsx'): string {
  return `/api/v1/runs/${encodeURIComponent(runId)}/results/${encodeURIComponent(resultId)}/comparison_report?format=${format}`;
}
