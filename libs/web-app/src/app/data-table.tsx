import { Button, Menu, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A striped table that scrolls sideways below `minWidth`: its column headers, a last column headed
 * "Actions" for screen readers only where `withActions`, and the rows (`children`, as `Table.Tr`).
 */
export function DataTable({
  testId,
  minWidth,
  columns,
  withActions = false,
  highlightOnHover = false,
  children,
}: {
  testId: string;
  minWidth: number;
  columns: readonly string[];
  withActions?: boolean;
  highlightOnHover?: boolean;
  children: ReactNode;
}): ReactNode {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover={highlightOnHover} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
            {withActions && (
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A row's "Actions" button, named after the row, and its menu: `children` (as `Menu.Item`), then
 * a red "Delete…" where `onDelete` is given.
 */
export function RowActionsMenu({
  name,
  onDelete,
  children,
}: {
  name: string;
  onDelete?: () => void;
  children: ReactNode;
}): ReactNode {
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button size="xs" variant="default" aria-label={`Actions for ${name}`}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {children}
        {onDelete && (
          <Menu.Item color="red" onClick={onDelete}>
            Delete…
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
