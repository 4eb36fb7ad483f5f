import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { messageOf } from '../api/api-error';

interface State {
  error: unknown;
}

/** The app-wide fallback: a broken screen says so and offers a way on, never a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(_error: unknown, _info: ErrorInfo): void {
    // The fallback below is the report; nothing is sent anywhere.
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    return (
      <Container size="sm" py="xl" component="main">
        <Stack>
          <Title order={1}>Something went wrong</Title>
          <Alert color="red" title="This screen failed">
            <Text>{messageOf(this.state.error)}</Text>
          </Alert>
          <Button onClick={() => window.location.assign('/')} w="fit-content">
            Back to Home
          </Button>
        </Stack>
      </Container>
    );
  }
}
