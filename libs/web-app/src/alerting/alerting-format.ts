// Words and colours for incident, channel and delivery values, shared by the alerting screens.
import type {
  AlertOn,
  ChannelType,
  DeliveryState,
  IncidentSeverity,
  IncidentState,
  ResolveReason,
} from './alerting-api';

export const INCIDENT_STATES: readonly { value: IncidentState; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'acknowledged', label: 'Acknowledged' },
  { value: 'resolved', label: 'Resolved' },
];

export const INCIDENT_SEVERITIES: readonly { value: IncidentSeverity; label: string }[] = [
  { value: 'critical', label: 'Critical' },
  { value: 'fail', label: 'Fail' },
  { value: 'warn', label: 'Warn' },
];

export const RESOLVE_REASONS: readonly { value: ResolveReason; label: string }[] = [
  { value: 'fixed', label: 'Fixed' },
  { value: 'expected', label: 'Expected' },
  { value: 'false_positive', label: 'False positive (left out of anomaly baselines)' },
  { value: 'no_action_needed', label: 'No action needed' },
];

export const ALERT_ON_CHOICES: readonly { value: AlertOn; label: string }[] = [
  { value: 'fail_only', label: 'Failures only (fail, critical)' },
  { value: 'warn_and_above', label: 'Warnings and above' },
  { value: 'always', label: 'Every run' },
];

export const CHANNEL_TYPES: readonly { value: ChannelType; label: string }[] = [
  { value: 'webhook', label: 'Webhook' },
  { value: 'slack', label: 'Slack' },
  { value: 'teams', label: 'Microsoft Teams' },
  { value: 'email', label: 'Email' },
];

export const DELIVERY_STATES: readonly { value: DeliveryState; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'delivering', label: 'Delivering' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'dead', label: 'Dead (gave up)' },
];

function labelOf<T extends string>(choices: readonly { value: T; label: string }[], value: T): string {
  return choices.find((choice) => choice.value === value)?.label ?? value;
}

export const incidentStateLabel = (state: IncidentState): string => labelOf(INCIDENT_STATES, state);
export const severityLabel = (severity: IncidentSeverity): string => labelOf(INCIDENT_SEVERITIES, severity);
export const channelTypeLabel = (type: ChannelType): string => labelOf(CHANNEL_TYPES, type);
export const deliveryStateLabel = (state: DeliveryState): string => labelOf(DELIVERY_STATES, state);

/** How an incident was resolved: a clean run (no person), a person without a reason, or the reason. */
export function resolveReasonLabel(reason: ResolveReason | null, byPerson: boolean): string {
  if (reason !== null) return labelOf(RESOLVE_REASONS, reason).replace(/ \(.*\)$/, '');
  return byPerson ? 'No reason given' : 'Resolved by a clean run';
}

// Filled badges whose text keeps the AA contrast ratio on their colour (as the run outcome badges).
export const INCIDENT_STATE_COLOR: Record<IncidentState, { bg: string; text: 'white' | 'black' }> = {
  open: { bg: 'red.9', text: 'white' },
  acknowledged: { bg: 'yellow.4', text: 'black' },
  resolved: { bg: 'teal.9', text: 'white' },
};

export const SEVERITY_COLOR: Record<IncidentSeverity, { bg: string; text: 'white' | 'black' }> = {
  warn: { bg: 'yellow.4', text: 'black' },
  fail: { bg: 'orange.9', text: 'black' },
  critical: { bg: 'red.9', text: 'white' },
};

export const DELIVERY_STATE_COLOR: Record<DeliveryState, { bg: string; text: 'white' | 'black' }> = {
  pending: { bg: 'gray.7', text: 'white' },
  delivering: { bg: 'blue.8', text: 'white' },
  delivered: { bg: 'teal.9', text: 'white' },
  dead: { bg: 'red.9', text: 'white' },
};

/** Email recipients typed one per line or comma-separated, blanks dropped. */
export function parseRecipients(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

/** A payload template typed as JSON: null when blank, the object, or the reason it is not one. */
export function parseTemplate(
  text: string,
): { ok: true; value: Record<string, unknown> | null } | { ok: false; problem: string } {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return { ok: false, problem: 'The template must be a JSON object, e.g. {"text": "{{summary}}"}.' };
    }
    return { ok: true, value: parsed as Record<string, unknown> };
  } catch (error) {
    return {
      ok: false,
      problem: `Not valid JSON: ${error instanceof Error ? error.message : 'parse error'}`,
    };
  }
}
