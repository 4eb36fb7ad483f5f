import { Badge, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMe } from '../app/session';
import { type CredentialHealth, lastUseOf } from './connection-errors';

const HEALTH: Record<CredentialHealth['status'], { color: string; label: string }> = {
  healthy: { color: 'teal', label: 'Healthy' },
  failing: { color: 'red', label: 'Failing' },
  unknown: { color: 'gray', label: 'Not used yet' },
};

export function HealthBadge({ health }: { health: CredentialHealth | null }): ReactNode {
  if (!health) return <Text size="sm">—</Text>;
  const { color, label } = HEALTH[health.status];
  return (
    <Badge
      styles={{ label: { color: 'var(--mantine-color-text)' } }}
      color={color}
      variant="light"
      data-testid="credential-health"
    >
      {label}
    </Badge>
  );
}

export function when(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

/** The credential's last use: passed or refused, and when. */
export function LastUse({ health }: { health: CredentialHealth | null }): ReactNode {
  const last = lastUseOf(health);
  if (!last) return <Text size="sm">—</Text>;
  return (
    <Text size="sm">
      {last.ok ? 'Passed' : `Refused${last.errorClass ? ` (${last.errorClass})` : ''}`} · {when(last.at)}
    </Text>
  );
}

export interface ConnectionRights {
  /** Create, edit, delete, re-auth, test a draft. */
  admin: boolean;
  /** Test a saved connection. */
  test: boolean;
  known: boolean;
}

/** What the signed-in person may do with connections (the API decides; this hides what it refuses). */
export function useConnectionRights(): ConnectionRights {
  const role = useMe().data?.role;
  return { admin: role === 'admin', test: role === 'admin' || role === 'member', known: role !== undefined };
}
