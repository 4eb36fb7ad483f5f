import { type ShareGrant, WorkspaceRole } from '@dq/contracts';

interface RoleHolder {
  email: string;
  role: WorkspaceRole;
}

/**
 * A stored admin, or an address in WORKSPACE_ADMIN_EMAILS. The list only ever adds Admin: the
 * stored role is left as it is, so taking an address off the list falls back to what was stored.
 */
export function isWorkspaceAdminOf(user: RoleHolder, workspaceAdminEmails: ReadonlySet<string>): boolean {
  return user.role === WorkspaceRole.Admin || workspaceAdminEmails.has(user.email);
}

export function effectiveRoleOf(user: RoleHolder, workspaceAdminEmails: ReadonlySet<string>): WorkspaceRole {
  return isWorkspaceAdminOf(user, workspaceAdminEmails) ? WorkspaceRole.Admin : user.role;
}

/** The highest share a user of this role can receive: Viewers are capped at `view`. */
export function maxShareOf(role: WorkspaceRole): ShareGrant {
  return role === WorkspaceRole.Viewer ? 'view' : 'edit';
}
