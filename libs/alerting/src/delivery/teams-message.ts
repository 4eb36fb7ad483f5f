import type { DeliveryPayload } from './alert-payload.builder';
import { alertTitle, checkLine, countsLine } from './text';

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
  const content: Record<string, unknown> = {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: '1.5',
    body,
  };
  if (payload.run.url !== null) {
    content.actions = [{ type: 'Action.OpenUrl', title: 'Open run', url: payload.run.url }];
  }
  return {
    type: 'message',
    attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content }],
  };
}
