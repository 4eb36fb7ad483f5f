import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { WebApi } from '../api/web-api';
import type { Me } from '../api/types';
import {
  type NoticeStorage,
  type SignInReason,
  forgetSignedIn,
  reasonAfterUnauthenticated,
  rememberSignedIn,
} from '../session/session-notice';

export const ME_QUERY_KEY = ['me'] as const;

interface SessionContextValue {
  api: WebApi;
  /** Why the sign-in page is shown, if for a reason worth telling. */
  reason: SignInReason;
  /** Called by the query client on any 401. */
  unauthenticated(): void;
  signedIn(me: Me): void;
  /** `GET /me` answered: whoever signed in (email code or identity provider), a later 401 means the session ended. */
  sessionSeen(): void;
  signedOut(): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Where a person goes back to after signing in: the page they were sent away from. */
export interface SignInState {
  from?: string;
}

export function SessionProvider(props: {
  api: WebApi;
  storage: NoticeStorage;
  /** Receives the 401 handler; the query client is created before the router exists. */
  register: (handler: () => void) => void;
  children: ReactNode;
}): ReactNode {
  const { api, storage, register } = props;
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState<SignInReason>(null);

  const unauthenticated = useCallback(() => {
    const next = reasonAfterUnauthenticated(storage);
    if (next) setReason(next);
    // Out of the query cache's own notification: no screen may keep showing the old person's data.
    setTimeout(() => queryClient.removeQueries(), 0);
    if (location.pathname !== '/sign-in') {
      const state: SignInState = { from: `${location.pathname}${location.search}` };
      void navigate('/sign-in', { replace: true, state });
    }
  }, [storage, queryClient, navigate, location.pathname, location.search]);
  useLayoutEffect(() => register(unauthenticated), [register, unauthenticated]);

  const value = useMemo<SessionContextValue>(
    () => ({
      api,
      reason,
      unauthenticated,
      signedIn: (me) => {
        rememberSignedIn(storage);
        setReason(null);
        queryClient.setQueryData(ME_QUERY_KEY, me);
      },
      sessionSeen: () => rememberSignedIn(storage),
      signedOut: () => {
        forgetSignedIn(storage);
        queryClient.clear();
        setReason('signed-out');
        void navigate('/sign-in', { replace: true });
      },
    }),
    [api, reason, unauthenticated, storage, queryClient, navigate],
  );
  return <SessionContext.Provider value={value}>{props.children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

export function useApi(): WebApi {
  return useSession().api;
}

/** The signed-in person (`GET /me`). */
export function useMe() {
  const session = useSession();
  return useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: async () => {
      const me = await session.api.me();
      session.sessionSeen();
      return me;
    },
    retry: false,
    staleTime: 60_000,
  });
}
