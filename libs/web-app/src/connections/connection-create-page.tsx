import { Alert, Anchor, Button, Fieldset, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Picker } from '../app/pickers';
import { LoadingState } from '../app/states';
import { type FormErrors, formErrorsOf } from './connection-errors';
import {
  ConnectionFields,
  CredentialForms,
  FormProblems,
  READABLE_ALERT,
  READABLE_ERRORS,
  TestResultView,
} from './connection-fields';
import {
  CONNECTION_KINDS,
  type ConnectionKind,
  type FormValues,
  configBody,
  credentialBody,
  formKey,
  isConnectionKind,
  kindSpec,
} from './connection-kinds';
import { useConnectionRights } from './connection-parts';
import { type DraftTestBody, useCreateConnection, useTestDraft } from './connections-api';

const KIND_OPTIONS = CONNECTION_KINDS.map((spec) => ({ value: spec.kind, label: spec.label }));
const NO_ERRORS: FormErrors = { byField: {}, other: [] };

function formKeysOf(kind: ConnectionKind): string[] {
  const spec = kindSpec(kind);
  return [
    'name',
    ...spec.config.map((field) => formKey('config', field.name)),
    ...spec.credential.map((field) => formKey('credential', field.name)),
  ];
}

function CreateForm({ kind }: { kind: ConnectionKind }): ReactNode {
  const spec = kindSpec(kind);
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [failure, setFailure] = useState<unknown>(null);
  const create = useCreateConnection();
  const test = useTestDraft();

  const failed = (error: unknown): void => {
    setFailure(error);
    setErrors(formErrorsOf(error, formKeysOf(kind)));
  };
  const change = (key: string, value: string | boolean): void => {
    setValues((current) => ({ ...current, [key]: value }));
    // The problem named for a field goes once the field is changed; what was typed stays.
    setErrors((current) => {
      if (!(key in current.byField)) return current;
      const byField = { ...current.byField };
      delete byField[key];
      return { ...current, byField };
    });
    test.reset();
  };
  const draft = (): DraftTestBody => {
    const credential = credentialBody(kind, values);
    return {
      kind,
      config: configBody(kind, values),
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(credential ? { credential } : {}),
    } as DraftTestBody;
  };
  const runTest = (): void => {
    setFailure(null);
    setErrors(NO_ERRORS);
    test.mutate(draft(), { onError: failed });
  };
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setFailure(null);
    setErrors(NO_ERRORS);
    const body = { ...draft(), name: name.trim() };
    create.mutate(body, {
      onSuccess: (connection) => void navigate(`/connections/${connection.id}`),
      onError: failed,
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`New ${spec.label} connection`}>
      <Stack maw={560}>
        <TextInput
          label="Name"
          withAsterisk
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setErrors((current) => {
              const byField = { ...current.byField };
              delete byField['name'];
              return { ...current, byField };
            });
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
            />
          </Stack>
        </Fieldset>
        <Fieldset legend="Credential">
          <Stack>
            <Text size="sm">Stored sealed and never shown again, to you or anyone.</Text>
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
        <FormProblems error={failure} other={errors.other} />
        {test.data && <TestResultView result={test.data} />}
        <Group>
          <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
            Create connection
          </Button>
          <Button variant="default" onClick={runTest} loading={test.isPending}>
            Test before saving
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** New connection (Admin): pick a kind, then that kind's settings and credential. */
export function ConnectionCreatePage(): ReactNode {
  const rights = useConnectionRights();
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind = isConnectionKind(kindParam) ? kindParam : null;

  return (
    <Stack>
      <Anchor component={Link} to="/connections" size="sm">
        Back to connections
      </Anchor>
      <Title order={1}>New connection</Title>
      {!rights.known ? (
        <LoadingState label="Loading your role" />
      ) : !rights.admin ? (
        <Alert
          styles={READABLE_ALERT}
          color="yellow"
          role="alert"
          title="Only a workspace admin creates connections"
        >
          Ask an admin to add the connection you need.
        </Alert>
      ) : (
        <>
          <Picker
            label="Kind"
            placeholder="Pick the kind of datasource or orchestrator"
            data={KIND_OPTIONS}
            value={kind}
            onChange={(next) => setParams(next ? { kind: next } : {})}
            maw={560}
            allowDeselect={false}
          />
          {kind ? (
            <CreateForm key={kind} kind={kind} />
          ) : (
            <Text size="sm">Pick a kind to see the settings and credential it takes.</Text>
          )}
        </>
      )}
    </Stack>
  );
}
