import {
  Alert,
  Badge,
  Checkbox,
  Group,
  List,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { messageOf } from '../api/api-error';
import { Picker } from '../app/pickers';
import { type ConnectionTestResult, type FormErrors, summarizeTest } from './connection-errors';
import { type FieldSpec, type FormValues, formKey } from './connection-kinds';

/** A problem's text and the typed value keep AA contrast in both themes (the default error red does not). */
export const READABLE_ERRORS = {
  input: { color: 'var(--mantine-color-text)' },
  error: { color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))' },
};

/** An alert's title in the text colour: the coloured default fails AA on its light background. */
export const READABLE_ALERT = { title: { color: 'var(--mantine-color-text)' } };

/** One section's fields (`config` or `credential`) of a kind, as the table describes them. */
export function ConnectionFields(props: {
  section: 'config' | 'credential';
  fields: readonly FieldSpec[];
  values: FormValues;
  errors: FormErrors['byField'];
  onChange: (key: string, value: string | boolean) => void;
  /** Edit form: required fields may stay as stored, so none is marked required. */
  requireFilled?: boolean;
}): ReactNode {
  const { section, fields, values, errors, onChange, requireFilled = true } = props;
  return (
    <>
      {fields.map((field) => {
        const key = formKey(section, field.name);
        const raw = values[key];
        const value = typeof raw === 'string' ? raw : '';
        const common = {
          label: field.label,
          description: field.description,
          error: errors[key],
          withAsterisk: requireFilled && field.required,
          styles: READABLE_ERRORS,
          'data-field': key,
        };
        const change = (next: string): void => onChange(key, next);
        if (field.input === 'boolean') {
          return (
            <Checkbox
              key={key}
              label={field.label}
              description={field.description}
              error={errors[key]}
              styles={{ error: READABLE_ERRORS.error }}
              checked={raw === true}
              onChange={(event) => onChange(key, event.currentTarget.checked)}
            />
          );
        }
        if (field.input === 'select') {
          return (
            <Picker
              key={key}
              {...common}
              data={[...(field.options ?? [])]}
              value={value || null}
              onChange={(next) => change(next ?? '')}
              clearable
              placeholder="Default"
            />
          );
        }
        if (field.secret && field.multiline) {
          return (
            <Textarea
              key={key}
              {...common}
              value={value}
              onChange={(event) => change(event.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
              autosize
              minRows={3}
            />
          );
        }
        if (field.secret) {
          return (
            <PasswordInput
              key={key}
              {...common}
              value={value}
              onChange={(event) => change(event.currentTarget.value)}
              autoComplete="new-password"
            />
          );
        }
        if (field.input === 'list' || field.input === 'map') {
          return (
            <Textarea
              key={key}
              {...common}
              value={value}
              onChange={(event) => change(event.currentTarget.value)}
              autosize
              minRows={2}
              spellCheck={false}
            />
          );
        }
        return (
          <TextInput
            key={key}
            {...common}
            value={value}
            onChange={(event) => change(event.currentTarget.value)}
            inputMode={field.input === 'number' ? 'numeric' : undefined}
            spellCheck={false}
          />
        );
      })}
    </>
  );
}

/** The credential's accepted forms, when the kind has several. */
export function CredentialForms({ forms }: { forms?: readonly (readonly string[])[] }): ReactNode {
  if (!forms) return null;
  return (
    <Text size="sm" c="dimmed">
      Fill in one of: {forms.map((form) => form.join(' + ')).join(', or ')}.
    </Text>
  );
}

/** Problems the API named that no field shows, and the envelope's message for anything else. */
export function FormProblems({ error, other }: { error: unknown; other: string[] }): ReactNode {
  if (!error) return null;
  return (
    <Alert styles={READABLE_ALERT} color="red" role="alert" title="Not saved" data-testid="form-error">
      <Stack gap={4}>
        <Text size="sm">{messageOf(error)}</Text>
        {other.length > 0 && (
          <List size="sm">
            {other.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Alert>
  );
}

/** A connection test's classified outcome. */
export function TestResultView({ result }: { result: ConnectionTestResult }): ReactNode {
  const summary = summarizeTest(result);
  return (
    <Alert
      styles={READABLE_ALERT}
      color={summary.ok ? 'teal' : 'red'}
      title={summary.title}
      role="status"
      data-testid="test-result"
      data-ok={summary.ok ? 'true' : 'false'}
    >
      <Stack gap={4}>
        <Text size="sm">{summary.message}</Text>
        {summary.hint && <Text size="sm">{summary.hint}</Text>}
        {!summary.ok && result.error && (
          <Group gap="xs">
            <Badge styles={{ label: { color: 'var(--mantine-color-text)' } }} variant="light" color="red">
              {result.error.class}
            </Badge>
            <Text size="xs">{Math.round(result.duration_ms)} ms</Text>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
