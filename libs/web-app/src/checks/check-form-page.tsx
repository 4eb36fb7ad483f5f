import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  TagsInput,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { messageOf } from '../api/api-error';
import type { Suite } from '../api/types';
import { MultiPicker, Picker } from '../app/pickers';
import { useApi } from '../app/session';
import { ErrorState, LoadingState } from '../app/states';
import {
  type DryRunReply,
  type TargetColumn,
  createCheck,
  dryRunCheck,
  getCheck,
  getSuite,
  grantAtLeast,
  listCheckKinds,
  listColumns,
  suiteKeys,
  updateCheck,
} from '../suites/suites-api';
import { outcomeColor } from './check-format';
import {
  type Check,
  type CheckFormState,
  type CheckKindDescription,
  type Choice,
  DIMENSIONS,
  type FieldSpec,
  type FieldValue,
  TIERS,
  apiFieldProblems,
  buildCheck,
  choicesOf,
  emptyForm,
  fieldsOfChoice,
  formOfCheck,
  problemFor,
  thresholdFieldsOf,
  withChoice,
} from './check-form';

function fieldDescription(field: FieldSpec): string | undefined {
  const parts: string[] = [];
  if (field.description) parts.push(field.description);
  if (field.defaultText !== null && field.control !== 'boolean') parts.push(`default ${field.defaultText}`);
  return parts.length > 0 ? parts.join('; ') : undefined;
}

function ConfigField(props: {
  field: FieldSpec;
  value: FieldValue | undefined;
  onChange: (value: FieldValue) => void;
  error: string | undefined;
  columns: TargetColumn[];
}): ReactNode {
  const { field, value, onChange, error, columns } = props;
  const common = {
    label: field.label,
    description: fieldDescription(field),
    error,
    required: field.required,
  };
  const columnNames = columns.map((column) => column.name);
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? value : [];
  switch (field.control) {
    case 'boolean':
      return (
        <Switch
          label={field.label}
          description={field.description ?? undefined}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
          error={error}
        />
      );
    case 'select':
      return (
        <Picker
          {...common}
          data={field.options}
          value={text || null}
          onChange={(next) => onChange(next ?? '')}
          clearable={!field.required}
          placeholder={field.defaultText ?? 'Pick one'}
        />
      );
    case 'multiselect':
      return <MultiPicker {...common} data={field.options} value={list} onChange={onChange} />;
    case 'column':
      return columnNames.length > 0 ? (
        <Picker
          {...common}
          data={columns.map((column) => ({ value: column.name, label: `${column.name} (${column.type})` }))}
          value={text || null}
          onChange={(next) => onChange(next ?? '')}
          searchable
          clearable={!field.required}
          placeholder="Pick a column"
          nothingFoundMessage="No column by that name"
        />
      ) : (
        <TextInput {...common} value={text} onChange={(event) => onChange(event.currentTarget.value)} />
      );
    case 'columns':
      return columnNames.length > 0 ? (
        <MultiPicker {...common} data={columnNames} value={list} onChange={onChange} searchable />
      ) : (
        <TagsInput {...common} value={list} onChange={onChange} placeholder="Type a column, then Enter" />
      );
    case 'values':
      return (
        <TagsInput
          {...common}
          description={[fieldDescription(field), 'numbers and true/false are sent as such']
            .filter(Boolean)
            .join('; ')}
          value={list}
          onChange={onChange}
          placeholder="Type a value, then Enter"
        />
      );
    case 'textarea':
    case 'json':
      return (
        <Textarea
          {...common}
          description={
            field.control === 'json'
              ? [fieldDescription(field), 'JSON'].filter(Boolean).join('; ')
              : common.description
          }
          autosize
          minRows={field.control === 'json' ? 3 : 2}
          ff="monospace"
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          inputMode={field.control === 'number' || field.control === 'integer' ? 'decimal' : undefined}
          placeholder={field.defaultText ?? undefined}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}

function DryRunResult({ reply }: { reply: DryRunReply }): ReactNode {
  const samples = reply.samples.slice(0, 10);
  const sampleColumns = [...new Set(samples.flatMap((sample) => Object.keys(sample)))];
  const unexpected = reply.detail['unexpected_percent'];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="dry-run-title" data-testid="dry-run-result">
      <Stack gap="xs">
        <Title order={2} size="h4" id="dry-run-title">
          Dry run
        </Title>
        <Group gap="md">
          <Badge
            color={outcomeColor(reply.outcome)}
            variant="filled"
            autoContrast
            size="lg"
            data-testid="dry-run-outcome"
          >
            {reply.outcome}
          </Badge>
          <Text size="sm">Metric value: {reply.metric_value ?? '—'}</Text>
          {typeof unexpected === 'number' && <Text size="sm">Unexpected: {unexpected} %</Text>}
          <Text size="sm">{reply.duration_ms} ms</Text>
        </Group>
        <Text size="sm">Nothing was saved. The preview reads the live data as a run would.</Text>
        {samples.length > 0 && (
          <Table.ScrollContainer minWidth={400}>
            <Table>
              <Table.Caption>Failing rows (redacted by the suite’s column policy)</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {sampleColumns.map((column) => (
                    <Table.Th key={column} scope="col">
                      {column}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {samples.map((sample, index) => (
                  <Table.Tr key={index}>
                    {sampleColumns.map((column) => (
                      <Table.Td key={column}>{JSON.stringify(sample[column] ?? null)}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {Object.keys(reply.detail).length > 0 && (
          <details>
            <summary>Details</summary>
            <Code block>{JSON.stringify(reply.detail, null, 2)}</Code>
          </details>
        )}
      </Stack>
    </Paper>
  );
}

function CheckForm(props: {
  suite: Suite;
  kinds: CheckKindDescription[];
  columns: TargetColumn[];
  columnsError: unknown;
  check: Check | null;
}): ReactNode {
  const { suite, kinds, columns, columnsError, check } = props;
  const { client } = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const allChoices = useMemo(() => choicesOf(kinds), [kinds]);
  // An edit keeps the check's kind: only the same kind's choices are offered.
  const choices = check ? allChoices.filter((choice) => choice.kind.kind === check.kind) : allChoices;
  const [form, setForm] = useState<CheckFormState>(() => {
    if (!check) return emptyForm();
    const value = allChoices.find((choice) => choice.value === formOfCheck(check, undefined).choice);
    return formOfCheck(check, value);
  });
  const choice: Choice | undefined = allChoices.find((candidate) => candidate.value === form.choice);
  const [localProblems, setLocalProblems] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: NonNullable<ReturnType<typeof buildCheck>['body']>) =>
      check ? updateCheck(client, suite.id, check.id, body) : createCheck(client, suite.id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(suiteKeys.check(suite.id, saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: suiteKeys.one(suite.id) });
      void navigate(`/suites/${suite.id}/checks/${saved.id}`);
    },
  });
  const dryRun = useMutation({
    mutationFn: (body: NonNullable<ReturnType<typeof buildCheck>['body']>) =>
      dryRunCheck(client, suite.id, body),
  });
  const lastError = save.error ?? dryRun.error;
  const problems = { ...apiFieldProblems(lastError), ...localProblems };
  const problem = (field: string): string | undefined => problemFor(problems, field);

  const update = (next: Partial<CheckFormState>): void => setForm((current) => ({ ...current, ...next }));
  const setField = (name: string, value: FieldValue): void =>
    setForm((current) => ({ ...current, fields: { ...current.fields, [name]: value } }));

  const built = (): ReturnType<typeof buildCheck>['body'] => {
    const result = buildCheck(form, choice);
    setLocalProblems(result.problems);
    save.reset();
    dryRun.reset();
    return result.body;
  };
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const body = built();
    if (body) save.mutate(body);
  };
  const preview = (): void => {
    const body = built();
    if (body) dryRun.mutate(body);
  };
  const pickerData = useMemo(() => {
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const candidate of choices) {
      const items = groups.get(candidate.group) ?? [];
      items.push({ value: candidate.value, label: candidate.label });
      groups.set(candidate.group, items);
    }
    return [...groups].map(([group, items]) => ({ group, items }));
  }, [choices]);
  const thresholdFields = choice ? thresholdFieldsOf(choice.kind) : [];
  const rules = choice ? [...choice.kind.rules, ...(choice.expectation?.rules ?? [])] : [];
  const defaultDimension = choice?.expectation?.default_dimension ?? choice?.kind.default_dimension;
  const defaults = choice?.kind.thresholds.default ?? null;

  return (
    <form onSubmit={submit} noValidate aria-label={check ? 'Edit check' : 'New check'}>
      <Stack>
        <Paper withBorder p="md">
          <Stack>
            <TextInput
              label="Name"
              required
              value={form.name}
              onChange={(event) => update({ name: event.currentTarget.value })}
              error={problem('name')}
            />
            <Textarea
              label="Description"
              autosize
              minRows={1}
              value={form.description}
              onChange={(event) => update({ description: event.currentTarget.value })}
              error={problem('description')}
            />
            <Picker
              label="What to check"
              required
              searchable
              placeholder="Search by name: not null, row count, freshness…"
              data={pickerData}
              value={form.choice || null}
              onChange={(value) => {
                const next = allChoices.find((candidate) => candidate.value === value);
                if (next) setForm((current) => withChoice(current, next));
              }}
              error={problem('kind') ?? problem('expectation_type')}
              nothingFoundMessage="Nothing by that name"
              maxDropdownHeight={320}
            />
            {choice && (
              <Stack gap={4} data-testid="choice-description">
                <Text size="sm">{choice.description}</Text>
                {choice.expectation && (
                  <Text size="xs" ff="monospace">
                    {choice.expectation.type}
                  </Text>
                )}
                {rules.length > 0 && (
                  <List size="sm">
                    {rules.map((rule) => (
                      <List.Item key={rule}>{rule}</List.Item>
                    ))}
                  </List>
                )}
              </Stack>
            )}
          </Stack>
        </Paper>

        {choice && (
          <Paper withBorder p="md" component="section" aria-labelledby="config-title">
            <Stack>
              <Title order={2} size="h4" id="config-title">
                Settings
              </Title>
              {columnsError !== null && (
                <Alert color="yellow" role="status">
                  The target’s columns could not be read ({messageOf(columnsError)}); type column names
                  instead.
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {fieldsOfChoice(choice).map((field) => (
                  <ConfigField
                    key={field.name}
                    field={field}
                    value={form.fields[field.name]}
                    onChange={(value) => setField(field.name, value)}
                    error={problem(field.name)}
                    columns={columns}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          </Paper>
        )}

        {choice && (
          <Paper withBorder p="md" component="section" aria-labelledby="severity-title">
            <Stack>
              <Title order={2} size="h4" id="severity-title">
                Severity and dimension
              </Title>
              {thresholdFields.length > 0 ? (
                <>
                  <Text size="sm">
                    Thresholds in {choice.kind.thresholds.unit}: a tier is reached above its bound; a tier
                    left empty is never reached.
                    {defaults &&
                      ` With none set: ${Object.entries(defaults)
                        .map(([tier, bound]) => `${tier} > ${bound}`)
                        .join(', ')}.`}
                  </Text>
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    {TIERS.map((tier) => (
                      <TextInput
                        key={tier}
                        label={`${tier.charAt(0).toUpperCase()}${tier.slice(1)} above`}
                        inputMode="decimal"
                        value={form.thresholds[tier]}
                        onChange={(event) => {
                          const value = event.currentTarget.value;
                          setForm((current) => ({
                            ...current,
                            thresholds: { ...current.thresholds, [tier]: value },
                          }));
                        }}
                        error={problem(`thresholds.${tier}`)}
                      />
                    ))}
                  </SimpleGrid>
                </>
              ) : (
                <Text size="sm">
                  This kind takes no thresholds: its severity is part of its settings above.
                </Text>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Picker
                  label="Dimension"
                  data={DIMENSIONS.map((dimension) => ({ value: dimension, label: dimension }))}
                  placeholder={defaultDimension ? `Default: ${defaultDimension}` : 'Default'}
                  clearable
                  value={form.dimension || null}
                  onChange={(value) => update({ dimension: value ?? '' })}
                  error={problem('dimension')}
                />
                <Switch
                  mt="lg"
                  label="Enabled"
                  checked={form.enabled}
                  onChange={(event) => update({ enabled: event.currentTarget.checked })}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        )}

        {lastError !== null && (
          <Alert color="red" role="alert" title={dryRun.isError ? 'The dry run was refused' : 'Not saved'}>
            {messageOf(lastError)}
          </Alert>
        )}
        {Object.keys(localProblems).length > 0 && (
          <Alert color="red" role="alert">
            Some fields need attention before this can be sent.
          </Alert>
        )}
        {dryRun.data && <DryRunResult reply={dryRun.data} />}
        <Group>
          <Button variant="default" onClick={preview} loading={dryRun.isPending} disabled={!choice}>
            Dry run
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!choice}>
            {check ? 'Save check' : 'Add check'}
          </Button>
          <Anchor
            component={Link}
            to={check ? `/suites/${suite.id}/checks/${check.id}` : `/suites/${suite.id}`}
          >
            Cancel
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

/** Add a check to a suite, or edit one: a form per kind from the check-kind catalogue. */
export function CheckFormPage(): ReactNode {
  const { suiteId = '', checkId } = useParams();
  const { client } = useApi();
  const suite = useQuery({ queryKey: suiteKeys.one(suiteId), queryFn: () => getSuite(client, suiteId) });
  const datasourceKind = suite.data?.connection_kind ?? '';
  const kinds = useQuery({
    queryKey: suiteKeys.kinds(datasourceKind),
    queryFn: () => listCheckKinds(client, datasourceKind),
    enabled: datasourceKind !== '',
    staleTime: Infinity,
  });
  const columns = useQuery({
    queryKey: suiteKeys.columns(suiteId),
    queryFn: () => listColumns(client, suiteId),
    retry: false,
    staleTime: 60_000,
  });
  const check = useQuery({
    queryKey: suiteKeys.check(suiteId, checkId ?? ''),
    queryFn: () => getCheck(client, suiteId, checkId ?? ''),
    enabled: checkId !== undefined,
  });
  const title = checkId ? 'Edit check' : 'Add a check';

  const header = (
    <>
      <Anchor
        component={Link}
        to={checkId ? `/suites/${suiteId}/checks/${checkId}` : `/suites/${suiteId}`}
        w="fit-content"
      >
        ← {checkId ? (check.data?.name ?? 'Check') : (suite.data?.name ?? 'Suite')}
      </Anchor>
      <Title order={1}>{title}</Title>
    </>
  );
  const failed = suite.error ?? kinds.error ?? check.error;
  if (failed) {
    return (
      <Stack>
        {header}
        <ErrorState error={failed} />
      </Stack>
    );
  }
  if (!suite.data || !kinds.data || (checkId && !check.data) || columns.isPending) {
    return (
      <Stack>
        {header}
        <LoadingState label="Loading the check editor" />
      </Stack>
    );
  }
  if (!grantAtLeast(suite.data.my_grant, 'edit')) {
    return (
      <Stack>
        {header}
        <Alert color="yellow" role="status">
          You can view this suite but not change its checks. Ask its owner for edit access.
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack>
      {header}
      <Text size="sm">
        Suite <strong>{suite.data.name}</strong> on <code>{suite.data.target}</code> (
        {suite.data.connection_kind})
      </Text>
      <CheckForm
        key={check.data ? `${check.data.id}:${check.data.version}` : 'new'}
        suite={suite.data}
        kinds={kinds.data}
        columns={columns.data ?? []}
        columnsError={columns.error}
        check={checkId ? (check.data ?? null) : null}
      />
    </Stack>
  );
}
