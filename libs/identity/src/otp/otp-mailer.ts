import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { LOGGER, type Logger } from '@dq/platform';
import { IDENTITY_OPTIONS, type ResolvedIdentityOptions } from '../identity-options';
import { addressHash } from './address-hash';
import type { OtpMailContent } from './otp-mail';

/** Bounds every SMTP phase, so a dead relay cannot pile up pending sends. */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * Sends sign-in mails in the background: the request that asked for a code never waits for SMTP,
 * so neither its latency nor its outcome can tell an enrolled address from an unknown one.
 */
@Injectable()
export class OtpMailer implements OnModuleDestroy {
  private readonly transport: Transporter;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    @Inject(IDENTITY_OPTIONS) private readonly options: ResolvedIdentityOptions,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.transport = createTransport({
      url: options.mail.smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
  }

  /** Starts the send and returns at once. A failure is logged with a hash of the address only. */
  dispatch(to: string, content: OtpMailContent): void {
    const sending = this.send(to, content).finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  /** Resolves when every send started so far has finished (graceful shutdown, tests). */
  async whenIdle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async onModuleDestroy(): Promise<void> {
    await this.whenIdle();
    this.transport.close();
  }

  private async send(to: string, content: OtpMailContent): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.options.mail.from, to, ...content });
    } catch (error) {
      // Neither the message (it may quote the recipient) nor the content (it holds the code).
      const { code, responseCode } = error as { code?: string; responseCode?: number };
      this.logger.error(
        {
          event: 'otp_mail_failed',
          address_hash: addressHash(to),
          error_code: code,
          response_code: responseCode,
        },
        'sign-in code mail could not be sent',
      );
    }
  }
}
