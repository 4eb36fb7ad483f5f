import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { fieldErrorOf, messageOf } from '../api/api-error';
import type { ApiKey, ApiKeyCreated, Me } from '../api/types';
import { ME_QUERY_KEY, useApi, useMe } from '../app/session';
import { EmptyState, ErrorState, LoadingState } from '../app/states';
import { expiryWarning } from '../dashboard/suite-order';
import { type AssistantSnippet, TOKEN_PLACEHOLDER, assistantSnippets, mcpEndpointUrl } from './mcp-snippets';

const API_KEYS_QUERY_KEY = ['me', 'api-keys'] as const;
const DEFAULT_KEY_DAYS = 90;

function day(iso: string | null): string {
  return iso ? new Date(iso).toLocaleDateString() : '—';
}

function Profile({ me }: { me: Me }): ReactNode {
  const api = useApi();
  const queryClient = useQueryClient();
  const [displayName, setDisplayName] = useState(me.display_name);
  const save = useMutation({
    mutationFn: () => api.updateDisplayName(displayName),
    onSuccess: (updated) => queryClient.setQueryData(ME_QUERY_KEY, updated),
  });
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="profile-title">
      <Title order={2} size="h4" id="profile-title" mb="sm">
        Profile
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack maw={480}>
          <Text size="sm">
            {me.email} · <Badge variant="light">{me.role}</Badge>
          </Text>
          <TextInput
            label="Display name"
            value={displayName}
            onChange={(event) => {
              setDisplayName(event.currentTarget.value);
              save.reset();
            }}
            error={fieldErrorOf(save.error, 'display_name')}
          />
          {save.isError && !fieldErrorOf(save.error, 'display_name') && (
            <Alert color="red" role="alert">
              {messageOf(save.error)}
            </Alert>
          )}
          {save.isSuccess && (
            <Text size="sm" role="status">
              Saved.
            </Text>
          )}
          <Button
            type="submit"
            w="fit-content"
            loading={save.isPending}
            disabled={displayName === me.display_name}
          >
            Save
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function CreatedToken({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }): ReactNode {
  return (
    <Alert color="teal" title={`Key “${created.name}” created`} role="status" data-testid="created-token">
      <Stack gap="xs">
        <Text size="sm">Copy the token now: it is shown this once and cannot be shown again.</Text>
        <Code block data-testid="token-value">
          {created.token}
        </Code>
        <Group gap="xs">
          <CopyButton value={created.token}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy token'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function ApiKeys({
  created,
  setCreated,
}: {
  created: ApiKeyCreated | null;
  setCreated: (created: ApiKeyCreated | null) => void;
}): ReactNode {
  const api = useApi();
  const queryClient = useQueryClient();
  const keys = useInfiniteQuery({
    queryKey: API_KEYS_QUERY_KEY,
    queryFn: ({ pageParam }) => api.listApiKeys(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
  const keyItems = keys.data?.pages.flatMap((page) => page.items) ?? [];
  const [name, setName] = useState('');
  const [days, setDays] = useState<number | string>(DEFAULT_KEY_DAYS);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const create = useMutation({
    mutationFn: () => api.createApiKey(name.trim(), typeof days === 'number' ? days : Number(days)),
    onSuccess: (key) => {
      setCreated(key);
      setName('');
      void queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => api.revokeApiKey(id),
    onSuccess: () => {
      setRevoking(null);
      void queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
    },
  });
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setCreated(null);
    create.mutate();
  };
  const now = new Date();

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="keys-title">
      <Stack>
        <Title order={2} size="h4" id="keys-title">
          API keys
        </Title>
        <Text size="sm">Personal keys act as you from scripts, CI jobs and assistants (MCP).</Text>
        <form onSubmit={submit} noValidate aria-label="Create an API key">
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Key name"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={fieldErrorOf(create.error, 'name')}
            />
            <NumberInput
              label="Expires in (days)"
              min={1}
              max={365}
              value={days}
              onChange={setDays}
              error={fieldErrorOf(create.error, 'expires_in_days')}
              w={160}
            />
            <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
              Create key
            </Button>
          </Group>
        </form>
        {create.isError && (
          <Alert color="red" role="alert">
            {messageOf(create.error)}
          </Alert>
        )}
        {created && <CreatedToken created={created} onDone={() => setCreated(null)} />}
        {keys.isPending ? (
          <LoadingState label="Loading API keys" />
        ) : keys.isError ? (
          <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />
        ) : keyItems.length === 0 ? (
          <EmptyState title="No API keys">
            Create one above to call the API with <code>Authorization: Bearer</code> or to connect an
            assistant.
          </EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table data-testid="api-key-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Prefix</Table.Th>
                  <Table.Th scope="col">Created</Table.Th>
                  <Table.Th scope="col">Expires</Table.Th>
                  <Table.Th scope="col">Last used</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keyItems.map((key) => {
                  const warning = expiryWarning(key.expires_at, now);
                  return (
                    <Table.Tr key={key.id}>
                      <Table.Th scope="row" fw={500}>
                        {key.name}
                      </Table.Th>
                      <Table.Td>
                        <Code>{key.key_prefix}</Code>
                      </Table.Td>
                      <Table.Td>{day(key.created_at)}</Table.Td>
                      <Table.Td>
                        {day(key.expires_at)}{' '}
                        {warning && (
                          <Badge color="orange" variant="light">
                            {warning}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>{day(key.last_used_at)}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          onClick={() => setRevoking(key)}
                          aria-label={`Revoke ${key.name}`}
                        >
                          Revoke
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {keys.hasNextPage && (
          <Button
            variant="default"
            w="fit-content"
            onClick={() => void keys.fetchNextPage()}
            loading={keys.isFetchingNextPage}
          >
            Show more keys
          </Button>
        )}
      </Stack>
      <Modal
        opened={revoking !== null}
        onClose={() => {
          setRevoking(null);
          revoke.reset();
        }}
        title="Revoke API key"
      >
        <Stack>
          <Text size="sm">
            Revoke <strong>{revoking?.name}</strong>? Anything using it stops working at once.
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
              onClick={() => revoking && revoke.mutate(revoking.id)}
            >
              Revoke key
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function SnippetBlock({ snippet }: { snippet: AssistantSnippet }): ReactNode {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">In {snippet.where}:</Text>
        <CopyButton value={snippet.text}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="light"
              onClick={copy}
              aria-label={`Copy the ${snippet.label} configuration`}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code
        block
        data-testid={`mcp-snippet-${snippet.client}`}
        style={{ overflowX: 'auto' }}
        // A wide snippet scrolls sideways: keyboard users reach it too.
        tabIndex={0}
        aria-label={`${snippet.label} configuration`}
      >
        {snippet.text}
      </Code>
    </Stack>
  );
}

function ConnectAssistant({ created }: { created: ApiKeyCreated | null }): ReactNode {
  const url = mcpEndpointUrl(window.location.origin);
  const snippets = assistantSnippets(url, created?.token);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="assistant-title">
      <Stack>
        <Title order={2} size="h4" id="assistant-title">
          Connect an assistant
        </Title>
        <Text size="sm">
          AI assistants reach this workspace through MCP with an API key as the bearer token: they see and
          change exactly what you can. Keep the trailing slash of the address.
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={500}>
            Endpoint
          </Text>
          <Code data-testid="mcp-endpoint" style={{ overflowWrap: 'anywhere' }}>
            {url}
          </Code>
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy} aria-label="Copy the MCP endpoint">
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm" data-testid="mcp-token-note">
          {created
            ? `The snippets carry the key “${created.name}” you just created; it is not shown again once you leave.`
            : `Replace ${TOKEN_PLACEHOLDER} with an API key: create one above (its token is shown once).`}
        </Text>
        <Tabs defaultValue={snippets[0]?.client}>
          <Tabs.List aria-label="Assistant">
            {snippets.map((snippet) => (
              <Tabs.Tab key={snippet.client} value={snippet.client}>
                {snippet.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {snippets.map((snippet) => (
            <Tabs.Panel key={snippet.client} value={snippet.client} pt="sm">
              <SnippetBlock snippet={snippet} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Paper>
  );
}

/** Me: the display name, the person's API keys, and how to connect an assistant (MCP). */
export function MePage(): ReactNode {
  const me = useMe();
  // The key just created: shown once, and put into the assistant snippets while on this page.
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  return (
    <Stack>
      <Title order={1}>Me</Title>
      {me.isPending ? (
        <LoadingState label="Loading your profile" />
      ) : me.isError ? (
        <ErrorState error={me.error} />
      ) : (
        <Profile me={me.data} />
      )}
      <ApiKeys created={created} setCreated={setCreated} />
      <ConnectAssistant created={created} />
    </Stack>
  );
}
