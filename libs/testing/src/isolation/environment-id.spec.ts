import { createdAtOf, newEnvironmentId, TEST_NAME_PREFIX } from './environment-id';

describe('newEnvironmentId', () => {
  it('fits the namespace rules with or without a label', () => {
    for (const label of [undefined, '', 'runs', 'A Very Long Label That Will Be Cut Down', '--!!--']) {
      const namespace = `${TEST_NAME_PREFIX}${newEnvironmentId(label)}`;
      expect(namespace).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(namespace.length).toBeLessThanOrEqual(31);
    }
  });

  it('is unique across many calls in the same millisecond', () => {
    const now = new Date();
    const ids = new Set(Array.from({ length: 1000 }, () => newEnvironmentId('x', now)));
    expect(ids.size).toBe(1000);
  });

  it('carries its creation time so a sweeper can tell its age', () => {
    const now = new Date('2026-11-22T03:00:00.123Z');
    expect(createdAtOf(`${TEST_NAME_PREFIX}${newEnvironmentId('label', now)}`)).toEqual(now);
    expect(createdAtOf(`${TEST_NAME_PREFIX}${newEnvironmentId(undefined, now)}`)).toEqual(now);
  });

  it('does not date names it did not mint', () => {
    expect(createdAtOf('dq')).toBeNull();
    expect(createdAtOf('dqt_db_mig_ab12')).toBeNull();
    expect(createdAtOf('dq_template_a4c0118e7462997c')).toBeNull();
    expect(createdAtOf('dqt_ABCDEFGH123456')).toBeNull();
  });
});
