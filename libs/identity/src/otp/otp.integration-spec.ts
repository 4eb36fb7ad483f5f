import { randomUUID } from 'node:crypto';
import { AppError, ErrorCode, WorkspaceRole } from '@dq/contracts';
import { OtpChallengeEntity, SessionEntity, UserEntity, WorkspaceMemberEntity } from '../entities';
import { type IdentityHarness, startIdentityHarness } from '../../test/support/identity-harness';
import { type SmtpCapture, codeOf, startSmtpCapture } from '@dq/testing';
import { SessionsService } from '../sessions/sessions.service';
import { SESSION_TOKEN_PATTERN } from '../tokens/session-token';
import { UsersService } from '../users/users.service';
import { addressHash } from './address-hash';
import { OTP_VERIFY_FAILED_MESSAGE, OTP_WINDOW_SECONDS, OtpService } from './otp.service';
import { OtpMailer } from './otp-mailer';

const ADMIN_EMAIL = 'break-glass@example.com';

describe('OtpService', () => {
  let smtp: SmtpCapture;
  let harness: IdentityHarness;
  let otp: OtpService;
  let users: UsersService;
  let mailer: OtpMailer;

  const address = (label: string) => `${label}-${randomUUID()}@example.com`;
  const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));

  async function enrolledUser(label = 'user'): Promise<UserEntity> {
    return (await users.provisionOnSignIn({ email: address(label) })).user;
  }

  async function requestAndReadCode(email: string, ip: string | null = null): Promise<string> {
    const before = mailsTo(email).length;
    await otp.request(email, ip);
    await mailer.whenIdle();
    const mails = mailsTo(email);
    expect(mails).toHaveLength(before + 1);
    return codeOf(mails[mails.length - 1]);
  }

  async function failure(promise: Promise<unknown>): Promise<AppError> {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }

  const wrongCode = (code: string) => String((Number(code) + 1) % 100_000_000).padStart(8, '0');

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    harness = await startIdentityHarness('otp', { smtpUrl: smtp.url, workspaceAdminEmails: [ADMIN_EMAIL] });
    otp = harness.get(OtpService);
    users = harness.get(UsersService);
    mailer = harness.get(OtpMailer);
  });

  afterAll(async () => {
    await harness?.close();
    await smtp?.close();
  });

  beforeEach(() => {
    smtp.rejectMessages = false;
  });

  it('sends an enrolled address exactly one mail whose code verifies once', async () => {
    const user = await enrolledUser();
    const code = await requestAndReadCode(user.email);
    const [mail] = mailsTo(user.email);
    expect(mail.raw).toMatch(/Subject: Your sign-in code/);
    expect(mail.raw).toContain('valid for 10 minutes');
    expect(mail.raw).not.toMatch(/https?:\/\//);

    const verified = await otp.verify(user.email.toUpperCase(), code);
    expect(verified.user.id).toBe(user.id);
    expect(verified.token).toMatch(SESSION_TOKEN_PATTERN);
    const session = await harness.get(SessionsService).resolve(verified.token);
    expect(session).toEqual({
      user: expect.objectContaining({ id: user.id }),
      sessionId: verified.sessionId,
    });

    const again = await failure(otp.verify(user.email, code));
    expect(again.toBody()).toEqual({
      code: ErrorCode.Unauthenticated,
      message: OTP_VERIFY_FAILED_MESSAGE,
      detail: {},
    });
    expect(mailsTo(user.email)).toHaveLength(1);

    const audited = await harness.dataSource.query<{ action: string; target_id: string }[]>(
      `SELECT action, target_id FROM audit_events WHERE actor_user_id = $1 ORDER BY occurred_at`,
      [user.id],
    );
    expect(audited).toEqual([
      { action: 'user.provisioned', target_id: user.id },
      { action: 'session.created', target_id: verified.sessionId },
    ]);
    expect(JSON.stringify(await harness.dataSource.query('SELECT * FROM audit_events'))).not.toContain(code);
  });

  it('answers an unknown address identically, stores no redeemable challenge and sends nothing', async () => {
    const known = await enrolledUser('known');
    const unknown = address('unknown');
    const knownResult = await otp.request(known.email, '192.0.2.10');
    const unknownResult = await otp.request(unknown, '192.0.2.11');
    await mailer.whenIdle();

    expect(unknownResult).toEqual(knownResult);
    expect(mailsTo(known.email)).toHaveLength(1);
    expect(mailsTo(unknown)).toHaveLength(0);
    const open = await harness.dataSource
      .getRepository(OtpChallengeEntity)
      .createQueryBuilder('c')
      .where('c.email = :unknown AND c.voided_at IS NULL', { unknown })
      .getCount();
    expect(open).toBe(0);
    const error = await failure(otp.verify(unknown, '12345678'));
    expect(error.toBody()).toEqual((await failure(otp.verify(known.email, '00000000'))).toBody());
    expect(await harness.dataSource.getRepository(UserEntity).countBy({ email: unknown })).toBe(0);
  });

  it('counts an admitted member and a WORKSPACE_ADMIN_EMAILS address as enrolled', async () => {
    const member = address('member');
    await harness.dataSource
      .getRepository(WorkspaceMemberEntity)
      .save({ email: member, initialRole: WorkspaceRole.Viewer });
    const memberCode = await requestAndReadCode(member);
    const verifiedMember = await otp.verify(member, memberCode);
    expect(verifiedMember.user.role).toBe(WorkspaceRole.Viewer);

    const adminCode = await requestAndReadCode(ADMIN_EMAIL);
    const verifiedAdmin = await otp.verify(ADMIN_EMAIL, adminCode);
    expect(verifiedAdmin.user.role).toBe(WorkspaceRole.Member);
    expect(users.effectiveRole(verifiedAdmin.user)).toBe(WorkspaceRole.Admin);
  });

  it('does not count a withdrawn member or a deactivated user as enrolled', async () => {
    const withdrawn = address('withdrawn');
    await harness.dataSource
      .getRepository(WorkspaceMemberEntity)
      .save({ email: withdrawn, withdrawnAt: new Date() });
    const deactivated = await enrolledUser('deactivated');
    await users.deactivate(deactivated.id);
    await otp.request(withdrawn, null);
    await otp.request(deactivated.email, null);
    await mailer.whenIdle();
    expect(mailsTo(withdrawn)).toHaveLength(0);
    expect(mailsTo(deactivated.email)).toHaveLength(0);
  });

  it('voids the challenge after five wrong codes, with one message for every failure', async () => {
    const user = await enrolledUser();
    const code = await requestAndReadCode(user.email);
    const bodies = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      bodies.push((await failure(otp.verify(user.email, wrongCode(code)))).toBody());
    }
    bodies.push((await failure(otp.verify(user.email, code))).toBody());
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    const [challenge] = await harness.dataSource
      .getRepository(OtpChallengeEntity)
      .findBy({ email: user.email });
    expect(challenge.attempts).toBe(5);
    expect(challenge.voidedAt).toBeInstanceOf(Date);
    expect(challenge.consumedAt).toBeNull();
  });

  it('counts concurrent wrong guesses too: no more than five comparisons in total', async () => {
    const user = await enrolledUser();
    const code = await requestAndReadCode(user.email);
    const guesses = Array.from({ length: 12 }, () => otp.verify(user.email, wrongCode(code)));
    const outcomes = await Promise.allSettled(guesses);
    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
    await failure(otp.verify(user.email, code));
    const [challenge] = await harness.dataSource
      .getRepository(OtpChallengeEntity)
      .findBy({ email: user.email });
    expect(challenge.attempts).toBe(5);
    expect(challenge.voidedAt).toBeInstanceOf(Date);
  });

  it('accepts the right code on the fifth try', async () => {
    const user = await enrolledUser();
    const code = await requestAndReadCode(user.email);
    for (let attempt = 0; attempt < 4; attempt += 1) await failure(otp.verify(user.email, wrongCode(code)));
    await expect(otp.verify(user.email, code)).resolves.toMatchObject({ user: { id: user.id } });
  });

  it('refuses an expired code', async () => {
    const user = await enrolledUser();
    const code = await requestAndReadCode(user.email);
    await harness.dataSource.query(
      `UPDATE otp_challenges SET expires_at = now() - interval '1 second' WHERE email = $1`,
      [user.email],
    );
    const error = await failure(otp.verify(user.email, code));
    expect(error.message).toBe(OTP_VERIFY_FAILED_MESSAGE);
  });

  it('voids the earlier code when a new one is requested', async () => {
    const user = await enrolledUser();
    const first = await requestAndReadCode(user.email);
    const second = await requestAndReadCode(user.email);
    if (first !== second) await failure(otp.verify(user.email, first));
    await expect(otp.verify(user.email, second)).resolves.toBeDefined();
  });

  it('lets only one of two concurrent verifications of the same code win', async () => {
    const user = await enrolledUser();
    const code = await requestAndReadCode(user.email);
    const outcomes = await Promise.allSettled([otp.verify(user.email, code), otp.verify(user.email, code)]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await harness.dataSource.getRepository(SessionEntity).countBy({ userId: user.id })).toBe(1);
  });

  it('limits requests per address identically for enrolled and unknown addresses', async () => {
    const known = (await enrolledUser('limited')).email;
    const unknown = address('limited-unknown');
    for (const email of [known, unknown]) {
      for (let request = 0; request < 5; request += 1) await otp.request(email, null);
    }
    const knownError = await failure(otp.request(known, null));
    const unknownError = await failure(otp.request(unknown, null));
    expect(knownError.code).toBe(ErrorCode.SignInCodeLimited);
    expect(unknownError.code).toBe(ErrorCode.SignInCodeLimited);
    expect(knownError.message).toBe(unknownError.message);
    for (const error of [knownError, unknownError]) {
      expect(Object.keys(error.detail)).toEqual(['retry_after_seconds']);
      // The true wait: the oldest counted request leaves the 15-minute window (it was just made).
      expect(error.detail.retry_after_seconds).toBeGreaterThan(800);
      expect(error.detail.retry_after_seconds).toBeLessThanOrEqual(OTP_WINDOW_SECONDS);
    }
    await mailer.whenIdle();
    expect(mailsTo(known)).toHaveLength(5);
    expect(mailsTo(unknown)).toHaveLength(0);
  });

  it('limits requests per client IP across addresses, unknown ones included', async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    for (let request = 0; request < 20; request += 1) {
      await otp.request(request % 2 === 0 ? address('ip') : (await enrolledUser('ip')).email, ip);
    }
    const error = await failure(otp.request(address('ip-next'), ip));
    expect(error.code).toBe(ErrorCode.SignInCodeLimited);
    await expect(otp.request(address('other-ip'), '203.0.113.7')).resolves.toBeUndefined();
    await mailer.whenIdle();
  });

  it('never writes the code or the address local part to a log line, even when the mail fails', async () => {
    const user = await enrolledUser('secretive');
    const localPart = user.email.split('@')[0];
    const okCode = await requestAndReadCode(user.email);
    await otp.verify(user.email, okCode);

    smtp.rejectMessages = true;
    const failedCode = await requestAndReadCode(user.email);
    // whenIdle() (inside requestAndReadCode) returns only after the failure has been logged.

    const failureLine = harness.logs.find((line) => line.includes('otp_mail_failed'))!;
    expect(JSON.parse(failureLine)).toMatchObject({
      address_hash: addressHash(user.email),
      response_code: 550,
    });
    const everything = harness.logs.join('\n');
    expect(everything).not.toContain(okCode);
    expect(everything).not.toContain(failedCode);
    expect(everything).not.toContain(localPart);
  });
});
