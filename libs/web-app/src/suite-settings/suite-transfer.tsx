import { Alert, Button, FileInput, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, fieldErrorOf, messageOf } from '../api/api-error';
import type { Suite } from '../api/types';
import { Picker } from '../app/pickers';
import { useApi } from '../app/session';
import { exportSuite, importSuite, listConnectionsForImport } from './suite-settings-api';
import { exportFileName, parseSuiteDocument, renamed, unresolvedConnectionsOf } from './suite-settings-logic';

/** Hands `text` to the browser as a download named `fileName`. */
function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Export the suite's portable document as a `.json` file (the import lives on the suites list). */
export function SuiteExportButton({ suite }: { suite: Suite }): ReactNode {
  const { client } = useApi();
  const run = useMutation({
    mutationFn: () => exportSuite(client, suite.id),
    onSuccess: (document) => download(`${JSON.stringify(document, null, 2)}\n`, exportFileName(suite.name)),
  });
  return (
    <>
      <Button variant="default" onClick={() => run.mutate()} loading={run.isPending}>
        Export
      </Button>
      {run.isError && (
        <Text size="sm" c="red" role="alert">
          Export failed: {messageOf(run.error)}
        </Text>
      )}
    </>
  );
}

const SUITE_NAME_FIELD = 'document.suite.name';

function ImportForm({ onClose }: { onClose: () => void }): ReactNode {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const parsed = parseSuiteDocument(text);
  const run = useMutation({
    mutationFn: () => {
      if (!parsed.ok) throw new Error(parsed.problem);
      const document = name.trim() ? renamed(parsed.document, name.trim()) : parsed.document;
      return importSuite(client, document, mapping);
    },
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: ['suites'] });
      onClose();
      void navigate(`/suites/${result.suite.id}`);
    },
  });
  const unresolved = run.error instanceof ApiError ? unresolvedConnectionsOf(run.error.detail) : [];
  const connections = useQuery({
    queryKey: ['suites', 'import', 'connections'],
    queryFn: () => listConnectionsForImport(client),
    enabled: unresolved.length > 0,
  });

  const takeText = (next: string): void => {
    setText(next);
    setProblem(null);
    run.reset();
    const read = parseSuiteDocument(next);
    if (read.ok) setName(read.document.suite.name);
  };
  const pick = (picked: File | null): void => {
    setFile(picked);
    if (!picked) return;
    picked.text().then(takeText, () => setProblem('The file could not be read.'));
  };
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (!parsed.ok) {
      setProblem(parsed.problem);
      return;
    }
    run.mutate();
  };
  const nameError =
    fieldErrorOf(run.error, SUITE_NAME_FIELD) ??
    (run.error instanceof ApiError && run.error.code === 'suite_name_taken'
      ? messageOf(run.error)
      : undefined);

  return (
    <form onSubmit={submit} noValidate aria-label="Import a suite">
      <Stack>
        <Text size="sm">
          Import a document exported from this or another environment. A new name makes a new suite you own;
          the name of a suite you own updates it in place.
        </Text>
        <FileInput
          label="Document file"
          placeholder="Pick a .json file"
          accept="application/json,.json"
          value={file}
          onChange={pick}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the file' }}
        />
        <Textarea
          label="Or paste the document"
          value={text}
          onChange={(event) => takeText(event.currentTarget.value)}
          autosize
          minRows={4}
          maxRows={12}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          error={problem ?? undefined}
        />
        {parsed.ok && (
          <TextInput
            label="Suite name"
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              run.reset();
            }}
            error={nameError}
          />
        )}
        {unresolved.map((connection) => (
          <Picker
            key={connection.name}
            label={`Connection here for “${connection.name}” (${connection.kind})`}
            placeholder="Pick a connection"
            data={(connections.data ?? [])
              .filter((candidate) => candidate.kind === connection.kind)
              .map((candidate) => ({ value: candidate.id, label: candidate.name }))}
            value={mapping[connection.name] ?? null}
            onChange={(value) => {
              const next = { ...mapping };
              if (value) next[connection.name] = value;
              else delete next[connection.name];
              setMapping(next);
            }}
            nothingFoundMessage="No connection of this kind"
          />
        ))}
        {run.isError && !nameError && (
          <Alert color="red" role="alert">
            {messageOf(run.error)}
          </Alert>
        )}
        <Button type="submit" loading={run.isPending} w="fit-content">
          Import suite
        </Button>
      </Stack>
    </form>
  );
}

/** Import a portable suite document: for the suites list's header. */
export function SuiteImportButton(): ReactNode {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Import suite
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Import a suite"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {opened && <ImportForm onClose={() => setOpened(false)} />}
      </Modal>
    </>
  );
}
