import { Anchor, Button, Group, Stack, Table, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Picker } from '../app/pickers';
import { EmptyState, ErrorState, LoadingState } from '../app/states';
import { CONNECTION_KINDS, isConnectionKind, kindLabel } from './connection-kinds';
import { HealthBadge, LastUse, useConnectionRights } from './connection-parts';
import { useConnectionList } from './connections-api';

const KIND_OPTIONS = CONNECTION_KINDS.map((spec) => ({ value: spec.kind, label: spec.label }));

/** Connections: every one with its kind and credential health; filters live in the address. */
export function ConnectionListPage(): ReactNode {
  const rights = useConnectionRights();
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind = isConnectionKind(kindParam) ? kindParam : undefined;
  const nameParam = params.get('name') ?? '';
  const [name, setName] = useState(nameParam);
  const [debouncedName] = useDebouncedValue(name.trim(), 300);

  // The typed name reaches the address (and the API) once typing pauses.
  useEffect(() => {
    if (debouncedName === nameParam) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (debouncedName) next.set('name', debouncedName);
        else next.delete('name');
        return next;
      },
      { replace: true },
    );
  }, [debouncedName, nameParam, setParams]);

  const list = useConnectionList({ ...(kind ? { kind } : {}), ...(nameParam ? { name: nameParam } : {}) });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = kind !== undefined || nameParam !== '';

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Connections</Title>
        {rights.admin && (
          <Button component={Link} to="/connections/new">
            New connection
          </Button>
        )}
      </Group>
      <Group align="flex-end" wrap="wrap" role="search" aria-label="Filter connections">
        <Picker
          label="Kind"
          placeholder="All kinds"
          data={KIND_OPTIONS}
          value={kind ?? null}
          clearable
          onChange={(next) =>
            setParams((current) => {
              const updated = new URLSearchParams(current);
              if (next) updated.set('kind', next);
              else updated.delete('kind');
              return updated;
            })
          }
          w={{ base: '100%', sm: 280 }}
        />
        <TextInput
          label="Name contains"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
      </Group>
      {list.isPending ? (
        <LoadingState label="Loading connections" />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState title="No connection matches">
            Clear the kind or name filter to see every connection.
          </EmptyState>
        ) : (
          <EmptyState title="No connections yet">
            {rights.admin
              ? 'Create one with “New connection”: pick its kind, fill in where it points and its credential, and test it before saving.'
              : 'A workspace admin creates connections; ask one to add the datasource your suites need.'}
          </EmptyState>
        )
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table data-testid="connection-table" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Kind</Table.Th>
                <Table.Th scope="col">Credential health</Table.Th>
                <Table.Th scope="col">Last credential use</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((connection) => (
                <Table.Tr key={connection.id}>
                  <Table.Th scope="row" fw={500}>
                    <Anchor component={Link} to={`/connections/${connection.id}`}>
                      {connection.name}
                    </Anchor>
                  </Table.Th>
                  <Table.Td>{kindLabel(connection.kind)}</Table.Td>
                  <Table.Td>
                    <HealthBadge health={connection.credential_health} />
                  </Table.Td>
                  <Table.Td>
                    <LastUse health={connection.credential_health} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.hasNextPage && (
        <Button
          variant="default"
          w="fit-content"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
        >
          Load more connections
        </Button>
      )}
    </Stack>
  );
}
