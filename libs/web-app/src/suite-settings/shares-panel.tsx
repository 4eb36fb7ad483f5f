import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { messageOf } from '../api/api-error';
import type { Suite } from '../api/types';
import { Picker } from '../app/pickers';
import { useApi } from '../app/session';
import { EmptyState, ErrorState, LoadingState } from '../app/states';
import {
  type Share,
  type ShareGrant,
  type UserSearchResult,
  changeShare,
  grantShare,
  listShares,
  revokeShare,
  searchUsers,
  settingsKeys,
} from './suite-settings-api';

const GRANT_DATA = [
  { value: 'view', label: 'View' },
  { value: 'edit', label: 'Edit' },
];

function personOf(share: { display_name: string | null; email: string }): string {
  return share.display_name ? `${share.display_name} (${share.email})` : share.email;
}

function AddShare({ suite, shared }: { suite: Suite; shared: ReadonlySet<string> }): ReactNode {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [picked, setPicked] = useState<UserSearchResult | null>(null);
  const [grant, setGrant] = useState<ShareGrant>('view');

  const users = useQuery({
    queryKey: settingsKeys.userSearch(debounced),
    queryFn: () => searchUsers(client, debounced),
    enabled: debounced.length > 0,
    staleTime: 30_000,
  });
  const candidates = (users.data ?? []).filter((user) => user.id !== suite.owner_id && !shared.has(user.id));
  const add = useMutation({
    mutationFn: () => grantShare(client, suite.id, picked?.id ?? '', grant),
    onSuccess: () => {
      setPicked(null);
      setSearch('');
      setGrant('view');
      void queryClient.invalidateQueries({ queryKey: settingsKeys.shares(suite.id) });
    },
  });
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (picked) add.mutate();
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Share the suite">
      <Stack gap="xs">
        <Group align="flex-end" wrap="wrap">
          <Picker
            label="Person"
            placeholder="Search by name or email"
            searchable
            searchValue={search}
            onSearchChange={(value) => {
              setSearch(value);
              add.reset();
            }}
            data={candidates.map((user) => ({ value: user.id, label: personOf(user) }))}
            value={picked?.id ?? null}
            onChange={(id) => {
              const user = candidates.find((candidate) => candidate.id === id) ?? null;
              setPicked(user);
              if (user?.max_share === 'view') setGrant('view');
            }}
            filter={({ options }) => options}
            nothingFoundMessage={
              debounced.length === 0
                ? 'Type a name or an email'
                : users.isFetching
                  ? 'Searching…'
                  : 'Nobody found'
            }
            w={320}
          />
          <SegmentedControl
            aria-label="Access to grant"
            data={GRANT_DATA}
            value={grant}
            onChange={(value) => setGrant(value as ShareGrant)}
          />
          <Button type="submit" disabled={!picked} loading={add.isPending}>
            Share
          </Button>
        </Group>
        {picked?.max_share === 'view' && (
          <Text size="sm">{personOf(picked)} is a Viewer: Viewers can be given view access only.</Text>
        )}
        {users.isError && (
          <Alert color="red" role="alert">
            {messageOf(users.error)}
          </Alert>
        )}
        {add.isError && (
          <Alert color="red" role="alert">
            {messageOf(add.error)}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

function ShareRow({
  suite,
  share,
  canEdit,
  onRevoke,
}: {
  suite: Suite;
  share: Share;
  canEdit: boolean;
  onRevoke: (share: Share) => void;
}): ReactNode {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (grant: ShareGrant) => changeShare(client, suite.id, share.user_id, grant),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.shares(suite.id) }),
  });
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {personOf(share)}
      </Table.Th>
      <Table.Td>
        {canEdit ? (
          <Stack gap={4}>
            <SegmentedControl
              size="xs"
              aria-label={`Access of ${share.email}`}
              data={GRANT_DATA}
              value={change.isPending && change.variables ? change.variables : share.grant}
              onChange={(value) => change.mutate(value as ShareGrant)}
              disabled={change.isPending}
            />
            {change.isError && (
              <Text size="sm" c="red" role="alert">
                {messageOf(change.error)}
              </Text>
            )}
          </Stack>
        ) : (
          <Badge variant="light">{share.grant}</Badge>
        )}
      </Table.Td>
      {canEdit && (
        <Table.Td>
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={() => onRevoke(share)}
            aria-label={`Revoke access of ${share.email}`}
          >
            Revoke
          </Button>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/** Who the suite is shared with, and granting, changing and revoking shares. */
export function SuiteSharesPanel({ suite, canEdit }: { suite: Suite; canEdit: boolean }): ReactNode {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const shares = useQuery({
    queryKey: settingsKeys.shares(suite.id),
    queryFn: () => listShares(client, suite.id),
  });
  const [revoking, setRevoking] = useState<Share | null>(null);
  const revoke = useMutation({
    mutationFn: (share: Share) => revokeShare(client, suite.id, share.user_id),
    onSuccess: () => {
      setRevoking(null);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.shares(suite.id) });
    },
  });
  const items = shares.data ?? [];

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="shares-title">
      <Stack>
        <Title order={2} size="h4" id="shares-title">
          Sharing
        </Title>
        <Text size="sm">
          The owner and workspace admins always have access. A share gives one person view or edit access;
          Viewers can have view only.
        </Text>
        {canEdit && <AddShare suite={suite} shared={new Set(items.map((share) => share.user_id))} />}
        {shares.isPending ? (
          <LoadingState label="Loading the shares" />
        ) : shares.isError ? (
          <ErrorState error={shares.error} onRetry={() => void shares.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title="Not shared">
            {canEdit
              ? 'Only the owner and workspace admins can see this suite. Search for a person above to share it.'
              : 'Only the owner and workspace admins can see this suite.'}
          </EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table data-testid="shares-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Person</Table.Th>
                  <Table.Th scope="col">Access</Table.Th>
                  {canEdit && (
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((share) => (
                  <ShareRow
                    key={share.user_id}
                    suite={suite}
                    share={share}
                    canEdit={canEdit}
                    onRevoke={setRevoking}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Modal
        opened={revoking !== null}
        onClose={() => {
          setRevoking(null);
          revoke.reset();
        }}
        title="Revoke access"
      >
        <Stack>
          <Text size="sm">
            Revoke the access of <strong>{revoking ? personOf(revoking) : ''}</strong> to {suite.name}? Their
            API keys lose it at once too.
          </Text>
          {revoke.isError && (
            <Alert color="red" role="alert">
              {messageOf(revoke.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() => revoking && revoke.mutate(revoking)}
            >
              Revoke access
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
