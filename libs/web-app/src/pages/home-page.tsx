import {
  Anchor,
  Badge,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense, lazy } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { DashboardSummary } from '../api/types';
import { useApi } from '../app/session';
import { EmptyState, ErrorState, LoadingState } from '../app/states';
import { type SuiteState, failingFirst, percent, suiteStateOf } from '../dashboard/suite-order';

/** The chart in its own chunk: the charting library loads only where a chart is shown. */
const TrendChart = lazy(() => import('../dashboard/trend-chart'));

const WINDOWS = ['7', '30', '90'];
const DEFAULT_WINDOW = '30';

const STATE_BADGE: Record<SuiteState, { color: string; label: string }> = {
  failing: { color: 'red', label: 'Failing' },
  passing: { color: 'teal', label: 'Passing' },
  'never-run': { color: 'gray', label: 'Never run' },
};

function Kpi({ label, value, testId }: { label: string; value: string; testId: string }): ReactNode {
  return (
    <Paper withBorder p="md">
      <Text size="sm" component="h3" m={0} fw={500}>
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

function duration(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function Summary({ summary, days }: { summary: DashboardSummary; days: string }): ReactNode {
  const { kpis } = summary;
  const suites = failingFirst(summary.suites);
  const navigate = useNavigate();
  const firstDay = summary.window.since.slice(0, 10);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }} component="section" aria-label="Key figures">
        <Kpi
          label="Health score"
          value={kpis.health_score === null ? '—' : String(Math.round(kpis.health_score))}
          testId="kpi-health"
        />
        <Kpi label="Failing suites" value={`${kpis.failing_suites} of ${kpis.suites}`} testId="kpi-failing" />
        <Kpi label="Checks" value={String(kpis.checks)} testId="kpi-checks" />
        <Kpi label={`Runs, last ${days} days`} value={String(kpis.runs)} testId="kpi-runs" />
        <Kpi label="Run success rate" value={percent(kpis.run_success_rate)} testId="kpi-run-success" />
        <Kpi label="Check pass rate" value={percent(kpis.check_pass_rate)} testId="kpi-pass-rate" />
        <Kpi label="Mean run duration" value={duration(kpis.mean_run_duration_ms)} testId="kpi-duration" />
      </SimpleGrid>

      <Paper withBorder p="md" component="section" aria-labelledby="trend-title">
        <Title order={2} size="h4" id="trend-title" mb="sm">
          Run trend
        </Title>
        {kpis.runs === 0 ? (
          <Text size="sm">No runs in this window. Runs appear here once a suite runs.</Text>
        ) : (
          <>
            <Suspense fallback={<LoadingState label="Loading chart" />}>
              <TrendChart
                trend={summary.trend}
                onDay={(date) => void navigate(`/runs?from=${date}&to=${date}`)}
              />
            </Suspense>
            <Anchor component={Link} to={`/runs?from=${firstDay}`} size="sm" data-testid="trend-runs-link">
              The {kpis.runs} {kpis.runs === 1 ? 'run' : 'runs'} of the last {days} days
            </Anchor>
          </>
        )}
      </Paper>

      <section aria-labelledby="suites-title">
        <Title order={2} size="h4" id="suites-title" mb="sm">
          Suites
        </Title>
        {suites.length === 0 ? (
          <EmptyState title="No suites yet">
            Suites group the checks run against a connection. Create one through the REST API (
            <Anchor href="/api/v1/docs">reference</Anchor>), or start the demo with its sample data (
            <code>npm run demo</code>).
          </EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover data-testid="suite-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Suite</Table.Th>
                  <Table.Th scope="col">State</Table.Th>
                  <Table.Th scope="col">Health</Table.Th>
                  <Table.Th scope="col">Checks</Table.Th>
                  <Table.Th scope="col">Runs</Table.Th>
                  <Table.Th scope="col">Run success</Table.Th>
                  <Table.Th scope="col">Last completed run</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {suites.map((suite) => {
                  const state = STATE_BADGE[suiteStateOf(suite)];
                  const last = suite.last_completed_run;
                  return (
                    <Table.Tr key={suite.suite_id}>
                      <Table.Th scope="row" fw={500}>
                        <Anchor component={Link} to={`/suites/${suite.suite_id}`}>
                          {suite.name}
                        </Anchor>
                      </Table.Th>
                      <Table.Td>
                        <Badge color={state.color} variant="light">
                          {state.label}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {suite.health_score === null ? '—' : Math.round(suite.health_score)}
                      </Table.Td>
                      <Table.Td>{suite.checks}</Table.Td>
                      <Table.Td>
                        {suite.runs === 0 ? (
                          0
                        ) : (
                          <Anchor
                            component={Link}
                            to={`/runs?suite=${suite.suite_id}&from=${firstDay}`}
                            aria-label={`${suite.runs} runs of ${suite.name}`}
                          >
                            {suite.runs}
                          </Anchor>
                        )}
                      </Table.Td>
                      <Table.Td>{percent(suite.run_success_rate)}</Table.Td>
                      <Table.Td>
                        {last ? (
                          <Anchor component={Link} to={`/runs/${last.id}`}>
                            {new Date(last.finished_at ?? last.created_at).toLocaleString()}
                          </Anchor>
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </section>
    </Stack>
  );
}

/** Home: the dashboard summary over the suites the person can see. */
export function HomePage(): ReactNode {
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const days = WINDOWS.includes(params.get('days') ?? '') ? (params.get('days') as string) : DEFAULT_WINDOW;
  const summary = useQuery({
    queryKey: ['dashboard-summary', days],
    queryFn: () => api.dashboardSummary(Number(days)),
  });

  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Title order={1}>Home</Title>
        <SegmentedControl
          aria-label="Window"
          value={days}
          onChange={(value) => setParams(value === DEFAULT_WINDOW ? {} : { days: value })}
          data={WINDOWS.map((value) => ({ value, label: `${value} days` }))}
        />
      </Group>
      {summary.isPending ? (
        <LoadingState label="Loading the dashboard" />
      ) : summary.isError ? (
        <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <Summary summary={summary.data} days={days} />
      )}
    </Stack>
  );
}
