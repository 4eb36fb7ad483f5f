import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthenticated, shouldRetry } from '../api/api-error';

/**
 * The app's one query client. Any read or write that answers 401 calls `onUnauthenticated` (the
 * session expired or was withdrawn), so no screen has to handle that itself.
 */
export function createQueryClient(onUnauthenticated: () => void): QueryClient {
  const onError = (error: unknown): void => {
    if (isUnauthenticated(error)) onUnauthenticated();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 15_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
