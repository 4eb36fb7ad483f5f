import { SUITE_GRANT_ORDER, ShareGrant, SuiteGrant, WorkspaceRole } from '@dq/contracts';
import { type AuthenticatedUser } from '../principal/principal-directory';
import { capabilityTierOf } from './workspace-capability';

/** One way a caller comes to see a suite, and the grant it gives them. */
export type SuiteVisibilityRule =
  /** The suite's owner. */
  | { readonly kind: 'owner'; readonly grant: SuiteGrant }
  /** A workspace admin (`is_workspace_admin`), whether or not they hold a share. */
  | { readonly kind: 'workspace_admin'; readonly grant: SuiteGrant }
  /** The caller's best share of the suite, capped by their workspace role. */
  | { readonly kind: 'share'; readonly capByRole: Readonly<Record<WorkspaceRole, ShareGrant>> };

/**
 * Suite visibility, the one place it is written: the first rule that matches decides the grant, and
 * a caller no rule matches may not see the suite. The policy ({@link grantByRules}) and the SQL
 * reads ({@link suiteVisibilitySql}) are both derived from this list.
 */
export const SUITE_VISIBILITY_RULES: readonly SuiteVisibilityRule[] = [
  { kind: 'owner', grant: SuiteGrant.Owner },
  { kind: 'workspace_admin', grant: SuiteGrant.Admin },
  {
    kind: 'share',
    capByRole: {
      [WorkspaceRole.Admin]: ShareGrant.Edit,
      [WorkspaceRole.Member]: ShareGrant.Edit,
      [WorkspaceRole.Viewer]: ShareGrant.View,
    },
  },
];

/** What the rules read about a suite. */
export interface SuiteVisibilitySubject {
  ownerId: string;
  shares: readonly { userId: string; grant: ShareGrant }[];
}

type RuleUser = Pick<AuthenticatedUser, 'id' | 'role' | 'is_workspace_admin'>;

const rank = (grant: SuiteGrant): number => SUITE_GRANT_ORDER.indexOf(grant);

/** The grant of the first rule that matches, or null when none does. */
export function grantByRules(
  rules: readonly SuiteVisibilityRule[],
  user: RuleUser,
  suite: SuiteVisibilitySubject,
): SuiteGrant | null {
  for (const rule of rules) {
    switch (rule.kind) {
      case 'owner':
        if (suite.ownerId === user.id) return rule.grant;
        break;
      case 'workspace_admin':
        if (capabilityTierOf(user) === 'admin') return rule.grant;
        break;
      case 'share': {
        const cap = rule.capByRole[user.role];
        let best: SuiteGrant | null = null;
        for (const share of suite.shares) {
          if (share.userId !== user.id) continue;
          const grant = rank(share.grant) >= rank(cap) ? cap : share.grant;
          if (best === null || rank(grant) > rank(best)) best = grant;
        }
        if (best !== null) return best;
        break;
      }
    }
  }
  return null;
}

/** The SQL expressions the generated condition is built from; the caller's statement names them. */
export interface SuiteVisibilitySqlTerms {
  /** The suite's owner id column, e.g. `s."owner_id"`. */
  ownerId: string;
  /** The caller's user id, e.g. `$1::uuid`. */
  me: string;
  /** Whether the caller is a workspace admin, e.g. `$2::boolean`; null drops the rule (a read for non-admins). */
  isAdmin: string | null;
  /** A condition true when the caller holds a share of the suite (any share: every cap keeps `view`). */
  holdsShare: string;
}

/**
 * The condition under which the rules give the caller a grant, as SQL: one disjunct per rule, in
 * the rules' order. A read filters by it in its own statement; the policy then decides the grant.
 */
export function suiteVisibilitySql(
  terms: SuiteVisibilitySqlTerms,
  rules: readonly SuiteVisibilityRule[] = SUITE_VISIBILITY_RULES,
): string {
  const disjuncts: string[] = [];
  for (const rule of rules) {
    switch (rule.kind) {
      case 'owner':
        disjuncts.push(`${terms.ownerId} = ${terms.me}`);
        break;
      case 'workspace_admin':
        if (terms.isAdmin !== null) disjuncts.push(terms.isAdmin);
        break;
      case 'share':
        disjuncts.push(terms.holdsShare);
        break;
    }
  }
  return disjuncts.length === 0 ? 'false' : `(${disjuncts.join(' OR ')})`;
}
