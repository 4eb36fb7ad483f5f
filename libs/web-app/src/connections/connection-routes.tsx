import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { LaterPage } from '../pages/later-pages';

/** The Connections screens: list, create, one connection (edit, test, versions). */
export function connectionRoutes(): ReactNode {
  return (
    <Route
      path="connections"
      element={<LaterPage title="Connections" what="Connections (create, edit, test, versions)" />}
    />
  );
}
