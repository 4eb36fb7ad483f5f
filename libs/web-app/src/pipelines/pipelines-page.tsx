import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { fieldErrorOf, messageOf } from '../api/api-error';
import type { Suite } from '../api/types';
import { MutationConfirmModal } from '../app/confirm-modal';
import { DataTable } from '../app/data-table';
import { ErrorAlert } from '../app/form-modal';
import { READABLE_ERROR } from '../app/form-styles';
import { ChoicePicker, Picker } from '../app/pickers';
import { PagedQueryStates } from '../app/query-states';
import { UrlTabs } from '../app/url-tabs';
import { useSuiteChoices } from '../runs/runs-api';
import {
  type NearMiss,
  type PipelineProvider,
  type TriggerBinding,
  useCreateBinding,
  useDeleteBinding,
  useNearMisses,
  useSetBindingEnabled,
  useTriggerBindings,
} from '../scheduling/scheduling-api';
import {
  NEAR_MISS_REASON_TEXT,
  PIPELINE_PROVIDERS,
  providerLabel,
  visibleEdges,
} from '../scheduling/scheduling-format';
import { suiteFieldError } from '../suites/suite-bits';
import { grantAtLeast } from '../suites/suites-api';

/** The suites the person can see, and whether they may edit each. */
interface SuiteLookup {
  editable: Suite[];
  canEdit: (suiteId: string) => boolean;
}

function useSuiteLookup(): SuiteLookup & { error: unknown } {
  const suites = useSuiteChoices();
  const list = suites.data ?? [];
  const byId = new Map(list.map((suite) => [suite.id, suite]));
  return {
    editable: list.filter((suite) => grantAtLeast(suite.my_grant, 'edit')),
    canEdit: (suiteId) => {
      const suite = byId.get(suiteId);
      return suite !== undefined && grantAtLeast(suite.my_grant, 'edit');
    },
    error: suites.error,
  };
}

/** The bound suite: a link by name, "deleted" once it is gone. */
function SuiteCell({ binding }: { binding: TriggerBinding }): ReactNode {
  if (binding.suite_name === null) {
    return (
      <Text size="sm" c="red.9" fw={500}>
        Suite deleted
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={`/suites/${binding.suite_id}`}>
      {binding.suite_name}
    </Anchor>
  );
}

function CreateBinding({ suites }: { suites: SuiteLookup }): ReactNode {
  const create = useCreateBinding();
  const [provider, setProvider] = useState<PipelineProvider>('scheduler');
  const [pipelineId, setPipelineId] = useState('');
  const [env, setEnv] = useState('');
  const [suiteId, setSuiteId] = useState<string | null>(null);
  const edited = (): void => create.reset();
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    // Ids are matched verbatim, so they are sent as typed; the API refuses a blank one by name.
    create.mutate(
      { provider, pipeline_id: pipelineId, env, suite_id: suiteId ?? '' },
      {
        onSuccess: () => {
          setPipelineId('');
          setEnv('');
        },
      },
    );
  };
  const named = ['provider', 'pipeline_id', 'env', 'suite_id'].some((field) =>
    suiteFieldError(create.error, field),
  );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="new-binding-title">
      <form onSubmit={submit} noValidate aria-labelledby="new-binding-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="new-binding-title">
            Bind a pipeline to a suite
          </Title>
          <Text size="sm">
            Each time the pipeline succeeds in this environment the suite is queued once. The pipeline id is
            matched exactly as the orchestrator names it: letter case and spaces count.
          </Text>
          <Group align="flex-start" wrap="wrap">
            <ChoicePicker
              label="Orchestrator"
              choices={PIPELINE_PROVIDERS}
              value={provider}
              onChange={(value) => {
                if (value) setProvider(value);
                edited();
              }}
              allowDeselect={false}
              error={suiteFieldError(create.error, 'provider')}
              styles={READABLE_ERROR}
              w={{ base: '100%', sm: 160 }}
            />
            <TextInput
              label="Pipeline id"
              required
              value={pipelineId}
              onChange={(event) => {
                setPipelineId(event.currentTarget.value);
                edited();
              }}
              error={suiteFieldError(create.error, 'pipeline_id')}
              styles={READABLE_ERROR}
              w={{ base: '100%', sm: 240 }}
            />
            <TextInput
              label="Environment"
              required
              placeholder="prod"
              value={env}
              onChange={(event) => {
                setEnv(event.currentTarget.value);
                edited();
              }}
              error={suiteFieldError(create.error, 'env')}
              styles={READABLE_ERROR}
              w={{ base: '100%', sm: 160 }}
            />
            <Picker
              label="Suite"
              required
              placeholder="Pick a suite you can edit"
              searchable
              data={suites.editable.map((suite) => ({ value: suite.id, label: suite.name }))}
              value={suiteId}
              onChange={(value) => {
                setSuiteId(value);
                edited();
              }}
              nothingFoundMessage="No suite you can edit by that name"
              error={fieldErrorOf(create.error, 'suite_id')}
              styles={READABLE_ERROR}
              w={{ base: '100%', sm: 260 }}
            />
          </Group>
          <ErrorAlert error={create.isError && !named ? create.error : null} />
          {create.isSuccess && (
            <Text size="sm" role="status">
              Binding added.
            </Text>
          )}
          <Group>
            <Button type="submit" loading={create.isPending}>
              Add binding
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function BindingEnabled({ binding, editable }: { binding: TriggerBinding; editable: boolean }): ReactNode {
  const toggle = useSetBindingEnabled();
  if (!editable) return binding.enabled ? 'Yes' : 'No';
  const checked = toggle.isPending && toggle.variables ? toggle.variables.enabled : binding.enabled;
  return (
    <Stack gap={4}>
      <Switch
        aria-label={`Enabled: ${binding.pipeline_id} in ${binding.env}`}
        checked={checked}
        disabled={toggle.isPending}
        onChange={(event) => toggle.mutate({ id: binding.id, enabled: event.currentTarget.checked })}
      />
      {toggle.isError && (
        <Text size="sm" c="red.9" role="alert">
          {messageOf(toggle.error)}
        </Text>
      )}
    </Stack>
  );
}

function BindingsSection({ suites }: { suites: SuiteLookup }): ReactNode {
  const bindings = useTriggerBindings();
  const remove = useDeleteBinding();
  const [deleting, setDeleting] = useState<TriggerBinding | null>(null);
  const items = bindings.data?.pages.flatMap((page) => page.items) ?? [];
  const anyEditable = items.some((binding) => suites.canEdit(binding.suite_id));

  return (
    <Stack>
      {suites.editable.length > 0 ? (
        <CreateBinding suites={suites} />
      ) : (
        <Text size="sm">You can add bindings to suites you can edit; you have none at the moment.</Text>
      )}
      <PagedQueryStates
        query={bindings}
        count={items.length}
        noun={{ one: 'binding', many: 'bindings', next: 'more' }}
        loadingLabel="Loading the trigger bindings"
        emptyTitle="No trigger bindings yet"
        emptyText="A binding runs a suite each time a pipeline succeeds, so the data it loaded is checked at once."
      >
        <DataTable
          testId="bindings-table"
          minWidth={760}
          columns={['Pipeline id', 'Orchestrator', 'Environment', 'Suite', 'Enabled']}
          withActions={anyEditable}
        >
          {items.map((binding) => {
            const editable = suites.canEdit(binding.suite_id);
            return (
              <Table.Tr key={binding.id}>
                <Table.Th scope="row" fw={500}>
                  <Code>{binding.pipeline_id}</Code>
                </Table.Th>
                <Table.Td>{providerLabel(binding.provider)}</Table.Td>
                <Table.Td>{binding.env}</Table.Td>
                <Table.Td>
                  <SuiteCell binding={binding} />
                </Table.Td>
                <Table.Td>
                  <BindingEnabled binding={binding} editable={editable} />
                </Table.Td>
                {anyEditable && (
                  <Table.Td>
                    {editable && (
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        aria-label={`Delete the binding of ${binding.pipeline_id} in ${binding.env}`}
                        onClick={() => setDeleting(binding)}
                      >
                        Delete
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </DataTable>
      </PagedQueryStates>
      {deleting && (
        <MutationConfirmModal
          title="Delete binding"
          action="Delete binding"
          mutation={remove}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
          onClose={() => setDeleting(null)}
        >
          Delete the binding of <strong>{deleting.pipeline_id}</strong> in {deleting.env}? Its pipeline&apos;s
          runs no longer queue the suite.
        </MutationConfirmModal>
      )}
    </Stack>
  );
}

/** Why the near-miss did not fire, in words, with both ids where they differ and a way to fix it. */
function NearMissReasonCell({ miss, suites }: { miss: NearMiss; suites: SuiteLookup }): ReactNode {
  const enable = useSetBindingEnabled();
  const binding = miss.closest_binding;
  let detail: ReactNode = null;
  if (miss.reason === 'id_differs_by_case_or_whitespace' && binding) {
    detail = (
      <Stack gap={2} data-testid="near-miss-ids">
        {binding.pipeline_id !== miss.pipeline_id && (
          <Text size="sm">
            Pipeline id: the run says <Code>{visibleEdges(miss.pipeline_id)}</Code>, the binding{' '}
            <Code>{visibleEdges(binding.pipeline_id)}</Code>.
          </Text>
        )}
        {binding.env !== miss.env && (
          <Text size="sm">
            Environment: the run says <Code>{visibleEdges(miss.env)}</Code>, the binding{' '}
            <Code>{visibleEdges(binding.env)}</Code>.
          </Text>
        )}
      </Stack>
    );
  } else if (miss.reason === 'other_environment' && binding) {
    detail = (
      <Text size="sm">
        The run was in <Code>{miss.env}</Code>; the binding is for <Code>{binding.env}</Code>.
      </Text>
    );
  } else if (miss.reason === 'disabled' && binding) {
    detail = binding.enabled ? (
      <Text size="sm">It has been enabled since.</Text>
    ) : suites.canEdit(binding.suite_id) ? (
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          loading={enable.isPending}
          onClick={() => enable.mutate({ id: binding.id, enabled: true })}
          aria-label={`Enable the binding of ${binding.pipeline_id} in ${binding.env}`}
        >
          Enable
        </Button>
        {enable.isError && (
          <Text size="sm" c="red.9" role="alert">
            {messageOf(enable.error)}
          </Text>
        )}
      </Group>
    ) : null;
  }
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {NEAR_MISS_REASON_TEXT[miss.reason]}
      </Text>
      {detail}
    </Stack>
  );
}

function NearMissesSection({ suites }: { suites: SuiteLookup }): ReactNode {
  const misses = useNearMisses();
  const items = misses.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack>
      <Text size="sm">
        Pipeline runs that succeeded but queued no suite, newest first, each with the binding that came
        closest and why it did not match, as judged when the run arrived.
      </Text>
      <PagedQueryStates
        query={misses}
        count={items.length}
        noun={{ one: 'near-miss', many: 'near-misses', next: 'older' }}
        loadingLabel="Loading the near-misses"
        emptyTitle="No near-misses"
        emptyText="Every succeeded pipeline run seen so far matched an enabled binding, or none has been seen yet."
      >
        <DataTable
          testId="near-misses-table"
          minWidth={860}
          columns={['Pipeline run', 'Finished', 'Closest binding', 'Why it did not run a suite']}
        >
          {items.map((miss) => (
            <Table.Tr key={miss.pipeline_run_id}>
              <Table.Th scope="row" fw={400}>
                <Stack gap={2}>
                  <Text size="sm" fw={500}>
                    <Code>{miss.pipeline_id}</Code> in {miss.env}
                  </Text>
                  <Text size="sm">
                    {providerLabel(miss.provider)} run <Code>{miss.run_id}</Code>
                  </Text>
                </Stack>
              </Table.Th>
              <Table.Td>{new Date(miss.finished_at ?? miss.received_at).toLocaleString()}</Table.Td>
              <Table.Td>
                {miss.closest_binding ? (
                  <Stack gap={2}>
                    <Text size="sm">
                      <Code>{miss.closest_binding.pipeline_id}</Code> in {miss.closest_binding.env}
                    </Text>
                    <SuiteCell binding={miss.closest_binding} />
                  </Stack>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>
                <NearMissReasonCell miss={miss} suites={suites} />
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </PagedQueryStates>
    </Stack>
  );
}

/** Pipelines: which pipeline runs trigger which suites, and succeeded runs that triggered none. */
export function PipelinesPage(): ReactNode {
  const suites = useSuiteLookup();
  return (
    <Stack>
      <Title order={1}>Pipelines</Title>
      {suites.error !== null && (
        <Alert color="red" role="alert">
          Could not load your suites, so suite names and edit rights are missing: {messageOf(suites.error)}
        </Alert>
      )}
      <UrlTabs
        tabs={[
          { value: 'bindings', label: 'Trigger bindings', panel: <BindingsSection suites={suites} /> },
          { value: 'near-misses', label: 'Near-misses', panel: <NearMissesSection suites={suites} /> },
        ]}
      />
    </Stack>
  );
}
