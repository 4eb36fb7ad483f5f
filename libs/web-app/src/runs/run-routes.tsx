import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { lazyPage } from '../app/lazy-page';

const RunListPage = lazyPage(() => import('./run-list-page'), 'RunListPage');
const RunPage = lazyPage(() => import('./run-page'), 'RunPage');

/** The run screens: the run list and one run with its results. */
export function runRoutes(): ReactNode {
  return (
    <>
      <Route path="runs" element={<RunListPage />} />
      <Route path="runs/:runId" element={<RunPage />} />
    </>
  );
}
