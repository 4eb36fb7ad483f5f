import { SMTPServer } from 'smtp-server';
import { freePort } from '../services/free-port';

export interface CapturedMail {
  from: string;
  to: string[];
  /** The whole message as received (headers and body). */
  raw: string;
}

export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  mails: CapturedMail[];
  /** When set, the server takes each message and then answers 550, so the send fails. */
  rejectMessages: boolean;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const port = await freePort();
  const mails: CapturedMail[] = [];
  const capture: SmtpCapture = {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    rejectMessages: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        if (!capture.rejectMessages) return callback();
        const refusal = Object.assign(new Error('mailbox unavailable'), { responseCode: 550 });
        callback(refusal);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return capture;
}

/** The 8-digit code of a sign-in mail. */
export function codeOf(mail: CapturedMail): string {
  const match = /Your code: (\d{8})/.exec(mail.raw);
  if (!match) throw new Error('the mail carries no sign-in code');
  return match[1];
}
