import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { messageOf } from '../api/api-error';
import { MultiPicker, Picker } from '../app/pickers';
import { EmptyState, ErrorState, LoadingState } from '../app/states';
import { RUN_STATUSES, dayAfter, statusesOf } from './run-format';
import { RunTable } from './run-parts';
import { type RunListFilters, useRunList, useSuiteChoices } from './runs-api';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters as the address holds them, so a filtered list is a link. */
function filtersOf(params: URLSearchParams): { api: RunListFilters; from: string; to: string } {
  const status = statusesOf(params.get('status'));
  const suite = params.get('suite') ?? '';
  const from = DAY.test(params.get('from') ?? '') ? (params.get('from') as string) : '';
  const to = DAY.test(params.get('to') ?? '') ? (params.get('to') as string) : '';
  const until = to ? dayAfter(to) : null;
  return {
    api: {
      ...(status.length > 0 ? { status } : {}),
      ...(suite ? { suite_id: suite } : {}),
      ...(from ? { since: from } : {}),
      ...(until ? { until } : {}),
    },
    from,
    to,
  };
}

/** All runs the person can see, newest first, filtered by status, suite and day range. */
export function RunListPage(): ReactNode {
  const [params, setParams] = useSearchParams();
  const { api: filters, from, to } = filtersOf(params);
  const runs = useRunList(filters, { live: true });
  const suites = useSuiteChoices();
  const items = runs.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Object.keys(filters).length > 0;

  const set = (key: string, value: string | null): void => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <Stack>
      <Title order={1}>Runs</Title>
      <Group
        align="flex-end"
        wrap="wrap"
        component="form"
        aria-label="Filter runs"
        onSubmit={(e) => e.preventDefault()}
      >
        <MultiPicker
          label="Status"
          placeholder={filters.status ? undefined : 'Any status'}
          data={RUN_STATUSES.map((status) => ({ value: status, label: status }))}
          value={filters.status ?? []}
          onChange={(value) => set('status', value.join(','))}
          clearable
          w={{ base: '100%', sm: 260 }}
        />
        <Picker
          label="Suite"
          placeholder="Any suite"
          data={(suites.data ?? []).map((suite) => ({ value: suite.id, label: suite.name }))}
          value={filters.suite_id ?? null}
          onChange={(value) => set('suite', value)}
          searchable
          clearable
          nothingFoundMessage={suites.isError ? 'Could not load the suites' : 'No suite by that name'}
          w={{ base: '100%', sm: 240 }}
        />
        <TextInput
          type="date"
          label="Created from"
          value={from}
          max={to || undefined}
          onChange={(event) => set('from', event.currentTarget.value)}
          w={{ base: '100%', sm: 170 }}
        />
        <TextInput
          type="date"
          label="Created to"
          value={to}
          min={from || undefined}
          onChange={(event) => set('to', event.currentTarget.value)}
          w={{ base: '100%', sm: 170 }}
        />
        {filtered && (
          <Button variant="default" onClick={() => setParams({}, { replace: true })}>
            Clear filters
          </Button>
        )}
      </Group>

      {runs.isPending ? (
        <LoadingState label="Loading runs" />
      ) : runs.isError ? (
        <ErrorState error={runs.error} onRetry={() => void runs.refetch()} />
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState title="No runs match these filters">
            Widen the day range, pick another status or suite, or clear the filters.
          </EmptyState>
        ) : (
          <EmptyState title="No runs yet">
            A run checks a suite against its data. Open a suite and choose Run now, or trigger one through the
            API (<code>POST /api/v1/suites/&#123;id&#125;/run</code>).
          </EmptyState>
        )
      ) : (
        <>
          <RunTable runs={items} showSuite testId="run-table" />
          <Group>
            {runs.hasNextPage && (
              <Button
                variant="default"
                onClick={() => void runs.fetchNextPage()}
                loading={runs.isFetchingNextPage}
              >
                Show older runs
              </Button>
            )}
            <Text size="sm">
              {items.length} {items.length === 1 ? 'run' : 'runs'} shown
              {runs.hasNextPage ? '; older runs follow' : ''}.
            </Text>
          </Group>
        </>
      )}
      {runs.isFetchNextPageError && (
        <Text size="sm" c="red" role="alert">
          Could not load older runs: {messageOf(runs.error)}
        </Text>
      )}
    </Stack>
  );
}
