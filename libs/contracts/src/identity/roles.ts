/** Workspace role of a user (spec: Roles and grants). */
export const WorkspaceRole = {
  Admin: 'admin',
  Member: 'member',
  Viewer: 'viewer',
} as const;
export type WorkspaceRole = (typeof WorkspaceRole)[keyof typeof WorkspaceRole];
export const WORKSPACE_ROLES: readonly WorkspaceRole[] = Object.values(WorkspaceRole);

/** Per-suite grant, ordered `view` < `edit` < `admin` < `owner`. */
export const SuiteGrant = {
  View: 'view',
  Edit: 'edit',
  Admin: 'admin',
  Owner: 'owner',
} as const;
export type SuiteGrant = (typeof SuiteGrant)[keyof typeof SuiteGrant];
export const SUITE_GRANT_ORDER: readonly SuiteGrant[] = ['view', 'edit', 'admin', 'owner'];

/** What a share can give: only `view` or `edit`. */
export const ShareGrant = { View: 'view', Edit: 'edit' } as const;
export type ShareGrant = (typeof ShareGrant)[keyof typeof ShareGrant];

/** How the caller proved who they are. */
export const CredentialKind = {
  PersonalAccessToken: 'pat',
  IdentityProvider: 'identity_provider',
  Session: 'session',
  DevBypass: 'dev_bypass',
} as const;
export type CredentialKind = (typeof CredentialKind)[keyof typeof CredentialKind];
