import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { LaterPage } from '../pages/later-pages';

/** The Suites screens: list, create, the suite page with its panels, one check. */
export function suiteRoutes(): ReactNode {
  return <Route path="suites" element={<LaterPage title="Suites" what="Suites, their checks and runs" />} />;
}
