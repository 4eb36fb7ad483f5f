import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { AdminPage } from './admin-page';

/** The workspace admin screens: scoring weights and privacy settings. */
export function adminRoutes(): ReactNode {
  return <Route path="admin" element={<AdminPage />} />;
}
