import { Alert, Anchor, Badge, Button, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, lazy, useState } from 'react';
import { Link, useParams } from 'react-router';
import { messageOf } from '../api/api-error';
import { useApi } from '../app/session';
import { EmptyState, ErrorState, LoadingState } from '../app/states';
import {
  type CheckVersion,
  checkHistory,
  clearSnooze,
  getBaseline,
  getCheck,
  getSuite,
  grantAtLeast,
  listVersions,
  rebaseline,
  restoreVersion,
  suiteKeys,
} from '../suites/suites-api';
import { chartPointsOf, kindLabel, outcomeColor, snoozeLabel, thresholdsLabel } from './check-format';
import type { Check } from './check-form';

/** The chart in its own chunk: the charting library loads only where a chart is shown. */
const HistoryChart = lazy(() => import('./history-chart'));

/** The kinds that keep a baseline (a column snapshot, or the history's statistics). */
const BASELINE_KINDS = new Set(['schema_drift', 'anomaly']);

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

function History({ suiteId, check }: { suiteId: string; check: Check }): ReactNode {
  const { client } = useApi();
  const history = useQuery({
    queryKey: [...suiteKeys.check(suiteId, check.id), 'history'],
    queryFn: () => checkHistory(client, suiteId, check.id),
  });
  const points = history.data ? chartPointsOf(history.data.points) : [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="history-title">
      <Stack>
        <Title order={2} size="h4" id="history-title">
          History
        </Title>
        {history.isPending ? (
          <LoadingState label="Loading the history" />
        ) : history.isError ? (
          <ErrorState error={history.error} onRetry={() => void history.refetch()} />
        ) : history.data.points.length === 0 ? (
          <EmptyState title="No results yet">
            Results appear here after the suite runs: start a run from the suite’s Runs tab.
          </EmptyState>
        ) : (
          <>
            {points.length > 1 ? (
              <Suspense fallback={<LoadingState label="Loading chart" />}>
                <HistoryChart points={points} />
              </Suspense>
            ) : (
              <Text size="sm">The chart needs two results with a metric value.</Text>
            )}
            <Text size="sm">
              The latest {history.data.points.length}
              {history.data.total !== null ? ` of ${history.data.total}` : ''} results, newest first.
            </Text>
            <Table.ScrollContainer minWidth={560}>
              <Table striped data-testid="history-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">When</Table.Th>
                    <Table.Th scope="col">Outcome</Table.Th>
                    <Table.Th scope="col">Metric value</Table.Th>
                    <Table.Th scope="col">Version</Table.Th>
                    <Table.Th scope="col">Run</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {history.data.points.slice(0, 20).map((point) => (
                    <Table.Tr key={`${point.run_id}:${point.at}`}>
                      <Table.Td>{when(point.at)}</Table.Td>
                      <Table.Td>
                        <Badge color={outcomeColor(point.outcome)} variant="filled" autoContrast>
                          {point.outcome}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{point.metric_value ?? '—'}</Table.Td>
                      <Table.Td>{point.check_version ?? '—'}</Table.Td>
                      <Table.Td>
                        <Anchor component={Link} to={`/runs/${point.run_id}`}>
                          Open run
                        </Anchor>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function changeLabel(version: CheckVersion): string {
  if (version.change === 'restored' && version.restored_from !== null)
    return `restored from v${version.restored_from}`;
  return version.change;
}

function Versions({
  suiteId,
  check,
  canEdit,
}: {
  suiteId: string;
  check: Check;
  canEdit: boolean;
}): ReactNode {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const versions = useQuery({
    queryKey: [...suiteKeys.check(suiteId, check.id), 'versions', check.version],
    queryFn: () => listVersions(client, suiteId, check.id),
  });
  const [restored, setRestored] = useState<{ from: number; to: number } | null>(null);
  const restore = useMutation({
    mutationFn: (n: number) => restoreVersion(client, suiteId, check.id, n),
    onSuccess: (updated, n) => {
      setRestored({ from: n, to: updated.version });
      queryClient.setQueryData(suiteKeys.check(suiteId, check.id), updated);
      void queryClient.invalidateQueries({ queryKey: suiteKeys.checks(suiteId) });
    },
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="versions-title">
      <Stack>
        <Title order={2} size="h4" id="versions-title">
          Versions
        </Title>
        {restored && (
          <Alert color="teal" role="status" data-testid="restored-notice">
            Version {restored.from} restored as version {restored.to}.
          </Alert>
        )}
        {restore.isError && (
          <Alert color="red" role="alert">
            {messageOf(restore.error)}
          </Alert>
        )}
        {versions.isPending ? (
          <LoadingState label="Loading versions" />
        ) : versions.isError ? (
          <ErrorState error={versions.error} onRetry={() => void versions.refetch()} />
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped data-testid="versions-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Version</Table.Th>
                  <Table.Th scope="col">Change</Table.Th>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Definition</Table.Th>
                  {canEdit && <Table.Th scope="col">Restore</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {versions.data.map((version) => (
                  <Table.Tr key={version.version}>
                    <Table.Th scope="row">
                      v{version.version}
                      {version.version === check.version && (
                        <Badge ml="xs" variant="light">
                          current
                        </Badge>
                      )}
                    </Table.Th>
                    <Table.Td>{changeLabel(version)}</Table.Td>
                    <Table.Td>{when(version.changed_at)}</Table.Td>
                    <Table.Td>
                      <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                        {version.name} · {JSON.stringify(version.config)} ·{' '}
                        {thresholdsLabel(version.thresholds)}
                        {version.enabled ? '' : ' · disabled'}
                      </Text>
                    </Table.Td>
                    {canEdit && (
                      <Table.Td>
                        {version.version !== check.version && (
                          <Button
                            size="xs"
                            variant="light"
                            aria-label={`Restore version ${version.version}`}
                            loading={restore.isPending && restore.variables === version.version}
                            onClick={() => restore.mutate(version.version)}
                          >
                            Restore
                          </Button>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

function Baseline({
  suiteId,
  check,
  canEdit,
}: {
  suiteId: string;
  check: Check;
  canEdit: boolean;
}): ReactNode {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const key = [...suiteKeys.check(suiteId, check.id), 'baseline'];
  const baseline = useQuery({ queryKey: key, queryFn: () => getBaseline(client, suiteId, check.id) });
  const recapture = useMutation({
    mutationFn: () => rebaseline(client, suiteId, check.id),
    onSuccess: (next) => queryClient.setQueryData(key, next),
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="baseline-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id="baseline-title">
            Baseline
          </Title>
          {canEdit && (
            <Button
              size="xs"
              variant="default"
              loading={recapture.isPending}
              onClick={() => recapture.mutate()}
            >
              Rebaseline
            </Button>
          )}
        </Group>
        {recapture.isError && (
          <Alert color="red" role="alert">
            {messageOf(recapture.error)}
          </Alert>
        )}
        {baseline.isPending ? (
          <LoadingState label="Loading the baseline" />
        ) : baseline.isError ? (
          <ErrorState error={baseline.error} />
        ) : baseline.data.baseline === null ? (
          <Text size="sm">
            No baseline yet: the first run captures it
            {check.kind === 'anomaly' ? ' from the recorded history' : ' from the live columns'}.
          </Text>
        ) : (
          <>
            <Text size="sm">Captured {when(baseline.data.captured_at)}.</Text>
            <Code block>{JSON.stringify(baseline.data.baseline, null, 2)}</Code>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** One check: its definition, metric history, versions (restore) and a monitor's baseline. */
export function CheckPage(): ReactNode {
  const { suiteId = '', checkId = '' } = useParams();
  const { client } = useApi();
  const queryClient = useQueryClient();
  const suite = useQuery({ queryKey: suiteKeys.one(suiteId), queryFn: () => getSuite(client, suiteId) });
  const check = useQuery({
    queryKey: suiteKeys.check(suiteId, checkId),
    queryFn: () => getCheck(client, suiteId, checkId),
  });
  const clear = useMutation({
    mutationFn: () => clearSnooze(client, suiteId, checkId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: suiteKeys.one(suiteId) }),
  });
  const back = (
    <Anchor component={Link} to={`/suites/${suiteId}`} w="fit-content">
      ← {suite.data?.name ?? 'Suite'}
    </Anchor>
  );
  if (check.isPending || suite.isPending) return <LoadingState label="Loading the check" />;
  if (check.isError || suite.isError) {
    return (
      <Stack>
        {back}
        <Title order={1}>Check</Title>
        <ErrorState error={check.error ?? suite.error} />
      </Stack>
    );
  }
  const data = check.data;
  const canEdit = grantAtLeast(suite.data.my_grant, 'edit');
  const snoozed = snoozeLabel(data.snoozed_until, new Date());
  return (
    <Stack>
      {back}
      <Group justify="space-between" align="center">
        <Title order={1}>{data.name}</Title>
        {canEdit && (
          <Group gap="sm">
            {snoozed && (
              <Button variant="default" loading={clear.isPending} onClick={() => clear.mutate()}>
                Clear snooze
              </Button>
            )}
            <Button component={Link} to={`/suites/${suiteId}/checks/${checkId}/edit`}>
              Edit check
            </Button>
          </Group>
        )}
      </Group>
      <Paper withBorder p="md" component="section" aria-label="Check definition">
        <Stack gap="xs">
          {data.description && <Text size="sm">{data.description}</Text>}
          <Group gap="xs">
            <Badge variant="light">{kindLabel(data.kind, data.config)}</Badge>
            <Badge variant="light" color="gray">
              {data.dimension}
            </Badge>
            <Badge variant="light" color={data.enabled ? 'indigo' : 'gray'}>
              {data.enabled ? 'enabled' : 'disabled'}
            </Badge>
            <Badge variant="outline" data-testid="check-version">
              version {data.version}
            </Badge>
            {data.engine && <Badge variant="outline">engine {data.engine}</Badge>}
          </Group>
          {snoozed && <Text size="sm">{snoozed}</Text>}
          <Text size="sm">Thresholds: {thresholdsLabel(data.thresholds)}</Text>
          {data.caveats.map((caveat) => (
            <Alert key={caveat.code} color="yellow" role="status">
              {caveat.message}
            </Alert>
          ))}
          {clear.isError && (
            <Alert color="red" role="alert">
              {messageOf(clear.error)}
            </Alert>
          )}
          <Text size="sm" fw={500}>
            Settings
          </Text>
          <Code block data-testid="check-config">
            {JSON.stringify(data.config, null, 2)}
          </Code>
        </Stack>
      </Paper>
      <History suiteId={suiteId} check={data} />
      {BASELINE_KINDS.has(data.kind) && <Baseline suiteId={suiteId} check={data} canEdit={canEdit} />}
      <Versions suiteId={suiteId} check={data} canEdit={canEdit} />
    </Stack>
  );
}
