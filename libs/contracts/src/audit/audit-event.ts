/** Audit event type names (the spec leaves them open): `<area>.<verb>`. */
export const AuditAction = {
  ApiKeyCreated: 'api_key.created',
  ApiKeyRevoked: 'api_key.revoked',
  SessionCreated: 'session.created',
  SessionRevoked: 'session.revoked',
  UserProvisioned: 'user.provisioned',
  UserUpdated: 'user.updated',
  UserRoleChanged: 'user.role_changed',
} as const;
export type AuditAction = (typeof AuditAction)[keyof typeof AuditAction];

/** What the one audit call takes. Nothing secret goes in `detail`. */
export interface AuditEventInput {
  /** One of `AuditAction`, or a context's own `<area>.<verb>` name. */
  action: string;
  actor_user_id: string | null;
  actor_credential: string | null;
  target_type: string | null;
  target_id: string | null;
  detail?: Record<string, unknown>;
  request_id?: string | null;
}
