import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { messageOf } from '../api/api-error';

/** A failed load: the envelope's message and a way to try again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }): ReactNode {
  return (
    <Alert color="red" title="Could not load this" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{messageOf(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function LoadingState({ label }: { label: string }): ReactNode {
  return (
    <Center py="xl">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}

/** An empty list: what is missing and what to do next. */
export function EmptyState({ title, children }: { title: string; children: ReactNode }): ReactNode {
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Text size="sm">{children}</Text>
      </Stack>
    </Paper>
  );
}
