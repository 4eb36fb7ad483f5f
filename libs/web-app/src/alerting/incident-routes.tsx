import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { lazyPage } from '../app/lazy-page';

const IncidentsPage = lazyPage(() => import('./incidents-page'), 'IncidentsPage');
const IncidentPage = lazyPage(() => import('./incidents-page'), 'IncidentPage');

/** The Incidents screens: the filtered list (filters in the address) and one incident. */
export function incidentRoutes(): ReactNode {
  return (
    <Route path="incidents">
      <Route index element={<IncidentsPage />} />
      <Route path=":incidentId" element={<IncidentPage />} />
    </Route>
  );
}
