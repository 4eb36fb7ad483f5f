import {
  ALERT_PAYLOAD_FIELDS,
  AppError,
  ErrorCode,
  type FieldViolation,
  NotificationChannelType,
} from '@dq/contracts';
import { parseTemplateString } from '../delivery/payload-template';

const PAYLOAD_FIELDS: ReadonlySet<string> = new Set(ALERT_PAYLOAD_FIELDS);
export const PAYLOAD_TEMPLATE_MAX_BYTES = 16 * 1024;
export const PAYLOAD_TEMPLATE_MAX_DEPTH = 10;

export function validationFailed(fields: FieldViolation[]): AppError {
  return new AppError(ErrorCode.ValidationFailed, 'Request validation failed', { fields });
}

function fieldProblem(field: string, problem: string): AppError {
  return validationFailed([{ field, problems: [problem] }]);
}

/**
 * Every `{{path}}` of a template string, trimmed, read by the same parser the sender substitutes
 * with; throws 422 naming the template's location when the string is malformed (an unclosed,
 * nested or stray `{{`/`}}`) or a placeholder's inside is not a plain dotted path.
 */
export function placeholderPaths(text: string, where: string): string[] {
  const parsed = parseTemplateString(text);
  if (!parsed.ok) throw fieldProblem(where, parsed.problem);
  return parsed.parts.flatMap((part) => (part.kind === 'placeholder' ? [part.path] : []));
}

/**
 * Checks a `payload_template`: a JSON object of at most 16 KiB and 10 levels whose string values may
 * hold `{{field.path}}` placeholders naming fields of the generic alert payload (docs/alerting.md).
 * Keys are literal. An unknown path is a 422 naming it. Returns the paths used.
 */
export function validatePayloadTemplate(template: unknown): string[] {
  const field = 'payload_template';
  if (template === null || typeof template !== 'object' || Array.isArray(template)) {
    throw fieldProblem(field, 'payload_template must be a JSON object');
  }
  if (Buffer.byteLength(JSON.stringify(template), 'utf8') > PAYLOAD_TEMPLATE_MAX_BYTES) {
    throw fieldProblem(field, `payload_template must be at most ${PAYLOAD_TEMPLATE_MAX_BYTES} bytes as JSON`);
  }
  const used: string[] = [];
  const walk = (value: unknown, where: string, depth: number): void => {
    if (depth > PAYLOAD_TEMPLATE_MAX_DEPTH) {
      throw fieldProblem(field, `payload_template nests deeper than ${PAYLOAD_TEMPLATE_MAX_DEPTH} levels`);
    }
    if (typeof value === 'string') {
      for (const path of placeholderPaths(value, where)) {
        if (!PAYLOAD_FIELDS.has(path)) {
          throw new AppError(ErrorCode.ValidationFailed, 'Request validation failed', {
            fields: [{ field: where, problems: [`unknown alert payload field {{${path}}}`] }],
            unknown_path: path,
          });
        }
        used.push(path);
      }
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, `${where}[${index}]`, depth + 1));
      return;
    }
    if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (/\{\{|\}\}/.test(key)) {
          throw fieldProblem(
            `${where}.${key}`,
            'placeholders are allowed in string values only, not in keys',
          );
        }
        walk(item, `${where}.${key}`, depth + 1);
      }
    }
    // Numbers, booleans and null are literal.
  };
  walk(template, field, 0);
  return used;
}

/** Slack incoming webhooks (`/services/...`) and Slack workflow webhooks (`/triggers/...`). */
const SLACK_PATH = /^\/(?:services|triggers)\/[^/]+\/./;
/** A Power Automate / Logic Apps Workflows trigger URL: `/workflows/<id>/triggers/<name>/paths/invoke`. */
const TEAMS_WORKFLOWS_PATH = /\/workflows\/[^/]+\/triggers\/[^/]+\/paths\/invoke\/?$/i;
/** The retired Office 365 connectors. */
const TEAMS_RETIRED_PATH = /^\/webhookb2\//i;

/**
 * The URL's shape for its channel type, beyond the egress guard: a Slack URL is an incoming or
 * workflow webhook, a Teams URL a Workflows trigger (the old connectors are retired). Only the path
 * is judged, so proxies and test receivers work; the host is the egress guard's business.
 */
export function assertWebhookShape(type: NotificationChannelType, url: URL): void {
  if (type === NotificationChannelType.Slack && !SLACK_PATH.test(url.pathname)) {
    throw fieldProblem(
      'webhook_url',
      'a Slack channel needs an incoming webhook URL (https://hooks.slack.com/services/...)',
    );
  }
  if (type === NotificationChannelType.Teams) {
    if (TEAMS_RETIRED_PATH.test(url.pathname)) {
      throw fieldProblem(
        'webhook_url',
        'Office 365 connector URLs are retired: create a Workflows webhook in Teams and use its URL',
      );
    }
    if (!TEAMS_WORKFLOWS_PATH.test(url.pathname)) {
      throw fieldProblem(
        'webhook_url',
        'a Teams channel needs a Workflows webhook URL (.../workflows/<id>/triggers/manual/paths/invoke?...)',
      );
    }
  }
}

/** What a channel of each type needs and refuses, on the fields as they will be stored. */
export interface ChannelShape {
  type: NotificationChannelType;
  hasWebhook: boolean;
  emailTo: readonly string[];
  hasPayloadTemplate: boolean;
  authHeaderName: string | null;
  hasAuthHeaderValue: boolean;
}

/** 422 naming the field when a channel's fields do not fit its type. */
export function assertChannelShape(shape: ChannelShape): void {
  const problems: FieldViolation[] = [];
  const add = (field: string, problem: string): void => {
    problems.push({ field, problems: [problem] });
  };
  if (shape.type === NotificationChannelType.Email) {
    if (shape.emailTo.length === 0) add('email_to', 'an email channel needs 1 to 20 addresses in email_to');
    if (shape.hasWebhook) add('webhook_url', 'an email channel has no webhook_url');
  } else {
    if (!shape.hasWebhook) add('webhook_url', `a ${shape.type} channel needs a webhook_url`);
    if (shape.emailTo.length > 0) add('email_to', `a ${shape.type} channel has no email_to`);
  }
  if (shape.type !== NotificationChannelType.Webhook) {
    if (shape.hasPayloadTemplate) add('payload_template', 'payload_template is for webhook channels only');
    if (shape.authHeaderName !== null || shape.hasAuthHeaderValue) {
      add('auth_header_name', 'auth headers are for webhook channels only');
    }
  } else if ((shape.authHeaderName === null) !== !shape.hasAuthHeaderValue) {
    add(
      shape.authHeaderName === null ? 'auth_header_name' : 'auth_header_value',
      'auth_header_name and auth_header_value go together',
    );
  }
  if (problems.length > 0) throw validationFailed(problems);
}

/** Header names the sender sets itself; an auth header may not replace them. */
const RESERVED_HEADERS = new Set([
  'content-type',
  'content-length',
  'host',
  'user-agent',
  'x-svc-signature',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
  'transfer-encoding',
  'connection',
]);

export function assertAuthHeaderName(name: string): void {
  if (RESERVED_HEADERS.has(name.toLowerCase())) {
    throw fieldProblem('auth_header_name', `${name} is set by the service and cannot be an auth header`);
  }
}

/** Email addresses compared and stored lower-case, without duplicates. */
export function normaliseEmailTo(addresses: readonly string[]): string[] {
  return [...new Set(addresses.map((address) => address.trim().toLowerCase()))];
}
