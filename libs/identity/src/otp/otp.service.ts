import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, ErrorCode } from '@dq/contracts';
import { updateReturning } from '@dq/db';
import { type UserEntity } from '../entities';
import { IDENTITY_OPTIONS, normalizeEmail, type ResolvedIdentityOptions } from '../identity-options';
import { SessionsService } from '../sessions/sessions.service';
import { generateOtpCode, hashOtpCode, isOtpCodeShape, otpCodeMatches } from '../tokens/otp-code';
import { UsersService } from '../users/users.service';
import { otpMail } from './otp-mail';
import { deleteStaleOtpChallenges } from './stale-otp-challenges';
import { OtpMailer } from './otp-mailer';

/** The one message of every failed verification: no challenge, expired, wrong, used up, consumed. */
export const OTP_VERIFY_FAILED_MESSAGE = 'The code is not valid or has expired; request a new one';

export interface OtpVerified {
  /** Plaintext `svc_sess_` token for the one Set-Cookie. */
  token: string;
  sessionId: string;
  expiresAt: Date;
  user: UserEntity;
}

interface RequestCounts {
  address_count: number;
  address_retry: number | null;
  ip_count: number;
  ip_retry: number | null;
}

interface AttemptSlot {
  id: string;
  code_hash: Buffer;
  attempts: number;
}

/**
 * E-mail one-time codes. A request answers the same for every address and never waits for mail;
 * a code is 8 digits, lives `ttlMinutes`, allows `maxAttempts` tries and works once.
 */
@Injectable()
export class OtpService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly mailer: OtpMailer,
    @Inject(IDENTITY_OPTIONS) private readonly options: ResolvedIdentityOptions,
  ) {}

  /**
   * Resolves to nothing, the same for enrolled and unknown addresses, or throws the same
   * `sign_in_code_limited` for both. An unknown address takes the same path (limits, code, hash, one row)
   * but its row is void from birth and nothing is sent, so it can never be redeemed.
   */
  async request(email: string, ip: string | null): Promise<void> {
    const address = normalizeEmail(email);
    const code = generateOtpCode();
    const challengeId = randomUUID();
    const codeHash = hashOtpCode(challengeId, code);
    const enrolled = await this.isEnrolled(address);

    await this.dataSource.transaction(async (manager) => {
      // One request per address at a time: the count, the voiding and the insert are one step.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`dq.otp:${address}`]);
      const [counts] = await manager.query<RequestCounts[]>(
        `SELECT
           count(*) FILTER (WHERE "email" = $1)::int AS address_count,
           ceil(extract(epoch FROM min("created_at") FILTER (WHERE "email" = $1)
             + interval '15 minutes' - now()))::int AS address_retry,
           count(*) FILTER (WHERE "requester_ip" = $2)::int AS ip_count,
           ceil(extract(epoch FROM min("created_at") FILTER (WHERE "requester_ip" = $2)
             + interval '15 minutes' - now()))::int AS ip_retry
         FROM "otp_challenges"
         WHERE ("email" = $1 OR "requester_ip" = $2) AND "created_at" > now() - interval '15 minutes'`,
        [address, ip],
      );
      const { otp } = this.options;
      if (counts.address_count >= otp.maxRequestsPerAddressPer15Min) throw rateLimited(counts.address_retry);
      if (ip !== null && counts.ip_count >= otp.maxRequestsPerIpPer15Min) throw rateLimited(counts.ip_retry);

      await manager.query(
        `UPDATE "otp_challenges" SET "voided_at" = now()
          WHERE "email" = $1 AND "consumed_at" IS NULL AND "voided_at" IS NULL`,
        [address],
      );
      await manager.query(
        `INSERT INTO "otp_challenges" ("id", "email", "code_hash", "requester_ip", "expires_at", "voided_at")
         VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5), CASE WHEN $6::boolean THEN NULL ELSE now() END)`,
        [challengeId, address, codeHash, ip, otp.ttlMinutes, enrolled],
      );
    });

    if (enrolled) this.mailer.dispatch(address, otpMail(code, this.options.otp.ttlMinutes));
  }

  /**
   * Redeems a code for a session. Every failure is the same 401. A try is counted BEFORE the code is
   * compared, so concurrent guesses cannot get more than `maxAttempts` comparisons between them, and
   * the consuming update is conditional, so two concurrent right answers make one session.
   */
  async verify(email: string, code: string): Promise<OtpVerified> {
    const address = normalizeEmail(email);
    if (!isOtpCodeShape(code)) throw verifyFailed();
    const { maxAttempts } = this.options.otp;

    const [slot] = await updateReturning<AttemptSlot>(
      this.dataSource,
      `UPDATE "otp_challenges" SET "attempts" = "attempts" + 1
        WHERE "id" = (
          SELECT "id" FROM "otp_challenges"
           WHERE "email" = $1 AND "consumed_at" IS NULL AND "voided_at" IS NULL AND "expires_at" > now()
           ORDER BY "created_at" DESC LIMIT 1)
          AND "attempts" < $2 AND "consumed_at" IS NULL AND "voided_at" IS NULL AND "expires_at" > now()
        RETURNING "id", "code_hash", "attempts"`,
      [address, maxAttempts],
    );
    if (!slot) throw verifyFailed();

    if (!otpCodeMatches(slot.id, code, slot.code_hash)) {
      if (slot.attempts >= maxAttempts) {
        await this.dataSource.query(
          `UPDATE "otp_challenges" SET "voided_at" = now()
            WHERE "id" = $1 AND "consumed_at" IS NULL AND "voided_at" IS NULL`,
          [slot.id],
        );
      }
      throw verifyFailed();
    }

    const consumed = await updateReturning<{ id: string }>(
      this.dataSource,
      `UPDATE "otp_challenges" SET "consumed_at" = now()
        WHERE "id" = $1 AND "consumed_at" IS NULL AND "voided_at" IS NULL AND "expires_at" > now()
        RETURNING "id"`,
      [slot.id],
    );
    if (consumed.length === 0) throw verifyFailed();

    const { user } = await this.users.provisionOnSignIn({ email: address });
    if (user.status !== 'active') throw verifyFailed();
    const session = await this.sessions.create(user.id);
    return { ...session, user };
  }

  /** Deletes challenge rows that no longer count for limits or verification. */
  purgeStale(): Promise<number> {
    return deleteStaleOtpChallenges(this.dataSource);
  }

  /** Enrolled: an active user, an admitted (not withdrawn) member, or a WORKSPACE_ADMIN_EMAILS address. */
  private async isEnrolled(address: string): Promise<boolean> {
    const [row] = await this.dataSource.query<{ enrolled: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM "users" WHERE "email" = $1 AND "status" = 'active')
           OR EXISTS (SELECT 1 FROM "workspace_members" WHERE "email" = $1 AND "withdrawn_at" IS NULL)
           AS enrolled`,
      [address],
    );
    return row.enrolled || this.users.isListedAdminEmail(address);
  }
}

function verifyFailed(): AppError {
  return new AppError(ErrorCode.Unauthenticated, OTP_VERIFY_FAILED_MESSAGE);
}

/** The sign-in code limits count requests over this window. */
export const OTP_WINDOW_SECONDS = 15 * 60;

/**
 * The true wait until the oldest counted request leaves the window, up to 15 minutes: its own code,
 * so `rate_limited` keeps the spec's 1..60 s. The error filter copies it to `Retry-After`.
 */
function rateLimited(retryAfter: number | null): AppError {
  const seconds = Math.min(OTP_WINDOW_SECONDS, Math.max(1, retryAfter ?? OTP_WINDOW_SECONDS));
  return new AppError(ErrorCode.SignInCodeLimited, 'Too many sign-in code requests; try again later', {
    retry_after_seconds: seconds,
  });
}
