import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { NotificationChannelsSection } from '../alerting/channels-panel';
import { fieldErrorOf, messageOf } from '../api/api-error';
import { READABLE_ERROR } from '../app/form-styles';
import { useMe } from '../app/session';
import { ErrorState, LoadingState } from '../app/states';
import {
  type Deployment,
  type ScoringSettings,
  useDeployment,
  usePrivacy,
  useResetScoring,
  useSavePrivacy,
  useSaveScoring,
  useScoring,
} from './admin-api';
import {
  WEIGHT_FIELDS,
  type WeightField,
  type WeightInputs,
  parseWeights,
  sameWeights,
} from './scoring-form';
import { SecretSweepPanel } from './secret-sweep-panel';

const WEIGHT_LABELS: Record<WeightField, string> = {
  warn: 'Warn weight',
  fail: 'Fail weight',
  critical: 'Critical weight',
};

function ScoringForm({ settings }: { settings: ScoringSettings }): ReactNode {
  const save = useSaveScoring();
  const reset = useResetScoring();
  const [inputs, setInputs] = useState<WeightInputs>(settings.weights);
  const [localProblems, setLocalProblems] = useState<Partial<Record<WeightField, string>>>({});
  const [confirmReset, setConfirmReset] = useState(false);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    reset.reset();
    const parsed = parseWeights(inputs);
    if (!parsed.ok) {
      setLocalProblems(parsed.problems);
      return;
    }
    setLocalProblems({});
    save.mutate(parsed.weights);
  };
  const errorOf = (field: WeightField): string | undefined =>
    localProblems[field] ?? fieldErrorOf(save.error, field);
  const fieldsNamed = WEIGHT_FIELDS.some((field) => fieldErrorOf(save.error, field));

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="scoring-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id="scoring-title">
            Health-score weights
          </Title>
          <Badge
            variant="light"
            color={settings.is_default ? 'gray' : 'indigo'}
            data-testid="scoring-default"
          >
            {settings.is_default ? 'Defaults in force' : 'Custom weights'}
          </Badge>
        </Group>
        <Text size="sm">
          How much a check at each severity lowers a suite&apos;s health score. The rule: 0 ≤ warn ≤ fail ≤
          critical, and critical above 0. Defaults: warn {settings.defaults.warn}, fail{' '}
          {settings.defaults.fail}, critical {settings.defaults.critical}.
        </Text>
        <form onSubmit={submit} noValidate aria-label="Health-score weights">
          <Stack>
            <Group align="flex-start" wrap="wrap">
              {WEIGHT_FIELDS.map((field) => (
                <NumberInput
                  key={field}
                  label={WEIGHT_LABELS[field]}
                  value={inputs[field]}
                  onChange={(value) => {
                    setInputs((current) => ({ ...current, [field]: value }));
                    save.reset();
                    setLocalProblems({});
                  }}
                  error={errorOf(field)}
                  decimalScale={3}
                  styles={READABLE_ERROR}
                  w={160}
                />
              ))}
            </Group>
            {save.isError && !fieldsNamed && (
              <Alert color="red" role="alert">
                {messageOf(save.error)}
              </Alert>
            )}
            {save.isSuccess && (
              <Text size="sm" role="status">
                Saved. Scores use these weights from now on.
              </Text>
            )}
            {reset.isSuccess && (
              <Text size="sm" role="status">
                Reset to the defaults.
              </Text>
            )}
            <Group>
              <Button type="submit" loading={save.isPending} disabled={sameWeights(inputs, settings.weights)}>
                Save weights
              </Button>
              <Button variant="default" onClick={() => setConfirmReset(true)} disabled={settings.is_default}>
                Reset to defaults
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
      <Modal
        opened={confirmReset}
        onClose={() => {
          setConfirmReset(false);
          reset.reset();
        }}
        title="Reset the weights"
      >
        <Stack>
          <Text size="sm">
            Put the defaults back (warn {settings.defaults.warn}, fail {settings.defaults.fail}, critical{' '}
            {settings.defaults.critical})? Health scores use them from now on.
          </Text>
          {reset.isError && (
            <Alert color="red" role="alert">
              {messageOf(reset.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmReset(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={reset.isPending}
              onClick={() =>
                reset.mutate(undefined, {
                  onSuccess: (after) => {
                    setConfirmReset(false);
                    setInputs(after.weights);
                    save.reset();
                    setLocalProblems({});
                  },
                })
              }
            >
              Reset weights
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function Scoring(): ReactNode {
  const scoring = useScoring();
  if (scoring.isPending) return <LoadingState label="Loading the scoring weights" />;
  if (scoring.isError) return <ErrorState error={scoring.error} onRetry={() => void scoring.refetch()} />;
  return <ScoringForm settings={scoring.data} />;
}

const SOURCE_LABELS: Record<Deployment['zero_sample_source'], string> = {
  env: 'the environment (ZERO_SAMPLE_MODE)',
  setting: 'this workspace setting',
  default: 'the default',
};

function DeploymentPosture({ deployment }: { deployment: Deployment }): ReactNode {
  const { egress } = deployment;
  return (
    <Table
      data-testid="deployment-posture"
      variant="vertical"
      layout="fixed"
      withTableBorder
      aria-labelledby="deployment-title"
    >
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row" w={220}>
            Region (DEPLOYMENT_REGION)
          </Table.Th>
          <Table.Td>{deployment.deployment_region ?? 'Not declared'}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Zero-sample mode</Table.Th>
          <Table.Td>
            {deployment.zero_sample_mode ? 'On' : 'Off'}, from {SOURCE_LABELS[deployment.zero_sample_source]}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Datasource egress</Table.Th>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>
            {egress.allow_hosts.length === 0 && egress.allow_cidrs.length === 0
              ? 'No allow-list'
              : [...egress.allow_hosts, ...egress.allow_cidrs].map((entry) => (
                  <Code key={entry} mr={4}>
                    {entry}
                  </Code>
                ))}
            {egress.loopback_allowed ? ' · loopback allowed' : ''}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function Privacy(): ReactNode {
  const privacy = usePrivacy();
  const deployment = useDeployment();
  const save = useSavePrivacy();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="privacy-title">
      <Stack>
        <Title order={2} size="h4" id="privacy-title">
          Privacy
        </Title>
        <Text size="sm">
          In zero-sample mode no failing row is read or stored: runs keep counts only, and dry runs and check
          results show no sample values.
        </Text>
        {privacy.isPending ? (
          <LoadingState label="Loading the privacy settings" />
        ) : privacy.isError ? (
          <ErrorState error={privacy.error} onRetry={() => void privacy.refetch()} />
        ) : (
          <Stack gap="xs">
            <Switch
              label="Zero-sample mode"
              checked={privacy.data.zero_sample_mode}
              disabled={save.isPending}
              onChange={(event) => save.mutate(event.currentTarget.checked)}
              data-testid="zero-sample-switch"
            />
            <Text size="sm">
              {privacy.data.env_pinned
                ? 'Pinned on by this deployment: it cannot be turned off here.'
                : `In force: ${privacy.data.zero_sample_mode ? 'on' : 'off'} (from ${SOURCE_LABELS[privacy.data.source]}).`}
            </Text>
            {save.isError && (
              <Alert color="red" role="alert">
                {messageOf(save.error)}
              </Alert>
            )}
            {save.isSuccess && (
              <Text size="sm" role="status">
                Zero-sample mode is {save.data.zero_sample_mode ? 'on' : 'off'}.
              </Text>
            )}
          </Stack>
        )}
        {deployment.isPending ? (
          <LoadingState label="Loading the deployment posture" />
        ) : deployment.isError ? (
          <ErrorState error={deployment.error} onRetry={() => void deployment.refetch()} />
        ) : (
          <Table.ScrollContainer minWidth={340}>
            <Title order={3} size="h5" id="deployment-title" mb="xs">
              Deployment posture
            </Title>
            <DeploymentPosture deployment={deployment.data} />
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

/** Admin: health-score weights, zero-sample mode, the deployment's posture, notification channels and the secret sweep (workspace admins). */
export function AdminPage(): ReactNode {
  const me = useMe();
  if (me.isPending) return <LoadingState label="Loading your profile" />;
  if (!me.data?.is_workspace_admin) {
    return (
      <Stack>
        <Title order={1}>Admin</Title>
        <Alert color="gray" title="Workspace admins only" data-testid="admin-only">
          Only workspace admins can open this page. Ask an admin if a setting here needs a change.
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack>
      <Title order={1}>Admin</Title>
      <Scoring />
      <Privacy />
      <NotificationChannelsSection />
      <SecretSweepPanel />
    </Stack>
  );
}
