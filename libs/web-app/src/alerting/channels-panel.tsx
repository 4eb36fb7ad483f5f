import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Menu,
  Modal,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { messageOf } from '../api/api-error';
import { MutationConfirmModal } from '../app/confirm-modal';
import { DataTable, RowActionsMenu } from '../app/data-table';
import { FormModal } from '../app/form-modal';
import { READABLE_ERROR } from '../app/form-styles';
import { ChoicePicker } from '../app/pickers';
import { LoadMoreButton, QueryStates } from '../app/query-states';
import { timeText } from '../runs/run-format';
import { suiteFieldError } from '../suites/suite-bits';
import {
  type Channel,
  type ChannelTestResult,
  type ChannelType,
  type ChannelUpdate,
  type DeliveryState,
  useChannels,
  useCreateChannel,
  useDeleteChannel,
  useDeliveries,
  useTestChannel,
  useUpdateChannel,
} from './alerting-api';
import {
  CHANNEL_TYPES,
  DELIVERY_STATES,
  channelTypeLabel,
  parseRecipients,
  parseTemplate,
} from './alerting-format';
import { DeliveryStateBadge } from './alerting-parts';

const URL_TYPES: readonly ChannelType[] = ['webhook', 'slack', 'teams'];

const URL_HINT: Record<ChannelType, string> = {
  webhook:
    'An https address reachable from the alerting service; private and loopback addresses are refused.',
  slack: 'A Slack incoming webhook (https://hooks.slack.com/services/…).',
  teams: 'A Teams Workflows trigger (…/workflows/<id>/triggers/…/paths/invoke).',
  email: '',
};

/** The signing key of a webhook channel, shown once with a way to copy it. */
function SigningKeyBox({
  channelName,
  signingKey,
  onDone,
}: {
  channelName: string;
  signingKey: string;
  onDone: () => void;
}): ReactNode {
  return (
    <Alert
      color="yellow"
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      title={`Signing key of “${channelName}”`}
      data-testid="signing-key-box"
    >
      <Stack gap="xs">
        <Text size="sm">
          Copy it now: it is shown only this once. Receivers verify each delivery&apos;s signature with it; a
          new key can be made later, but this one cannot be read again.
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Code data-testid="signing-key" style={{ wordBreak: 'break-all' }}>
            {signingKey}
          </Code>
          <CopyButton value={signingKey}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group>
          <Button size="xs" variant="light" color="dark" onClick={onDone}>
            I have stored the key
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

interface ChannelDraft {
  name: string;
  type: ChannelType;
  webhookUrl: string;
  emailTo: string;
  template: string;
  authHeaderName: string;
  authHeaderValue: string;
  isDefault: boolean;
  isEscalation: boolean;
}

function draftOf(channel: Channel | null): ChannelDraft {
  return {
    name: channel?.name ?? '',
    type: channel?.type ?? 'webhook',
    webhookUrl: '',
    emailTo: channel?.email_to.join('\n') ?? '',
    template: channel?.payload_template ? JSON.stringify(channel.payload_template, null, 2) : '',
    authHeaderName: channel?.auth_header_name ?? '',
    authHeaderValue: '',
    isDefault: channel?.is_workspace_default ?? false,
    isEscalation: channel?.is_escalation ?? false,
  };
}

/** The fields a channel type takes, as the API names them; on edit, blank secrets keep what is stored. */
function bodyOf(
  draft: ChannelDraft,
  template: Record<string, unknown> | null,
  editing: Channel | null,
): ChannelUpdate {
  const body: ChannelUpdate = {
    name: draft.name.trim(),
    is_workspace_default: draft.isDefault,
    is_escalation: draft.isEscalation,
  };
  if (URL_TYPES.includes(draft.type) && (editing === null || draft.webhookUrl.trim() !== '')) {
    body.webhook_url = draft.webhookUrl.trim();
  }
  if (draft.type === 'email') body.email_to = parseRecipients(draft.emailTo);
  if (draft.type === 'webhook') {
    body.payload_template = template;
    body.auth_header_name = draft.authHeaderName.trim() || null;
    if (draft.authHeaderValue !== '') body.auth_header_value = draft.authHeaderValue;
    else if (body.auth_header_name === null) body.auth_header_value = null;
  }
  return body;
}

function ChannelFormModal({
  editing,
  onClose,
  onSigningKey,
}: {
  editing: Channel | null;
  onClose: () => void;
  onSigningKey: (name: string, key: string) => void;
}): ReactNode {
  const create = useCreateChannel();
  const update = useUpdateChannel();
  const save = editing ? update : create;
  const [draft, setDraft] = useState<ChannelDraft>(() => draftOf(editing));
  const [templateProblem, setTemplateProblem] = useState<string | null>(null);
  const set = <K extends keyof ChannelDraft>(key: K, value: ChannelDraft[K]): void => {
    setDraft((old) => ({ ...old, [key]: value }));
    save.reset();
  };
  const submit = (): void => {
    const template = parseTemplate(draft.type === 'webhook' ? draft.template : '');
    if (!template.ok) {
      setTemplateProblem(template.problem);
      return;
    }
    setTemplateProblem(null);
    const body = bodyOf(draft, template.value, editing);
    const done = (saved: { name: string; signing_key?: string }): void => {
      if (saved.signing_key) onSigningKey(saved.name, saved.signing_key);
      onClose();
    };
    if (editing) update.mutate({ id: editing.id, body }, { onSuccess: done });
    else
      create.mutate(
        { ...body, name: body.name ?? '', type: draft.type },
        {
          onSuccess: done,
        },
      );
  };
  const fieldError = (field: string): string | undefined => suiteFieldError(save.error, field);
  const named = [
    'name',
    'type',
    'webhook_url',
    'email_to',
    'payload_template',
    'auth_header_name',
    'auth_header_value',
  ].some((field) => fieldError(field) !== undefined);
  const title = editing ? `Edit channel “${editing.name}”` : 'New notification channel';

  return (
    <FormModal
      title={title}
      size="lg"
      formLabel={title}
      error={save.isError && !named ? save.error : null}
      pending={save.isPending}
      submitLabel={editing ? 'Save channel' : 'Create channel'}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label="Name"
        required
        value={draft.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        error={suiteFieldError(save.error, 'name')}
        styles={READABLE_ERROR}
      />
      {editing === null ? (
        <ChoicePicker
          label="Type"
          required
          choices={CHANNEL_TYPES}
          value={draft.type}
          onChange={(type) => {
            if (type) set('type', type);
          }}
          allowDeselect={false}
          error={fieldError('type')}
          styles={READABLE_ERROR}
        />
      ) : (
        <Text size="sm">Type: {channelTypeLabel(editing.type)}</Text>
      )}
      {URL_TYPES.includes(draft.type) && (
        <TextInput
          label="Webhook URL"
          required={editing === null}
          description={
            editing?.has_webhook
              ? `A URL is stored and never shown. Leave blank to keep it. ${URL_HINT[draft.type]}`
              : URL_HINT[draft.type]
          }
          placeholder="https://"
          value={draft.webhookUrl}
          onChange={(event) => set('webhookUrl', event.currentTarget.value)}
          error={fieldError('webhook_url')}
          styles={READABLE_ERROR}
        />
      )}
      {draft.type === 'email' && (
        <Textarea
          label="Recipients"
          required
          description="1 to 20 addresses, one a line or separated by commas."
          autosize
          minRows={2}
          value={draft.emailTo}
          onChange={(event) => set('emailTo', event.currentTarget.value)}
          error={fieldError('email_to')}
          styles={READABLE_ERROR}
        />
      )}
      {draft.type === 'webhook' && (
        <>
          <Textarea
            label="Payload template (JSON)"
            description="Optional: a JSON object whose strings may hold {{field.path}} placeholders of the alert payload; blank sends the payload as it is."
            autosize
            minRows={3}
            ff="monospace"
            value={draft.template}
            onChange={(event) => {
              set('template', event.currentTarget.value);
              setTemplateProblem(null);
            }}
            error={templateProblem ?? fieldError('payload_template')}
            styles={READABLE_ERROR}
          />
          <Group grow align="flex-start">
            <TextInput
              label="Auth header name"
              placeholder="Authorization"
              value={draft.authHeaderName}
              onChange={(event) => set('authHeaderName', event.currentTarget.value)}
              error={fieldError('auth_header_name')}
              styles={READABLE_ERROR}
            />
            <TextInput
              label="Auth header value"
              type="password"
              autoComplete="off"
              description={
                editing?.has_auth_header_value ? 'A value is stored; leave blank to keep it.' : undefined
              }
              value={draft.authHeaderValue}
              onChange={(event) => set('authHeaderValue', event.currentTarget.value)}
              error={fieldError('auth_header_value')}
              styles={READABLE_ERROR}
            />
          </Group>
        </>
      )}
      <Switch
        label="Workspace default (suites without their own channels alert here)"
        checked={draft.isDefault}
        onChange={(event) => set('isDefault', event.currentTarget.checked)}
      />
      <Switch
        label="Escalation channel (critical escalations from every suite)"
        checked={draft.isEscalation}
        onChange={(event) => set('isEscalation', event.currentTarget.checked)}
      />
    </FormModal>
  );
}

function TestResult({ name, result }: { name: string; result: ChannelTestResult }): ReactNode {
  return (
    <Alert
      color={result.delivered ? 'teal' : 'red'}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      title={result.delivered ? `Test alert delivered to “${name}”` : `Test alert to “${name}” failed`}
      role="status"
      data-testid="channel-test-result"
    >
      {result.status_code !== undefined && <Text size="sm">The receiver answered {result.status_code}.</Text>}
      {result.error && <Text size="sm">{result.error}</Text>}
    </Alert>
  );
}

function DeliveriesModal({ channel, onClose }: { channel: Channel; onClose: () => void }): ReactNode {
  const [state, setState] = useState<DeliveryState | null>(null);
  const deliveries = useDeliveries(channel.id, state);
  const items = deliveries.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Deliveries of “${channel.name}”`}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <ChoicePicker
          label="State"
          placeholder="Any state"
          choices={DELIVERY_STATES}
          value={state}
          onChange={setState}
          clearLabel="Clear the state filter"
          w={200}
        />
        <QueryStates
          query={deliveries}
          loadingLabel="Loading the deliveries"
          isEmpty={items.length === 0}
          emptyTitle="No deliveries"
          emptyText={`No alert has been queued for this channel${state ? ' in this state' : ''}.`}
        >
          <DataTable
            testId="deliveries-table"
            minWidth={720}
            columns={['Queued', 'Kind', 'State', 'Attempts', 'Last answer', 'Delivered / next attempt']}
          >
            {items.map((delivery) => (
              <Table.Tr key={delivery.id}>
                <Table.Th scope="row" fw={400}>
                  {timeText(delivery.created_at)}
                </Table.Th>
                <Table.Td>
                  <Code>{delivery.kind}</Code>
                </Table.Td>
                <Table.Td>
                  <DeliveryStateBadge state={delivery.state} />
                </Table.Td>
                <Table.Td>{delivery.attempts}</Table.Td>
                <Table.Td>
                  {[delivery.last_status_code, delivery.last_error]
                    .filter((part) => part !== null)
                    .join(' · ') || '—'}
                </Table.Td>
                <Table.Td>
                  {delivery.delivered_at
                    ? timeText(delivery.delivered_at)
                    : timeText(delivery.next_attempt_at)}
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </QueryStates>
        {deliveries.hasNextPage && (
          <Group>
            <LoadMoreButton query={deliveries}>Show older deliveries</LoadMoreButton>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

function ChannelFlags({ channel }: { channel: Channel }): ReactNode {
  return (
    <Group gap={4}>
      {channel.is_workspace_default && (
        <Badge variant="light" color="indigo">
          Default
        </Badge>
      )}
      {channel.is_escalation && (
        <Badge variant="light" color="grape">
          Escalation
        </Badge>
      )}
      {!channel.is_workspace_default && !channel.is_escalation && '—'}
    </Group>
  );
}

/** Where the channel sends: whether a URL is stored, or the recipients. */
function Destination({ channel }: { channel: Channel }): ReactNode {
  if (channel.type === 'email') return channel.email_to.join(', ') || '—';
  return channel.has_webhook ? 'Webhook URL stored' : 'No webhook URL';
}

/** Admin: the workspace's notification channels, their signing keys, test sends and deliveries. */
export function NotificationChannelsSection(): ReactNode {
  const channels = useChannels();
  const remove = useDeleteChannel();
  const update = useUpdateChannel();
  const test = useTestChannel();
  const [form, setForm] = useState<{ editing: Channel | null } | null>(null);
  const [shownKey, setShownKey] = useState<{ name: string; key: string } | null>(null);
  const [deleting, setDeleting] = useState<Channel | null>(null);
  const [regenerating, setRegenerating] = useState<Channel | null>(null);
  const [viewing, setViewing] = useState<Channel | null>(null);
  const [tested, setTested] = useState<Channel | null>(null);
  const list = channels.data ?? [];

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="channels-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id="channels-title">
            Notification channels
          </Title>
          <Button onClick={() => setForm({ editing: null })}>New channel</Button>
        </Group>
        <Text size="sm">
          Where alerts go: Slack, Teams, email or a signed webhook. Suites pick their channels on their
          Notifications tab; suites without their own use the workspace default.
        </Text>
        {shownKey && (
          <SigningKeyBox
            channelName={shownKey.name}
            signingKey={shownKey.key}
            onDone={() => setShownKey(null)}
          />
        )}
        {tested && test.isSuccess && <TestResult name={tested.name} result={test.data} />}
        {tested && test.isError && (
          <Alert color="red" role="alert" title={`Could not send a test to “${tested.name}”`}>
            {messageOf(test.error)}
          </Alert>
        )}
        <QueryStates
          query={channels}
          loadingLabel="Loading the notification channels"
          isEmpty={list.length === 0}
          emptyTitle="No notification channels yet"
          emptyText="Create one so failing checks reach someone: choose “New channel”."
        >
          <DataTable
            testId="channels-table"
            minWidth={820}
            columns={['Name', 'Type', 'Destination', 'Flags', 'Health']}
            withActions
          >
            {list.map((channel) => (
              <Table.Tr key={channel.id} data-channel-id={channel.id}>
                <Table.Th scope="row" fw={500}>
                  {channel.name}
                </Table.Th>
                <Table.Td>{channelTypeLabel(channel.type)}</Table.Td>
                <Table.Td>
                  <Destination channel={channel} />
                </Table.Td>
                <Table.Td>
                  <ChannelFlags channel={channel} />
                </Table.Td>
                <Table.Td>
                  {channel.flagged_at ? (
                    <Text size="sm" c="red.9" fw={500}>
                      Failing since {timeText(channel.flagged_at)}
                      {channel.flag_reason ? `: ${channel.flag_reason}` : ''}
                    </Text>
                  ) : (
                    'OK'
                  )}
                </Table.Td>
                <Table.Td>
                  <RowActionsMenu name={channel.name} onDelete={() => setDeleting(channel)}>
                    <Menu.Item onClick={() => setForm({ editing: channel })}>Edit…</Menu.Item>
                    <Menu.Item
                      onClick={() => {
                        setTested(channel);
                        test.mutate(channel.id);
                      }}
                    >
                      Send test
                    </Menu.Item>
                    <Menu.Item onClick={() => setViewing(channel)}>Deliveries…</Menu.Item>
                    {channel.type === 'webhook' && (
                      <Menu.Item onClick={() => setRegenerating(channel)}>Regenerate signing key…</Menu.Item>
                    )}
                  </RowActionsMenu>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </QueryStates>
        {tested && test.isPending && (
          <Text size="sm" role="status">
            Sending a test alert to “{tested.name}”…
          </Text>
        )}
      </Stack>
      {form && (
        <ChannelFormModal
          editing={form.editing}
          onClose={() => setForm(null)}
          onSigningKey={(name, key) => setShownKey({ name, key })}
        />
      )}
      {viewing && <DeliveriesModal channel={viewing} onClose={() => setViewing(null)} />}
      {regenerating && (
        <MutationConfirmModal
          title="Regenerate signing key"
          action="Regenerate key"
          mutation={update}
          onConfirm={() =>
            update.mutate(
              { id: regenerating.id, body: { regenerate_hmac_secret: true } },
              {
                onSuccess: (saved) => {
                  if (saved.signing_key) setShownKey({ name: saved.name, key: saved.signing_key });
                  setRegenerating(null);
                },
              },
            )
          }
          onClose={() => setRegenerating(null)}
        >
          Make a new signing key for <strong>{regenerating.name}</strong>? The old key keeps signing beside it
          for 24 hours, so receivers can switch over; the new key is shown once.
        </MutationConfirmModal>
      )}
      {deleting && (
        <MutationConfirmModal
          title="Delete channel"
          action="Delete channel"
          mutation={remove}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
          onClose={() => setDeleting(null)}
        >
          Delete <strong>{deleting.name}</strong>? A channel that suites still alert to cannot be deleted;
          unlink it from them first.
        </MutationConfirmModal>
      )}
    </Paper>
  );
}
