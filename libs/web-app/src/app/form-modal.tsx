import { Alert, Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { messageOf } from '../api/api-error';

/** A failure no field shows (of a form or an action), as an alert; nothing while `error` is null. */
export function ErrorAlert({ error }: { error: unknown }): ReactNode {
  if (error === null || error === undefined) return null;
  return (
    <Alert color="red" role="alert">
      {messageOf(error)}
    </Alert>
  );
}

/**
 * A form in a dialog: its fields (`children`), then the failure no field shows, Cancel and the
 * submit button. `onSubmit` runs in place of the browser's own submission.
 */
export function FormModal({
  title,
  size,
  formLabel,
  error,
  pending,
  submitLabel,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  size?: ModalProps['size'];
  /** The form's accessible name; none leaves the form unnamed. */
  formLabel?: string;
  error: unknown;
  pending: boolean;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}): ReactNode {
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal opened onClose={onClose} title={title} size={size} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate aria-label={formLabel}>
        <Stack>
          {children}
          <ErrorAlert error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
