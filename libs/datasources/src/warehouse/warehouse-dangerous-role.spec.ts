import { dangerousPrivilegesOfRole } from './warehouse-adapter';

describe('dangerousPrivilegesOfRole', () => {
  it('names an account administrator role, whatever its case', () => {
    expect(dangerousPrivilegesOfRole('ACCOUNTADMIN')).toEqual(['role:ACCOUNTADMIN']);
    expect(dangerousPrivilegesOfRole('securityadmin')).toEqual(['role:SECURITYADMIN']);
    expect(dangerousPrivilegesOfRole('OrgAdmin')).toEqual(['role:ORGADMIN']);
  });

  it('finds nothing in any other role, and cannot tell without one', () => {
    expect(dangerousPrivilegesOfRole('DQ_READER')).toEqual([]);
    expect(dangerousPrivilegesOfRole('SYSADMIN')).toEqual([]);
    expect(dangerousPrivilegesOfRole(null)).toBeUndefined();
    expect(dangerousPrivilegesOfRole('')).toBeUndefined();
  });
});
