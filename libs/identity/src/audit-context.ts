/** Who is acting, for the audit event a change records. Self-service calls default to the user. */
export interface AuditContext {
  actorUserId?: string | null;
  /** e.g. `pat:<key id>`, `session:<id>`; never a token. */
  actorCredential?: string | null;
}
