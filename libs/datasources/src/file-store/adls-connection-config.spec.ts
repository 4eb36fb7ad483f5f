import { type DatasourceConnection } from '../adapter/datasource-adapter';
import { adlsSettingsOf } from './adls-connection-config';

function connection(
  config: Record<string, unknown>,
  credential: Record<string, unknown> | null = { account_key: 'a2V5' },
): DatasourceConnection {
  return { id: null, kind: 'file_store', config, credential };
}

function refusal(run: () => unknown): { errorClass?: string; message?: string } {
  try {
    run();
  } catch (error) {
    return error as { errorClass?: string; message?: string };
  }
  throw new Error('expected a refusal');
}

describe('adlsSettingsOf', () => {
  it('reads an Azure dfs endpoint: account from the host, blob endpoint of the same account', () => {
    const settings = adlsSettingsOf(
      connection({ account_url: 'https://lakeacct.dfs.core.windows.net/', filesystem: 'raw-zone' }),
    );
    expect(settings).toMatchObject({
      accountUrl: 'https://lakeacct.dfs.core.windows.net/',
      accountName: 'lakeacct',
      blobAccountUrl: 'https://lakeacct.blob.core.windows.net',
      filesystem: 'raw-zone',
      credential: { form: 'account_key', accountKey: 'a2V5' },
    });
  });

  it('keeps a blob endpoint and a sovereign-cloud suffix as they are', () => {
    expect(
      adlsSettingsOf(connection({ account_url: 'https://acct.blob.core.windows.net', filesystem: 'lake' }))
        .blobAccountUrl,
    ).toBe('https://acct.blob.core.windows.net');
    expect(
      adlsSettingsOf(
        connection({ account_url: 'https://acct.dfs.core.chinacloudapi.cn', filesystem: 'lake' }),
      ).blobAccountUrl,
    ).toBe('https://acct.blob.core.chinacloudapi.cn');
  });

  it('reads a path-style emulator URL: the account is the only path segment', () => {
    const settings = adlsSettingsOf(
      connection({ account_url: 'http://127.0.0.1:10000/devstoreaccount1', filesystem: 'lake' }),
    );
    expect(settings.accountName).toBe('devstoreaccount1');
    expect(settings.blobAccountUrl).toBe('http://127.0.0.1:10000/devstoreaccount1');
  });

  it('takes a SAS with or without its leading question mark', () => {
    const config = { account_url: 'https://acct.dfs.core.windows.net', filesystem: 'lake' };
    expect(adlsSettingsOf(connection(config, { sas_token: '?sv=2024&sig=abc' })).credential).toEqual({
      form: 'sas_token',
      sasToken: 'sv=2024&sig=abc',
    });
    expect(adlsSettingsOf(connection(config, { sas_token: 'sv=2024&sig=abc' })).credential).toEqual({
      form: 'sas_token',
      sasToken: 'sv=2024&sig=abc',
    });
  });

  it('takes a complete service principal', () => {
    const credential = { tenant_id: 't', client_id: 'c', client_secret: 's' };
    expect(
      adlsSettingsOf(
        connection({ account_url: 'https://a.dfs.core.windows.net', filesystem: 'lake' }, credential),
      ).credential,
    ).toEqual({ form: 'service_principal', tenantId: 't', clientId: 'c', clientSecret: 's' });
  });

  it.each([
    ['no credential', { account_url: 'https://a.dfs.core.windows.net', filesystem: 'lake' }, null],
    [
      'two credential forms',
      { account_url: 'https://a.dfs.core.windows.net', filesystem: 'lake' },
      { account_key: 'k', sas_token: 's' },
    ],
    [
      'an incomplete service principal',
      { account_url: 'https://a.dfs.core.windows.net', filesystem: 'lake' },
      { tenant_id: 't', client_id: 'c' },
    ],
    ['no account_url', { filesystem: 'lake' }, { account_key: 'k' }],
    ['no filesystem', { account_url: 'https://a.dfs.core.windows.net' }, { account_key: 'k' }],
    [
      'a filesystem name Azure refuses',
      { account_url: 'https://a.dfs.core.windows.net', filesystem: 'My_Lake' },
      { account_key: 'k' },
    ],
    ['an account_url that is no URL', { account_url: 'not a url', filesystem: 'lake' }, { account_key: 'k' }],
    [
      'a path on a host-style URL',
      { account_url: 'https://a.dfs.core.windows.net/lake', filesystem: 'lake' },
      { account_key: 'k' },
    ],
    [
      'a path-style URL without the account',
      { account_url: 'http://127.0.0.1:10000/', filesystem: 'lake' },
      { account_key: 'k' },
    ],
    [
      'a SAS in the account_url',
      { account_url: 'https://a.dfs.core.windows.net/?sig=secretsig', filesystem: 'lake' },
      { account_key: 'k' },
    ],
  ])('refuses %s as invalid, naming no value', (_label, config, credential) => {
    const error = refusal(() => adlsSettingsOf(connection(config, credential)));
    expect(error.errorClass).toBe('invalid');
    expect(error.message).not.toMatch(/secretsig|My_Lake|windows\.net|127\.0\.0\.1/);
  });
});
