import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_CODE_LENGTH } from '@dq/contracts';

const OTP_CODE_SPACE = 10 ** OTP_CODE_LENGTH;
const OTP_CODE_SHAPE = new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`);

/** Eight uniformly random digits (leading zeros kept). */
export function generateOtpCode(): string {
  return randomInt(0, OTP_CODE_SPACE).toString().padStart(OTP_CODE_LENGTH, '0');
}

export function isOtpCodeShape(code: unknown): code is string {
  return typeof code === 'string' && OTP_CODE_SHAPE.test(code);
}

/**
 * SHA-256 over the challenge id and the code: the stored form. Binding the id means equal codes of
 * two challenges never share a hash.
 */
export function hashOtpCode(challengeId: string, code: string): Buffer {
  return createHash('sha256').update(`${challengeId}:${code}`, 'utf8').digest();
}

/** Constant-time comparison of a submitted code with the stored hash. */
export function otpCodeMatches(challengeId: string, code: string, storedHash: Buffer): boolean {
  const submitted = hashOtpCode(challengeId, code);
  return submitted.length === storedHash.length && timingSafeEqual(submitted, storedHash);
}
