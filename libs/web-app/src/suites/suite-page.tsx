import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { SuiteNotificationsPanel } from '../alerting/suite-notifications-panel';
import { fieldErrorOf, messageOf } from '../api/api-error';
import type { Suite } from '../api/types';
import { ConfirmModal } from '../app/confirm-modal';
import { useApi, useMe } from '../app/session';
import { EmptyState, ErrorState, LoadingState } from '../app/states';
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

const TABS = ['checks', 'runs', 'schedule', 'notifications', 'columns', 'sharing'] as const;

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
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Modal opened onClose={onClose} title="Edit suite" size="lg">
      <form onSubmit={submit} noValidate aria-label="Edit suite">
        <Stack>
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
          {save.isError && (
            <Alert color="red" role="alert">
              {messageOf(save.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save suite
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
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
    <Modal opened onClose={onClose} title={`Snooze “${check.name}”`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          snooze.mutate();
        }}
      >
        <Stack>
          <Text size="sm">Alerts for this check are held back while it is snoozed; it still runs.</Text>
          <NumberInput
            label="Hours"
            min={1}
            max={720}
            value={hours}
            onChange={setHours}
            error={fieldErrorOf(snooze.error, 'hours')}
          />
          {snooze.isError && !fieldErrorOf(snooze.error, 'hours') && (
            <Alert color="red" role="alert">
              {messageOf(snooze.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={snooze.isPending}>
              Snooze
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
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
      {clear.isError && (
        <Alert color="red" role="alert">
          {messageOf(clear.error)}
        </Alert>
      )}
      {checks.isPending ? (
        <LoadingState label="Loading checks" />
      ) : checks.isError ? (
        <ErrorState error={checks.error} onRetry={() => void checks.refetch()} />
      ) : checks.data.length === 0 ? (
        <EmptyState title="No checks yet">
          {canEdit
            ? 'Choose “Add check” to pick what to check (a column’s nulls, a row count, freshness, …), try it with a dry run, and save it.'
            : 'This suite has no checks yet. Someone with edit access can add them.'}
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover data-testid="checks-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Check</Table.Th>
                <Table.Th scope="col">Kind</Table.Th>
                <Table.Th scope="col">Dimension</Table.Th>
                <Table.Th scope="col">Thresholds</Table.Th>
                <Table.Th scope="col">Enabled</Table.Th>
                <Table.Th scope="col">Last outcome</Table.Th>
                <Table.Th scope="col">Snooze</Table.Th>
                {canEdit && (
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {checks.data.map((check) => {
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
                        <Menu position="bottom-end">
                          <Menu.Target>
                            <Button size="xs" variant="default" aria-label={`Actions for ${check.name}`}>
                              Actions
                            </Button>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item component={Link} to={`/suites/${suite.id}/checks/${check.id}/edit`}>
                              Edit
                            </Menu.Item>
                            <Menu.Item onClick={() => setSnoozing(check)}>Snooze…</Menu.Item>
                            {snoozed && (
                              <Menu.Item onClick={() => clear.mutate(check)}>Clear snooze</Menu.Item>
                            )}
                            <Menu.Item color="red" onClick={() => setDeleting(check)}>
                              Delete…
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {snoozing && <SnoozeModal suiteId={suite.id} check={snoozing} onClose={() => setSnoozing(null)} />}
      {deleting && (
        <ConfirmModal
          title="Delete check"
          action="Delete check"
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => {
            setDeleting(null);
            remove.reset();
          }}
        >
          Delete <strong>{deleting.name}</strong>? Its results stay in past runs; the check stops running.
        </ConfirmModal>
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
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab = TABS.find((candidate) => candidate === tabParam) ?? 'checks';
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
      <Tabs
        value={tab}
        onChange={(value) => {
          const next = new URLSearchParams(params);
          if (!value || value === 'checks') next.delete('tab');
          else next.set('tab', value);
          setParams(next, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="checks">Checks ({data.check_count})</Tabs.Tab>
          <Tabs.Tab value="runs">Runs</Tabs.Tab>
          <Tabs.Tab value="schedule">Schedule</Tabs.Tab>
          <Tabs.Tab value="notifications">Notifications</Tabs.Tab>
          <Tabs.Tab value="columns">Column policy</Tabs.Tab>
          <Tabs.Tab value="sharing">Sharing</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="checks" pt="md">
          <ChecksSection suite={data} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="runs" pt="md">
          <SuiteRunsPanel suite={data} canRun={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="schedule" pt="md">
          <SuiteSchedulePanel suite={data} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="notifications" pt="md">
          <SuiteNotificationsPanel suite={data} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="columns" pt="md">
          <SuiteColumnPolicyPanel suite={data} canEdit={canAdmin} />
        </Tabs.Panel>
        <Tabs.Panel value="sharing" pt="md">
          <SuiteSharesPanel suite={data} canEdit={canAdmin} />
        </Tabs.Panel>
      </Tabs>
      {editing && <EditSuiteModal suite={data} onClose={() => setEditing(false)} />}
      {deleting && (
        <ConfirmModal
          title="Delete suite"
          action="Delete suite"
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate()}
          onClose={() => {
            setDeleting(false);
            remove.reset();
          }}
        >
          Delete <strong>{data.name}</strong> with its {data.check_count} checks? This cannot be undone.
        </ConfirmModal>
      )}
    </Stack>
  );
}
