import {
  CONNECTION_KINDS,
  configBody,
  configPatch,
  credentialBody,
  formValuesOf,
  kindSpec,
  redirectingChanges,
} from './connection-kinds';

describe('connection kinds and their fields', () => {
  it('covers every kind the API document names, once each', () => {
    expect(CONNECTION_KINDS.map((spec) => spec.kind).sort()).toEqual(
      [
        'builder',
        'factory',
        'file_store',
        'iceberg_catalog',
        'lakehouse',
        'object_store',
        'postgres',
        'scheduler',
        'warehouse',
      ].sort(),
    );
  });

  it("marks a kind's required fields as the schema does, and its secrets as write-only", () => {
    const postgres = kindSpec('postgres');
    expect(postgres.config.filter((field) => field.required).map((field) => field.name)).toEqual([
      'host',
      'port',
      'database',
      'user',
    ]);
    expect(postgres.credential).toEqual([
      expect.objectContaining({ name: 'password', secret: true, required: true }),
    ]);
    // An ID is typed in the open; the key that goes with it is not.
    const objectStore = kindSpec('object_store').credential;
    expect(objectStore.find((field) => field.name === 'access_key_id')?.secret).toBeUndefined();
    expect(objectStore.find((field) => field.name === 'secret_access_key')?.secret).toBe(true);
  });

  it('turns typed values into a config: numbers, lists, maps, ticks; empty optional fields left out', () => {
    expect(
      configBody('postgres', {
        'config.host': ' db.internal ',
        'config.port': '5432',
        'config.database': 'shop',
        'config.user': 'reader',
        'config.sslmode': '',
      }),
    ).toEqual({ host: 'db.internal', port: 5432, database: 'shop', user: 'reader' });
    // A number typed wrong goes as typed, for the API to name the problem.
    expect(configBody('postgres', { 'config.port': 'five' })).toEqual({ port: 'five' });
    expect(
      configBody('builder', {
        'config.project_name': 'p',
        'config.jobs': 'nightly\n\n  hourly  \n',
        'config.artifacts_uri': 's3://a',
      }),
    ).toEqual({ project_name: 'p', jobs: ['nightly', 'hourly'], artifacts_uri: 's3://a' });
    expect(
      configBody('iceberg_catalog', {
        'config.catalog_uri': 'https://cat',
        'config.properties': 's3.region = eu-west-1\nio-impl=x=y\n',
      }),
    ).toEqual({ catalog_uri: 'https://cat', properties: { 's3.region': 'eu-west-1', 'io-impl': 'x=y' } });
    expect(configBody('object_store', { 'config.bucket': 'b', 'config.force_path_style': true })).toEqual({
      bucket: 'b',
      force_path_style: true,
    });
    expect(configBody('object_store', { 'config.bucket': 'b', 'config.force_path_style': false })).toEqual({
      bucket: 'b',
    });
  });

  it('sends a secret exactly as typed, and no credential when none is filled in', () => {
    expect(credentialBody('postgres', { 'credential.password': ' p w ' })).toEqual({ password: ' p w ' });
    expect(credentialBody('postgres', { 'credential.password': '' })).toBeUndefined();
    expect(
      credentialBody('warehouse', { 'credential.private_key': 'PEM', 'credential.password': '' }),
    ).toEqual({
      private_key: 'PEM',
    });
  });

  it('patches only what changed, an emptied field as null, and names the changes that move the credential', () => {
    const stored = { host: 'db', port: 5432, database: 'shop', user: 'reader', sslmode: 'prefer' };
    const values = formValuesOf('postgres', stored);
    expect(values).toEqual({
      'config.host': 'db',
      'config.port': '5432',
      'config.database': 'shop',
      'config.user': 'reader',
      'config.sslmode': 'prefer',
    });
    expect(configPatch('postgres', stored, values)).toBeUndefined();

    const patch = configPatch('postgres', stored, {
      ...values,
      'config.database': 'shop2',
      'config.sslmode': '',
    });
    expect(patch).toEqual({ database: 'shop2', sslmode: null });
    expect(redirectingChanges('postgres', patch)).toEqual(['sslmode']);
    expect(redirectingChanges('postgres', { database: 'x' })).toEqual([]);

    const builder = { project_name: 'p', jobs: ['a', 'b'], artifacts_uri: 's3://x' };
    expect(configPatch('builder', builder, formValuesOf('builder', builder))).toBeUndefined();
    expect(
      configPatch('builder', builder, { ...formValuesOf('builder', builder), 'config.jobs': 'a' }),
    ).toEqual({
      jobs: ['a'],
    });
  });

  it('never prefills a credential field', () => {
    const values = formValuesOf('postgres', { host: 'db', password: 'leaked?' });
    expect(Object.keys(values).some((key) => key.startsWith('credential.'))).toBe(false);
  });
});
