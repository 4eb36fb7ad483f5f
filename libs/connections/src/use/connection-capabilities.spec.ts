import { capabilitiesFromTestDetails } from './connection-capabilities';

const at = new Date('2026-11-22T07:00:00.000Z');

describe('capabilitiesFromTestDetails', () => {
  it('keeps the known boolean flags, stamped with the check time', () => {
    expect(capabilitiesFromTestDetails({ capabilities: { native_dmf: false } }, at)).toEqual({
      native_dmf: false,
      checked_at: '2026-11-22T07:00:00.000Z',
    });
  });

  it('drops unknown flags and non-boolean values', () => {
    expect(
      capabilitiesFromTestDetails({ capabilities: { native_dmf: true, sneaky: { a: 1 }, other: 'x' } }, at),
    ).toEqual({ native_dmf: true, checked_at: at.toISOString() });
    expect(capabilitiesFromTestDetails({ capabilities: { native_dmf: 'yes' } }, at)).toBeNull();
  });

  it('keeps dangerous privileges as a sorted list of well-formed names, an empty list included', () => {
    expect(
      capabilitiesFromTestDetails(
        {
          capabilities: {
            dangerous_privileges: ['superuser', 'createrole', 'superuser', 'role:ACCOUNTADMIN'],
          },
        },
        at,
      ),
    ).toEqual({
      dangerous_privileges: ['createrole', 'role:ACCOUNTADMIN', 'superuser'],
      checked_at: at.toISOString(),
    });
    expect(capabilitiesFromTestDetails({ capabilities: { dangerous_privileges: [] } }, at)).toEqual({
      dangerous_privileges: [],
      checked_at: at.toISOString(),
    });
    expect(
      capabilitiesFromTestDetails(
        { capabilities: { dangerous_privileges: ['x'.repeat(100), '<script>', 7, 'pg_read_server_files'] } },
        at,
      ),
    ).toEqual({ dangerous_privileges: ['pg_read_server_files'], checked_at: at.toISOString() });
  });

  it('is null when the adapter reports none', () => {
    expect(capabilitiesFromTestDetails({ server_version: '16' }, at)).toBeNull();
    expect(capabilitiesFromTestDetails({ capabilities: null }, at)).toBeNull();
    expect(capabilitiesFromTestDetails({ capabilities: [true] }, at)).toBeNull();
  });
});
