import { type DatasourceConnection } from '../adapter/datasource-adapter';
import { lakehouseEndpoint } from './lakehouse-connection-config';

const connection: DatasourceConnection = {
  id: null,
  kind: 'lakehouse',
  config: { workspace_url: 'https://adb-1.2.azuredatabricks.net', http_path: 'sql/1.0/warehouses/abc' },
  credential: { token: 'dapi-s3cret' },
};

describe('lakehouseEndpoint', () => {
  it('reads the URL, a path with a leading slash and the token', () => {
    expect(lakehouseEndpoint(connection)).toEqual({
      workspaceUrl: 'https://adb-1.2.azuredatabricks.net',
      httpPath: '/sql/1.0/warehouses/abc',
      token: 'dapi-s3cret',
    });
    const spog = {
      ...connection,
      config: { ...connection.config, http_path: '/sql/1.0/warehouses/abc?o=123' },
    };
    expect(lakehouseEndpoint(spog).httpPath).toBe('/sql/1.0/warehouses/abc?o=123');
  });

  it.each([
    ['no credential', { ...connection, credential: null }],
    ['an empty token', { ...connection, credential: { token: '' } }],
    ['no workspace_url', { ...connection, config: { http_path: '/p' } }],
    [
      'a path naming another host',
      { ...connection, config: { ...connection.config, http_path: '//evil.example/p' } },
    ],
    [
      'a path with a scheme',
      { ...connection, config: { ...connection.config, http_path: 'https://evil.example/p' } },
    ],
    ['a path with userinfo', { ...connection, config: { ...connection.config, http_path: '/p@evil' } }],
    ['a path with whitespace', { ...connection, config: { ...connection.config, http_path: '/p q' } }],
  ])('refuses %s as invalid without echoing the secret', (_label, broken) => {
    expect(() => lakehouseEndpoint(broken)).toThrow(expect.objectContaining({ errorClass: 'invalid' }));
    try {
      lakehouseEndpoint(broken);
    } catch (error) {
      expect((error as Error).message).not.toContain('dapi-s3cret');
      expect((error as Error).message).not.toContain('azuredatabricks');
    }
  });
});
