import { Alert, Badge, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { fieldErrorOf, messageOf } from '../api/api-error';
import type { Suite } from '../api/types';
import { ConfirmModal } from '../app/confirm-modal';
import { READABLE_ERROR } from '../app/form-styles';
import { MultiPicker, Picker } from '../app/pickers';
import { ErrorState, LoadingState } from '../app/states';
import {
  type AlertOn,
  type Channel,
  type SuiteNotifications,
  useChannels,
  useResetSuiteNotifications,
  useSaveSuiteNotifications,
  useSuiteNotifications,
} from './alerting-api';
import { ALERT_ON_CHOICES, channelTypeLabel } from './alerting-format';

interface Draft {
  channelIds: string[];
  escalationIds: string[];
  alertOn: AlertOn;
  enabled: boolean;
  autoResolve: boolean;
  useDefault: boolean;
}

function draftOf(settings: SuiteNotifications): Draft {
  return {
    channelIds: settings.channel_ids,
    escalationIds: settings.escalation_channel_ids,
    alertOn: settings.alert_on,
    enabled: settings.enabled,
    autoResolve: settings.auto_resolve,
    useDefault: settings.use_workspace_default,
  };
}

const sameIds = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

function sameDraft(a: Draft, b: Draft): boolean {
  return (
    sameIds(a.channelIds, b.channelIds) &&
    sameIds(a.escalationIds, b.escalationIds) &&
    a.alertOn === b.alertOn &&
    a.enabled === b.enabled &&
    a.autoResolve === b.autoResolve &&
    a.useDefault === b.useDefault
  );
}

function NotificationsForm({
  settings,
  channels,
  canEdit,
  save,
  reset,
}: {
  settings: SuiteNotifications;
  channels: Channel[];
  canEdit: boolean;
  save: ReturnType<typeof useSaveSuiteNotifications>;
  reset: ReturnType<typeof useResetSuiteNotifications>;
}): ReactNode {
  const saved = draftOf(settings);
  const [draft, setDraft] = useState<Draft>(saved);
  const [confirmReset, setConfirmReset] = useState(false);
  const names = new Map(channels.map((channel) => [channel.id, channel.name]));
  // Linked channels the person cannot list any more still show, by id, so a save keeps or drops them knowingly.
  const options = (selected: readonly string[]) => [
    ...channels.map((channel) => ({
      value: channel.id,
      label: `${channel.name} (${channelTypeLabel(channel.type)})`,
    })),
    ...selected
      .filter((id) => !names.has(id))
      .map((id) => ({ value: id, label: `Unknown channel ${id.slice(0, 8)}` })),
  ];
  const set = <K extends keyof Draft>(key: K, value: Draft[K]): void => {
    setDraft((old) => ({ ...old, [key]: value }));
    save.reset();
  };
  const changed = !sameDraft(draft, saved);
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    save.mutate({
      channel_ids: draft.channelIds,
      escalation_channel_ids: draft.escalationIds,
      alert_on: draft.alertOn,
      enabled: draft.enabled,
      auto_resolve: draft.autoResolve,
      use_workspace_default: draft.useDefault,
    });
  };
  const named = ['channel_ids', 'escalation_channel_ids', 'alert_on'].some(
    (field) => fieldErrorOf(save.error, field) !== undefined,
  );
  const effective = settings.effective_channel_ids.map((id) => names.get(id) ?? id.slice(0, 8));

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="notifications-title">
      <form onSubmit={submit} noValidate aria-labelledby="notifications-title">
        <Stack>
          <Group gap="sm">
            <Title order={2} size="h4" id="notifications-title">
              Alerts for this suite
            </Title>
            {settings.is_default && (
              <Badge variant="light" color="gray">
                Defaults
              </Badge>
            )}
          </Group>
          <Text size="sm" data-testid="effective-channels">
            {settings.enabled
              ? effective.length > 0
                ? `Alerts now go to: ${effective.join(', ')}.`
                : 'No channel receives this suite’s alerts now.'
              : 'Alerts are off for this suite.'}
          </Text>
          {!canEdit && (
            <Text size="sm">
              You can view these settings; someone with edit access to the suite can change them.
            </Text>
          )}
          <Switch
            label="Send alerts for this suite"
            checked={draft.enabled}
            disabled={!canEdit}
            onChange={(event) => set('enabled', event.currentTarget.checked)}
          />
          <Picker
            label="Alert on"
            data={ALERT_ON_CHOICES.map((entry) => ({ value: entry.value, label: entry.label }))}
            value={draft.alertOn}
            onChange={(value) => {
              const next = ALERT_ON_CHOICES.find((entry) => entry.value === value)?.value;
              if (next) set('alertOn', next);
            }}
            allowDeselect={false}
            disabled={!canEdit}
            error={fieldErrorOf(save.error, 'alert_on')}
            styles={READABLE_ERROR}
            w={{ base: '100%', sm: 320 }}
          />
          <MultiPicker
            label="Channels"
            description="Where this suite’s alerts go."
            placeholder={draft.channelIds.length === 0 ? 'No channel picked' : undefined}
            data={options(draft.channelIds)}
            value={draft.channelIds}
            onChange={(value) => set('channelIds', value)}
            searchable
            disabled={!canEdit}
            nothingFoundMessage="No channel by that name"
            error={fieldErrorOf(save.error, 'channel_ids')}
            styles={READABLE_ERROR}
          />
          <Switch
            label="Use the workspace default channel when none is picked"
            checked={draft.useDefault}
            disabled={!canEdit}
            onChange={(event) => set('useDefault', event.currentTarget.checked)}
          />
          <MultiPicker
            label="Escalation channels"
            description="Also alerted when a check turns critical."
            placeholder={draft.escalationIds.length === 0 ? 'No escalation channel' : undefined}
            data={options(draft.escalationIds)}
            value={draft.escalationIds}
            onChange={(value) => set('escalationIds', value)}
            searchable
            disabled={!canEdit}
            nothingFoundMessage="No channel by that name"
            error={fieldErrorOf(save.error, 'escalation_channel_ids')}
            styles={READABLE_ERROR}
          />
          <Switch
            label="Resolve open incidents when a later run passes"
            checked={draft.autoResolve}
            disabled={!canEdit}
            onChange={(event) => set('autoResolve', event.currentTarget.checked)}
          />
          {save.isError && !named && (
            <Alert color="red" role="alert">
              {messageOf(save.error)}
            </Alert>
          )}
          {save.isSuccess && !changed && (
            <Text size="sm" role="status">
              Alert settings saved.
            </Text>
          )}
          {canEdit && (
            <Group>
              <Button type="submit" loading={save.isPending} disabled={!changed}>
                Save alert settings
              </Button>
              <Button variant="default" disabled={!changed} onClick={() => setDraft(saved)}>
                Discard changes
              </Button>
              {!settings.is_default && (
                <Button variant="subtle" color="red" onClick={() => setConfirmReset(true)}>
                  Reset to defaults…
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </form>
      {confirmReset && (
        <ConfirmModal
          title="Reset alert settings"
          action="Reset to defaults"
          pending={reset.isPending}
          error={reset.error}
          onConfirm={() =>
            reset.mutate(undefined, {
              onSuccess: () => {
                setConfirmReset(false);
              },
            })
          }
          onClose={() => {
            setConfirmReset(false);
            reset.reset();
          }}
        >
          Drop this suite&apos;s own alert settings and channel links? It then alerts on warnings and above to
          the workspace default channel.
        </ConfirmModal>
      )}
    </Paper>
  );
}

/** A suite's Notifications tab: when it alerts, where, escalation and auto-resolve; read-only for viewers. */
export function SuiteNotificationsPanel({ suite, canEdit }: { suite: Suite; canEdit: boolean }): ReactNode {
  const settings = useSuiteNotifications(suite.id);
  const channels = useChannels();
  // Held here, above the form that starts over on each save, so a save's outcome outlives it.
  const save = useSaveSuiteNotifications(suite.id);
  const reset = useResetSuiteNotifications(suite.id);
  if (settings.isPending || channels.isPending) return <LoadingState label="Loading the alert settings" />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  if (channels.isError) return <ErrorState error={channels.error} onRetry={() => void channels.refetch()} />;
  // Keyed by the saved settings' time, so the form starts over from what the server now holds.
  return (
    <NotificationsForm
      key={settings.data.updated_at ?? 'defaults'}
      settings={settings.data}
      channels={channels.data}
      canEdit={canEdit}
      save={save}
      reset={reset}
    />
  );
}
