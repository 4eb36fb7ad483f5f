import { type DatasourceConnection } from '../adapter/datasource-adapter';
import { classifyCatalogStatus, icebergCatalogSettings, parseIcebergTarget } from './iceberg-rest-client';

function connection(
  config: Record<string, unknown>,
  credential: Record<string, unknown> | null = { value: 's3cr3t' },
): DatasourceConnection {
  return { id: null, kind: 'iceberg_catalog', config, credential };
}

describe('icebergCatalogSettings', () => {
  it('sends the secret as the bearer token by default and for secret_property token', () => {
    expect(icebergCatalogSettings(connection({ catalog_uri: 'https://cat.example/api/' }))).toEqual({
      catalogUri: 'https://cat.example/api',
      warehouse: null,
      properties: {},
      token: 's3cr3t',
      clientCredential: null,
    });
  });

  it('uses the secret as OAuth2 client credentials for secret_property credential', () => {
    const settings = icebergCatalogSettings(
      connection({ catalog_uri: 'https://cat.example', secret_property: 'credential', warehouse: 'wh' }),
    );
    expect(settings).toMatchObject({ token: null, clientCredential: 's3cr3t', warehouse: 'wh' });
  });

  it('puts any other secret property among the client properties, beside the given ones', () => {
    const settings = icebergCatalogSettings(
      connection({
        catalog_uri: 'https://cat.example',
        secret_property: 's3.secret-access-key',
        properties: { 's3.access-key-id': 'AKIA', 's3.region': 'eu-west-1' },
      }),
    );
    expect(settings.properties).toEqual({
      's3.access-key-id': 'AKIA',
      's3.region': 'eu-west-1',
      's3.secret-access-key': 's3cr3t',
    });
    expect(settings.token).toBeNull();
  });

  it('refuses a missing catalog_uri and non-string properties as invalid', () => {
    for (const config of [{}, { catalog_uri: '' }, { catalog_uri: 'https://c', properties: { a: 1 } }])
      expect(() => icebergCatalogSettings(connection(config))).toThrow(
        expect.objectContaining({ errorClass: 'invalid' }) as Error,
      );
  });
});

describe('parseIcebergTarget', () => {
  it('takes the last segment as the table and the rest as the namespace levels', () => {
    expect(parseIcebergTarget('sales.orders')).toEqual({ namespace: ['sales'], table: 'orders' });
    expect(parseIcebergTarget('a.b.orders')).toEqual({ namespace: ['a', 'b'], table: 'orders' });
  });

  it('takes hyphens plain and a quoted part whole, dots and "" escapes included', () => {
    expect(parseIcebergTarget('fixtures.pyiceberg-v1-overwrite')).toEqual({
      namespace: ['fixtures'],
      table: 'pyiceberg-v1-overwrite',
    });
    expect(parseIcebergTarget('"a.b".c."orders ""v2"" x"')).toEqual({
      namespace: ['a.b', 'c'],
      table: 'orders "v2" x',
    });
  });

  it('refuses a bare table name or empty segments', () => {
    for (const target of ['orders', 'a..b', '.orders', 'sales.', 'sales."open'])
      expect(() => parseIcebergTarget(target)).toThrow(
        expect.objectContaining({ errorClass: 'invalid' }) as Error,
      );
  });
});

describe('classifyCatalogStatus', () => {
  it('maps the REST spec error statuses to datasource error classes', () => {
    expect([401, 419, 403, 404, 408, 400, 500, 503].map(classifyCatalogStatus)).toEqual([
      'auth',
      'auth',
      'permission',
      'not_found',
      'timeout',
      'invalid',
      'unreachable',
      'unreachable',
    ]);
  });
});
