import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { lazyPage } from '../app/lazy-page';

const PipelinesPage = lazyPage(() => import('./pipelines-page'), 'PipelinesPage');

/** The Pipelines screen: trigger bindings and near-misses (tabs in the address). */
export function pipelineRoutes(): ReactNode {
  return <Route path="pipelines" element={<PipelinesPage />} />;
}
