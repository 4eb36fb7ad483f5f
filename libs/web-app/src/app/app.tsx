import { Anchor, type CSSVariablesResolver, MantineProvider, createTheme } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import type { WebApi } from '../api/web-api';
import { type NoticeStorage, memoryStorage } from '../session/session-notice';
import { createQueryClient } from '../session/query-client';
import { HomePage } from '../pages/home-page';
import { MePage } from '../pages/me-page';
import { NotFoundPage } from '../pages/not-found-page';
import { adminRoutes } from '../admin/admin-routes';
import { incidentRoutes } from '../alerting/incident-routes';
import { connectionRoutes } from '../connections/connection-routes';
import { pipelineRoutes } from '../pipelines/pipeline-routes';
import { runRoutes } from '../runs/run-routes';
import { suiteRoutes } from '../suites/suite-routes';
import { SignInPage } from '../pages/sign-in-page';
import { ErrorBoundary } from './error-boundary';
import { RequireSession } from './require-session';
import { SessionProvider } from './session';
import { Shell } from './shell';

// The darker shades in light mode keep links and buttons above the WCAG AA contrast ratio; links
// are underlined so colour is not their only mark.
const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 4 },
  defaultRadius: 'md',
  components: { Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }) },
});

// Dimmed text (input descriptions, hints) one shade darker in light mode: gray 6 on white is
// below the WCAG AA ratio for small text.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

function browserStorage(): NoticeStorage {
  try {
    return window.localStorage;
  } catch {
    return memoryStorage();
  }
}

/** The whole app: theme, data cache, session, router and the routes. */
export function App({ api }: { api: WebApi }): ReactNode {
  const handler = useRef<() => void>(() => undefined);
  const [queryClient] = useState(() => createQueryClient(() => handler.current()));
  const storage = useMemo(browserStorage, []);
  const register = useCallback((next: () => void) => {
    handler.current = next;
  }, []);

  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <SessionProvider api={api} storage={storage} register={register}>
              <Routes>
                <Route path="/sign-in" element={<SignInPage />} />
                <Route
                  element={
                    <RequireSession>
                      <Shell />
                    </RequireSession>
                  }
                >
                  <Route index element={<HomePage />} />
                  {connectionRoutes()}
                  {suiteRoutes()}
                  {runRoutes()}
                  {pipelineRoutes()}
                  {incidentRoutes()}
                  <Route path="me" element={<MePage />} />
                  {adminRoutes()}
                  <Route path="*" element={<NotFoundPage />} />
                </Route>
              </Routes>
            </SessionProvider>
          </BrowserRouter>
        </QueryClientProvider>
      </ErrorBoundary>
    </MantineProvider>
  );
}
