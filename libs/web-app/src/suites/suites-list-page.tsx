import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fieldErrorOf, messageOf } from '../api/api-error';
import type { Suite } from '../api/types';
import { Picker } from '../app/pickers';
import { useApi, useMe } from '../app/session';
import { EmptyState, ErrorState, LoadingState } from '../app/states';
import { outcomeColor } from '../checks/check-format';
import { SuiteImportButton } from '../suite-settings/suite-settings-panels';
import {
  type Connection,
  SUITE_PAGE_SIZE,
  type SuiteFilters,
  createSuite,
  listConnections,
  listSuites,
  suiteKeys,
} from './suites-api';
import { GrantBadge, suiteFieldError, useSuiteHealth } from './suite-bits';

const FILE_KINDS = new Set(['file_store', 'object_store']);

/** What a target looks like on each connection kind, for the field's hint. */
export function targetHint(kind: string | undefined): string {
  if (kind === 'file_store' || kind === 'object_store')
    return 'A file (sales/orders.csv) or a batch pattern (sales/orders_*.csv)';
  if (kind === 'iceberg_catalog') return 'namespace.table';
  return '[database.]schema.table';
}

function CreateSuiteModal({
  opened,
  onClose,
  connections,
}: {
  opened: boolean;
  onClose: () => void;
  connections: Connection[];
}): ReactNode {
  const { client } = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [connectionId, setConnectionId] = useState<string | null>(null);
  const [target, setTarget] = useState('');
  const [timeZone, setTimeZone] = useState('');
  const [encoding, setEncoding] = useState<string | null>(null);
  const connection = connections.find((candidate) => candidate.id === connectionId);
  const create = useMutation({
    mutationFn: () =>
      createSuite(client, {
        name: name.trim(),
        description: description.trim() || null,
        connection_id: connectionId ?? '',
        target: target.trim(),
        ...(timeZone.trim() ? { time_zone: timeZone.trim() } : {}),
        ...(encoding && connection && FILE_KINDS.has(connection.kind)
          ? { file_encoding: encoding as 'utf-8' | 'utf-16' | 'latin-1' }
          : {}),
      }),
    onSuccess: (suite) => {
      void queryClient.invalidateQueries({ queryKey: suiteKeys.all });
      void navigate(`/suites/${suite.id}`);
    },
  });
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="New suite" size="lg">
      <form onSubmit={submit} noValidate aria-label="New suite">
        <Stack>
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={suiteFieldError(create.error, 'name')}
          />
          <Textarea
            label="Description"
            value={description}
            autosize
            minRows={2}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={fieldErrorOf(create.error, 'description')}
          />
          <Picker
            label="Connection"
            required
            searchable
            placeholder={connections.length === 0 ? 'No connections yet' : 'Pick a connection'}
            data={connections.map((candidate) => ({
              value: candidate.id,
              label: `${candidate.name} (${candidate.kind})`,
            }))}
            value={connectionId}
            onChange={setConnectionId}
            error={fieldErrorOf(create.error, 'connection_id')}
            nothingFoundMessage="No connection by that name"
          />
          <TextInput
            label="Target"
            required
            description={targetHint(connection?.kind)}
            value={target}
            onChange={(event) => setTarget(event.currentTarget.value)}
            error={fieldErrorOf(create.error, 'target')}
          />
          <TextInput
            label="Time zone"
            description="IANA name for schedules and day boundaries; UTC when left empty"
            placeholder="Europe/Berlin"
            value={timeZone}
            onChange={(event) => setTimeZone(event.currentTarget.value)}
            error={fieldErrorOf(create.error, 'time_zone')}
          />
          {connection && FILE_KINDS.has(connection.kind) && (
            <Picker
              label="CSV encoding"
              data={['utf-8', 'utf-16', 'latin-1']}
              placeholder="utf-8"
              value={encoding}
              onChange={setEncoding}
              clearable
              error={fieldErrorOf(create.error, 'file_encoding')}
            />
          )}
          {create.isError && (
            <Alert color="red" role="alert">
              {messageOf(create.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={create.isPending}
              disabled={!name.trim() || !connectionId || !target.trim()}
            >
              Create suite
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function when(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

function SuiteRows({
  suites,
  connections,
  meId,
}: {
  suites: Suite[];
  connections: Map<string, Connection>;
  meId: string | undefined;
}): ReactNode {
  const health = useSuiteHealth();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover data-testid="suites-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Suite</Table.Th>
            <Table.Th scope="col">Connection</Table.Th>
            <Table.Th scope="col">Target</Table.Th>
            <Table.Th scope="col">Owner</Table.Th>
            <Table.Th scope="col">Your access</Table.Th>
            <Table.Th scope="col">Health</Table.Th>
            <Table.Th scope="col">Last run</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {suites.map((suite) => {
            const performance = health.get(suite.id);
            const last = performance?.last_completed_run ?? null;
            return (
              <Table.Tr key={suite.id}>
                <Table.Th scope="row" fw={500}>
                  <Anchor component={Link} to={`/suites/${suite.id}`}>
                    {suite.name}
                  </Anchor>
                </Table.Th>
                <Table.Td>{connections.get(suite.connection_id)?.name ?? suite.connection_kind}</Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {suite.target}
                  </Text>
                </Table.Td>
                <Table.Td>{suite.owner_id === meId ? 'You' : suite.owner_name}</Table.Td>
                <Table.Td>
                  <GrantBadge grant={suite.my_grant} />
                </Table.Td>
                <Table.Td>
                  {performance?.health_score === null || performance === undefined
                    ? '—'
                    : Math.round(performance.health_score)}
                </Table.Td>
                <Table.Td>
                  {last ? (
                    <Group gap={6} wrap="nowrap">
                      <Badge color={outcomeColor(last.status)} variant="filled" autoContrast>
                        {last.status}
                      </Badge>
                      <Text size="sm">{when(last.finished_at ?? last.created_at)}</Text>
                    </Group>
                  ) : (
                    'Never run'
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Suites: the caller's suites, filtered and paged by the API; create and import. */
export function SuitesListPage(): ReactNode {
  const { client } = useApi();
  const me = useMe().data;
  const canCreate = me?.role === 'admin' || me?.role === 'member';
  const [params, setParams] = useSearchParams();
  const [nameText, setNameText] = useState(params.get('name') ?? '');
  const [debouncedName] = useDebouncedValue(nameText.trim(), 300);
  const connectionFilter = params.get('connection') ?? '';
  const owner = params.get('owner') === 'me' ? 'me' : '';
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [creating, setCreating] = useState(false);
  const filters: SuiteFilters = useMemo(
    () => ({
      name: debouncedName || undefined,
      connection_id: connectionFilter || undefined,
      owner: owner || undefined,
    }),
    [debouncedName, connectionFilter, owner],
  );

  const setParam = (key: string, value: string): void => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  useEffect(() => {
    if ((params.get('name') ?? '') !== debouncedName) setParam('name', debouncedName);
    // Only the debounced text drives the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedName]);
  // A new filter starts again at the first page.
  useEffect(() => setCursors([null]), [filters]);

  const cursor = cursors[cursors.length - 1] ?? null;
  const suites = useQuery({
    queryKey: suiteKeys.list(filters, cursor),
    queryFn: () => listSuites(client, filters, cursor),
    placeholderData: keepPreviousData,
  });
  const connections = useQuery({ queryKey: suiteKeys.connections, queryFn: () => listConnections(client) });
  const connectionList = useMemo(() => connections.data ?? [], [connections.data]);
  const byId = useMemo(() => new Map(connectionList.map((c) => [c.id, c])), [connectionList]);
  const filtered = Boolean(filters.name || filters.connection_id || filters.owner);
  const page = suites.data;
  const first = (cursors.length - 1) * SUITE_PAGE_SIZE + 1;

  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Title order={1}>Suites</Title>
        <Group gap="sm">
          {canCreate && <SuiteImportButton />}
          {canCreate && <Button onClick={() => setCreating(true)}>New suite</Button>}
        </Group>
      </Group>
      <Group align="flex-end" wrap="wrap" role="search" aria-label="Filter suites">
        <TextInput
          label="Name contains"
          value={nameText}
          onChange={(event) => setNameText(event.currentTarget.value)}
        />
        <Picker
          label="Connection"
          placeholder="Any connection"
          clearable
          searchable
          data={connectionList.map((c) => ({ value: c.id, label: c.name }))}
          value={connectionFilter || null}
          onChange={(value) => setParam('connection', value ?? '')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="owner-filter-label">
            Owner
          </Text>
          <SegmentedControl
            aria-labelledby="owner-filter-label"
            value={owner || 'any'}
            onChange={(value) => setParam('owner', value === 'me' ? 'me' : '')}
            data={[
              { value: 'any', label: 'Anyone' },
              { value: 'me', label: 'Me' },
            ]}
          />
        </Stack>
      </Group>
      {suites.isPending ? (
        <LoadingState label="Loading suites" />
      ) : suites.isError ? (
        <ErrorState error={suites.error} onRetry={() => void suites.refetch()} />
      ) : page && page.items.length === 0 ? (
        filtered ? (
          <EmptyState title="No suite matches these filters">
            Change or clear the filters above to see more suites.
          </EmptyState>
        ) : canCreate ? (
          <EmptyState title="No suites yet">
            A suite groups the checks run against one table or file. Choose “New suite”, pick a connection and
            the target, then add checks to it. No connection yet? Add one under{' '}
            <Anchor component={Link} to="/connections">
              Connections
            </Anchor>{' '}
            first.
          </EmptyState>
        ) : (
          <EmptyState title="No suites shared with you">
            Viewers see the suites others share with them. Ask a suite’s owner to share it with you.
          </EmptyState>
        )
      ) : page ? (
        <Stack gap="xs">
          <SuiteRows suites={page.items} connections={byId} meId={me?.id} />
          <Group justify="space-between">
            <Text size="sm" data-testid="suites-count">
              {page.total === null
                ? `${page.items.length} suites`
                : `${first}–${first + page.items.length - 1} of ${page.total}`}
            </Text>
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                disabled={cursors.length === 1}
                onClick={() => setCursors((list) => list.slice(0, -1))}
              >
                Previous page
              </Button>
              <Button
                variant="default"
                size="xs"
                disabled={!page.nextCursor}
                onClick={() => page.nextCursor && setCursors((list) => [...list, page.nextCursor])}
              >
                Next page
              </Button>
            </Group>
          </Group>
        </Stack>
      ) : null}
      {canCreate && creating && (
        <CreateSuiteModal opened={creating} onClose={() => setCreating(false)} connections={connectionList} />
      )}
    </Stack>
  );
}
