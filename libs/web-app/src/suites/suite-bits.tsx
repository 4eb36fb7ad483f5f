import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { ApiError, fieldErrorOf } from '../api/api-error';
import type { DashboardSuitePerformance } from '../api/types';
import { useApi } from '../app/session';
import type { Grant } from './suites-api';

/** The days of runs the health and last run of a suite are read over (the dashboard's window). */
export const HEALTH_WINDOW_DAYS = 90;

const GRANT_LABEL: Record<Grant, string> = { view: 'View', edit: 'Edit', admin: 'Admin', owner: 'Owner' };

export function GrantBadge({ grant }: { grant: Grant }): ReactNode {
  return (
    <Badge variant="light" color={grant === 'view' ? 'gray' : 'indigo'}>
      {GRANT_LABEL[grant]}
    </Badge>
  );
}

/** Each visible suite's health score and last completed run, from the dashboard summary. */
export function useSuiteHealth(): Map<string, DashboardSuitePerformance> {
  const api = useApi();
  const summary = useQuery({
    queryKey: ['dashboard-summary', String(HEALTH_WINDOW_DAYS)],
    queryFn: () => api.dashboardSummary(HEALTH_WINDOW_DAYS),
  });
  return useMemo(
    () => new Map((summary.data?.suites ?? []).map((suite) => [suite.suite_id, suite])),
    [summary.data],
  );
}

/** A field's problem in a 422 (`detail.fields`) or a conflict naming it (`detail.field`, e.g. a taken name). */
export function suiteFieldError(error: unknown, field: string): string | undefined {
  const listed = fieldErrorOf(error, field);
  if (listed) return listed;
  if (error instanceof ApiError && error.detail['field'] === field) return error.message;
  return undefined;
}
