import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  List,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { fieldErrorOf, messageOf } from '../api/api-error';
import type { Suite } from '../api/types';
import { ConfirmModal } from '../app/confirm-modal';
import { READABLE_ERROR } from '../app/form-styles';
import { Picker } from '../app/pickers';
import { EmptyState, ErrorState, LoadingState } from '../app/states';
import {
  type Schedule,
  type ScheduleFields,
  useDeleteSchedule,
  useSaveSchedule,
  useSuiteSchedule,
} from '../scheduling/scheduling-api';
import { browserTimeZone, instantInZone, timeZones } from '../scheduling/scheduling-format';

const SCHEDULE_FIELDS = ['cron', 'timezone', 'enabled'] as const;

/** The expression typed in monospace, so its five fields line up as they are read. */
const CRON_STYLES = {
  ...READABLE_ERROR,
  input: { ...READABLE_ERROR.input, fontFamily: 'var(--mantine-font-family-monospace)' },
};

/** The schedule as it stands: its rule, the next five fire times in its zone, the last tick and run. */
function ScheduleFacts({ schedule }: { schedule: Schedule }): ReactNode {
  const zone = schedule.timezone;
  return (
    <Table variant="vertical" layout="fixed" withTableBorder data-testid="schedule-facts">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row" w={180}>
            Runs on
          </Table.Th>
          <Table.Td>
            <Code>{schedule.cron}</Code> in {zone}{' '}
            <Badge variant="light" color={schedule.enabled ? 'indigo' : 'gray'} data-testid="schedule-state">
              {schedule.enabled ? 'Enabled' : 'Disabled'}
            </Badge>
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Next runs</Table.Th>
          <Table.Td>
            {schedule.upcoming_fire_times.length === 0 ? (
              <Text size="sm">None while the schedule is disabled.</Text>
            ) : (
              <List size="sm" data-testid="upcoming-fire-times">
                {schedule.upcoming_fire_times.map((instant) => (
                  <List.Item key={instant}>
                    <time dateTime={instant}>{instantInZone(instant, zone)}</time>
                  </List.Item>
                ))}
              </List>
            )}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Last fired</Table.Th>
          <Table.Td data-testid="schedule-last-fired">
            {schedule.last_fired_at ? instantInZone(schedule.last_fired_at, zone) : 'Not yet'}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Last run</Table.Th>
          <Table.Td>
            {schedule.last_run_id ? (
              <Anchor component={Link} to={`/runs/${schedule.last_run_id}`}>
                Open the last scheduled run
              </Anchor>
            ) : (
              'None yet'
            )}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Missed ticks</Table.Th>
          <Table.Td data-testid="schedule-missed-ticks">
            {schedule.missed_ticks === 0
              ? 'None'
              : `${schedule.missed_ticks}: passed over while no scheduler was running`}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function ScheduleForm({
  suite,
  schedule,
  zones,
}: {
  suite: Suite;
  schedule: Schedule | null;
  zones: string[];
}): ReactNode {
  const save = useSaveSchedule(suite.id);
  const remove = useDeleteSchedule(suite.id);
  const [draft, setDraft] = useState<ScheduleFields>(() => ({
    cron: schedule?.cron ?? '0 6 * * *',
    timezone: schedule?.timezone ?? browserTimeZone(),
    enabled: schedule?.enabled ?? true,
  }));
  const [deleting, setDeleting] = useState(false);
  const change = (next: Partial<ScheduleFields>): void => {
    setDraft((current) => ({ ...current, ...next }));
    save.reset();
  };
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    save.mutate(
      { id: schedule?.id ?? null, body: { ...draft, cron: draft.cron.trim() } },
      // The API may write the expression its own way (spaces folded): the form shows what is stored.
      {
        onSuccess: (saved) =>
          setDraft({ cron: saved.cron, timezone: saved.timezone, enabled: saved.enabled }),
      },
    );
  };
  const fieldNamed = SCHEDULE_FIELDS.some((field) => fieldErrorOf(save.error, field));
  const unchanged =
    schedule !== null &&
    draft.cron.trim() === schedule.cron &&
    draft.timezone === schedule.timezone &&
    draft.enabled === schedule.enabled;

  return (
    <form onSubmit={submit} noValidate aria-label="Schedule">
      <Stack>
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label="Cron expression"
            description="minute hour day-of-month month day-of-week, e.g. 0 6 * * 1-5"
            required
            value={draft.cron}
            onChange={(event) => change({ cron: event.currentTarget.value })}
            error={fieldErrorOf(save.error, 'cron')}
            styles={CRON_STYLES}
            w={{ base: '100%', sm: 320 }}
          />
          <Picker
            label="Time zone"
            description="The cron is read in this zone, daylight saving included"
            required
            searchable
            data={zones}
            value={draft.timezone}
            onChange={(value) => value && change({ timezone: value })}
            allowDeselect={false}
            nothingFoundMessage="No zone by that name"
            error={fieldErrorOf(save.error, 'timezone')}
            styles={READABLE_ERROR}
            w={{ base: '100%', sm: 280 }}
          />
        </Group>
        <Switch
          label="Enabled"
          description="A disabled schedule keeps its rule but queues no runs"
          checked={draft.enabled}
          onChange={(event) => change({ enabled: event.currentTarget.checked })}
          error={fieldErrorOf(save.error, 'enabled')}
        />
        {save.isError && !fieldNamed && (
          <Alert color="red" role="alert">
            {messageOf(save.error)}
          </Alert>
        )}
        {save.isSuccess && (
          <Text size="sm" role="status">
            Schedule saved.
          </Text>
        )}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={unchanged}>
            {schedule ? 'Save schedule' : 'Create schedule'}
          </Button>
          {schedule && (
            <Button color="red" variant="light" onClick={() => setDeleting(true)}>
              Delete schedule
            </Button>
          )}
        </Group>
      </Stack>
      {deleting && schedule && (
        <ConfirmModal
          title="Delete schedule"
          action="Delete schedule"
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() =>
            remove.mutate(schedule.id, {
              onSuccess: () => {
                setDeleting(false);
                save.reset();
              },
            })
          }
          onClose={() => {
            setDeleting(false);
            remove.reset();
          }}
        >
          Delete the schedule of <strong>{suite.name}</strong>? No more runs are queued by it; past runs stay.
        </ConfirmModal>
      )}
    </form>
  );
}

/** A suite's cron schedule: what it is and when it runs next; the form for those with edit access. */
export function SuiteSchedulePanel({ suite, canEdit }: { suite: Suite; canEdit: boolean }): ReactNode {
  const schedule = useSuiteSchedule(suite.id);
  const zones = useMemo(() => timeZones(), []);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="schedule-title">
      <Stack>
        <Title order={2} size="h4" id="schedule-title">
          Schedule
        </Title>
        <Text size="sm">
          A schedule queues a run of this suite each time its cron expression matches, read in its time zone.
          A tick that falls due while the suite is already running joins that run.
        </Text>
        {schedule.isPending ? (
          <LoadingState label="Loading the schedule" />
        ) : schedule.isError ? (
          <ErrorState error={schedule.error} onRetry={() => void schedule.refetch()} />
        ) : (
          <>
            {schedule.data ? (
              <ScheduleFacts schedule={schedule.data} />
            ) : (
              <EmptyState title="Not scheduled">
                {canEdit
                  ? 'This suite runs only when someone runs it or a pipeline triggers it. Set a cron expression below to run it on a schedule.'
                  : 'This suite runs only when someone runs it or a pipeline triggers it. Someone with edit access can schedule it.'}
              </EmptyState>
            )}
            {canEdit && <ScheduleForm suite={suite} schedule={schedule.data} zones={zones} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}
