import { Alert, Badge, Button, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { messageOf } from '../api/api-error';
import { ErrorState, LoadingState } from '../app/states';
import { type SecretSweepReport, useRunSecretSweep, useSecretSweep } from './admin-api';

type OrphanReason = SecretSweepReport['orphans'][number]['reason'];

const REASON_TEXT: Record<OrphanReason, string> = {
  connection_deleted: 'Connection deleted, credential still stored',
  key_not_in_ring: 'Sealed under a key not in the key ring',
  unreadable_envelope: 'Not a current envelope: the runner cannot open it',
};

const STATUS_BADGE: Record<SecretSweepReport['status'], { label: string; color: string }> = {
  never_run: { label: 'Never run', color: 'gray' },
  skipped: { label: 'Skipped', color: 'gray' },
  completed: { label: 'Completed', color: 'indigo' },
  failed: { label: 'Failed', color: 'red.9' },
};

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

function Report({ report }: { report: SecretSweepReport }): ReactNode {
  if (report.status === 'never_run') {
    return (
      <Text size="sm">No sweep has run yet. The scheduler runs one each day; Run now runs one at once.</Text>
    );
  }
  const counts = report.counts;
  return (
    <Stack gap="sm">
      <Text size="sm">
        {report.trigger === 'manual' ? 'Run by an admin' : 'Daily run'}, started {when(report.started_at)},
        finished {when(report.finished_at)}. Checked against the key ids:{' '}
        {report.key_ids.length === 0
          ? 'none'
          : report.key_ids.map((id, index) => (
              <span key={id}>
                {index > 0 && ', '}
                <Code>{id}</Code>
              </span>
            ))}
        . The sweep only reports: nothing is deleted.
      </Text>
      {report.error &&
        (report.status === 'skipped' ? (
          <Alert color="gray" title="The last sweep was skipped: nothing was checked">
            {report.error}
          </Alert>
        ) : (
          <Alert color="red" role="alert" title="The last sweep failed">
            {report.error}
          </Alert>
        ))}
      {counts && (
        <Table variant="vertical" layout="fixed" withTableBorder data-testid="secret-sweep-counts">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row" w={260}>
                Sealed credentials checked
              </Table.Th>
              <Table.Td>{counts.sealed_credentials}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Orphans</Table.Th>
              <Table.Td>{counts.orphans}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{REASON_TEXT.connection_deleted}</Table.Th>
              <Table.Td>{counts.connection_deleted}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{REASON_TEXT.key_not_in_ring}</Table.Th>
              <Table.Td>{counts.key_not_in_ring}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{REASON_TEXT.unreadable_envelope}</Table.Th>
              <Table.Td>{counts.unreadable_envelope}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
      {report.orphans.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table data-testid="secret-sweep-orphans">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Connection</Table.Th>
                <Table.Th scope="col">Why</Table.Th>
                <Table.Th scope="col">Key id</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.orphans.map((orphan) => (
                <Table.Tr key={orphan.connection_id}>
                  <Table.Td ff="monospace">{orphan.connection_id}</Table.Td>
                  <Table.Td>{REASON_TEXT[orphan.reason]}</Table.Td>
                  <Table.Td>{orphan.key_id ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {report.orphans_truncated && (
        <Text size="sm">More orphans exist than are listed here; the counts above are complete.</Text>
      )}
    </Stack>
  );
}

/** The orphan-secret sweep's last report and a Run now (workspace admins). */
export function SecretSweepPanel(): ReactNode {
  const sweep = useSecretSweep();
  const run = useRunSecretSweep();
  const status = sweep.data ? STATUS_BADGE[sweep.data.status] : null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="secret-sweep-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id="secret-sweep-title">
            Secret sweep
          </Title>
          {status && (
            <Badge
              variant={sweep.data?.status === 'failed' ? 'filled' : 'light'}
              color={status.color}
              data-testid="secret-sweep-status"
            >
              {status.label}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          Finds sealed connection credentials no one can use any more: of deleted connections, sealed under a
          key that is no longer configured, or in an envelope the runner cannot open.
        </Text>
        {sweep.isPending ? (
          <LoadingState label="Loading the secret sweep report" />
        ) : sweep.isError ? (
          <ErrorState error={sweep.error} onRetry={() => void sweep.refetch()} />
        ) : (
          <Report report={sweep.data} />
        )}
        {run.isError && (
          <Alert color="red" role="alert">
            {messageOf(run.error)}
          </Alert>
        )}
        <Group>
          <Button variant="default" loading={run.isPending} onClick={() => run.mutate()}>
            Run now
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
