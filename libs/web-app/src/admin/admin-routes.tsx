import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { lazyPage } from '../app/lazy-page';

const AdminPage = lazyPage(() => import('./admin-page'), 'AdminPage');

/** The workspace admin screens: scoring weights, privacy settings and the secret sweep. */
export function adminRoutes(): ReactNode {
  return <Route path="admin" element={<AdminPage />} />;
}
