import { WorkspaceRole } from '@dq/contracts';
import { type AuthenticatedUser } from '../principal/principal-directory';
import {
  CAPABILITY_TABLE,
  WorkspaceCapability,
  capabilityTierOf,
  hasCapability,
} from './workspace-capability';

const admin: Pick<AuthenticatedUser, 'role' | 'is_workspace_admin'> = {
  role: WorkspaceRole.Admin,
  is_workspace_admin: true,
};
const member = { role: WorkspaceRole.Member, is_workspace_admin: false };
const viewer = { role: WorkspaceRole.Viewer, is_workspace_admin: false };

/** The spec's table (Authentication, item 7), spelled out again here: [capability, admin, member, viewer]. */
const SPEC_TABLE: [WorkspaceCapability, boolean, boolean, boolean][] = [
  [WorkspaceCapability.UseSharedSuites, true, true, true],
  [WorkspaceCapability.CreateSuites, true, true, false],
  [WorkspaceCapability.ReceiveEditShares, true, true, false],
  [WorkspaceCapability.ManageConnections, true, false, false],
  [WorkspaceCapability.ListConnections, true, true, true],
  [WorkspaceCapability.ReferenceConnections, true, true, false],
  [WorkspaceCapability.TestSavedConnection, true, true, false],
  [WorkspaceCapability.TestDraftConnection, true, false, false],
  [WorkspaceCapability.MintApiTokens, true, true, true],
  [WorkspaceCapability.AdminArea, true, false, false],
  [WorkspaceCapability.ManageRoles, true, false, false],
];

describe('hasCapability', () => {
  it('covers every capability the library defines', () => {
    expect(SPEC_TABLE.map(([capability]) => capability).sort()).toEqual(
      Object.values(WorkspaceCapability).sort(),
    );
    expect(Object.keys(CAPABILITY_TABLE).sort()).toEqual(Object.values(WorkspaceCapability).sort());
  });

  describe.each(SPEC_TABLE)('%s', (capability, forAdmin, forMember, forViewer) => {
    it(`admin: ${forAdmin}`, () => expect(hasCapability(admin, capability)).toBe(forAdmin));
    it(`member: ${forMember}`, () => expect(hasCapability(member, capability)).toBe(forMember));
    it(`viewer: ${forViewer}`, () => expect(hasCapability(viewer, capability)).toBe(forViewer));
    it(`a viewer whose address makes them workspace admin: ${forAdmin}`, () =>
      expect(hasCapability({ role: WorkspaceRole.Viewer, is_workspace_admin: true }, capability)).toBe(
        forAdmin,
      ));
    it(`role admin WITHOUT is_workspace_admin is only a member: ${forMember}`, () =>
      expect(hasCapability({ role: WorkspaceRole.Admin, is_workspace_admin: false }, capability)).toBe(
        forMember,
      ));
  });

  it('refuses a capability it does not know', () => {
    expect(hasCapability(admin, 'made.up' as WorkspaceCapability)).toBe(false);
  });

  it.each([
    [admin, 'admin'],
    [member, 'member'],
    [viewer, 'viewer'],
  ] as const)('places %j in the %s column', (user, tier) => {
    expect(capabilityTierOf(user)).toBe(tier);
  });
});
