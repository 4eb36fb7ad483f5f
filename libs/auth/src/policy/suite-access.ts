import {
  AppError,
  ErrorCode,
  SUITE_GRANT_ORDER,
  type ShareGrant,
  type SuiteGrant,
  type WorkspaceRole,
} from '@dq/contracts';
import { type AuthenticatedUser } from '../principal/principal-directory';
import { SUITE_VISIBILITY_RULES, type SuiteVisibilitySubject, grantByRules } from './suite-visibility-rules';

/** What the policy needs to know about a suite. */
export type SuiteAccessSubject = SuiteVisibilitySubject;

type PolicyUser = Pick<AuthenticatedUser, 'id' | 'role' | 'is_workspace_admin'>;

export const SUITE_NOT_FOUND_MESSAGE = 'Suite not found';
export const SUITE_FORBIDDEN_MESSAGE = 'Your access to this suite does not allow this';

/**
 * The 404 for a suite that does not exist AND for one the caller may not see: suites code must use
 * this for both, so the two cannot be told apart.
 */
export function suiteNotFoundError(): AppError {
  return new AppError(ErrorCode.NotFound, SUITE_NOT_FOUND_MESSAGE, {});
}

const SHARE_RULE = SUITE_VISIBILITY_RULES.find((rule) => rule.kind === 'share');

/** The highest share a user of this role can hold: the share rule's cap. */
export function maxShareFor(role: WorkspaceRole): ShareGrant {
  if (SHARE_RULE?.kind !== 'share') throw new Error('The suite visibility rules have no share rule');
  return SHARE_RULE.capByRole[role];
}

/** `view` < `edit` < `admin` < `owner`. */
export function grantSatisfies(grant: SuiteGrant, needed: SuiteGrant): boolean {
  return SUITE_GRANT_ORDER.indexOf(grant) >= SUITE_GRANT_ORDER.indexOf(needed);
}

/**
 * The caller's grant on a suite, or null when they may not even see it, by
 * {@link SUITE_VISIBILITY_RULES}: the owner owns it; a workspace admin is an implicit suite admin;
 * otherwise their share (the best one), capped at `view` for a Viewer, whatever it says.
 */
export function suiteGrantFor(user: PolicyUser, suite: SuiteAccessSubject): SuiteGrant | null {
  return grantByRules(SUITE_VISIBILITY_RULES, user, suite);
}

/**
 * Returns the caller's grant when it is at least `needed`. No grant at all is the same 404 as a
 * missing suite (`notFound` lets incidents or assets answer their own not-found); a grant below
 * `needed` is 403 `forbidden`.
 */
export function requireSuiteGrant(
  user: PolicyUser,
  suite: SuiteAccessSubject,
  needed: SuiteGrant,
  notFound: () => AppError = suiteNotFoundError,
): SuiteGrant {
  const grant = suiteGrantFor(user, suite);
  if (grant === null) throw notFound();
  if (!grantSatisfies(grant, needed)) throw new AppError(ErrorCode.Forbidden, SUITE_FORBIDDEN_MESSAGE, {});
  return grant;
}
