import {
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { SuiteNotificationsPanel } from '../alerting/suite-notifications-panel';
import { fieldErrorOf } from '../api/api-error';
import type { Suite } from '../api/types';
import { MutationConfirmModal } from '../app/confirm-modal';
import { DataTable, RowActionsMenu } from '../app/data-table';
import { ErrorAlert, FormModal } from '../app/form-modal';
import { QueryStates } from '../app/query-states';
import { useApi, useMe } from '../app/session';
import { ErrorState, LoadingState } from '../app/states';
import { UrlTabs } from '../app/url-tabs';
import { kindLabel, outcomeColor, snoozeLabel, thresholdsLabel } from '../checks/check-format';
import type { Check } from '../checks/check-form';
import { SuiteRunsPanel } from '../runs/suite-runs-panel';
import {
  SuiteColumnPolicyPanel,
  SuiteExportButton,
  SuiteSchedulePanel,
  SuiteSharesPanel,
} from '../suite-settings/suite-settings-panels';
import { GrantBadge, HEALTH_WINDOW_DAYS, suiteFieldError, useSuiteHealth } from './suite-bits';
import { targetHint } from './suites-list-page';
import {
  clearSnooze,
  deleteCheck,
  deleteSuite,
  getSuite,
  grantAtLeast,
  lastFinishedRun,
  listChecks,
  snoozeCheck,
  suiteKeys,
  updateSuite,
} from './suites-api';

function EditSuiteModal({ suite, onClose }: { suite: Suite; onClose: () => void }): ReactNode {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const [name, setName] = useState(suite.name);
  const [description, setDescription] = useState(suite.description ?? '');
  const [target, setTarget] = useState(suite.target);
  const [timeZone, setTimeZone] = useState(suite.time_zone);
  const save = useMutation({
    mutationFn: () =>
      updateSuite(client, suite.id, {
        name: name.trim(),
        description: description.trim() || null,
        target: target.trim(),
        time_zone: timeZone.trim(),
      }),
    onSuccess: (updated) => {
      queryClient.setQueryData(suiteKeys.one(suite.id), updated);
      void queryClient.invalidateQueries({ queryKey: suiteKeys.all });
      onClose();
    },
  });
  return (
    <FormModal
      title="Edit suite"
      size="lg"
      formLabel="Edit suite"
      error={save.error}
      pending={save.isPending}
      submitLabel="Save suite"
      onSubmit={() => save.mutate()}
      onClose={onClose}
    >
      <TextInput
        label="Name"
        required
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={suiteFieldError(save.error, 'name')}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        error={fieldErrorOf(save.error, 'description')}
      />
      <TextInput
        label="Target"
        required
        description={targetHint(suite.connection_kind)}
        value={target}
        onChange={(event) => setTarget(event.currentTarget.value)}
        error={suiteFieldError(save.error, 'target')}
      />
      <TextInput
        label="Time zone"
        value={timeZone}
        onChange={(event) => setTimeZone(event.currentTarget.value)}
        error={fieldErrorOf(save.error, 'time_zone')}
      />
    </FormModal>
  );
}

function SnoozeModal({
  suiteId,
  check,
  onClose,
}: {
  suiteId: string;
  check: Check;
  onClose: () => void;
}): ReactNode {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const [hours, setHours] = useState<number | string>(24);
  const snooze = useMutation({
    mutationFn: () => snoozeCheck(client, suiteId, check.id, Number(hours)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: suiteKeys.checks(suiteId) });
      onClose();
    },
  });
  return (
    <FormModal
      title={`Snooze “${check.name}”`}
      error={snooze.isError && !fieldErrorOf(snooze.error, 'hours') ? snooze.error : null}
      pending={snooze.isPending}
      submitLabel="Snooze"
      onSubmit={() => snooze.mutate()}
      onClose={onClose}
    >
      <Text size="sm">Alerts for this check are held back while it is snoozed; it still runs.</Text>
      <NumberInput
        label="Hours"
        min={1}
        max={720}
        value={hours}
        onChange={setHours}
        error={fieldErrorOf(snooze.error, 'hours')}
      />
    </FormModal>
  );
}

function ChecksSection({ suite, canEdit }: { suite: Suite; canEdit: boolean }): ReactNode {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const checks = useQuery({
    queryKey: suiteKeys.checks(suite.id),
    queryFn: () => listChecks(client, suite.id),
  });
  const lastRun = useQuery({
    queryKey: suiteKeys.lastRun(suite.id),
    queryFn: () => lastFinishedRun(client, suite.id),
  });
  const [snoozing, setSnoozing] = useState<Check | null>(null);
  const [deleting, setDeleting] = useState<Check | null>(null);
  const refresh = (): void => {
    void queryClient.invalidateQueries({ queryKey: suiteKeys.one(suite.id) });
  };
  const clear = useMutation({
    mutationFn: (check: Check) => clearSnooze(client, suite.id, check.id),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (check: Check) => deleteCheck(client, suite.id, check.id),
    onSuccess: () => {
      setDeleting(null);
      refresh();
    },
  });
  const list = checks.data ?? [];
  const outcomes = new Map((lastRun.data?.results ?? []).map((result) => [result.check_id, result.outcome]));
  const now = new Date();

  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm">
          {lastRun.data
            ? `Last outcomes from the run finished ${new Date(lastRun.data.finished_at ?? lastRun.data.created_at).toLocaleString()}.`
            : 'No finished run yet: outcomes appear after the suite runs.'}
        </Text>
        {canEdit && (
          <Button component={Link} to={`/suites/${suite.id}/checks/new`}>
            Add check
          </Button>
        )}
      </Group>
      <ErrorAlert error={clear.error} />
      <QueryStates
        query={checks}
        loadingLabel="Loading checks"
        isEmpty={list.length === 0}
        emptyTitle="No checks yet"
        emptyText={
          canEdit
            ? 'Choose “Add check” to pick what to check (a column’s nulls, a row count, freshness, …), try it with a dry run, and save it.'
            : 'This suite has no checks yet. Someone with edit access can add them.'
        }
      >
        <DataTable
          testId="checks-table"
          minWidth={900}
          columns={['Check', 'Kind', 'Dimension', 'Thresholds', 'Enabled', 'Last outcome', 'Snooze']}
          withActions={canEdit}
          highlightOnHover
        >
          {list.map((check) => {
            const outcome = outcomes.get(check.id);
            const snoozed = snoozeLabel(check.snoozed_until, now);
            return (
              <Table.Tr key={check.id}>
                <Table.Th scope="row" fw={500}>
                  <Anchor component={Link} to={`/suites/${suite.id}/checks/${check.id}`}>
                    {check.name}
                  </Anchor>
                </Table.Th>
                <Table.Td>{kindLabel(check.kind, check.config)}</Table.Td>
                <Table.Td>{check.dimension}</Table.Td>
                <Table.Td>{thresholdsLabel(check.thresholds)}</Table.Td>
                <Table.Td>{check.enabled ? 'Yes' : 'No'}</Table.Td>
                <Table.Td>
                  {outcome ? (
                    <Badge color={outcomeColor(outcome)} variant="filled" autoContrast>
                      {outcome}
                    </Badge>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td>{snoozed ?? '—'}</Table.Td>
                {canEdit && (
                  <Table.Td>
                    <RowActionsMenu name={check.name} onDelete={() => setDeleting(check)}>
                      <Menu.Item component={Link} to={`/suites/${suite.id}/checks/${check.id}/edit`}>
                        Edit
                      </Menu.Item>
                      <Menu.Item onClick={() => setSnoozing(check)}>Snooze…</Menu.Item>
                      {snoozed && <Menu.Item onClick={() => clear.mutate(check)}>Clear snooze</Menu.Item>}
                    </RowActionsMenu>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </DataTable>
      </QueryStates>
      {snoozing && <SnoozeModal suiteId={suite.id} check={snoozing} onClose={() => setSnoozing(null)} />}
      {deleting && (
        <MutationConfirmModal
          title="Delete check"
          action="Delete check"
          mutation={remove}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        >
          Delete <strong>{deleting.name}</strong>? Its results stay in past runs; the check stops running.
        </MutationConfirmModal>
      )}
    </Stack>
  );
}

function SuiteHeader({ suite }: { suite: Suite }): ReactNode {
  const me = useMe().data;
  const health = useSuiteHealth().get(suite.id);
  const last = health?.last_completed_run ?? null;
  return (
    <Paper withBorder p="md" component="section" aria-label="Suite details">
      <Stack gap={6}>
        {suite.description && <Text size="sm">{suite.description}</Text>}
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            Target:{' '}
            <Text span ff="monospace">
              {suite.target}
            </Text>{' '}
            ({suite.connection_kind})
          </Text>
          <Text size="sm">Owner: {suite.owner_id === me?.id ? 'You' : suite.owner_name}</Text>
          <Group gap={6}>
            <Text size="sm">Your access:</Text>
            <GrantBadge grant={suite.my_grant} />
          </Group>
          <Text size="sm" data-testid="suite-health">
            Health ({HEALTH_WINDOW_DAYS} days):{' '}
            {health?.health_score === null || health === undefined ? '—' : Math.round(health.health_score)}
          </Text>
          <Text size="sm">
            Last run:{' '}
            {last
              ? `${last.status}, ${new Date(last.finished_at ?? last.created_at).toLocaleString()}`
              : 'never'}
          </Text>
          <Text size="sm">Time zone: {suite.time_zone}</Text>
        </Group>
      </Stack>
    </Paper>
  );
}

/** One suite: its details, checks, runs, schedule, alert settings, column policy and shares. */
export function SuitePage(): ReactNode {
  const { suiteId = '' } = useParams();
  const { client } = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const suite = useQuery({ queryKey: suiteKeys.one(suiteId), queryFn: () => getSuite(client, suiteId) });
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteSuite(client, suiteId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: suiteKeys.one(suiteId) });
      void queryClient.invalidateQueries({ queryKey: suiteKeys.all });
      void navigate('/suites');
    },
  });

  if (suite.isPending) return <LoadingState label="Loading the suite" />;
  if (suite.isError) {
    return (
      <Stack>
        <Anchor component={Link} to="/suites">
          ← Suites
        </Anchor>
        <Title order={1}>Suite</Title>
        <ErrorState error={suite.error} onRetry={() => void suite.refetch()} />
      </Stack>
    );
  }
  const data = suite.data;
  const canEdit = grantAtLeast(data.my_grant, 'edit');
  const canAdmin = grantAtLeast(data.my_grant, 'admin');

  return (
    <Stack>
      <Anchor component={Link} to="/suites" w="fit-content">
        ← Suites
      </Anchor>
      <Group justify="space-between" align="center">
        <Title order={1}>{data.name}</Title>
        <Group gap="sm">
          <SuiteExportButton suite={data} />
          {canEdit && (
            <Button variant="default" onClick={() => setEditing(true)}>
              Edit suite
            </Button>
          )}
          {canAdmin && (
            <Button color="red" variant="light" onClick={() => setDeleting(true)}>
              Delete suite
            </Button>
          )}
        </Group>
      </Group>
      <SuiteHeader suite={data} />
      <UrlTabs
        tabs={[
          {
            value: 'checks',
            label: `Checks (${data.check_count})`,
            panel: <ChecksSection suite={data} canEdit={canEdit} />,
          },
          { value: 'runs', label: 'Runs', panel: <SuiteRunsPanel suite={data} canRun={canEdit} /> },
          {
            value: 'schedule',
            label: 'Schedule',
            panel: <SuiteSchedulePanel suite={data} canEdit={canEdit} />,
          },
          {
            value: 'notifications',
            label: 'Notifications',
            panel: <SuiteNotificationsPanel suite={data} canEdit={canEdit} />,
          },
          {
            value: 'columns',
            label: 'Column policy',
            panel: <SuiteColumnPolicyPanel suite={data} canEdit={canAdmin} />,
          },
          { value: 'sharing', label: 'Sharing', panel: <SuiteSharesPanel suite={data} canEdit={canAdmin} /> },
        ]}
      />
      {editing && <EditSuiteModal suite={data} onClose={() => setEditing(false)} />}
      {deleting && (
        <MutationConfirmModal
          title="Delete suite"
          action="Delete suite"
          mutation={remove}
          onConfirm={() => remove.mutate()}
          onClose={() => setDeleting(false)}
        >
          Delete <strong>{data.name}</strong> with its {data.check_count} checks? This cannot be undone.
        </MutationConfirmModal>
      )}
    </Stack>
  );
}
