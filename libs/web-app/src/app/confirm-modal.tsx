import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { messageOf } from '../api/api-error';

/** A destructive action asked once more: what it does, the failure if it failed, Cancel and the action. */
export function ConfirmModal(props: {
  title: string;
  children: ReactNode;
  action: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}): ReactNode {
  return (
    <Modal opened onClose={props.onClose} title={props.title} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text size="sm">{props.children}</Text>
        {props.error !== null && (
          <Alert color="red" role="alert">
            {messageOf(props.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button color="red" loading={props.pending} onClick={props.onConfirm}>
            {props.action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** What `MutationConfirmModal` reads of a mutation (TanStack Query's result has it). */
interface ConfirmedMutation {
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

/**
 * `ConfirmModal` for one mutation: its pending state and failure shown, and the failure forgotten
 * when the dialog closes.
 */
export function MutationConfirmModal({
  mutation,
  onClose,
  ...props
}: {
  title: string;
  children: ReactNode;
  action: string;
  mutation: ConfirmedMutation;
  onConfirm: () => void;
  onClose: () => void;
}): ReactNode {
  return (
    <ConfirmModal
      {...props}
      pending={mutation.isPending}
      error={mutation.error}
      onClose={() => {
        onClose();
        mutation.reset();
      }}
    />
  );
}
