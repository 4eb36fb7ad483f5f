import { ALERT_PAYLOAD_FIELDS, AppError, ErrorCode, type OrchestrationPollFailedEvent } from '@dq/contracts';
import { validatePayloadTemplate } from '../channels/channel-validation';
import type { DeliveryChannel } from '../channels/channel-delivery';
import { buildPollFailurePayload, buildTestPayload } from './alert-payload.builder';
import { renderRequest } from './alert-sender';
import { applyPayloadTemplate, lookupPath, parseTemplateString } from './payload-template';

const NOW = new Date('2026-01-01T00:20:05.000Z');
const CONNECTION = '44444444-4444-4444-8444-444444444444';

const pollEvent: OrchestrationPollFailedEvent = {
  event_id: `poll-failed.${CONNECTION}.2026-01-01T00:00:00.000Z`,
  connection_id: CONNECTION,
  connection_name: 'adf "prod"',
  provider: 'factory',
  consecutive_failures: 3,
  first_failed_at: '2026-01-01T00:00:00.000Z',
  last_failed_at: '2026-01-01T00:20:00.000Z',
  last_error_class: 'http_401',
};

const runPayload = buildTestPayload({ id: 'c', name: 'ops' }, NOW);
const pollPayload = buildPollFailurePayload(pollEvent, NOW);

function webhook(payloadTemplate: Record<string, unknown>): DeliveryChannel {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    name: 'hook',
    type: 'webhook',
    webhookUrl: 'https://hooks.example.test/x',
    emailTo: [],
    payloadTemplate,
    authHeader: null,
    signingKeys: [],
    flaggedAt: null,
  };
}

function refusal(template: unknown): AppError {
  try {
    validatePayloadTemplate(template);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the template to be refused');
}

/** Every path of a payload's objects and their keys (arrays are whole values, not walked). */
function pathsOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    return [path, ...pathsOf(item, path)];
  });
}

describe('the one {{path}} parser', () => {
  it.each([
    ['{{suite.name}}', ['suite.name']],
    ['{{ suite.name }}', ['suite.name']],
    ['{{\tsuite.name\n}}', ['suite.name']],
    ['{{suite.name   }}', ['suite.name']],
    ['a {{ run.id }} b {{severity}}', ['run.id', 'severity']],
    ['{{{severity}}}', ['severity']],
    ['{ not a placeholder }', []],
    ['', []],
  ])('reads %j as the paths %j', (text, paths) => {
    const parsed = parseTemplateString(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.parts.flatMap((part) => (part.kind === 'placeholder' ? [part.path] : []))).toEqual(paths);
  });

  it.each([
    ['an unclosed placeholder', '{{suite.name'],
    ['an unclosed placeholder after a good one', '{{severity}} {{suite.name'],
    ['a stray closing pair', 'suite.name}}'],
    ['nested braces', '{{ {{suite.name}} }}'],
    ['a brace inside', '{{suite.{name}}}'],
    ['a doubled closing pair', '{{severity}}}}'],
  ])('refuses %s', (_what, text) => {
    expect(parseTemplateString(text)).toEqual({ ok: false, problem: expect.stringMatching(/unbalanced/) });
  });

  it.each([
    ['an empty placeholder', '{{}}'],
    ['only white space', '{{   }}'],
    ['a space inside the path', '{{suite. name}}'],
    ['a filter', '{{suite.name | upper}}'],
    ['an index', '{{checks.0}}'],
    ['upper case', '{{Suite.Name}}'],
  ])('refuses %s as no field path', (_what, text) => {
    expect(parseTemplateString(text)).toEqual({
      ok: false,
      problem: expect.stringMatching(/not a field path/),
    });
  });
});

describe('save and delivery agree', () => {
  it('a template with white space inside the braces saves and renders trimmed, exactly as validated', () => {
    const template = {
      whole: '{{ counts }}',
      padded: ' {{counts.warn}} ',
      text: 'Suite {{  suite.name }} at {{severity\t}}',
      triple: '{{{ severity }}}',
    };
    expect(validatePayloadTemplate(template)).toEqual([
      'counts',
      'counts.warn',
      'suite.name',
      'severity',
      'severity',
    ]);
    expect(applyPayloadTemplate(template, runPayload)).toEqual({
      whole: runPayload.counts,
      padded: ' 1 ',
      text: 'Suite Test suite at warn',
      triple: '{warn}',
    });
  });

  it('an unknown path is refused at save with a 422 naming it, trimmed', () => {
    const error = refusal({ text: 'x {{ suite.owner }}' });
    expect(error.code).toBe(ErrorCode.ValidationFailed);
    expect(error.status).toBe(422);
    expect(error.detail).toMatchObject({
      unknown_path: 'suite.owner',
      fields: [{ field: 'payload_template.text', problems: ['unknown alert payload field {{suite.owner}}'] }],
    });
  });

  it.each(['{{suite.name', '{{ {{suite.name}} }}', '{{run.id | upper}}', 'x }} y'])(
    'what save refuses (%j) is never substituted: delivery sends such a string as written',
    (text) => {
      expect(refusal({ text }).code).toBe(ErrorCode.ValidationFailed);
      expect(applyPayloadTemplate({ text }, runPayload)).toEqual({ text });
    },
  );

  it('substituted values are escaped once as JSON strings, and never expanded again', () => {
    const tricky = buildTestPayload({ id: 'c', name: 'a "quoted" \\ name\n</script> {{run.id}}' }, NOW);
    const template = { title: '[{{severity}}] {{summary}}', summary: '{{summary}}', run: '{{run}}' };
    expect(validatePayloadTemplate(template)).toEqual(['severity', 'summary', 'summary', 'run']);
    const { body } = renderRequest(webhook(template), 'delivery-1', tricky, NOW);
    expect(body).toContain('\\"quoted\\" \\\\ name\\n</script> {{run.id}}');
    expect(JSON.parse(body)).toEqual({
      title: `[warn] ${tricky.summary}`,
      summary: tricky.summary,
      run: tricky.run,
    });
    // An object inside text is its JSON text, itself escaped as a string of the body.
    const inline = JSON.parse(
      renderRequest(webhook({ text: 'run: {{run}}' }), 'delivery-2', tricky, NOW).body,
    ) as { text: string };
    expect(JSON.parse(inline.text.slice('run: '.length))).toEqual(tricky.run);
  });
});

describe('ALERT_PAYLOAD_FIELDS and the poll-failure payload', () => {
  it('lists every path of the run alert payload and of the poll-failure payload', () => {
    const listed = new Set<string>(ALERT_PAYLOAD_FIELDS);
    for (const path of [...pathsOf(runPayload), ...pathsOf(pollPayload)]) {
      if (path.startsWith('checks.') || path.startsWith('incident_ids.')) continue;
      expect(listed.has(path) ? path : `unlisted: ${path}`).toBe(path);
    }
    // And nothing listed that neither payload carries.
    for (const path of ALERT_PAYLOAD_FIELDS) {
      expect([lookupPath(runPayload, path), lookupPath(pollPayload, path)]).not.toEqual([
        undefined,
        undefined,
      ]);
    }
  });

  const pollTemplate = {
    text: 'Polling {{ connection.name }} ({{connection.provider}}) failed {{poll.consecutive_failures}} times',
    connection_id: '{{connection.id}}',
    failures: '{{poll.consecutive_failures}}',
    streak: '{{poll}}',
    since: '{{poll.first_failed_at}}',
    last: '{{poll.last_failed_at}} {{poll.last_error_class}}',
    suite: '{{suite.name}}',
    suite_text: 'suite: {{suite.name}}.',
  };

  it('a template using connection.* and poll.* saves', () => {
    expect(validatePayloadTemplate(pollTemplate)).toEqual([
      'connection.name',
      'connection.provider',
      'poll.consecutive_failures',
      'connection.id',
      'poll.consecutive_failures',
      'poll',
      'poll.first_failed_at',
      'poll.last_failed_at',
      'poll.last_error_class',
      'suite.name',
      'suite.name',
    ]);
  });

  it('renders for a poll-failure alert; the run-only paths it lacks are null whole, empty in text', () => {
    const { body } = renderRequest(
      webhook(pollTemplate),
      'delivery-1',
      { ...pollPayload, alert_id: 'delivery-1' },
      NOW,
    );
    expect(JSON.parse(body)).toEqual({
      text: 'Polling adf "prod" (factory) failed 3 times',
      connection_id: CONNECTION,
      failures: 3,
      streak: pollPayload.poll,
      since: '2026-01-01T00:00:00.000Z',
      last: '2026-01-01T00:20:00.000Z http_401',
      suite: null,
      suite_text: 'suite: .',
    });
  });

  it('renders for a run alert: the poll-failure paths are null whole, empty in text', () => {
    expect(applyPayloadTemplate(pollTemplate, runPayload)).toEqual({
      text: 'Polling  () failed  times',
      connection_id: null,
      failures: null,
      streak: null,
      since: null,
      last: ' ',
      suite: 'Test suite',
      suite_text: 'suite: Test suite.',
    });
  });
});
