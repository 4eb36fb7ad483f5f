import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { lazyPage } from '../app/lazy-page';

const ConnectionCreatePage = lazyPage(() => import('./connection-create-page'), 'ConnectionCreatePage');
const ConnectionListPage = lazyPage(() => import('./connection-list-page'), 'ConnectionListPage');
const ConnectionPage = lazyPage(() => import('./connection-page'), 'ConnectionPage');

/** The Connections screens: list, create, one connection (edit, test, re-auth, delete, versions). */
export function connectionRoutes(): ReactNode {
  return (
    <Route path="connections">
      <Route index element={<ConnectionListPage />} />
      <Route path="new" element={<ConnectionCreatePage />} />
      <Route path=":connectionId" element={<ConnectionPage />} />
    </Route>
  );
}
