import { WorkspaceRole } from '@dq/contracts';
import { type AuthenticatedUser } from '../principal/principal-directory';

/** What a workspace role allows, one constant per row of the spec's capability table. */
export const WorkspaceCapability = {
  /** See and use suites shared to them (a Viewer only ever with `view`). */
  UseSharedSuites: 'suites.use_shared',
  /** Create or import suites, becoming their owner. */
  CreateSuites: 'suites.create',
  /** Be given an `edit` share. */
  ReceiveEditShares: 'suites.receive_edit_share',
  /** Create, edit, delete and re-authenticate connections. */
  ManageConnections: 'connections.manage',
  ListConnections: 'connections.list',
  /** Reference a connection from a suite. */
  ReferenceConnections: 'connections.reference',
  TestSavedConnection: 'connections.test_saved',
  /** Test connection settings that are not saved yet. */
  TestDraftConnection: 'connections.test_draft',
  MintApiTokens: 'api_tokens.mint',
  /** `/admin`, implicit suite-admin and workspace-wide visibility. */
  AdminArea: 'admin.area',
  ManageRoles: 'roles.manage',
} as const;
export type WorkspaceCapability = (typeof WorkspaceCapability)[keyof typeof WorkspaceCapability];

/** The column of the capability table a user falls in. */
export type CapabilityTier = 'admin' | 'member' | 'viewer';

const ALL: readonly CapabilityTier[] = ['admin', 'member', 'viewer'];
const ADMIN_AND_MEMBER: readonly CapabilityTier[] = ['admin', 'member'];
const ADMIN_ONLY: readonly CapabilityTier[] = ['admin'];

/** The spec's table (Authentication, item 7), as data so the tests can walk every cell. */
export const CAPABILITY_TABLE: Readonly<Record<WorkspaceCapability, readonly CapabilityTier[]>> = {
  [WorkspaceCapability.UseSharedSuites]: ALL,
  [WorkspaceCapability.CreateSuites]: ADMIN_AND_MEMBER,
  [WorkspaceCapability.ReceiveEditShares]: ADMIN_AND_MEMBER,
  [WorkspaceCapability.ManageConnections]: ADMIN_ONLY,
  [WorkspaceCapability.ListConnections]: ALL,
  [WorkspaceCapability.ReferenceConnections]: ADMIN_AND_MEMBER,
  [WorkspaceCapability.TestSavedConnection]: ADMIN_AND_MEMBER,
  [WorkspaceCapability.TestDraftConnection]: ADMIN_ONLY,
  [WorkspaceCapability.MintApiTokens]: ALL,
  [WorkspaceCapability.AdminArea]: ADMIN_ONLY,
  [WorkspaceCapability.ManageRoles]: ADMIN_ONLY,
};

/**
 * Admin means `is_workspace_admin`. A user whose role says `admin` without that flag is treated
 * as a member: the two disagreeing is a bug elsewhere, and the lesser reading fails closed.
 */
export function capabilityTierOf(
  user: Pick<AuthenticatedUser, 'role' | 'is_workspace_admin'>,
): CapabilityTier {
  if (user.is_workspace_admin) return 'admin';
  return user.role === WorkspaceRole.Viewer ? 'viewer' : 'member';
}

export function hasCapability(
  user: Pick<AuthenticatedUser, 'role' | 'is_workspace_admin'>,
  capability: WorkspaceCapability,
): boolean {
  const tiers = CAPABILITY_TABLE[capability] as readonly CapabilityTier[] | undefined;
  return tiers?.includes(capabilityTierOf(user)) ?? false;
}
