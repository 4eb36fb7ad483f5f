// Schedules, trigger bindings and near-misses over the typed client, as TanStack Query hooks.
import type { components } from '@dq/api-client';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { settle } from '../api/web-api';
import { useApi } from '../app/session';

type Schemas = components['schemas'];
export type Schedule = Schemas['ScheduleResponse'];
export type TriggerBinding = Schemas['TriggerBindingResponse'];
export type TriggerBindingCreate = Schemas['CreateTriggerBindingRequest'];
export type NearMiss = Schemas['NearMissResponse'];
export type NearMissReason = NearMiss['reason'];
export type PipelineProvider = TriggerBinding['provider'];

/** What the schedule form sends, on create and on change alike. */
export interface ScheduleFields {
  cron: string;
  timezone: string;
  enabled: boolean;
}

export const PIPELINE_PAGE_SIZE = 25;

export const schedulingKeys = {
  schedule: (suiteId: string) => ['schedules', 'suite', suiteId] as const,
  bindings: ['trigger-bindings'] as const,
  nearMisses: ['near-misses'] as const,
};

/** The suite's schedule (a suite has at most one), or null. */
export function useSuiteSchedule(suiteId: string) {
  const { client } = useApi();
  return useQuery({
    queryKey: schedulingKeys.schedule(suiteId),
    queryFn: async (): Promise<Schedule | null> => {
      const page = await settle(
        client.GET('/api/v1/schedules', { params: { query: { suite_id: suiteId, limit: 1 } } }),
      );
      return page.items[0] ?? null;
    },
  });
}

/** Creates the suite's schedule, or changes the one it has; the answer replaces the cached one. */
export function useSaveSchedule(suiteId: string) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ScheduleFields }): Promise<Schedule> =>
      id === null
        ? settle(client.POST('/api/v1/schedules', { body: { suite_id: suiteId, ...body } }))
        : settle(client.PATCH('/api/v1/schedules/{id}', { params: { path: { id } }, body })),
    onSuccess: (schedule) => queryClient.setQueryData(schedulingKeys.schedule(suiteId), schedule),
  });
}

export function useDeleteSchedule(suiteId: string) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await settle(client.DELETE('/api/v1/schedules/{id}', { params: { path: { id } } }));
    },
    onSuccess: () => queryClient.setQueryData(schedulingKeys.schedule(suiteId), null),
  });
}

/** Trigger bindings oldest first, page by page through the API's `next_cursor`. */
export function useTriggerBindings() {
  const { client } = useApi();
  return useInfiniteQuery({
    queryKey: schedulingKeys.bindings,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      settle(
        client.GET('/api/v1/trigger-bindings', {
          params: { query: { limit: PIPELINE_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } },
        }),
      ),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** A binding's change also changes how near-misses read (their closest binding), so both are read again. */
function useRefreshPipelines(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: schedulingKeys.bindings }),
      queryClient.invalidateQueries({ queryKey: schedulingKeys.nearMisses }),
    ]);
}

export function useCreateBinding() {
  const { client } = useApi();
  const refresh = useRefreshPipelines();
  return useMutation({
    mutationFn: (body: TriggerBindingCreate): Promise<TriggerBinding> =>
      settle(client.POST('/api/v1/trigger-bindings', { body })),
    onSuccess: refresh,
  });
}

export function useSetBindingEnabled() {
  const { client } = useApi();
  const refresh = useRefreshPipelines();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }): Promise<TriggerBinding> =>
      settle(client.PATCH('/api/v1/trigger-bindings/{id}', { params: { path: { id } }, body: { enabled } })),
    onSuccess: refresh,
  });
}

export function useDeleteBinding() {
  const { client } = useApi();
  const refresh = useRefreshPipelines();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await settle(client.DELETE('/api/v1/trigger-bindings/{id}', { params: { path: { id } } }));
    },
    onSuccess: refresh,
  });
}

/** Near-misses newest first, page by page. */
export function useNearMisses() {
  const { client } = useApi();
  return useInfiniteQuery({
    queryKey: schedulingKeys.nearMisses,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      settle(
        client.GET('/api/v1/orchestration/near-misses', {
          params: { query: { limit: PIPELINE_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } },
        }),
      ),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
