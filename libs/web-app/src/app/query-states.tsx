import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { messageOf } from '../api/api-error';
import { EmptyState, ErrorState, LoadingState } from './states';

/** What `QueryStates` reads of a query (TanStack Query's result has it). */
interface LoadedQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** What the paging parts read of an infinite query. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => unknown;
}

/**
 * A list read from the API in its four states: loading, failed (with a retry), empty (what is
 * missing and what to do), or the list itself (`children`).
 */
export function QueryStates({
  query,
  loadingLabel,
  isEmpty,
  emptyTitle,
  emptyText,
  children,
}: {
  query: LoadedQuery;
  loadingLabel: string;
  isEmpty: boolean;
  emptyTitle: string;
  emptyText: ReactNode;
  children: ReactNode;
}): ReactNode {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty) return <EmptyState title={emptyTitle}>{emptyText}</EmptyState>;
  return children;
}

/** The button that loads the next page, while there is one. */
export function LoadMoreButton({ query, children }: { query: PagedQuery; children: ReactNode }): ReactNode {
  if (!query.hasNextPage) return null;
  return (
    <Button variant="default" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
      {children}
    </Button>
  );
}

/** How a paged list names its rows and what a further page holds ("older" or "more" of them). */
export interface PagedNoun {
  one: string;
  many: string;
  next: 'older' | 'more';
}

/**
 * `QueryStates` for an infinite query: under the list the load-more button and how many rows are
 * shown ("3 incidents shown; older ones follow."), and below all a failed load of a further page.
 */
export function PagedQueryStates({
  query,
  count,
  noun,
  loadingLabel,
  emptyTitle,
  emptyText,
  children,
}: {
  query: LoadedQuery & PagedQuery;
  count: number;
  noun: PagedNoun;
  loadingLabel: string;
  emptyTitle: string;
  emptyText: ReactNode;
  children: ReactNode;
}): ReactNode {
  return (
    <>
      <QueryStates
        query={query}
        loadingLabel={loadingLabel}
        isEmpty={count === 0}
        emptyTitle={emptyTitle}
        emptyText={emptyText}
      >
        {children}
        <Group>
          <LoadMoreButton query={query}>
            Show {noun.next} {noun.many}
          </LoadMoreButton>
          <Text size="sm">
            {count} {count === 1 ? noun.one : noun.many} shown
            {query.hasNextPage ? (noun.next === 'older' ? '; older ones follow' : '; more follow') : ''}.
          </Text>
        </Group>
      </QueryStates>
      {query.isFetchNextPageError && (
        <Text size="sm" c="red.9" role="alert">
          Could not load {noun.next} {noun.many}: {messageOf(query.error)}
        </Text>
      )}
    </>
  );
}
