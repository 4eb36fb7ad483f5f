import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { lazyPage } from '../app/lazy-page';

const CheckFormPage = lazyPage(() => import('../checks/check-form-page'), 'CheckFormPage');
const CheckPage = lazyPage(() => import('../checks/check-page'), 'CheckPage');
const SuitePage = lazyPage(() => import('./suite-page'), 'SuitePage');
const SuitesListPage = lazyPage(() => import('./suites-list-page'), 'SuitesListPage');

/** The Suites screens: list, create, the suite page with its panels, one check, the check editor. */
export function suiteRoutes(): ReactNode {
  return (
    <Route path="suites">
      <Route index element={<SuitesListPage />} />
      <Route path=":suiteId" element={<SuitePage />} />
      <Route path=":suiteId/checks/new" element={<CheckFormPage />} />
      <Route path=":suiteId/checks/:checkId" element={<CheckPage />} />
      <Route path=":suiteId/checks/:checkId/edit" element={<CheckFormPage />} />
    </Route>
  );
}
