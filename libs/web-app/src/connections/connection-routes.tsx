import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { ConnectionCreatePage } from './connection-create-page';
import { ConnectionListPage } from './connection-list-page';
import { ConnectionPage } from './connection-page';

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
