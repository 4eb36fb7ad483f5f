import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { RunDetail, RunResult } from '../api/types';
import { settle } from '../api/web-api';
import { useApi, useMe } from '../app/session';
import { ErrorState, LoadingState } from '../app/states';
import {
  bucketSamplesOf,
  durationText,
  isTerminal,
  judgedOf,
  metricText,
  outcomeSummary,
  sampleAbsence,
  scoreText,
  shownNumber,
  thresholdText,
  timeText,
  worstFirst,
} from './run-format';
import { LiveProgress, OutcomeBadge, SampleTable, StatusBadge } from './run-parts';
import { comparisonReportUrl, useRun, useSuiteGrant } from './runs-api';

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }): ReactNode {
  return (
    <div>
      <Text size="sm" fw={500} component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** Whether zero-sample mode is on now, for workspace admins (the only ones the API tells). */
function useZeroSampleMode(enabled: boolean) {
  const { client } = useApi();
  return useQuery({
    queryKey: ['admin', 'privacy'],
    enabled,
    queryFn: () => settle(client.GET('/api/v1/admin/privacy')),
  });
}

function Samples({ result }: { result: RunResult }): ReactNode {
  const me = useMe().data;
  const absence = sampleAbsence(result);
  const privacy = useZeroSampleMode(absence === 'withheld' && me?.is_workspace_admin === true);
  const buckets = bucketSamplesOf(result.detail);
  if (absence === 'purged') {
    return (
      <Text size="sm" data-testid="samples-purged">
        The failing-row samples of this result were removed after the retention window; its metric, counts and
        outcome are kept.
      </Text>
    );
  }
  if (absence === 'withheld') {
    const mode = privacy.data;
    return (
      <Alert color="gray" title="Samples withheld" data-testid="samples-withheld">
        Rows failed this check, but no sample of them was stored. Zero-sample mode keeps the service from
        reading or storing any failing row (a workspace setting, or pinned on by the deployment); the counts
        above are all that was recorded.
        {mode &&
          (mode.zero_sample_mode
            ? ` Zero-sample mode is on now (${mode.source === 'env' ? 'pinned by the environment' : 'workspace setting'}).`
            : ' Zero-sample mode is off now; it was on when this run read its data.')}
      </Alert>
    );
  }
  if (absence === 'none-needed') {
    return <Text size="sm">No failing-row samples for this result.</Text>;
  }
  return (
    <Stack gap="sm">
      <Text size="sm">
        Values are shown as the service stored them, after the suite's column policy and the personal-data
        classifier: masked values stay masked, redacted columns are left out.
      </Text>
      {result.samples.length > 0 && (
        <SampleTable rows={result.samples} caption={`Failing rows (${result.samples.length} shown)`} />
      )}
      {buckets
        .filter(([bucket]) => bucket !== 'mismatched_baseline')
        .map(([bucket, rows]) => (
          <SampleTable
            key={bucket}
            rows={rows}
            caption={`${bucket.replace(/_/g, ' ')} (${rows.length} shown)`}
          />
        ))}
    </Stack>
  );
}

const COMPARISON_BUCKETS = ['matched', 'mismatched', 'only_in_target', 'only_in_baseline'] as const;

function ComparisonReport({ runId, result }: { runId: string; result: RunResult }): ReactNode {
  const counts = COMPARISON_BUCKETS.filter((bucket) => typeof result.detail[bucket] === 'number');
  return (
    <Stack gap="xs" data-testid="comparison-report">
      {counts.length > 0 && (
        <Text size="sm">
          {counts
            .map((bucket) => `${bucket.replace(/_/g, ' ')}: ${result.detail[bucket] as number}`)
            .join(' · ')}
        </Text>
      )}
      <Group gap="sm">
        <Button component="a" href={comparisonReportUrl(runId, result.id, 'csv')} download variant="light">
          Download diff report (CSV)
        </Button>
        <Button component="a" href={comparisonReportUrl(runId, result.id, 'xlsx')} download variant="light">
          Download diff report (XLSX)
        </Button>
      </Group>
    </Stack>
  );
}

function ResultDetail({
  run,
  result,
  onClose,
}: {
  run: RunDetail;
  result: RunResult;
  onClose: () => void;
}): ReactNode {
  const judged = judgedOf(result.detail);
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [result.id]);
  const errorMessage = result.outcome === 'error' ? result.detail['message'] : undefined;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="result-title" data-testid="result-detail">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <OutcomeBadge outcome={result.outcome} />
            <Title order={2} size="h4" id="result-title" ref={ref} tabIndex={-1}>
              {result.check_name ?? 'Deleted check'}
            </Title>
          </Group>
          <Button variant="default" size="xs" onClick={onClose}>
            Close result
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
          <Figure label="Kind" value={`${result.kind}${result.dimension ? ` · ${result.dimension}` : ''}`} />
          <Figure label="Check version" value={result.check_version ?? '—'} />
          <Figure label="Duration" value={durationText(result.duration_ms)} />
          <Figure
            label="Metric"
            value={
              judged
                ? metricText(judged)
                : result.metric_value === null
                  ? '—'
                  : shownNumber(result.metric_value)
            }
          />
          <Figure label="Thresholds" value={judged ? thresholdText(judged) : '—'} />
          <Figure
            label="Failing rows"
            value={
              result.unexpected_count === null
                ? '—'
                : `${result.unexpected_count}${result.unexpected_percent === null ? '' : ` (${shownNumber(result.unexpected_percent)} %)`}`
            }
          />
        </SimpleGrid>
        {judged && (
          <Text size="sm" data-testid="result-reading">
            {judged.reading}
          </Text>
        )}
        {typeof errorMessage === 'string' && (
          <Alert color="grape" title="The check could not be evaluated">
            {errorMessage}
          </Alert>
        )}
        {result.kind === 'comparison' && <ComparisonReport runId={run.id} result={result} />}
        <Title order={3} size="h5">
          Failing-row samples
        </Title>
        <Samples result={result} />
      </Stack>
    </Paper>
  );
}

function ResultsTable({
  results,
  selected,
  onSelect,
}: {
  results: RunResult[];
  selected: string | null;
  onSelect: (id: string) => void;
}): ReactNode {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover data-testid="result-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Check</Table.Th>
            <Table.Th scope="col">Outcome</Table.Th>
            <Table.Th scope="col">Kind</Table.Th>
            <Table.Th scope="col">Metric</Table.Th>
            <Table.Th scope="col">Thresholds</Table.Th>
            <Table.Th scope="col">Duration</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {results.map((result) => {
            const judged = judgedOf(result.detail);
            const name = result.check_name ?? 'Deleted check';
            return (
              <Table.Tr key={result.id} aria-selected={selected === result.id} data-result-id={result.id}>
                <Table.Th scope="row" fw={500}>
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => onSelect(result.id)}
                    aria-label={`Open result ${name}`}
                    aria-current={selected === result.id ? 'true' : undefined}
                  >
                    {name}
                  </Anchor>
                </Table.Th>
                <Table.Td>
                  <OutcomeBadge outcome={result.outcome} />
                </Table.Td>
                <Table.Td>{result.kind}</Table.Td>
                <Table.Td>
                  {judged
                    ? metricText(judged)
                    : result.metric_value === null
                      ? '—'
                      : shownNumber(result.metric_value)}
                </Table.Td>
                <Table.Td>{judged ? thresholdText(judged) : '—'}</Table.Td>
                <Table.Td>{durationText(result.duration_ms)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RunView({ run }: { run: RunDetail }): ReactNode {
  const [params, setParams] = useSearchParams();
  const grant = useSuiteGrant(run.suite_id);
  const canCancel = grant.data !== undefined && grant.data.my_grant !== 'view';
  const results = worstFirst(run.results);
  const selectedId = params.get('result');
  const selected = results.find((result) => result.id === selectedId) ?? null;
  const select = (id: string | null): void => {
    const next = new URLSearchParams(params);
    if (id) next.set('result', id);
    else next.delete('result');
    setParams(next);
  };
  const ended = isTerminal(run.status);

  return (
    <Stack data-grant={grant.data?.my_grant ?? 'unknown'}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Run {run.id.slice(0, 8)}</Title>
          <Text size="sm">
            Suite{' '}
            <Anchor component={Link} to={`/suites/${run.suite_id}`}>
              {run.suite_name}
            </Anchor>{' '}
            ·{' '}
            <Anchor component={Link} to={`/runs?suite=${run.suite_id}`}>
              its runs
            </Anchor>
          </Text>
        </Stack>
        <StatusBadge status={run.status} />
      </Group>

      <Paper withBorder p="md" component="section" aria-label="Run summary">
        <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" m={0}>
          <Figure label="Health score" value={scoreText(run.health_score)} testId="run-health" />
          <Figure
            label="Checks"
            value={`${run.completed_checks} of ${run.total_checks}`}
            testId="run-checks"
          />
          <Figure label="Outcomes" value={outcomeSummary(run.outcome_counts)} testId="run-outcomes" />
          <Figure label="Trigger" value={run.trigger} />
          <Figure label="Created" value={timeText(run.created_at)} />
          <Figure label="Started" value={timeText(run.started_at)} />
          <Figure label="Finished" value={timeText(run.finished_at)} />
          <Figure label="Duration" value={durationText(run.duration_ms)} testId="run-duration" />
        </SimpleGrid>
        {run.reason && (
          <Alert color="red" title="Why the run failed" mt="md">
            {run.reason.replace(/_/g, ' ')}
          </Alert>
        )}
        {run.cancel_requested_at && (
          <Text size="sm" mt="md">
            Cancel requested {timeText(run.cancel_requested_at)}.
          </Text>
        )}
      </Paper>

      {!ended && (
        <Paper withBorder p="md" component="section" aria-label="Live progress">
          <LiveProgress runId={run.id} canCancel={canCancel} />
        </Paper>
      )}

      <section aria-labelledby="results-title">
        <Title order={2} size="h4" id="results-title" mb="sm">
          Results
        </Title>
        {results.length === 0 ? (
          <Text size="sm">
            {ended
              ? 'This run recorded no result: it ended before any check was evaluated.'
              : 'No check has finished yet; results appear here as each check ends.'}
          </Text>
        ) : (
          <ResultsTable results={results} selected={selected?.id ?? null} onSelect={(id) => select(id)} />
        )}
        {selectedId && !selected && results.length > 0 && (
          <Text size="sm" role="alert" mt="sm">
            This run has no result {selectedId}; pick one from the table.
          </Text>
        )}
      </section>

      {selected && <ResultDetail run={run} result={selected} onClose={() => select(null)} />}
    </Stack>
  );
}

/** One run: status, timings, health score, its results; `?result=<id>` opens one result. */
export function RunPage(): ReactNode {
  const { runId = '' } = useParams();
  const run = useRun(runId);
  if (run.isPending) return <LoadingState label="Loading the run" />;
  if (run.isError)
    return (
      <Stack>
        <Title order={1}>Run</Title>
        <ErrorState error={run.error} onRetry={() => void run.refetch()} />
        <Anchor component={Link} to="/runs">
          All runs
        </Anchor>
      </Stack>
    );
  return <RunView run={run.data} />;
}
