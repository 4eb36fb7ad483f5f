import type { DeliveryPayload, PollFailurePayload } from './alert-payload.builder';
import { POLL_FAILURE_HINT, alertTitle, checkLine, countsLine, pollFailureFacts, truncate } from './text';

/** Block Kit limits the renderer keeps (api.slack.com/reference/block-kit). */
export const SLACK_MAX_BLOCKS = 50;
export const SLACK_SECTION_TEXT_MAX = 3000;
export const SLACK_HEADER_TEXT_MAX = 150;
/** Header, summary, divider, the "and N more" line and the link: what the checks leave room for. */
const FIXED_BLOCKS = 5;

export interface SlackMessage {
  /** The fallback shown in notifications and by clients that cannot draw blocks. */
  text: string;
  blocks: Array<Record<string, unknown>>;
}

/** Slack mrkdwn: `&`, `<` and `>` are control characters and must be escaped. */
export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function section(text: string): Record<string, unknown> {
  return { type: 'section', text: { type: 'mrkdwn', text: truncate(text, SLACK_SECTION_TEXT_MAX) } };
}

/** An incoming-webhook message: a header, the run summary, one section per check (at most 50 blocks). */
export function renderSlackMessage(payload: DeliveryPayload): SlackMessage {
  if (payload.type === 'poll_failure') return renderSlackPollFailure(payload);
  const title = alertTitle(payload);
  const blocks: Array<Record<string, unknown>> = [
    {
      type: 'header',
      text: { type: 'plain_text', text: truncate(title, SLACK_HEADER_TEXT_MAX), emoji: true },
    },
    section(
      [
        `*${slackEscape(payload.summary)}*`,
        `Run \`${payload.run.id}\` ${slackEscape(payload.run.status)}${payload.run.trigger ? ` (${slackEscape(payload.run.trigger)})` : ''}`,
        `Checks: ${countsLine(payload)}`,
      ].join('\n'),
    ),
    { type: 'divider' },
  ];
  const room = SLACK_MAX_BLOCKS - FIXED_BLOCKS;
  const shown = payload.checks.slice(0, room);
  for (const check of shown) blocks.push(section(slackEscape(checkLine(check))));
  const hidden = payload.checks.length - shown.length;
  if (hidden > 0) {
    blocks.push({
      type: 'context',
      elements: [
        { type: 'mrkdwn', text: `…and ${hidden} more ${hidden === 1 ? 'check' : 'checks'}; see the run` },
      ],
    });
  }
  if (payload.run.url !== null) {
    blocks.push({
      type: 'actions',
      elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open run' }, url: payload.run.url }],
    });
  }
  const fallback = `${title} (${payload.checks.length} ${payload.checks.length === 1 ? 'check' : 'checks'})${payload.run.url ? ` ${payload.run.url}` : ''}`;
  return { text: truncate(fallback, SLACK_SECTION_TEXT_MAX), blocks };
}

/** A poll failure: a header, the summary and the connection's facts (no run, no checks). */
function renderSlackPollFailure(payload: PollFailurePayload): SlackMessage {
  const title = alertTitle(payload);
  const facts = pollFailureFacts(payload).map((fact) => `*${fact.title}:* ${slackEscape(fact.value)}`);
  return {
    text: truncate(`${title}: ${payload.summary}`, SLACK_SECTION_TEXT_MAX),
    blocks: [
      {
        type: 'header',
        text: { type: 'plain_text', text: truncate(title, SLACK_HEADER_TEXT_MAX), emoji: true },
      },
      section(`*${slackEscape(payload.summary)}*`),
      section(facts.join('\n')),
      { type: 'context', elements: [{ type: 'mrkdwn', text: slackEscape(POLL_FAILURE_HINT) }] },
    ],
  };
}
