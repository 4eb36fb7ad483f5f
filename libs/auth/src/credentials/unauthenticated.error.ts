import { AppError, ErrorCode } from '@dq/contracts';

/** The ONE message of every 401: no credential, unknown, revoked, expired, tampered, inactive owner… */
export const UNAUTHENTICATED_MESSAGE = 'Authentication required';

export const NOT_A_MEMBER_MESSAGE = 'You are not a member of this workspace';

/** A fresh error each time (errors carry a stack), always with the same body. */
export function unauthenticatedError(): AppError {
  return new AppError(ErrorCode.Unauthenticated, UNAUTHENTICATED_MESSAGE, {});
}

export function notAMemberError(): AppError {
  return new AppError(ErrorCode.NotAMember, NOT_A_MEMBER_MESSAGE, {});
}
