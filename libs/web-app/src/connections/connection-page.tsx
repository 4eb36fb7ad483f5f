import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Code,
  Fieldset,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { messageOf } from '../api/api-error';
import { EmptyState, ErrorState, LoadingState } from '../app/states';
import { type FormErrors, credentialRedirectOf, failedTestOf, formErrorsOf } from './connection-errors';
import {
  ConnectionFields,
  CredentialForms,
  FormProblems,
  READABLE_ALERT,
  READABLE_ERRORS,
  TestResultView,
} from './connection-fields';
import {
  type FormValues,
  configPatch,
  credentialBody,
  formKey,
  formValuesOf,
  kindLabel,
  kindSpec,
} from './connection-kinds';
import { HealthBadge, LastUse, useConnectionRights, when } from './connection-parts';
import {
  type Connection,
  type UpdateConnectionBody,
  useConnection,
  useConnectionVersions,
  useDeleteConnection,
  useReauthConnection,
  useTestConnection,
  useUpdateConnection,
} from './connections-api';

const NO_ERRORS: FormErrors = { byField: {}, other: [] };

function shown(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function Details({ connection }: { connection: Connection }): ReactNode {
  const spec = kindSpec(connection.kind);
  const health = connection.credential_health;
  const rows: [string, ReactNode][] = [
    ['Kind', kindLabel(connection.kind)],
    ...spec.config.map((field): [string, ReactNode] => [
      field.label,
      <Code key={field.name}>{shown(connection.config[field.name])}</Code>,
    ]),
    ['Credential', connection.has_secret ? 'Stored (never shown)' : 'None stored'],
  ];
  if (health) {
    rows.push(
      ['Credential health', <HealthBadge key="health" health={health} />],
      ['Consecutive refusals', String(health.consecutive_auth_failures)],
      ['Last credential use', <LastUse key="last" health={health} />],
    );
    const lastError = health.last_error?.['message'];
    if (typeof lastError === 'string') rows.push(['Last error', lastError]);
  }
  rows.push(
    ['Version', String(connection.version)],
    ['Created', when(connection.created_at)],
    ['Updated', when(connection.updated_at)],
  );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="details-title">
      <Title order={2} size="h4" id="details-title" mb="sm">
        Details
      </Title>
      {connection.privilege_warning && (
        <Alert styles={READABLE_ALERT} color="orange" title="Privileged credential" mb="sm">
          {connection.privilege_warning}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={320}>
        <Table data-testid="connection-details">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" w="40%">
                  {label}
                </Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** Edit (Admin): name and settings; the credential is asked for when the API says the target moved. */
function EditForm(props: { connection: Connection; onSaved: () => void; onCancel: () => void }): ReactNode {
  const { connection, onSaved, onCancel } = props;
  const spec = kindSpec(connection.kind);
  const [name, setName] = useState(connection.name);
  const [values, setValues] = useState<FormValues>(() => formValuesOf(connection.kind, connection.config));
  const [allowPrivileged, setAllowPrivileged] = useState(
    connection.allow_custom_sql_with_dangerous_privileges,
  );
  const [askCredential, setAskCredential] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [failure, setFailure] = useState<unknown>(null);
  const update = useUpdateConnection(connection.id);
  const keys = [
    'name',
    ...spec.config.map((field) => formKey('config', field.name)),
    ...spec.credential.map((field) => formKey('credential', field.name)),
  ];

  // The problem named for a field goes once the field is changed; what was typed stays.
  const clearError = (key: string): void =>
    setErrors((current) => {
      const byField = { ...current.byField };
      delete byField[key];
      return { ...current, byField };
    });
  const change = (key: string, value: string | boolean): void => {
    setValues((current) => ({ ...current, [key]: value }));
    clearError(key);
  };
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setFailure(null);
    setErrors(NO_ERRORS);
    const config = configPatch(connection.kind, connection.config, values);
    const credential = askCredential ? credentialBody(connection.kind, values) : undefined;
    const body: UpdateConnectionBody = {
      ...(name.trim() !== connection.name ? { name: name.trim() } : {}),
      ...(config ? { config } : {}),
      ...(credential ? { credential } : {}),
      ...(allowPrivileged !== connection.allow_custom_sql_with_dangerous_privileges
        ? { allow_custom_sql_with_dangerous_privileges: allowPrivileged }
        : {}),
    };
    update.mutate(body, {
      onSuccess: () => {
        // Typed secrets leave memory with the form.
        setValues({});
        onSaved();
      },
      onError: (error) => {
        const redirect = credentialRedirectOf(error);
        if (redirect) setAskCredential(redirect.fields);
        setFailure(error);
        setErrors(formErrorsOf(error, keys));
      },
    });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="edit-title">
      <form onSubmit={submit} noValidate aria-label="Edit connection">
        <Stack maw={560}>
          <Title order={2} size="h4" id="edit-title">
            Edit connection
          </Title>
          <TextInput
            label="Name"
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              clearError('name');
            }}
            error={errors.byField['name']}
            styles={READABLE_ERRORS}
            data-field="name"
          />
          <Fieldset legend="Settings">
            <Stack>
              <ConnectionFields
                section="config"
                fields={spec.config}
                values={values}
                errors={errors.byField}
                onChange={change}
                requireFilled={false}
              />
            </Stack>
          </Fieldset>
          {spec.datasource && (
            <Checkbox
              label="Allow custom SQL although the credential holds write or admin privileges"
              checked={allowPrivileged}
              onChange={(event) => setAllowPrivileged(event.currentTarget.checked)}
            />
          )}
          {askCredential && (
            <Fieldset legend="Credential" data-testid="credential-again">
              <Stack>
                <Text size="sm">
                  {askCredential.length > 0
                    ? `Changing ${askCredential.join(', ')} changes where the credential is sent: enter the credential again.`
                    : 'Enter the credential again.'}
                </Text>
                <CredentialForms forms={spec.credentialForms} />
                <ConnectionFields
                  section="credential"
                  fields={spec.credential}
                  values={values}
                  errors={errors.byField}
                  onChange={change}
                />
              </Stack>
            </Fieldset>
          )}
          <FormProblems error={failure} other={errors.other} />
          <Group>
            <Button type="submit" loading={update.isPending}>
              Save changes
            </Button>
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Re-authenticate (Admin): a new credential, stored only once a test with it passes. */
function ReauthModal(props: { connection: Connection; opened: boolean; onClose: () => void }): ReactNode {
  const { connection, opened, onClose } = props;
  const spec = kindSpec(connection.kind);
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const reauth = useReauthConnection(connection.id);
  const close = (): void => {
    setValues({});
    setErrors(NO_ERRORS);
    reauth.reset();
    onClose();
  };
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    reauth.mutate(credentialBody(connection.kind, values) ?? {}, {
      onSuccess: close,
      onError: (error) =>
        setErrors(
          formErrorsOf(
            error,
            spec.credential.map((field) => formKey('credential', field.name)),
          ),
        ),
    });
  };
  const failedTest = failedTestOf(reauth.error);
  return (
    <Modal opened={opened} onClose={close} title="Re-authenticate">
      <form onSubmit={submit} noValidate aria-label="Re-authenticate">
        <Stack>
          <Text size="sm">
            The new credential is tested against this connection first; the old one stays until it passes.
          </Text>
          <CredentialForms forms={spec.credentialForms} />
          <ConnectionFields
            section="credential"
            fields={spec.credential}
            values={values}
            errors={errors.byField}
            onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
          />
          {failedTest ? (
            <TestResultView result={failedTest} />
          ) : (
            <FormProblems error={reauth.error} other={errors.other} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={reauth.isPending}>
              Test and replace credential
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteModal(props: { connection: Connection; opened: boolean; onClose: () => void }): ReactNode {
  const { connection, opened, onClose } = props;
  const navigate = useNavigate();
  const remove = useDeleteConnection(connection.id);
  const close = (): void => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Delete connection">
      <Stack>
        <Text size="sm">
          Delete <strong>{connection.name}</strong>? Its stored credential is dropped at once. A connection a
          suite still reads cannot be deleted.
        </Text>
        {remove.isError && (
          <Alert styles={READABLE_ALERT} color="red" role="alert">
            {messageOf(remove.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, { onSuccess: () => void navigate('/connections', { replace: true }) })
            }
          >
            Delete connection
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Versions({ id }: { id: string }): ReactNode {
  const versions = useConnectionVersions(id);
  const items = versions.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="versions-title">
      <Stack>
        <Title order={2} size="h4" id="versions-title">
          Versions
        </Title>
        <Text size="sm">Each change of the settings is kept as a snapshot; credentials never are.</Text>
        {versions.isPending ? (
          <LoadingState label="Loading versions" />
        ) : versions.isError ? (
          <ErrorState error={versions.error} onRetry={() => void versions.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title="No versions">A version is kept each time the connection changes.</EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table data-testid="version-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Version</Table.Th>
                  <Table.Th scope="col">Changed</Table.Th>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Settings</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((version) => (
                  <Table.Tr key={version.version}>
                    <Table.Th scope="row">{version.version}</Table.Th>
                    <Table.Td>
                      <Group gap={4}>
                        {version.changed_fields.map((field) => (
                          <Badge
                            styles={{ label: { color: 'var(--mantine-color-text)' } }}
                            key={field}
                            variant="light"
                            color="gray"
                          >
                            {field}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>{when(version.changed_at)}</Table.Td>
                    <Table.Td>
                      <Code block>{JSON.stringify(version.config, null, 1)}</Code>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {versions.hasNextPage && (
          <Button
            variant="default"
            w="fit-content"
            onClick={() => void versions.fetchNextPage()}
            loading={versions.isFetchingNextPage}
          >
            Load more versions
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function ConnectionView({ connection }: { connection: Connection }): ReactNode {
  const rights = useConnectionRights();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const [reauthOpen, setReauthOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const test = useTestConnection(connection.id);

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Title order={1}>{connection.name}</Title>
          <Badge styles={{ label: { color: 'var(--mantine-color-text)' } }} variant="light">
            {kindLabel(connection.kind)}
          </Badge>
        </Group>
        <Group gap="xs">
          {rights.test && (
            <Button variant="default" onClick={() => test.mutate()} loading={test.isPending}>
              Test connection
            </Button>
          )}
          {rights.admin && !editing && (
            <Button
              variant="default"
              onClick={() => {
                setSaved(false);
                setEditing(true);
              }}
            >
              Edit
            </Button>
          )}
          {rights.admin && (
            <Button variant="default" onClick={() => setReauthOpen(true)}>
              Re-authenticate
            </Button>
          )}
          {rights.admin && (
            <Button color="red" variant="light" onClick={() => setDeleteOpen(true)}>
              Delete
            </Button>
          )}
        </Group>
      </Group>
      {test.data && <TestResultView result={test.data} />}
      {test.isError && (
        <Alert styles={READABLE_ALERT} color="red" role="alert" title="Test not run">
          {messageOf(test.error)}
        </Alert>
      )}
      {saved && (
        <Text size="sm" role="status">
          Saved as version {connection.version}.
        </Text>
      )}
      {editing && (
        <EditForm
          connection={connection}
          onSaved={() => {
            setEditing(false);
            setSaved(true);
          }}
          onCancel={() => setEditing(false)}
        />
      )}
      <Details connection={connection} />
      <Versions id={connection.id} />
      {rights.admin && (
        <>
          <ReauthModal connection={connection} opened={reauthOpen} onClose={() => setReauthOpen(false)} />
          <DeleteModal connection={connection} opened={deleteOpen} onClose={() => setDeleteOpen(false)} />
        </>
      )}
    </Stack>
  );
}

/** One connection: details, test, edit, re-auth, delete, versions. */
export function ConnectionPage(): ReactNode {
  const { connectionId = '' } = useParams();
  const connection = useConnection(connectionId);
  return (
    <Stack>
      <Anchor component={Link} to="/connections" size="sm">
        Back to connections
      </Anchor>
      {connection.isPending ? (
        <LoadingState label="Loading the connection" />
      ) : connection.isError ? (
        <ErrorState error={connection.error} onRetry={() => void connection.refetch()} />
      ) : (
        <ConnectionView connection={connection.data} />
      )}
    </Stack>
  );
}
