import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError, messageOf } from '../api/api-error';
import type { RunOutcome } from '../api/types';
import { DataTable } from '../app/data-table';
import { FormModal } from '../app/form-modal';
import { READABLE_ERROR } from '../app/form-styles';
import { ChoicePicker, Picker } from '../app/pickers';
import { PagedQueryStates } from '../app/query-states';
import { ErrorState, LoadingState } from '../app/states';
import { kindLabel, thresholdsLabel } from '../checks/check-format';
import { shownNumber, timeText } from '../runs/run-format';
import { OutcomeBadge, SampleTable } from '../runs/run-parts';
import { useSuiteChoices, useSuiteGrant } from '../runs/runs-api';
import { grantAtLeast } from '../suites/suites-api';
import {
  type Incident,
  type IncidentEvidence,
  type IncidentFilters,
  type ResolveReason,
  useIncident,
  useIncidentAction,
  useIncidents,
} from './alerting-api';
import { INCIDENT_SEVERITIES, INCIDENT_STATES, RESOLVE_REASONS, resolveReasonLabel } from './alerting-format';
import { IncidentStateBadge, SeverityBadge } from './alerting-parts';

const RUN_OUTCOMES: readonly RunOutcome[] = ['pass', 'warn', 'fail', 'critical', 'error', 'skip'];

/** An outcome as a badge when it is one the run screens know, else as text. */
function Outcome({ outcome }: { outcome: string }): ReactNode {
  const known = RUN_OUTCOMES.find((candidate) => candidate === outcome);
  return known ? <OutcomeBadge outcome={known} /> : <Text size="sm">{outcome}</Text>;
}

function pick<T extends string>(choices: readonly { value: T }[], param: string | null): T | undefined {
  return choices.find((choice) => choice.value === param)?.value;
}

/** Incidents: newest first, filtered by state, severity and suite on the server (filters in the address). */
export function IncidentsPage(): ReactNode {
  const [params, setParams] = useSearchParams();
  const suites = useSuiteChoices();
  const suiteList = suites.data ?? [];
  const suiteNames = new Map(suiteList.map((suite) => [suite.id, suite.name]));
  const filters: IncidentFilters = {};
  const state = pick(INCIDENT_STATES, params.get('state'));
  const severity = pick(INCIDENT_SEVERITIES, params.get('severity'));
  const suiteId = params.get('suite_id');
  if (state) filters.state = state;
  if (severity) filters.severity = severity;
  if (suiteId) filters.suite_id = suiteId;
  const incidents = useIncidents(filters);
  const items = incidents.data?.pages.flatMap((page) => page.items) ?? [];
  const setFilter = (name: string, value: string | null): void => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const filtered = Object.keys(filters).length > 0;

  return (
    <Stack>
      <Title order={1}>Incidents</Title>
      <Text size="sm">
        An incident follows one failing check from its first failing run until someone resolves it or, where
        the suite asks for it, a clean run does. Later failures attach to the open incident.
      </Text>
      <Group align="flex-end" wrap="wrap" role="search" aria-label="Filter incidents">
        <ChoicePicker
          label="State"
          placeholder="Any state"
          choices={INCIDENT_STATES}
          value={state ?? null}
          onChange={(value) => setFilter('state', value)}
          clearLabel="Clear the state filter"
          w={{ base: '100%', sm: 180 }}
        />
        <ChoicePicker
          label="Severity"
          placeholder="Any severity"
          choices={INCIDENT_SEVERITIES}
          value={severity ?? null}
          onChange={(value) => setFilter('severity', value)}
          clearLabel="Clear the severity filter"
          w={{ base: '100%', sm: 180 }}
        />
        <Picker
          label="Suite"
          placeholder="Any suite"
          searchable
          data={suiteList.map((suite) => ({ value: suite.id, label: suite.name }))}
          value={suiteId}
          onChange={(value) => setFilter('suite_id', value)}
          nothingFoundMessage="No suite by that name"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the suite filter' }}
          w={{ base: '100%', sm: 260 }}
        />
      </Group>
      <PagedQueryStates
        query={incidents}
        count={items.length}
        noun={{ one: 'incident', many: 'incidents', next: 'older' }}
        loadingLabel="Loading the incidents"
        emptyTitle={filtered ? 'No incidents match these filters' : 'No incidents'}
        emptyText={
          filtered
            ? 'Clear a filter to see more.'
            : 'An incident opens when a check fails in a suite with alerts on; none has so far.'
        }
      >
        <DataTable
          testId="incidents-table"
          minWidth={760}
          columns={['Incident', 'Suite', 'State', 'Severity', 'Opened', 'Failing runs']}
          highlightOnHover
        >
          {items.map((incident) => (
            <Table.Tr key={incident.id} data-incident-id={incident.id}>
              <Table.Th scope="row" fw={500}>
                <Anchor
                  component={Link}
                  to={`/incidents/${incident.id}`}
                  aria-label={`Incident ${incident.id.slice(0, 8)}`}
                >
                  {incident.id.slice(0, 8)}
                </Anchor>
              </Table.Th>
              <Table.Td>
                <Anchor component={Link} to={`/suites/${incident.suite_id}`}>
                  {suiteNames.get(incident.suite_id) ?? incident.suite_id.slice(0, 8)}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <IncidentStateBadge state={incident.state} />
              </Table.Td>
              <Table.Td>
                <SeverityBadge severity={incident.severity} />
              </Table.Td>
              <Table.Td>{timeText(incident.opened_at)}</Table.Td>
              <Table.Td>{incident.failure_count}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </PagedQueryStates>
    </Stack>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }): ReactNode {
  return (
    <div>
      <Text size="sm" fw={500} component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm">
        {children}
      </Text>
    </div>
  );
}

function ResolveModal({ incident, onClose }: { incident: Incident; onClose: () => void }): ReactNode {
  const resolve = useIncidentAction(incident.id);
  const [reason, setReason] = useState<ResolveReason | null>(null);
  const [comment, setComment] = useState('');
  const submit = (): void => {
    resolve.mutate(
      { kind: 'resolve', reason, comment: comment.trim() || null },
      { onSuccess: () => onClose() },
    );
  };
  return (
    <FormModal
      title="Resolve incident"
      formLabel="Resolve incident"
      error={resolve.error}
      pending={resolve.isPending}
      submitLabel="Resolve"
      onSubmit={submit}
      onClose={onClose}
    >
      <ChoicePicker
        label="Reason"
        placeholder="Pick a reason"
        choices={RESOLVE_REASONS}
        value={reason}
        onChange={setReason}
        clearLabel="Clear the reason"
        styles={READABLE_ERROR}
      />
      <Textarea
        label="Comment"
        autosize
        minRows={2}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
        styles={READABLE_ERROR}
      />
    </FormModal>
  );
}

/** Acknowledge and Resolve, for people who may edit the suite; a conflict (already resolved) inline. */
function IncidentActions({ incident }: { incident: Incident }): ReactNode {
  const ack = useIncidentAction(incident.id);
  const [resolving, setResolving] = useState(false);
  if (incident.state === 'resolved') return null;
  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="sm">
        {incident.state === 'open' && (
          <Button variant="default" loading={ack.isPending} onClick={() => ack.mutate({ kind: 'ack' })}>
            Acknowledge
          </Button>
        )}
        <Button onClick={() => setResolving(true)}>Resolve…</Button>
      </Group>
      {ack.isError && (
        <Alert
          color="red"
          role="alert"
          title={ack.error instanceof ApiError && ack.error.status === 409 ? 'Conflict' : undefined}
        >
          {messageOf(ack.error)}
        </Alert>
      )}
      {resolving && <ResolveModal incident={incident} onClose={() => setResolving(false)} />}
    </Stack>
  );
}

function EvidenceCard({ incident, evidence }: { incident: Incident; evidence: IncidentEvidence }): ReactNode {
  const check = evidence.check;
  const failure = evidence.latest_failure;
  const changed = check.current_version !== null && check.current_version !== check.failed_version;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="evidence-title" data-testid="evidence-card">
      <Stack>
        <Title order={2} size="h4" id="evidence-title">
          Evidence
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} component="dl" m={0}>
          <Figure label="Check">
            {check.name === null ? (
              'Deleted check'
            ) : (
              <Anchor component={Link} to={`/suites/${incident.suite_id}/checks/${check.id}`}>
                {check.name}
              </Anchor>
            )}
            {check.kind ? ` (${kindLabel(check.kind, {})})` : ''}
          </Figure>
          <Figure label="Failing version">
            v{check.failed_version}
            {changed ? ` (the check is at v${String(check.current_version)} now)` : ''}
          </Figure>
          {failure && (
            <>
              <Figure label="Latest failure">
                <Anchor component={Link} to={`/runs/${failure.run_id}`}>
                  Run {failure.run_id.slice(0, 8)}
                </Anchor>
                , {timeText(failure.finished_at)}
              </Figure>
              <Figure label="Outcome">
                <Outcome outcome={failure.outcome} />
              </Figure>
              <Figure label="Metric">
                {failure.metric_value === null ? '—' : shownNumber(failure.metric_value)}
                {failure.unexpected_percent !== null
                  ? ` (${shownNumber(failure.unexpected_percent)} % unexpected)`
                  : ''}
              </Figure>
              <Figure label="Thresholds">{thresholdsLabel(failure.thresholds)}</Figure>
            </>
          )}
        </SimpleGrid>
        {failure === null ? (
          <Text size="sm">The failing result is no longer stored.</Text>
        ) : failure.samples.length > 0 ? (
          <SampleTable
            rows={failure.samples}
            caption={`Failing rows (${failure.samples.length} shown, redacted as stored)`}
          />
        ) : (
          <Text size="sm" data-testid="evidence-no-samples">
            {failure.samples_purged
              ? 'The failing-row samples were removed after the retention window.'
              : 'No failing-row samples were kept for this result.'}
          </Text>
        )}
        <Title order={3} size="h5">
          Last runs of this check
        </Title>
        {evidence.recent_runs.length === 0 ? (
          <Text size="sm">No runs recorded.</Text>
        ) : (
          <DataTable testId="evidence-runs" minWidth={480} columns={['Run', 'Outcome', 'Metric', 'Finished']}>
            {evidence.recent_runs.map((run) => (
              <Table.Tr key={run.run_id}>
                <Table.Th scope="row" fw={500}>
                  <Anchor
                    component={Link}
                    to={`/runs/${run.run_id}`}
                    aria-label={`Run ${run.run_id.slice(0, 8)}`}
                  >
                    {run.run_id.slice(0, 8)}
                  </Anchor>
                </Table.Th>
                <Table.Td>
                  <Outcome outcome={run.outcome} />
                </Table.Td>
                <Table.Td>{run.metric_value === null ? '—' : shownNumber(run.metric_value)}</Table.Td>
                <Table.Td>{timeText(run.finished_at)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Stack>
    </Paper>
  );
}

function IncidentView({ incident }: { incident: Incident }): ReactNode {
  const suite = useSuiteGrant(incident.suite_id);
  const canEdit = suite.data !== undefined && grantAtLeast(suite.data.my_grant, 'edit');
  const checkName = incident.evidence?.check.name ?? 'a deleted check';
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <Title order={1}>Incident: {checkName}</Title>
        {canEdit && <IncidentActions incident={incident} />}
      </Group>
      <Paper withBorder p="md" component="section" aria-label="Incident details">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} component="dl" m={0}>
          <Figure label="State">
            <span data-testid="incident-state" data-state={incident.state}>
              <IncidentStateBadge state={incident.state} />
            </span>
          </Figure>
          <Figure label="Severity">
            <SeverityBadge severity={incident.severity} />
          </Figure>
          <Figure label="Suite">
            <Anchor component={Link} to={`/suites/${incident.suite_id}`}>
              {suite.data?.name ?? incident.suite_id.slice(0, 8)}
            </Anchor>
          </Figure>
          <Figure label="Failing runs">{incident.failure_count}</Figure>
          <Figure label="Opened">{timeText(incident.opened_at)}</Figure>
          <Figure label="Acknowledged">{timeText(incident.acknowledged_at)}</Figure>
          <Figure label="Resolved">{timeText(incident.resolved_at)}</Figure>
          {incident.state === 'resolved' && (
            <Figure label="Resolution">
              <span data-testid="resolve-reason">
                {resolveReasonLabel(incident.resolve_reason, incident.resolved_by !== null)}
              </span>
              {incident.resolve_comment ? `: ${incident.resolve_comment}` : ''}
            </Figure>
          )}
        </SimpleGrid>
      </Paper>
      {incident.evidence ? (
        <EvidenceCard incident={incident} evidence={incident.evidence} />
      ) : (
        <Text size="sm">No evidence was returned for this incident.</Text>
      )}
    </>
  );
}

/** One incident: its state and times, the evidence, and Acknowledge / Resolve for the suite's editors. */
export function IncidentPage(): ReactNode {
  const { incidentId = '' } = useParams();
  const incident = useIncident(incidentId);
  const back = (
    <Anchor component={Link} to="/incidents" w="fit-content">
      ← Incidents
    </Anchor>
  );
  if (incident.isPending) return <LoadingState label="Loading the incident" />;
  return (
    <Stack>
      {back}
      {incident.isError ? (
        <>
          <Title order={1}>Incident</Title>
          <ErrorState error={incident.error} onRetry={() => void incident.refetch()} />
        </>
      ) : (
        <IncidentView incident={incident.data} />
      )}
    </Stack>
  );
}
