import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DeliveryState, IncidentSeverity, IncidentState } from './alerting-api';
import {
  DELIVERY_STATE_COLOR,
  INCIDENT_STATE_COLOR,
  SEVERITY_COLOR,
  deliveryStateLabel,
  incidentStateLabel,
  severityLabel,
} from './alerting-format';

function FilledBadge({
  color,
  label,
}: {
  color: { bg: string; text: 'white' | 'black' };
  label: string;
}): ReactNode {
  return (
    <Badge color={color.bg} c={color.text} variant="filled">
      {label}
    </Badge>
  );
}

export function IncidentStateBadge({ state }: { state: IncidentState }): ReactNode {
  return <FilledBadge color={INCIDENT_STATE_COLOR[state]} label={incidentStateLabel(state)} />;
}

export function SeverityBadge({ severity }: { severity: IncidentSeverity }): ReactNode {
  return <FilledBadge color={SEVERITY_COLOR[severity]} label={severityLabel(severity)} />;
}

export function DeliveryStateBadge({ state }: { state: DeliveryState }): ReactNode {
  return <FilledBadge color={DELIVERY_STATE_COLOR[state]} label={deliveryStateLabel(state)} />;
}
