import { AppError, CONNECTION_KINDS, ErrorCode } from '@dq/contracts';
import { checkConfig, checkCredential } from './connection-input';

const SECRET = 'sk-live-9f2c7a-pasted-as-a-key';

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('checkCredential', () => {
  it.each(CONNECTION_KINDS)('never echoes a key a %s credential does not take', (kind) => {
    const refused = refusal(() => checkCredential(kind, { [SECRET]: 'x', [`${SECRET}-2`]: 1 }));
    expect(refused.code).toBe(ErrorCode.ValidationFailed);
    const fields = refused.detail['fields'] as { field: string; problems: string[] }[];
    expect(fields[0]).toMatchObject({ field: 'credential' });
    expect(fields[0].problems[0]).toMatch(/does not take; it takes: \w+/);
    expect(JSON.stringify(refused.detail)).not.toContain(SECRET);
    expect(refused.message).not.toContain(SECRET);
  });

  it('still names a known field that is wrong, beside the unknown one', () => {
    const refused = refusal(() => checkCredential('postgres', { password: 5, [SECRET]: 'x' }));
    const fields = refused.detail['fields'] as { field: string; problems: string[] }[];
    expect(fields.map((f) => f.field)).toEqual(['credential', 'credential.password']);
    expect(fields[0].problems[0]).toContain('it takes: password');
    expect(JSON.stringify(refused.detail)).not.toContain(SECRET);
  });
});

describe('checkConfig', () => {
  const catalog = { catalog_uri: 'https://cat.example.com', secret_property: 'token' };

  // A null optional field passes the validation as a missing one; `properties: null` reached
  // Object.values and answered 500.
  it('takes null Iceberg client properties as none given', () => {
    expect(checkConfig('iceberg_catalog', { ...catalog, properties: null })).toEqual({
      ...catalog,
      properties: null,
    });
  });

  it('still refuses properties that are not strings', () => {
    const refused = refusal(() => checkConfig('iceberg_catalog', { ...catalog, properties: { a: 1 } }));
    expect(refused.detail['fields']).toEqual([
      { field: 'config.properties', problems: ['properties must map names to strings'] },
    ]);
  });
});
