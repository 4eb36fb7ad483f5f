import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isUnauthenticated } from '../api/api-error';
import { ErrorState } from './states';
import { type SignInState, useMe } from './session';

/** Renders its children for a signed-in person; sends anyone else to the sign-in page. */
export function RequireSession({ children }: { children: ReactNode }): ReactNode {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) {
    return (
      <Center h="100vh">
        <Loader role="status" aria-label="Loading" />
      </Center>
    );
  }
  if (me.isError) {
    if (isUnauthenticated(me.error)) {
      const state: SignInState = { from: `${location.pathname}${location.search}` };
      return <Navigate to="/sign-in" replace state={state} />;
    }
    return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  }
  return children;
}
