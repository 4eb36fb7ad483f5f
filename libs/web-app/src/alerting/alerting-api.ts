// Incidents, notification channels and a suite's alert settings over the typed client, as TanStack Query hooks.
import type { components } from '@dq/api-client';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { settle } from '../api/web-api';
import { useApi } from '../app/session';

type Schemas = components['schemas'];
export type Incident = Schemas['IncidentResponse'];
export type IncidentState = Incident['state'];
export type IncidentSeverity = Incident['severity'];
export type IncidentEvidence = Schemas['IncidentEvidence'];
export type ResolveReason = NonNullable<Schemas['ResolveIncidentRequest']['reason']>;
export type Channel = Schemas['NotificationChannelResponse'];
export type ChannelType = Channel['type'];
export type ChannelWithKey = Schemas['NotificationChannelWithKeyResponse'];
export type ChannelCreate = Schemas['CreateNotificationChannelRequest'];
export type ChannelUpdate = Schemas['UpdateNotificationChannelRequest'];
export type ChannelTestResult = Schemas['NotificationChannelTestResult'];
export type Delivery = Schemas['AlertDeliveryResponse'];
export type DeliveryState = Delivery['state'];
export type SuiteNotifications = Schemas['SuiteNotificationsResponse'];
export type SuiteNotificationsBody = Schemas['SetSuiteNotificationsRequest'];
export type AlertOn = SuiteNotifications['alert_on'];

export const ALERTING_PAGE_SIZE = 25;

export interface IncidentFilters {
  state?: IncidentState;
  severity?: IncidentSeverity;
  suite_id?: string;
}

export const alertingKeys = {
  incidents: ['incidents', 'list'] as const,
  incidentList: (filters: IncidentFilters) => ['incidents', 'list', filters] as const,
  incident: (id: string) => ['incidents', 'detail', id] as const,
  channels: ['notification-channels'] as const,
  deliveries: (channelId: string, state: DeliveryState | null) =>
    ['notification-channels', 'deliveries', channelId, state ?? 'all'] as const,
  suiteNotifications: (suiteId: string) => ['suite-notifications', suiteId] as const,
};

/** Incidents newest first, filtered by the API, page by page through `next_cursor`. */
export function useIncidents(filters: IncidentFilters) {
  const { client } = useApi();
  return useInfiniteQuery({
    queryKey: alertingKeys.incidentList(filters),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      settle(
        client.GET('/api/v1/incidents', {
          params: {
            query: { ...filters, limit: ALERTING_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
          },
        }),
      ),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** One incident with its evidence card. */
export function useIncident(id: string) {
  const { client } = useApi();
  return useQuery({
    queryKey: alertingKeys.incident(id),
    queryFn: () => settle(client.GET('/api/v1/incidents/{id}', { params: { path: { id } } })),
  });
}

/** Acknowledge or resolve: the answer replaces the cached incident (kept evidence), lists are read again. */
export function useIncidentAction(id: string) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      action: { kind: 'ack' } | { kind: 'resolve'; reason: ResolveReason | null; comment: string | null },
    ): Promise<Incident> =>
      action.kind === 'ack'
        ? settle(client.POST('/api/v1/incidents/{id}/ack', { params: { path: { id } } }))
        : settle(
            client.POST('/api/v1/incidents/{id}/resolve', {
              params: { path: { id } },
              body: { reason: action.reason, comment: action.comment },
            }),
          ),
    onSuccess: (incident) => {
      queryClient.setQueryData<Incident>(alertingKeys.incident(id), (old) => ({
        ...incident,
        evidence: incident.evidence ?? old?.evidence,
      }));
      void queryClient.invalidateQueries({ queryKey: alertingKeys.incidents });
    },
  });
}

/** Every notification channel by name (the workspace has few; pages are read until the end). */
export function useChannels() {
  const { client } = useApi();
  return useQuery({
    queryKey: alertingKeys.channels,
    queryFn: async (): Promise<Channel[]> => {
      const all: Channel[] = [];
      let cursor: string | undefined;
      do {
        const page = await settle(
          client.GET('/api/v1/notification-channels', {
            params: { query: { limit: 200, ...(cursor ? { cursor } : {}) } },
          }),
        );
        all.push(...page.items);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      return all;
    },
  });
}

function useRefreshChannels(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: alertingKeys.channels });
}

export function useCreateChannel() {
  const { client } = useApi();
  const refresh = useRefreshChannels();
  return useMutation({
    mutationFn: (body: ChannelCreate): Promise<ChannelWithKey> =>
      settle(client.POST('/api/v1/notification-channels', { body })),
    onSuccess: refresh,
  });
}

/** A change, or a new signing key with `regenerate_hmac_secret` (the answer carries it once). */
export function useUpdateChannel() {
  const { client } = useApi();
  const refresh = useRefreshChannels();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ChannelUpdate }): Promise<ChannelWithKey> =>
      settle(client.PATCH('/api/v1/notification-channels/{id}', { params: { path: { id } }, body })),
    onSuccess: refresh,
  });
}

export function useDeleteChannel() {
  const { client } = useApi();
  const refresh = useRefreshChannels();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await settle(client.DELETE('/api/v1/notification-channels/{id}', { params: { path: { id } } }));
    },
    onSuccess: refresh,
  });
}

export function useTestChannel() {
  const { client } = useApi();
  return useMutation({
    mutationFn: (id: string): Promise<ChannelTestResult> =>
      settle(client.POST('/api/v1/notification-channels/{id}/test', { params: { path: { id } } })),
  });
}

/** A channel's deliveries newest first, optionally of one state, page by page. */
export function useDeliveries(channelId: string, state: DeliveryState | null) {
  const { client } = useApi();
  return useInfiniteQuery({
    queryKey: alertingKeys.deliveries(channelId, state),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      settle(
        client.GET('/api/v1/notification-channels/{id}/deliveries', {
          params: {
            path: { id: channelId },
            query: {
              limit: ALERTING_PAGE_SIZE,
              ...(state ? { state } : {}),
              ...(pageParam ? { cursor: pageParam } : {}),
            },
          },
        }),
      ),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** The suite's effective alert settings (defaults included). */
export function useSuiteNotifications(suiteId: string) {
  const { client } = useApi();
  return useQuery({
    queryKey: alertingKeys.suiteNotifications(suiteId),
    queryFn: () =>
      settle(client.GET('/api/v1/suites/{id}/notifications', { params: { path: { id: suiteId } } })),
  });
}

export function useSaveSuiteNotifications(suiteId: string) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SuiteNotificationsBody): Promise<SuiteNotifications> =>
      settle(client.PUT('/api/v1/suites/{id}/notifications', { params: { path: { id: suiteId } }, body })),
    onSuccess: (saved) => queryClient.setQueryData(alertingKeys.suiteNotifications(suiteId), saved),
  });
}

/** Back to the defaults: the settings are read again afterwards. */
export function useResetSuiteNotifications(suiteId: string) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<void> => {
      await settle(client.DELETE('/api/v1/suites/{id}/notifications', { params: { path: { id: suiteId } } }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertingKeys.suiteNotifications(suiteId) }),
  });
}
