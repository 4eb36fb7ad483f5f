import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { CheckFormPage } from '../checks/check-form-page';
import { CheckPage } from '../checks/check-page';
import { SuitePage } from './suite-page';
import { SuitesListPage } from './suites-list-page';

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
