import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

export interface UrlTab {
  value: string;
  label: ReactNode;
  panel: ReactNode;
}

/**
 * Tabs whose choice is kept in the address as `?tab=` (the first tab leaves it out), so a tab can
 * be linked and survives a reload; only the shown panel is mounted.
 */
export function UrlTabs({ tabs }: { tabs: readonly [UrlTab, ...UrlTab[]] }): ReactNode {
  const [params, setParams] = useSearchParams();
  const first = tabs[0].value;
  const asked = params.get('tab');
  const tab = tabs.find((candidate) => candidate.value === asked)?.value ?? first;
  return (
    <Tabs
      value={tab}
      onChange={(value) => {
        const next = new URLSearchParams(params);
        if (!value || value === first) next.delete('tab');
        else next.set('tab', value);
        setParams(next, { replace: true });
      }}
      keepMounted={false}
    >
      <Tabs.List>
        {tabs.map((entry) => (
          <Tabs.Tab key={entry.value} value={entry.value}>
            {entry.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((entry) => (
        <Tabs.Panel key={entry.value} value={entry.value} pt="md">
          {entry.panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
