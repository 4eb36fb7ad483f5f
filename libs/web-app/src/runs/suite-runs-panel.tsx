import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { messageOf } from '../api/api-error';
import type { Suite } from '../api/types';
import { EmptyState, ErrorState, LoadingState } from '../app/states';
import { isTerminal } from './run-format';
import { LiveProgress, RunTable } from './run-parts';
import { useRunList, useTriggerRun } from './runs-api';

/**
 * The suite page's runs: Run now with live progress and Cancel (for people with `edit` on the
 * suite, which the API requires for both), and the suite's runs, newest first, page by page.
 */
export function SuiteRunsPanel({ suite, canRun }: { suite: Suite; canRun: boolean }): ReactNode {
  const trigger = useTriggerRun(suite.id);
  const [liveRunId, setLiveRunId] = useState<string | null>(null);
  const runs = useRunList({ suite_id: suite.id }, { live: true });
  const items = runs.data?.pages.flatMap((page) => page.items) ?? [];
  // The run to follow: the one just triggered, else the suite's queued or running one.
  const following = liveRunId ?? items.find((run) => !isTerminal(run.status))?.id ?? null;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="suite-runs-title">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="suite-runs-title">
            Runs
          </Title>
          {canRun && (
            <Button
              loading={trigger.isPending}
              onClick={() =>
                trigger.mutate(undefined, { onSuccess: (triggered) => setLiveRunId(triggered.id) })
              }
            >
              Run now
            </Button>
          )}
        </Group>
        {trigger.isError && (
          <Alert color="red" role="alert" title="Could not start a run">
            {messageOf(trigger.error)}
          </Alert>
        )}
        {trigger.data?.deduplicated && trigger.data.id === following && (
          <Text size="sm" data-testid="run-deduplicated">
            This suite already had a run queued or running; it is shown instead of a second one.
          </Text>
        )}
        {following && <LiveProgress key={following} runId={following} canCancel={canRun} />}

        {runs.isPending ? (
          <LoadingState label="Loading the suite's runs" />
        ) : runs.isError ? (
          <ErrorState error={runs.error} onRetry={() => void runs.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title="No runs yet">
            {canRun
              ? 'Run now checks the suite against its data; its runs are listed here.'
              : 'Someone with edit access to this suite can run it; its runs are listed here.'}
          </EmptyState>
        ) : (
          <>
            <RunTable runs={items} showSuite={false} testId="suite-run-table" />
            {runs.hasNextPage && (
              <Button
                variant="default"
                onClick={() => void runs.fetchNextPage()}
                loading={runs.isFetchingNextPage}
                style={{ alignSelf: 'flex-start' }}
              >
                Show older runs
              </Button>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
