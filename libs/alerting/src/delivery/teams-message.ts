import type { DeliveryPayload, PollFailurePayload } from './alert-payload.builder';
import { POLL_FAILURE_HINT, alertTitle, checkLine, countsLine, pollFailureFacts } from './text';

/** Checks drawn on the card; Teams refuses messages above about 28 KB, so the rest are counted. */
export const TEAMS_MAX_CHECKS = 30;

/** A Teams Workflows webhook body: one message carrying an Adaptive Card 1.5. */
export interface TeamsMessage {
  type: 'message';
  attachments: Array<{
    contentType: 'application/vnd.microsoft.card.adaptive';
    contentUrl: null;
    content: Record<string, unknown>;
  }>;
}

const SEVERITY_COLOUR: Record<string, string> = { critical: 'Attention', fail: 'Attention', warn: 'Warning' };

/** The alert as an Adaptive Card: title, facts, one line per check, a link to the run. */
export function renderTeamsMessage(payload: DeliveryPayload): TeamsMessage {
  if (payload.type === 'poll_failure') return teamsCard(pollFailureBody(payload));
  const shown = payload.checks.slice(0, TEAMS_MAX_CHECKS);
  const hidden = payload.checks.length - shown.length;
  const body: Array<Record<string, unknown>> = [
    {
      type: 'TextBlock',
      text: alertTitle(payload),
      size: 'Large',
      weight: 'Bolder',
      wrap: true,
      color: SEVERITY_COLOUR[payload.severity] ?? 'Default',
    },
    { type: 'TextBlock', text: payload.summary, wrap: true },
    {
      type: 'FactSet',
      facts: [
        { title: 'Suite', value: payload.suite.name ?? payload.suite.id },
        { title: 'Run', value: `${payload.run.id} (${payload.run.status})` },
        { title: 'Severity', value: payload.severity },
        { title: 'Checks', value: countsLine(payload) },
      ],
    },
    ...shown.map((check) => ({ type: 'TextBlock', text: checkLine(check), wrap: true, spacing: 'Small' })),
  ];
  if (hidden > 0) {
    body.push({ type: 'TextBlock', text: `…and ${hidden} more; see the run`, wrap: true, isSubtle: true });
  }
  const actions =
    payload.run.url === null
      ? undefined
      : [{ type: 'Action.OpenUrl', title: 'Open run', url: payload.run.url }];
  return teamsCard(body, actions);
}

function teamsCard(
  body: Array<Record<string, unknown>>,
  actions?: Array<Record<string, unknown>>,
): TeamsMessage {
  const content: Record<string, unknown> = {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: '1.5',
    body,
  };
  if (actions !== undefined) content.actions = actions;
  return {
    type: 'message',
    attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content }],
  };
}

/** A poll failure: title, summary, the connection's facts and what it means. */
function pollFailureBody(payload: PollFailurePayload): Array<Record<string, unknown>> {
  return [
    {
      type: 'TextBlock',
      text: alertTitle(payload),
      size: 'Large',
      weight: 'Bolder',
      wrap: true,
      color: 'Attention',
    },
    { type: 'TextBlock', text: payload.summary, wrap: true },
    { type: 'FactSet', facts: pollFailureFacts(payload) },
    { type: 'TextBlock', text: POLL_FAILURE_HINT, wrap: true, isSubtle: true },
  ];
}
