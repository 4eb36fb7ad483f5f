import { ShareGrant, SuiteGrant, WorkspaceRole } from '@dq/contracts';
import { maxShareFor, suiteGrantFor } from './suite-access';
import {
  SUITE_VISIBILITY_RULES,
  type SuiteVisibilityRule,
  type SuiteVisibilitySqlTerms,
  grantByRules,
  suiteVisibilitySql,
} from './suite-visibility-rules';

const joined: SuiteVisibilitySqlTerms = {
  ownerId: 's."owner_id"',
  me: '$1',
  isAdmin: '$2',
  holdsShare: 'sh."user_id" IS NOT NULL',
};

const root = { id: 'root', role: WorkspaceRole.Admin, is_workspace_admin: true };
const vic = { id: 'vic', role: WorkspaceRole.Viewer, is_workspace_admin: false };

describe('suiteVisibilitySql', () => {
  it('writes one disjunct per rule, in the rules’ order', () => {
    expect(suiteVisibilitySql(joined)).toBe('(s."owner_id" = $1 OR $2 OR sh."user_id" IS NOT NULL)');
  });

  it('drops the workspace-admin rule for a read that serves only non-admins', () => {
    expect(suiteVisibilitySql({ ...joined, isAdmin: null })).toBe(
      '(s."owner_id" = $1 OR sh."user_id" IS NOT NULL)',
    );
  });

  it('follows the rule list it is given: a rule removed from the list leaves the SQL and the policy alike', () => {
    const withoutShares = SUITE_VISIBILITY_RULES.filter((rule) => rule.kind !== 'share');
    expect(suiteVisibilitySql(joined, withoutShares)).toBe('(s."owner_id" = $1 OR $2)');
    expect(
      grantByRules(withoutShares, vic, { ownerId: 'ada', shares: [{ userId: 'vic', grant: 'view' }] }),
    ).toBe(null);
    expect(suiteVisibilitySql(joined, [])).toBe('false');
    expect(grantByRules([], root, { ownerId: 'root', shares: [] })).toBe(null);
  });

  it('every rule kind has a disjunct', () => {
    const kinds = new Set(SUITE_VISIBILITY_RULES.map((rule) => rule.kind));
    for (const kind of kinds) {
      const only = SUITE_VISIBILITY_RULES.filter((rule) => rule.kind === kind);
      expect(suiteVisibilitySql(joined, only)).not.toBe('false');
    }
  });
});

describe('grantByRules', () => {
  it('the first matching rule decides: an admin-first list makes an owning admin an admin', () => {
    const adminFirst: SuiteVisibilityRule[] = [
      { kind: 'workspace_admin', grant: SuiteGrant.Admin },
      { kind: 'owner', grant: SuiteGrant.Owner },
    ];
    expect(grantByRules(adminFirst, root, { ownerId: 'root', shares: [] })).toBe('admin');
    expect(grantByRules(SUITE_VISIBILITY_RULES, root, { ownerId: 'root', shares: [] })).toBe('owner');
  });

  it('the policy is the shipped rules, and the share cap is the one the share rule states', () => {
    const subject = { ownerId: 'ada', shares: [{ userId: 'vic', grant: ShareGrant.Edit }] };
    expect(suiteGrantFor(vic, subject)).toBe(grantByRules(SUITE_VISIBILITY_RULES, vic, subject));
    expect(maxShareFor(WorkspaceRole.Viewer)).toBe('view');
    expect(maxShareFor(WorkspaceRole.Member)).toBe('edit');
  });
});
