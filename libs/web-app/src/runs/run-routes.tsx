import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { LaterPage } from '../pages/later-pages';

/** The run screens: the run list and one run with its results. */
export function runRoutes(): ReactNode {
  return <Route path="runs" element={<LaterPage title="Runs" what="Runs and their results" />} />;
}
