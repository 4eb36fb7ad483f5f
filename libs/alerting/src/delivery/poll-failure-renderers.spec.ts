import type { OrchestrationPollFailedEvent } from '@dq/contracts';
import { blockKitProblems, teamsMessageProblems } from '@dq/testing';
import { buildPollFailurePayload } from './alert-payload.builder';
import { renderRequest } from './alert-sender';
import { renderAlertEmail } from './email-message';
import { applyPayloadTemplate } from './payload-template';
import { renderSlackMessage } from './slack-message';
import { renderTeamsMessage } from './teams-message';
import type { DeliveryChannel } from '../channels/channel-delivery';

const CONNECTION = '44444444-4444-4444-8444-444444444444';

const event = (extra: Partial<OrchestrationPollFailedEvent> = {}): OrchestrationPollFailedEvent => ({
  event_id: `poll-failed.${CONNECTION}.2026-01-01T00:00:00.000Z`,
  connection_id: CONNECTION,
  connection_name: 'adf <prod> & co',
  provider: 'factory',
  consecutive_failures: 3,
  first_failed_at: '2026-01-01T00:00:00.000Z',
  last_failed_at: '2026-01-01T00:20:00.000Z',
  last_error_class: 'http_401',
  ...extra,
});

const NOW = new Date('2026-01-01T00:20:05.000Z');

describe('poll-failure payload and renderers', () => {
  const payload = buildPollFailurePayload(event(), NOW);

  it('builds a poll_failure payload naming the connection and the streak, no run or suite', () => {
    expect(payload).toEqual({
      type: 'poll_failure',
      alert_id: '',
      created_at: NOW.toISOString(),
      severity: 'fail',
      summary:
        'Polling factory connection "adf <prod> & co" failed 3 times in a row since 2026-01-01T00:00:00.000Z (http_401)',
      connection: { id: CONNECTION, name: 'adf <prod> & co', provider: 'factory' },
      poll: {
        consecutive_failures: 3,
        first_failed_at: '2026-01-01T00:00:00.000Z',
        last_failed_at: '2026-01-01T00:20:00.000Z',
        last_error_class: 'http_401',
      },
    });
    expect(payload).not.toHaveProperty('run');
    expect(payload).not.toHaveProperty('suite');
  });

  it('renders valid Block Kit with the facts, escaped, and a text fallback', () => {
    const message = renderSlackMessage(payload);
    expect(blockKitProblems(message)).toEqual([]);
    expect(message.text).toContain('Orchestration polling failing: adf <prod> & co (factory)');
    const all = JSON.stringify(message.blocks);
    // mrkdwn sections escape the name; the plain_text header needs no escaping.
    const mrkdwn = JSON.stringify(message.blocks.filter((block) => block.type !== 'header'));
    expect(mrkdwn).toContain('adf &lt;prod&gt; &amp; co');
    expect(mrkdwn).not.toContain('adf <prod>');
    expect(all).toContain('Failed polls in a row:* 3');
    expect(all).toContain('http_401');
    expect(all).not.toContain('Run `');
  });

  it('renders a valid Adaptive Card with a fact set and no run link', () => {
    const message = renderTeamsMessage(payload);
    expect(teamsMessageProblems(message)).toEqual([]);
    const card = message.attachments[0].content;
    expect(card.actions).toBeUndefined();
    const facts = (
      card.body as Array<{ type: string; facts?: Array<{ title: string; value: string }> }>
    ).find((block) => block.type === 'FactSet')?.facts;
    expect(facts).toEqual(
      expect.arrayContaining([
        { title: 'Orchestrator', value: 'factory' },
        { title: 'Failed polls in a row', value: '3' },
        { title: 'Failing since', value: '2026-01-01T00:00:00.000Z' },
      ]),
    );
  });

  it('renders a mail with a one-line subject and escaped HTML', () => {
    const mail = renderAlertEmail(
      buildPollFailurePayload(event({ connection_name: 'a\r\nBcc: x@evil.test' }), NOW),
    );
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain('Orchestration polling failing');
    const plain = renderAlertEmail(payload);
    expect(plain.text).toContain('Last failure: 2026-01-01T00:20:00.000Z (http_401)');
    expect(plain.html).toContain('adf &lt;prod&gt; &amp; co');
    expect(plain.html).not.toContain('<prod>');
  });

  it('sends a webhook the payload itself, signed, and a payload_template reaches its fields', () => {
    const channel: DeliveryChannel = {
      id: '55555555-5555-4555-8555-555555555555',
      name: 'hook',
      type: 'webhook',
      webhookUrl: 'https://hooks.example.test/x',
      emailTo: [],
      payloadTemplate: null,
      authHeader: null,
      signingKeys: [Buffer.alloc(32, 7).toString('base64url')],
      flaggedAt: null,
    };
    const request = renderRequest(channel, 'delivery-1', { ...payload, alert_id: 'delivery-1' }, NOW);
    expect(JSON.parse(request.body)).toMatchObject({ type: 'poll_failure', connection: { id: CONNECTION } });
    expect(request.headers['webhook-id']).toBe('delivery-1');
    expect(request.headers['webhook-signature']).toMatch(/^v1,/);
    expect(
      applyPayloadTemplate(
        { text: '{{summary}}', conn: '{{connection.name}}', n: '{{poll.consecutive_failures}}' },
        payload,
      ),
    ).toEqual({ text: payload.summary, conn: 'adf <prod> & co', n: 3 });
  });
});
