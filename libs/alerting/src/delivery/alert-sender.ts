import { createTransport, type Transporter } from 'nodemailer';
import { AppError } from '@dq/contracts';
import { type EgressGuard, GuardedFetchError, guardedFetch, signOutbound } from '@dq/security';
import type { DeliveryPayload } from './alert-payload.builder';
import type { DeliveryChannel } from '../channels/channel-delivery';
import { signingKeyBytes } from './delivery-channel';
import { renderAlertEmail } from './email-message';
import { applyPayloadTemplate } from './payload-template';
import { renderSlackMessage } from './slack-message';
import { renderTeamsMessage } from './teams-message';

export const DEFAULT_SEND_TIMEOUT_MS = 10_000;
/** Receivers answer briefly; a larger answer is cut and counts as a failure. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/** What one attempt did. `error` names a status or a failure class, never a URL or a secret. */
export interface SendOutcome {
  delivered: boolean;
  status_code?: number;
  error?: string;
}

export interface AlertSenderOptions {
  /** Checks every URL before every send and again when the socket connects. */
  guard: EgressGuard;
  /** `smtp://` or `smtps://` URL of the relay (nodemailer). */
  smtpUrl?: string;
  mailFrom?: string;
  timeoutMs?: number;
}

/** The body and headers one channel type receives for a payload. */
export interface RenderedRequest {
  body: string;
  headers: Record<string, string>;
}

/** Renders the payload for a chat or webhook channel (pure but for the signature's clock). */
export function renderRequest(
  channel: DeliveryChannel,
  deliveryId: string,
  payload: DeliveryPayload,
  now: Date,
): RenderedRequest {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'dq-alerting' };
  if (channel.type === 'slack') return { body: JSON.stringify(renderSlackMessage(payload)), headers };
  if (channel.type === 'teams') return { body: JSON.stringify(renderTeamsMessage(payload)), headers };
  const shaped =
    channel.payloadTemplate === null ? payload : applyPayloadTemplate(channel.payloadTemplate, payload);
  const body = JSON.stringify(shaped);
  const keys = signingKeyBytes(channel);
  if (keys.length > 0) {
    Object.assign(
      headers,
      signOutbound(body, keys, { id: deliveryId, timestamp: Math.floor(now.getTime() / 1000) }),
    );
  }
  if (channel.authHeader !== null) headers[channel.authHeader.name.toLowerCase()] = channel.authHeader.value;
  return { body, headers };
}

/**
 * Sends one alert to one channel, once: chat and webhook channels by a guarded POST (no redirect
 * followed: a 3xx is a failure; a deadline), email through the SMTP relay.
 */
export class AlertSender {
  private transport?: Transporter;
  private readonly timeoutMs: number;

  constructor(private readonly options: AlertSenderOptions) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_SEND_TIMEOUT_MS;
  }

  async send(
    channel: DeliveryChannel,
    deliveryId: string,
    payload: DeliveryPayload,
    now: Date,
  ): Promise<SendOutcome> {
    const stamped: DeliveryPayload = { ...payload, alert_id: deliveryId };
    if (channel.type === 'email') return this.sendMail(channel, stamped);
    if (channel.webhookUrl === null) return { delivered: false, error: 'channel has no webhook URL' };
    const request = renderRequest(channel, deliveryId, stamped, now);
    try {
      const response = await guardedFetch(channel.webhookUrl, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        guard: this.options.guard,
        field: 'webhook_url',
        timeoutMs: this.timeoutMs,
        maxResponseBytes: MAX_RESPONSE_BYTES,
      });
      if (response.status >= 200 && response.status < 300)
        return { delivered: true, status_code: response.status };
      const what =
        response.status >= 300 && response.status < 400 ? 'redirect not followed' : 'receiver refused';
      return { delivered: false, status_code: response.status, error: `${what} (HTTP ${response.status})` };
    } catch (error) {
      return { delivered: false, error: describeFailure(error) };
    }
  }

  close(): void {
    this.transport?.close();
    this.transport = undefined;
  }

  private async sendMail(channel: DeliveryChannel, payload: DeliveryPayload): Promise<SendOutcome> {
    if (channel.emailTo.length === 0) return { delivered: false, error: 'channel has no recipients' };
    if (this.options.smtpUrl === undefined) return { delivered: false, error: 'no SMTP relay configured' };
    this.transport ??= createTransport({
      url: this.options.smtpUrl,
      connectionTimeout: this.timeoutMs,
      greetingTimeout: this.timeoutMs,
      socketTimeout: this.timeoutMs,
    });
    const mail = renderAlertEmail(payload);
    try {
      await this.transport.sendMail({
        from: this.options.mailFrom ?? 'Data quality <no-reply@localhost>',
        to: channel.emailTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { 'X-Alert-Id': payload.alert_id },
      });
      return { delivered: true };
    } catch (error) {
      const { code, responseCode } = error as { code?: string; responseCode?: number };
      return { delivered: false, error: `mail not accepted (${responseCode ?? code ?? 'smtp error'})` };
    }
  }
}

/** A failure class for `last_error`: the egress rule, the fetch failure kind, never a message with a URL. */
function describeFailure(error: unknown): string {
  if (error instanceof AppError) {
    const rule = (error.detail as { rule?: string } | undefined)?.rule;
    return `url_forbidden${rule === undefined ? '' : ` (${rule})`}`;
  }
  if (error instanceof GuardedFetchError) {
    const code = (error.cause as NodeJS.ErrnoException | undefined)?.code;
    return code === undefined ? error.kind : `${error.kind} (${code})`;
  }
  if (error !== null && typeof error === 'object' && 'code' in error) return `dns (${String(error.code)})`;
  return 'send failed';
}
