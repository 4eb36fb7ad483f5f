import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { RunListPage } from './run-list-page';
import { RunPage } from './run-page';

/** The run screens: the run list and one run with its results. */
export function runRoutes(): ReactNode {
  return (
    <>
      <Route path="runs" element={<RunListPage />} />
      <Route path="runs/:runId" element={<RunPage />} />
    </>
  );
}
