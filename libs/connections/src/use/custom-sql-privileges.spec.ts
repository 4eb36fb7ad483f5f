import { AppError, ErrorCode } from '@dq/contracts';
import { assertCustomSqlAllowed, customSqlRefusalOf, privilegeWarningOf } from './custom-sql-privileges';

const checkedAt = '2026-11-27T10:00:00.000Z';
const connection = (dangerous: string[] | undefined, allowed = false) => ({
  name: 'pg',
  capabilities: dangerous === undefined ? null : { dangerous_privileges: dangerous, checked_at: checkedAt },
  allowCustomSqlWithDangerousPrivileges: allowed,
});

describe('custom SQL on a connection with dangerous privileges', () => {
  it('is refused with 422 connection_privileged naming the privileges and the field', () => {
    const refused = (() => {
      try {
        assertCustomSqlAllowed(connection(['superuser']), 'config.sql');
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe(ErrorCode.ConnectionPrivileged);
    expect((refused as AppError).detail).toEqual({
      connection: 'pg',
      dangerous_privileges: ['superuser'],
      field: 'config.sql',
    });
  });

  it('is allowed when an Admin allowed it, when none were found, and before any test', () => {
    expect(customSqlRefusalOf(connection(['superuser'], true))).toBeNull();
    expect(customSqlRefusalOf(connection([]))).toBeNull();
    expect(customSqlRefusalOf(connection(undefined))).toBeNull();
  });

  it('warns on the read of a SQL connection only', () => {
    expect(privilegeWarningOf(connection(['pg_read_server_files']), 'postgres')).toMatch(
      /pg_read_server_files.*refused/,
    );
    expect(privilegeWarningOf(connection(['superuser'], true), 'postgres')).toMatch(/allowed custom SQL/);
    expect(privilegeWarningOf(connection(undefined), 'postgres')).toMatch(/not been checked/);
    expect(privilegeWarningOf(connection([]), 'postgres')).toBeNull();
    expect(privilegeWarningOf(connection(undefined), 'lakehouse')).toMatch(/cannot be read through SQL/);
    expect(privilegeWarningOf(connection(undefined), 'object_store')).toBeNull();
  });
});
