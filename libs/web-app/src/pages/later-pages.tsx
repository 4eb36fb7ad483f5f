import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMe } from '../app/session';

/** The screens that come next; until then the page points to the API reference, which has it all. */
function LaterPage({ title, what }: { title: string; what: string }): ReactNode {
  return (
    <Stack>
      <Title order={1}>{title}</Title>
      <Text>
        This screen is not built yet. {what} are available through the REST API; its reference is at{' '}
        <Anchor href="/api/v1/docs">/api/v1/docs</Anchor>.
      </Text>
    </Stack>
  );
}

export function ConnectionsPage(): ReactNode {
  return <LaterPage title="Connections" what="Connections (create, edit, test, versions)" />;
}

export function SuitesPage(): ReactNode {
  return <LaterPage title="Suites" what="Suites, their checks and runs" />;
}

export function AdminPage(): ReactNode {
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
