import { AppError, type ConnectionCapabilities, ConnectionKind, ErrorCode } from '@dq/contracts';

/** The kinds that take user-written SQL (custom SQL checks, query projections). */
const SQL_KINDS: readonly ConnectionKind[] = [
  ConnectionKind.Postgres,
  ConnectionKind.Warehouse,
  ConnectionKind.Lakehouse,
];

/** What decides whether user-written SQL may run on a connection. */
export interface PrivilegedConnection {
  name: string;
  capabilities: ConnectionCapabilities | null;
  allowCustomSqlWithDangerousPrivileges: boolean;
}

/** The dangerous privileges the last test found; empty when none were found or none checked. */
export function dangerousPrivilegesOf(connection: Pick<PrivilegedConnection, 'capabilities'>): string[] {
  return connection.capabilities?.dangerous_privileges ?? [];
}

/**
 * Why custom SQL on this connection is a risk, for the connection's read: dangerous privileges
 * found (and whether an Admin allowed custom SQL anyway), or privileges not checked yet.
 */
export function privilegeWarningOf(connection: PrivilegedConnection, kind: ConnectionKind): string | null {
  if (!SQL_KINDS.includes(kind)) return null;
  const privileges = dangerousPrivilegesOf(connection);
  if (privileges.length > 0) {
    const held = `The connection's role holds dangerous privileges (${privileges.join(', ')})`;
    return connection.allowCustomSqlWithDangerousPrivileges
      ? `${held}; an Admin allowed custom SQL on it anyway`
      : `${held}; custom SQL and query projections are refused on it`;
  }
  if (kind === ConnectionKind.Lakehouse) {
    return "The role's privileges cannot be read through SQL on Databricks: give the connection a role that only reads";
  }
  if (connection.capabilities?.dangerous_privileges === undefined) {
    return "The role's privileges have not been checked: test the connection";
  }
  return null;
}

/** The refusal's message and detail when user-written SQL may not run here; null when it may. */
export function customSqlRefusalOf(
  connection: PrivilegedConnection,
): { message: string; detail: { connection: string; dangerous_privileges: string[] } } | null {
  const privileges = dangerousPrivilegesOf(connection);
  if (privileges.length === 0 || connection.allowCustomSqlWithDangerousPrivileges) return null;
  return {
    message:
      `Custom SQL is refused on connection "${connection.name}": its role holds dangerous privileges ` +
      `(${privileges.join(', ')}); use a read-only role, or an Admin may allow it on the connection`,
    detail: { connection: connection.name, dangerous_privileges: privileges },
  };
}

/** 422 `connection_privileged` naming the privileges and the offending field. */
export function assertCustomSqlAllowed(connection: PrivilegedConnection, field: string): void {
  const refusal = customSqlRefusalOf(connection);
  if (refusal === null) return;
  throw new AppError(ErrorCode.ConnectionPrivileged, refusal.message, { ...refusal.detail, field });
}
