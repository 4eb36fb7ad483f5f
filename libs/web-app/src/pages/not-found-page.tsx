import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function NotFoundPage(): ReactNode {
  return (
    <Stack>
      <Title order={1}>Page not found</Title>
      <Text>There is no page at this address.</Text>
      <Anchor component={Link} to="/">
        Back to Home
      </Anchor>
    </Stack>
  );
}
