import {
  Alert,
  Autocomplete,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { fieldErrorOf, messageOf } from '../api/api-error';
import type { Suite } from '../api/types';
import { Picker } from '../app/pickers';
import { useApi } from '../app/session';
import { EmptyState, ErrorState, LoadingState } from '../app/states';
import {
  type ColumnPolicy,
  type PolicySuggestion,
  type TargetProfile,
  type Treatment,
  getColumnPolicy,
  listTargetColumns,
  profileTarget,
  putColumnPolicy,
  settingsKeys,
  suggestColumnPolicy,
} from './suite-settings-api';
import { TREATMENTS, applySuggestions, percentText, samePolicy, withColumn } from './suite-settings-logic';

const TREATMENT_DATA = TREATMENTS.map(({ value, label }) => ({ value, label }));
const TOP_VALUES = 5;
const PROFILE_GRANTS: readonly Suite['my_grant'][] = ['edit', 'admin', 'owner'];

function treatmentLabel(treatment: Treatment): string {
  return TREATMENTS.find((entry) => entry.value === treatment)?.label ?? treatment;
}

function Suggestions({
  suggestions,
  onApply,
  onClose,
}: {
  suggestions: PolicySuggestion[];
  onApply: (chosen: Set<string>) => void;
  onClose: () => void;
}): ReactNode {
  const [chosen, setChosen] = useState(() => new Set(suggestions.map((s) => s.column)));
  if (suggestions.length === 0) {
    return (
      <Alert color="gray" title="No suggestions" data-testid="policy-suggestions">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">No column looks personal by its name or its most frequent values.</Text>
          <Button size="xs" variant="default" onClick={onClose}>
            Close
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Paper withBorder p="sm" data-testid="policy-suggestions">
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Suggestions from the profile: review, then apply the ones you want to the draft.
        </Text>
        <Table.ScrollContainer minWidth={520}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">
                  <VisuallyHidden>Apply</VisuallyHidden>
                </Table.Th>
                <Table.Th scope="col">Column</Table.Th>
                <Table.Th scope="col">Looks like</Table.Th>
                <Table.Th scope="col">Suggested</Table.Th>
                <Table.Th scope="col">Why</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {suggestions.map((suggestion) => (
                <Table.Tr key={suggestion.column}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Apply the suggestion for ${suggestion.column}`}
                      checked={chosen.has(suggestion.column)}
                      onChange={(event) => {
                        const next = new Set(chosen);
                        if (event.currentTarget.checked) next.add(suggestion.column);
                        else next.delete(suggestion.column);
                        setChosen(next);
                      }}
                    />
                  </Table.Td>
                  <Table.Th scope="row">
                    <Code>{suggestion.column}</Code>
                  </Table.Th>
                  <Table.Td>
                    {suggestion.category} ({Math.round(suggestion.confidence * 100)}%)
                  </Table.Td>
                  <Table.Td>{treatmentLabel(suggestion.treatment)}</Table.Td>
                  <Table.Td>{suggestion.reasons.join('; ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group>
          <Button size="xs" onClick={() => onApply(chosen)} disabled={chosen.size === 0}>
            Apply {chosen.size} to the draft
          </Button>
          <Button size="xs" variant="default" onClick={onClose}>
            Dismiss
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function PolicyEditor({
  suite,
  policy,
  canEdit,
}: {
  suite: Suite;
  policy: ColumnPolicy;
  canEdit: boolean;
}): ReactNode {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ColumnPolicy>(policy);
  const [adding, setAdding] = useState('');
  const [addingTreatment, setAddingTreatment] = useState<Treatment>('redact');

  const columns = useQuery({
    queryKey: settingsKeys.columns(suite.id),
    queryFn: () => listTargetColumns(client, suite.id),
    enabled: canEdit,
    retry: false,
  });
  const save = useMutation({
    mutationFn: () => putColumnPolicy(client, suite.id, draft),
    onSuccess: (saved) => {
      setDraft(saved);
      queryClient.setQueryData(settingsKeys.policy(suite.id), saved);
    },
  });
  const suggest = useMutation({ mutationFn: () => suggestColumnPolicy(client, suite.id) });

  const named = Object.entries(draft.columns).sort(([a], [b]) => a.localeCompare(b));
  const addable = (columns.data ?? []).map((c) => c.name).filter((name) => draft.columns[name] === undefined);
  const changed = !samePolicy(draft, policy);
  const edit = (next: ColumnPolicy): void => {
    setDraft(next);
    save.reset();
  };

  return (
    <Stack>
      <Text size="sm">
        How failing-sample values of each column are kept when a check fails (and how profile values are
        shown). Columns not named get the default.
      </Text>
      {canEdit ? (
        <Picker
          label="Default for other columns"
          data={TREATMENT_DATA}
          value={draft.default}
          onChange={(value) => value && edit({ ...draft, default: value })}
          allowDeselect={false}
          error={fieldErrorOf(save.error, 'default')}
          w={240}
        />
      ) : (
        <Text size="sm">
          Default for other columns: <Badge variant="light">{treatmentLabel(draft.default)}</Badge>
        </Text>
      )}
      {named.length === 0 ? (
        <EmptyState title="No column named">
          {canEdit
            ? 'Every column gets the default. Add a column below, or ask for suggestions from a profile.'
            : 'Every column gets the default.'}
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table data-testid="column-policy-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Column</Table.Th>
                <Table.Th scope="col">Treatment</Table.Th>
                {canEdit && (
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {named.map(([column, treatment]) => (
                <Table.Tr key={column}>
                  <Table.Th scope="row" fw={500}>
                    <Code>{column}</Code>
                  </Table.Th>
                  <Table.Td>
                    {canEdit ? (
                      <Picker
                        aria-label={`Treatment of ${column}`}
                        data={TREATMENT_DATA}
                        value={treatment}
                        onChange={(value) => value && edit(withColumn(draft, column, value))}
                        allowDeselect={false}
                        error={fieldErrorOf(save.error, `columns.${column}`)}
                        w={160}
                      />
                    ) : (
                      <Badge variant="light">{treatmentLabel(treatment)}</Badge>
                    )}
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => edit(withColumn(draft, column, null))}
                        aria-label={`Remove ${column} from the policy`}
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canEdit && (
        <>
          <Group align="flex-end" wrap="wrap">
            <Autocomplete
              label="Add a column"
              placeholder="Pick or type a name"
              data={addable}
              value={adding}
              onChange={setAdding}
              w={240}
            />
            <Picker
              label="Its treatment"
              data={TREATMENT_DATA}
              value={addingTreatment}
              onChange={(value) => value && setAddingTreatment(value)}
              allowDeselect={false}
              w={140}
            />
            <Button
              variant="default"
              disabled={!adding.trim()}
              onClick={() => {
                edit(withColumn(draft, adding.trim(), addingTreatment));
                setAdding('');
              }}
            >
              Add column
            </Button>
            <Button variant="light" loading={suggest.isPending} onClick={() => suggest.mutate()}>
              Suggest from profile
            </Button>
          </Group>
          {columns.isError && (
            <Alert color="orange" role="alert">
              The target&apos;s columns could not be read: {messageOf(columns.error)}
            </Alert>
          )}
          {suggest.isError && (
            <Alert color="red" role="alert">
              {messageOf(suggest.error)}
            </Alert>
          )}
          {suggest.isSuccess && (
            <Suggestions
              key={suggest.submittedAt}
              suggestions={suggest.data.suggestions}
              onApply={(chosen) => {
                edit(applySuggestions(draft, suggest.data.suggestions, chosen));
                suggest.reset();
              }}
              onClose={() => suggest.reset()}
            />
          )}
          {save.isError && (
            <Alert color="red" role="alert">
              {messageOf(save.error)}
            </Alert>
          )}
          {save.isSuccess && !changed && (
            <Text size="sm" role="status">
              Column policy saved.
            </Text>
          )}
          <Group>
            <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!changed}>
              Save column policy
            </Button>
            <Button variant="default" onClick={() => edit(policy)} disabled={!changed}>
              Discard changes
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

function ProfileTable({ profile }: { profile: TargetProfile }): ReactNode {
  return (
    <Stack gap="xs">
      <Text size="sm" role="status">
        {profile.row_count.toLocaleString()} rows profiled. Values of protected columns are shown as the
        policy keeps them.
      </Text>
      <Table.ScrollContainer minWidth={720}>
        <Table data-testid="column-profile-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Column</Table.Th>
              <Table.Th scope="col">Type</Table.Th>
              <Table.Th scope="col">Null</Table.Th>
              <Table.Th scope="col">Distinct</Table.Th>
              <Table.Th scope="col">Min</Table.Th>
              <Table.Th scope="col">Max</Table.Th>
              <Table.Th scope="col">Top values</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {profile.columns.map((column) => (
              <Table.Tr key={column.name}>
                <Table.Th scope="row">
                  <Code>{column.name}</Code>
                </Table.Th>
                <Table.Td>{column.type}</Table.Td>
                <Table.Td>{percentText(column.null_percent)}</Table.Td>
                <Table.Td>{column.distinct_count ?? '—'}</Table.Td>
                <Table.Td>{column.min ?? '—'}</Table.Td>
                <Table.Td>{column.max ?? '—'}</Table.Td>
                <Table.Td>
                  {column.top_values.length === 0
                    ? '—'
                    : column.top_values
                        .map((top) => `${top.value === null ? 'null' : top.value} (${top.count})`)
                        .join(', ')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function ColumnProfileSection({ suite }: { suite: Suite }): ReactNode {
  const { client } = useApi();
  const profile = useMutation({ mutationFn: () => profileTarget(client, suite.id, TOP_VALUES) });
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} size="h5" id="profile-title">
          Column profile
        </Title>
        <Button size="xs" variant="light" loading={profile.isPending} onClick={() => profile.mutate()}>
          {profile.isSuccess ? 'Profile again' : 'Profile the columns'}
        </Button>
      </Group>
      <Text size="sm">
        Reads the target live (null share, distinct count, min, max, top {TOP_VALUES} values); nothing is
        stored, and the read is audited.
      </Text>
      {profile.isError && (
        <Alert color="red" role="alert">
          {messageOf(profile.error)}
        </Alert>
      )}
      {profile.isSuccess && <ProfileTable profile={profile.data} />}
    </Stack>
  );
}

/** Column policy (failing-sample redaction) and the column profile of the suite's target. */
export function SuiteColumnPolicyPanel({ suite, canEdit }: { suite: Suite; canEdit: boolean }): ReactNode {
  const { client } = useApi();
  const policy = useQuery({
    queryKey: settingsKeys.policy(suite.id),
    queryFn: () => getColumnPolicy(client, suite.id),
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="column-policy-title">
      <Stack>
        <Title order={2} size="h4" id="column-policy-title">
          Column policy
        </Title>
        {policy.isPending ? (
          <LoadingState label="Loading the column policy" />
        ) : policy.isError ? (
          <ErrorState error={policy.error} onRetry={() => void policy.refetch()} />
        ) : (
          <PolicyEditor suite={suite} policy={policy.data} canEdit={canEdit} />
        )}
        {PROFILE_GRANTS.includes(suite.my_grant) && <ColumnProfileSection suite={suite} />}
      </Stack>
    </Paper>
  );
}
