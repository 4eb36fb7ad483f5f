import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen still being built; until then the page points to the API reference, which has it all. */
export function LaterPage({ title, what }: { title: string; what: string }): ReactNode {
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
