import { BarChart } from '@mantine/charts';
import type { ReactNode } from 'react';
import type { DashboardTrendDay } from '../api/types';

/** Runs per UTC day of the window, stacked by how they ended; a click on a day opens that day's runs. */
export default function TrendChart({
  trend,
  onDay,
}: {
  trend: DashboardTrendDay[];
  onDay?: (date: string) => void;
}): ReactNode {
  const data = trend.map((day) => ({
    date: day.date.slice(5),
    Succeeded: day.runs_by_status.succeeded,
    Failed: day.runs_by_status.failed,
    Cancelled: day.runs_by_status.cancelled,
    'In progress': day.runs_by_status.queued + day.runs_by_status.running,
  }));
  return (
    <BarChart
      h={240}
      data={data}
      dataKey="date"
      type="stacked"
      withLegend
      barChartProps={{
        onClick: (state) => {
          const day = trend[Number(state.activeIndex)];
          if (onDay && day) onDay(day.date);
        },
        style: onDay ? { cursor: 'pointer' } : undefined,
      }}
      series={[
        { name: 'Succeeded', color: 'teal.6' },
        { name: 'Failed', color: 'red.6' },
        { name: 'Cancelled', color: 'gray.5' },
        { name: 'In progress', color: 'blue.5' },
      ]}
    />
  );
}
