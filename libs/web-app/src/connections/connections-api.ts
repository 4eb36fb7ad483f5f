// The Connections screens' calls over the typed client, and their cache keys.
import type { components } from '@dq/api-client';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { settle } from '../api/web-api';
import { useApi } from '../app/session';
import type { ConnectionTestResult } from './connection-errors';
import type { ConnectionKind } from './connection-kinds';

type Schemas = components['schemas'];
export type Connection = Schemas['ConnectionResponse'];
export type ConnectionVersion = Schemas['ConnectionVersionResponse'];
export type CreateConnectionBody = Schemas['CreateConnectionRequest'];
export type DraftTestBody = Schemas['DraftConnectionTestRequest'];
export type UpdateConnectionBody = Schemas['UpdateConnectionRequest'];

export interface ConnectionFilters {
  kind?: ConnectionKind;
  name?: string;
}

const PAGE_SIZE = 50;
const VERSIONS_PAGE_SIZE = 20;

export const connectionKeys = {
  all: ['connections'] as const,
  list: (filters: ConnectionFilters) => ['connections', 'list', filters] as const,
  one: (id: string) => ['connections', 'one', id] as const,
  versions: (id: string) => ['connections', 'versions', id] as const,
};

/** The connections list, filtered by the API (`kind`, `name`), a page at a time. */
export function useConnectionList(filters: ConnectionFilters) {
  const { client } = useApi();
  return useInfiniteQuery({
    queryKey: connectionKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      settle(
        client.GET('/api/v1/connections', {
          params: {
            query: {
              limit: PAGE_SIZE,
              ...(filters.kind ? { kind: filters.kind } : {}),
              ...(filters.name ? { name: filters.name } : {}),
              ...(pageParam ? { cursor: pageParam } : {}),
            },
          },
          signal,
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

export function useConnection(id: string) {
  const { client } = useApi();
  return useQuery({
    queryKey: connectionKeys.one(id),
    queryFn: ({ signal }) =>
      settle(client.GET('/api/v1/connections/{id}', { params: { path: { id } }, signal })),
  });
}

/** A connection's config snapshots, newest first as the API pages them. */
export function useConnectionVersions(id: string) {
  const { client } = useApi();
  return useInfiniteQuery({
    queryKey: connectionKeys.versions(id),
    queryFn: ({ pageParam, signal }) =>
      settle(
        client.GET('/api/v1/connections/{id}/versions', {
          params: {
            path: { id },
            query: { limit: VERSIONS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
          },
          signal,
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/** After a change: the connection as answered, and every list and version page read again. */
function changed(queryClient: QueryClient, connection?: Connection): void {
  if (connection) queryClient.setQueryData(connectionKeys.one(connection.id), connection);
  void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
}

export function useCreateConnection() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateConnectionBody) => settle(client.POST('/api/v1/connections', { body })),
    onSuccess: (connection) => changed(queryClient, connection),
  });
}

/** Tests an unsaved draft (Admin); nothing is stored. */
export function useTestDraft() {
  const { client } = useApi();
  return useMutation<ConnectionTestResult, Error, DraftTestBody>({
    mutationFn: (body) => settle(client.POST('/api/v1/connections/test', { body })),
  });
}

export function useUpdateConnection(id: string) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateConnectionBody) =>
      settle(client.PATCH('/api/v1/connections/{id}', { params: { path: { id } }, body })),
    onSuccess: (connection) => changed(queryClient, connection),
  });
}

/** Tests the saved connection (Member or Admin); its credential health moves with the outcome. */
export function useTestConnection(id: string) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation<ConnectionTestResult, Error, void>({
    mutationFn: () => settle(client.POST('/api/v1/connections/{id}/test', { params: { path: { id } } })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
  });
}

/** Rotates the credential; the API stores it only after a test with it passes. */
export function useReauthConnection(id: string) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credential: Record<string, unknown>) =>
      settle(
        client.POST('/api/v1/connections/{id}/reauth', { params: { path: { id } }, body: { credential } }),
      ),
    onSuccess: (connection) => changed(queryClient, connection),
  });
}

export function useDeleteConnection(id: string) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await settle(client.DELETE('/api/v1/connections/{id}', { params: { path: { id } } }));
    },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: connectionKeys.one(id) });
      void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
    },
  });
}
