import type { RunCompletedCheck, RunCompletedEvent } from '@dq/contracts';
import { blockKitProblems, teamsMessageProblems } from '@dq/testing';
import { buildAlertPayload, buildTestPayload, highestSeverity, runUrl } from './alert-payload.builder';
import { renderAlertEmail } from './email-message';
import { applyPayloadTemplate } from './payload-template';
import { renderSlackMessage, SLACK_MAX_BLOCKS, SLACK_SECTION_TEXT_MAX } from './slack-message';
import { renderTeamsMessage, TEAMS_MAX_CHECKS } from './teams-message';
import { nextAttemptAt, retryDelayMs, RETRY_MAX_DELAY_MS, RETRY_WINDOW_MS } from './backoff';

const RUN = '11111111-1111-4111-8111-111111111111';
const SUITE = '22222222-2222-4222-8222-222222222222';

function check(
  i: number,
  outcome: RunCompletedCheck['outcome'],
  extra: Partial<RunCompletedCheck> = {},
): RunCompletedCheck {
  return {
    check_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    check_name: `check ${i}`,
    kind: 'row_count',
    check_version: 1,
    outcome,
    severity: outcome,
    metric_value: 42,
    unexpected_percent: null,
    previous_outcome: 'pass',
    snoozed_until: null,
    ...extra,
  };
}

function event(checks: RunCompletedCheck[], extra: Partial<RunCompletedEvent> = {}): RunCompletedEvent {
  const built: RunCompletedEvent = {
    event_id: '33333333-3333-4333-8333-333333333333',
    run_id: RUN,
    suite_id: SUITE,
    status: 'failed',
    suite_name: 'orders <prod> & co',
    trigger: 'schedule',
    checks,
    outcome_counts: { pass: 3, fail: 1, warn: 1 },
    total_checks: 5,
    finished_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
  return built;
}

function payloadWith(count: number) {
  const checks = Array.from({ length: count }, (_, i) => check(i, i === 0 ? 'critical' : 'fail'));
  return buildAlertPayload({
    type: 'alert',
    event: event(checks),
    checks: checks.map((c) => ({ check: c })),
    publicBaseUrl: 'https://dq.example.com/',
    now: new Date('2026-01-01T00:00:01.000Z'),
  });
}

describe('the generic alert payload', () => {
  it("groups the run's alerting checks with the run link, counts and highest severity", () => {
    const c1 = check(1, 'warn');
    const c2 = check(2, 'fail', { previous_outcome: 'warn', unexpected_percent: 12.5 });
    const payload = buildAlertPayload({
      type: 'alert.escalation',
      event: event([c1, c2, check(3, 'pass')]),
      checks: [
        { check: c1, incident_id: 'inc-1' },
        { check: c2, incident_id: 'inc-2', snooze_ended_at: '2026-01-01T00:00:00Z' },
      ],
      publicBaseUrl: 'https://dq.example.com/',
      now: new Date('2026-01-01T00:00:01.000Z'),
    });
    expect(payload).toMatchObject({
      type: 'alert.escalation',
      severity: 'fail',
      suite: { id: SUITE, name: 'orders <prod> & co' },
      run: { id: RUN, status: 'failed', trigger: 'schedule', url: `https://dq.example.com/runs/${RUN}` },
      counts: { pass: 3, warn: 1, fail: 1, critical: 0, error: 0, skip: 0 },
      incident_ids: ['inc-1', 'inc-2'],
      created_at: '2026-01-01T00:00:01.000Z',
    });
    expect(payload.checks).toHaveLength(2);
    expect(payload.checks[1]).toMatchObject({
      previous_outcome: 'warn',
      unexpected_percent: 12.5,
      snooze_ended_at: '2026-01-01T00:00:00Z',
    });
  });

  it('has no run link without PUBLIC_BASE_URL, and orders severities warn < fail < critical', () => {
    expect(runUrl(undefined, RUN)).toBeNull();
    expect(runUrl('', RUN)).toBeNull();
    expect(highestSeverity(['warn', 'critical', 'fail'])).toBe('critical');
    expect(highestSeverity(['warn', null])).toBe('warn');
  });
});

describe('payload_template', () => {
  const payload = payloadWith(2);

  it("a whole-string placeholder keeps the value's JSON type; inside text it is the value's text", () => {
    const shaped = applyPayloadTemplate(
      {
        title: 'Run {{run.id}} of {{ suite.name }}',
        counts: '{{counts}}',
        failed: '{{counts.fail}}',
        checks: '{{checks}}',
        nested: { list: ['{{severity}}', 'literal'], n: 7, flag: true, none: null },
        missing: '{{run.nope}}',
        inline_missing: 'x{{run.nope}}y',
      },
      payload,
    );
    expect(shaped).toEqual({
      title: `Run ${RUN} of orders <prod> & co`,
      counts: payload.counts,
      failed: 1,
      checks: payload.checks,
      nested: { list: ['critical', 'literal'], n: 7, flag: true, none: null },
      missing: null,
      inline_missing: 'xy',
    });
  });

  it('looks own keys up only: no prototype; an index or an expression (refused at save) is not substituted', () => {
    expect(
      applyPayloadTemplate({ a: '{{checks.0}}', b: '{{constructor}}', c: '{{run.id | upper}}' }, payload),
    ).toEqual({
      a: '{{checks.0}}',
      b: null,
      c: '{{run.id | upper}}',
    });
  });
});

describe('Slack Block Kit message', () => {
  it('passes the Block Kit checks with a fallback text, escaped mrkdwn and a run button', () => {
    const message = renderSlackMessage(payloadWith(3));
    expect(blockKitProblems(message)).toEqual([]);
    expect(message.text).toContain('orders');
    expect(JSON.stringify(message.blocks)).toContain('orders &lt;prod&gt; &amp; co');
    expect(message.blocks.at(-1)).toMatchObject({ type: 'actions' });
  });

  it('keeps at most 50 blocks and summarises the checks left out', () => {
    const message = renderSlackMessage(payloadWith(120));
    expect(message.blocks.length).toBeLessThanOrEqual(SLACK_MAX_BLOCKS);
    expect(blockKitProblems(message)).toEqual([]);
    const context = message.blocks.find((b) => b.type === 'context') as { elements: Array<{ text: string }> };
    expect(context.elements[0].text).toMatch(/and 75 more checks/);
  });

  it('cuts a section over 3000 characters', () => {
    const payload = payloadWith(1);
    payload.checks[0].name = 'x'.repeat(5000);
    const message = renderSlackMessage(payload);
    expect(blockKitProblems(message)).toEqual([]);
    for (const block of message.blocks) {
      const text = (block as { text?: { text: string } }).text?.text ?? '';
      expect(text.length).toBeLessThanOrEqual(SLACK_SECTION_TEXT_MAX);
    }
  });

  it('the checker itself refuses what Slack refuses', () => {
    expect(blockKitProblems({ blocks: [] })).toContain('no fallback text');
    expect(
      blockKitProblems({ text: 't', blocks: Array.from({ length: 51 }, () => ({ type: 'divider' })) }),
    ).toHaveLength(1);
    expect(
      blockKitProblems({
        text: 't',
        blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'x'.repeat(3001) } }],
      }),
    ).toHaveLength(1);
    expect(blockKitProblems({ text: 't', blocks: [{ type: 'table' }] })).toHaveLength(1);
  });
});

describe('Teams Workflows message', () => {
  it('carries one Adaptive Card 1.5 that validates against the schema', () => {
    const message = renderTeamsMessage(payloadWith(3));
    expect(message).toMatchObject({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          content: { type: 'AdaptiveCard', version: '1.5' },
        },
      ],
    });
    expect(teamsMessageProblems(message)).toEqual([]);
  });

  it('draws at most 30 checks and counts the rest', () => {
    const message = renderTeamsMessage(payloadWith(45));
    expect(teamsMessageProblems(message)).toEqual([]);
    const body = message.attachments[0].content.body as Array<{ text?: string }>;
    expect(body.filter((b) => b.text?.startsWith('check '))).toHaveLength(TEAMS_MAX_CHECKS);
    expect(body.at(-1)?.text).toMatch(/and 15 more/);
  });

  it('the schema refuses an unknown element or a bad enumeration', () => {
    const message = renderTeamsMessage(payloadWith(1));
    const card = message.attachments[0].content as { body: unknown[] };
    card.body.push({ type: 'Marquee', text: 'x' });
    expect(teamsMessageProblems(message).length).toBeGreaterThan(0);
    card.body.pop();
    (card.body[0] as { size: string }).size = 'Huge';
    expect(teamsMessageProblems(message).length).toBeGreaterThan(0);
  });
});

describe('email', () => {
  it('has a one-line subject and the same lines in text and escaped HTML', () => {
    const payload = payloadWith(2);
    payload.suite.name = 'evil\r\nBcc: x@example.com <b>';
    const mail = renderAlertEmail(payload);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain('check 1');
    expect(mail.html).toContain('&lt;b&gt;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain(`href="https://dq.example.com/runs/${RUN}"`);
  });
});

describe('the send-test payload', () => {
  it('is an alert.test naming the channel', () => {
    const payload = buildTestPayload({ id: 'c', name: 'ops' }, new Date(0), null);
    expect(payload.type).toBe('alert.test');
    expect(payload.summary).toContain('ops');
    expect(blockKitProblems(renderSlackMessage(payload))).toEqual([]);
    expect(teamsMessageProblems(renderTeamsMessage(payload))).toEqual([]);
  });
});

describe('retry schedule', () => {
  it('grows exponentially with jitter up to an hour', () => {
    expect(retryDelayMs(1, () => 1)).toBe(5_000);
    expect(retryDelayMs(1, () => 0)).toBe(2_500);
    expect(retryDelayMs(4, () => 1)).toBe(40_000);
    expect(retryDelayMs(50, () => 1)).toBe(RETRY_MAX_DELAY_MS);
  });

  it('ends at the 24 hour window: a last try at its end, then dead', () => {
    const first = new Date('2026-01-01T00:00:00Z');
    const late = new Date(first.getTime() + RETRY_WINDOW_MS - 60_000);
    expect(nextAttemptAt(first, 30, late, () => 1)?.getTime()).toBe(first.getTime() + RETRY_WINDOW_MS);
    expect(nextAttemptAt(first, 31, new Date(first.getTime() + RETRY_WINDOW_MS), () => 1)).toBeNull();
  });
});
