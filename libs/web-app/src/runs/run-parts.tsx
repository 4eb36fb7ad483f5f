import { Alert, Anchor, Badge, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../api/api-error';
import type { Run, RunOutcome, RunStatus } from '../api/types';
import {
  OUTCOME_COLOR,
  STATUS_COLOR,
  durationText,
  isCancellable,
  isTerminal,
  outcomeSummary,
  progressOf,
  sampleCell,
  sampleColumns,
  scoreText,
  timeText,
  worstFirst,
} from './run-format';
import { useCancelRun, useRun, useRunProgress } from './runs-api';

export function StatusBadge({ status }: { status: RunStatus }): ReactNode {
  return (
    <Badge color={STATUS_COLOR[status]} c="white" variant="filled" data-testid="run-status">
      {status}
    </Badge>
  );
}

export function OutcomeBadge({ outcome }: { outcome: RunOutcome }): ReactNode {
  return (
    <Badge color={OUTCOME_COLOR[outcome].bg} c={OUTCOME_COLOR[outcome].text} variant="filled">
      {outcome}
    </Badge>
  );
}

/** Failing-row samples exactly as the API gave them: masked values stay masked, redacted ones absent. */
export function SampleTable({
  rows,
  caption,
}: {
  rows: Record<string, unknown>[];
  caption: string;
}): ReactNode {
  const columns = sampleColumns(rows);
  return (
    <Table.ScrollContainer minWidth={Math.max(320, columns.length * 120)}>
      <Table withTableBorder withColumnBorders data-testid="sample-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={index}>
              {columns.map((column) => (
                <Table.Td key={column} ff="monospace">
                  {column in row ? sampleCell(row[column]) : ''}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A table of runs, newest first, each linking to its run page. */
export function RunTable({
  runs,
  showSuite,
  testId,
}: {
  runs: readonly Run[];
  showSuite: boolean;
  testId: string;
}): ReactNode {
  return (
    <Table.ScrollContainer minWidth={showSuite ? 820 : 680}>
      <Table striped highlightOnHover data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Run</Table.Th>
            {showSuite && <Table.Th scope="col">Suite</Table.Th>}
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Trigger</Table.Th>
            <Table.Th scope="col">Created</Table.Th>
            <Table.Th scope="col">Duration</Table.Th>
            <Table.Th scope="col">Checks</Table.Th>
            <Table.Th scope="col">Health</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => (
            <Table.Tr key={run.id} data-run-id={run.id}>
              <Table.Th scope="row" fw={500}>
                <Anchor component={Link} to={`/runs/${run.id}`} aria-label={`Run ${run.id.slice(0, 8)}`}>
                  {run.id.slice(0, 8)}
                </Anchor>
              </Table.Th>
              {showSuite && <Table.Td>{run.suite_name}</Table.Td>}
              <Table.Td>
                <StatusBadge status={run.status} />
              </Table.Td>
              <Table.Td>{run.trigger}</Table.Td>
              <Table.Td>{timeText(run.created_at)}</Table.Td>
              <Table.Td>{durationText(run.duration_ms)}</Table.Td>
              <Table.Td>
                {run.completed_checks}/{run.total_checks}
                {run.completed_checks > 0 && (
                  <Text span size="xs">
                    {' '}
                    ({outcomeSummary(run.outcome_counts)})
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{scoreText(run.health_score)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Cancel for a queued or running run; the API's refusal (403, 409) is shown as it says it. */
export function CancelButton({
  run,
}: {
  run: { id: string; status: RunStatus; cancel_requested_at?: string | null };
}): ReactNode {
  const cancel = useCancelRun();
  if (!isCancellable(run) && !cancel.isError) {
    return run.cancel_requested_at && !isTerminal(run.status) ? (
      <Text size="sm" data-testid="cancel-requested">
        Cancel requested; the run stops at its next check.
      </Text>
    ) : null;
  }
  return (
    <Stack gap="xs" align="flex-start">
      {isCancellable(run) && (
        <Button color="red" variant="light" loading={cancel.isPending} onClick={() => cancel.mutate(run.id)}>
          Cancel run
        </Button>
      )}
      {cancel.isError && (
        <Alert color="red" role="alert" title="Could not cancel">
          {messageOf(cancel.error)}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * A run's live progress: the bar (checks done of the run's total), each finished check with its
 * outcome, and Cancel for people who may. Polls until the run ends.
 */
export function LiveProgress({ runId, canCancel }: { runId: string; canCancel: boolean }): ReactNode {
  const progress = useRunProgress(runId);
  const run = useRun(runId);
  if (progress.isError) {
    return (
      <Alert color="red" role="alert" title="Could not read the run's progress">
        {messageOf(progress.error)}
      </Alert>
    );
  }
  const current = progress.data ?? run.data;
  if (!current) return <Text size="sm">Waiting for the run to start…</Text>;
  const figures = progressOf(current);
  const status = progress.data?.status ?? current.status;
  const results = worstFirst(run.data?.results ?? []);
  return (
    <Stack gap="xs" data-testid="live-progress" data-status={status}>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <StatusBadge status={status} />
          <Text size="sm" data-testid="progress-label">
            {figures.label}
          </Text>
        </Group>
        <Anchor component={Link} to={`/runs/${runId}`} size="sm">
          Open the run
        </Anchor>
      </Group>
      <Progress
        value={figures.percent}
        color={STATUS_COLOR[status]}
        animated={!isTerminal(status)}
        aria-label={`Run progress: ${figures.label}`}
        data-testid="progress-bar"
        data-percent={figures.percent}
      />
      {results.length > 0 && (
        <ul aria-label="Checks done" style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
          {results.map((result) => (
            <li key={result.id}>
              <Group gap="xs">
                <OutcomeBadge outcome={result.outcome} />
                <Text size="sm">{result.check_name ?? result.check_id}</Text>
              </Group>
            </li>
          ))}
        </ul>
      )}
      {!isTerminal(status) && figures.remaining > 0 && (
        <Text size="sm">
          {figures.remaining} {figures.remaining === 1 ? 'check' : 'checks'} still to run
          {status === 'queued' ? ' (queued: waiting for a runner)' : ''}.
        </Text>
      )}
      {canCancel && (
        <CancelButton
          run={{ id: runId, status, cancel_requested_at: run.data?.cancel_requested_at ?? null }}
        />
      )}
    </Stack>
  );
}
