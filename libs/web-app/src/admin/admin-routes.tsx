import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { useMe } from '../app/session';
import { LaterPage } from '../pages/later-pages';

function AdminPage(): ReactNode {
  const me = useMe().data;
  if (!me?.is_workspace_admin) {
    return (
      <Stack>
        <Title order={1}>Admin</Title>
        <Text>Only workspace admins can open this page.</Text>
      </Stack>
    );
  }
  return <LaterPage title="Admin" what="Scoring weights and privacy settings" />;
}

/** The workspace admin screens: scoring weights and privacy settings. */
export function adminRoutes(): ReactNode {
  return <Route path="admin" element={<AdminPage />} />;
}
