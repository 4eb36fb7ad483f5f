// Public surface of the identity library: other projects import only from here.
export * from './identity.module';
export * from './identity-options';
export * from './tokens/personal-access-token';
export * from './tokens/session-token';
export * from './tokens/token-hash';
export * from './tokens/otp-code';
export * from './users/users.service';
export { effectiveRoleOf, isWorkspaceAdminOf, maxShareOf } from './users/workspace-role';
export * from './api-keys/api-keys.service';
export * from './sessions/sessions.service';
export * from './otp/otp.service';
export { deleteStaleOtpChallenges } from './otp/stale-otp-challenges';
export * from './membership/membership.service';
export * from './principal-directory/identity-principal-directory';
export { type UserSummary, userSummariesByIds, userSummaryById } from './users/user-lookup';
