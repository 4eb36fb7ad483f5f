import { WorkspaceRole } from '@dq/contracts';
import { effectiveRoleOf, isWorkspaceAdminOf, maxShareOf } from './workspace-role';

describe('workspace roles', () => {
  const admins = new Set(['boss@example.com']);

  it.each([
    ['boss@example.com', WorkspaceRole.Viewer, WorkspaceRole.Admin, true],
    ['boss@example.com', WorkspaceRole.Member, WorkspaceRole.Admin, true],
    ['ann@example.com', WorkspaceRole.Admin, WorkspaceRole.Admin, true],
    ['ann@example.com', WorkspaceRole.Member, WorkspaceRole.Member, false],
    ['ann@example.com', WorkspaceRole.Viewer, WorkspaceRole.Viewer, false],
  ])('%s stored as %s is effectively %s (admin: %s)', (email, role, effective, admin) => {
    expect(effectiveRoleOf({ email, role }, admins)).toBe(effective);
    expect(isWorkspaceAdminOf({ email, role }, admins)).toBe(admin);
  });

  it('caps Viewers at view', () => {
    expect(maxShareOf(WorkspaceRole.Viewer)).toBe('view');
    expect(maxShareOf(WorkspaceRole.Member)).toBe('edit');
    expect(maxShareOf(WorkspaceRole.Admin)).toBe('edit');
  });
});
