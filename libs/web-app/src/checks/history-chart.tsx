import { LineChart } from '@mantine/charts';
import type { ReactNode } from 'react';

/** A check's metric value over time, oldest first. */
export default function HistoryChart({
  points,
}: {
  points: { at: string; value: number; outcome: string }[];
}): ReactNode {
  const data = points.map((point) => ({
    at: new Date(point.at).toLocaleString(),
    'Metric value': point.value,
  }));
  return (
    <LineChart
      h={240}
      data={data}
      dataKey="at"
      series={[{ name: 'Metric value', color: 'indigo.6' }]}
      curveType="linear"
      withDots
    />
  );
}
