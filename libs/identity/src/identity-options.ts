export interface OtpOptions {
  /** Lifetime of a code. Default 10. */
  ttlMinutes: number;
  /** Wrong codes before the challenge is voided. Default 5. */
  maxAttempts: number;
  /** Code requests per address in any 15 minutes. Default 5. */
  maxRequestsPerAddressPer15Min: number;
  /** Code requests per client IP in any 15 minutes. Default 20. */
  maxRequestsPerIpPer15Min: number;
}

export interface MailOptions {
  /** `smtp://host:port` or `smtps://user:pass@host:port` (nodemailer connection URL). */
  smtpUrl: string;
  /** The From header of sign-in mails. */
  from: string;
}

/** What `IdentityModule.forRoot` takes; the app maps its environment to it. */
export interface IdentityOptions {
  /** WORKSPACE_ADMIN_EMAILS: always Admin, never removed by the list (bootstrap and break-glass). */
  workspaceAdminEmails: string[];
  /** Lifetime of an OTP session. Default 12. */
  sessionTtlHours?: number;
  otp?: Partial<OtpOptions>;
  mail: MailOptions;
}

/** The options with every default applied and every address normalised. */
export interface ResolvedIdentityOptions {
  workspaceAdminEmails: ReadonlySet<string>;
  sessionTtlHours: number;
  otp: OtpOptions;
  mail: MailOptions;
}

export const DEFAULT_SESSION_TTL_HOURS = 12;
export const DEFAULT_OTP_OPTIONS: OtpOptions = {
  ttlMinutes: 10,
  maxAttempts: 5,
  maxRequestsPerAddressPer15Min: 5,
  maxRequestsPerIpPer15Min: 20,
};

/** Injection token of the resolved options. */
export const IDENTITY_OPTIONS = Symbol('dq:identity-options');

/** E-mail addresses are compared and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Applies defaults and refuses values no deployment could mean, so a bad config fails at boot. */
export function resolveIdentityOptions(options: IdentityOptions): ResolvedIdentityOptions {
  const otp = { ...DEFAULT_OTP_OPTIONS, ...stripUndefined(options.otp ?? {}) };
  const sessionTtlHours = options.sessionTtlHours ?? DEFAULT_SESSION_TTL_HOURS;
  const problems: string[] = [];
  const positiveInteger = (name: string, value: number): void => {
    if (!Number.isInteger(value) || value < 1) problems.push(`${name} must be a positive integer`);
  };
  positiveInteger('sessionTtlHours', sessionTtlHours);
  for (const [name, value] of Object.entries(otp)) positiveInteger(`otp.${name}`, value);
  if (!/^smtps?:\/\//.test(options.mail.smtpUrl))
    problems.push('mail.smtpUrl must be an smtp:// or smtps:// URL');
  if (options.mail.from.trim() === '') problems.push('mail.from must not be empty');
  if (problems.length > 0) throw new Error(`invalid identity options: ${problems.join('; ')}`);
  return {
    workspaceAdminEmails: new Set(
      options.workspaceAdminEmails.map(normalizeEmail).filter((email) => email !== ''),
    ),
    sessionTtlHours,
    otp,
    mail: { ...options.mail },
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}
