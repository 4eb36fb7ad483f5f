import { ALERT_PAYLOAD_FIELDS, AppError, ErrorCode, NotificationChannelType } from '@dq/contracts';
import {
  assertAuthHeaderName,
  assertChannelShape,
  assertWebhookShape,
  normaliseEmailTo,
  placeholderPaths,
  validatePayloadTemplate,
} from './channel-validation';

function failure(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('payload template validation', () => {
  it('accepts placeholders naming generic payload fields, anywhere in string values, and returns them', () => {
    const used = validatePayloadTemplate({
      text: 'Suite {{suite.name}} is {{ severity }}',
      nested: { run: '{{run.id}}', list: ['{{checks}}', 3, true, null] },
      counts: '{{counts}}',
      literal: 42,
    });
    expect(used).toEqual(['suite.name', 'severity', 'run.id', 'checks', 'counts']);
  });

  it('refuses an unknown path with a 422 naming it and where it is', () => {
    const error = failure(() => validatePayloadTemplate({ a: { b: 'x {{suite.owner}}' } }));
    expect(error.code).toBe(ErrorCode.ValidationFailed);
    expect(error.detail).toMatchObject({
      unknown_path: 'suite.owner',
      fields: [{ field: 'payload_template.a.b', problems: [expect.stringContaining('{{suite.owner}}')] }],
    });
  });

  it.each([
    ['a filter', '{{suite.name | upper}}'],
    ['an index', '{{checks[0].name}}'],
    ['an expression', '{{counts.fail + 1}}'],
    ['a call', '{{run.url()}}'],
    ['an empty placeholder', '{{}}'],
    ['a prototype walk', '{{suite.constructor.name}}'],
  ])('refuses %s: no expression language', (_what, text) => {
    const error = failure(() => validatePayloadTemplate({ text }));
    expect(error.code).toBe(ErrorCode.ValidationFailed);
  });

  it('refuses unbalanced braces and placeholders in keys', () => {
    expect(failure(() => validatePayloadTemplate({ text: '{{suite.name' })).code).toBe(
      ErrorCode.ValidationFailed,
    );
    expect(failure(() => validatePayloadTemplate({ text: 'suite.name}}' })).code).toBe(
      ErrorCode.ValidationFailed,
    );
    expect(failure(() => validatePayloadTemplate({ '{{suite.name}}': 'x' })).code).toBe(
      ErrorCode.ValidationFailed,
    );
  });

  it('refuses anything but a JSON object, and templates too large or too deep', () => {
    for (const template of [[], 'text', 1, null]) {
      expect(failure(() => validatePayloadTemplate(template)).code).toBe(ErrorCode.ValidationFailed);
    }
    expect(failure(() => validatePayloadTemplate({ big: 'x'.repeat(17 * 1024) })).code).toBe(
      ErrorCode.ValidationFailed,
    );
    let deep: Record<string, unknown> = { leaf: '{{type}}' };
    for (let i = 0; i < 12; i += 1) deep = { deep };
    expect(failure(() => validatePayloadTemplate(deep)).code).toBe(ErrorCode.ValidationFailed);
  });

  it('every listed field is a plain dotted path the validator accepts', () => {
    for (const field of ALERT_PAYLOAD_FIELDS) {
      expect(placeholderPaths(`{{${field}}}`, 'x')).toEqual([field]);
    }
  });
});

describe('webhook URL shape per channel type', () => {
  const url = (text: string) => new URL(text);

  it('wants a Slack incoming webhook path and a Teams Workflows trigger', () => {
    expect(() =>
      assertWebhookShape(NotificationChannelType.Slack, url('https://hooks.slack.com/services/T0/B0/xyz')),
    ).not.toThrow();
    expect(() =>
      assertWebhookShape(
        NotificationChannelType.Teams,
        url(
          'https://prod-01.westus.logic.azure.com:443/workflows/abc123/triggers/manual/paths/invoke?api-version=2016-06-01&sig=s',
        ),
      ),
    ).not.toThrow();
    expect(() =>
      assertWebhookShape(NotificationChannelType.Webhook, url('https://example.com/anything')),
    ).not.toThrow();
  });

  it('refuses other paths, naming webhook_url, and the retired Teams connectors', () => {
    const slack = failure(() =>
      assertWebhookShape(NotificationChannelType.Slack, url('https://hooks.slack.com/api/chat')),
    );
    expect(slack.detail).toMatchObject({ fields: [{ field: 'webhook_url' }] });
    const retired = failure(() =>
      assertWebhookShape(
        NotificationChannelType.Teams,
        url('https://contoso.webhook.office.com/webhookb2/abc@def/IncomingWebhook/x/y'),
      ),
    );
    expect(JSON.stringify(retired.detail)).toMatch(/retired/);
    expect(
      failure(() => assertWebhookShape(NotificationChannelType.Teams, url('https://example.com/hook'))).code,
    ).toBe(ErrorCode.ValidationFailed);
  });
});

describe('channel fields per type', () => {
  const base = {
    hasWebhook: false,
    emailTo: [] as string[],
    hasPayloadTemplate: false,
    authHeaderName: null,
    hasAuthHeaderValue: false,
  };

  it('an email channel needs addresses and no URL; the others a URL and no addresses', () => {
    expect(() => assertChannelShape({ ...base, type: 'email', emailTo: ['a@example.com'] })).not.toThrow();
    expect(failure(() => assertChannelShape({ ...base, type: 'email' })).detail).toMatchObject({
      fields: [{ field: 'email_to' }],
    });
    expect(failure(() => assertChannelShape({ ...base, type: 'slack' })).detail).toMatchObject({
      fields: [{ field: 'webhook_url' }],
    });
    expect(
      failure(() => assertChannelShape({ ...base, type: 'teams', hasWebhook: true, emailTo: ['a@b.co'] }))
        .detail,
    ).toMatchObject({ fields: [{ field: 'email_to' }] });
  });

  it('payload templates and auth headers belong to webhook channels, the header name and value together', () => {
    expect(
      failure(() =>
        assertChannelShape({ ...base, type: 'slack', hasWebhook: true, hasPayloadTemplate: true }),
      ).detail,
    ).toMatchObject({ fields: [{ field: 'payload_template' }] });
    expect(
      failure(() =>
        assertChannelShape({ ...base, type: 'webhook', hasWebhook: true, authHeaderName: 'Authorization' }),
      ).detail,
    ).toMatchObject({ fields: [{ field: 'auth_header_value' }] });
    expect(() =>
      assertChannelShape({
        ...base,
        type: 'webhook',
        hasWebhook: true,
        hasPayloadTemplate: true,
        authHeaderName: 'Authorization',
        hasAuthHeaderValue: true,
      }),
    ).not.toThrow();
  });

  it('refuses auth header names the sender sets itself', () => {
    for (const name of ['X-Svc-Signature', 'webhook-signature', 'Content-Type', 'host']) {
      expect(failure(() => assertAuthHeaderName(name)).detail).toMatchObject({
        fields: [{ field: 'auth_header_name' }],
      });
    }
    expect(() => assertAuthHeaderName('Authorization')).not.toThrow();
  });

  it('stores addresses lower-case without duplicates', () => {
    expect(normaliseEmailTo(['Ops@Example.com', 'ops@example.com ', 'b@example.com'])).toEqual([
      'ops@example.com',
      'b@example.com',
    ]);
  });
});
