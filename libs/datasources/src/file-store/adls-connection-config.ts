import { isIP } from 'node:net';
import { DatasourceErrorClass } from '@dq/contracts';
import { type DatasourceConnection, DatasourceError } from '../adapter/datasource-adapter';

/** The one credential form a file_store connection carries (the gateway enforces exactly one). */
export type AdlsCredential =
  | { form: 'account_key'; accountKey: string }
  | { form: 'sas_token'; sasToken: string }
  | { form: 'service_principal'; tenantId: string; clientId: string; clientSecret: string };

/** Where and how an ADLS Gen2 filesystem is reached. */
export interface AdlsSettings {
  /** `account_url` exactly as configured: the URL the egress guard checks. */
  accountUrl: string;
  accountName: string;
  /**
   * The blob endpoint of the same account (`<account>.dfs.` becomes `<account>.blob.`; a path-style
   * emulator URL stays as it is), without a trailing slash.
   */
  blobAccountUrl: string;
  filesystem: string;
  credential: AdlsCredential;
}

// Container (filesystem) names: 3-63 lower-case letters, digits and single hyphens.
const FILESYSTEM_NAME = /^(?=.{3,63}$)[a-z0-9]+(-[a-z0-9]+)*$/;

function invalid(message: string): DatasourceError {
  return new DatasourceError(DatasourceErrorClass.Invalid, message);
}

function text(record: Record<string, unknown> | null, key: string): string | undefined {
  const value = record?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Path-style (`http://127.0.0.1:10000/<account>`: emulators, Azure Stack) when the host is an IP
 * literal or localhost, as the Azure SDK decides it; otherwise the account is the host's first label.
 */
function accountOf(url: URL): { accountName: string; blobAccountUrl: string } {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  if (isIP(host) !== 0 || host === 'localhost') {
    const [accountName] = segments;
    if (segments.length !== 1 || accountName === undefined)
      throw invalid('A path-style account_url must name the account as its only path segment');
    return { accountName, blobAccountUrl: `${url.origin}/${accountName}` };
  }
  if (segments.length > 0) throw invalid('account_url must be the account endpoint, without a path');
  const [accountName = '', ...domain] = url.hostname.split('.');
  // The blob API serves the same hierarchical-namespace account (multi-protocol access).
  const blobHost = domain[0] === 'dfs' ? [accountName, 'blob', ...domain.slice(1)].join('.') : url.hostname;
  const port = url.port === '' ? '' : `:${url.port}`;
  return { accountName, blobAccountUrl: `${url.protocol}//${blobHost}${port}` };
}

function credentialOf(credential: Record<string, unknown> | null): AdlsCredential {
  const accountKey = text(credential, 'account_key');
  const sasToken = text(credential, 'sas_token');
  const tenantId = text(credential, 'tenant_id');
  const clientId = text(credential, 'client_id');
  const clientSecret = text(credential, 'client_secret');
  const forms = [accountKey, sasToken, tenantId ?? clientId ?? clientSecret].filter((v) => v !== undefined);
  if (forms.length !== 1)
    throw invalid('The credential must be exactly one of account_key, sas_token or a service principal');
  if (accountKey !== undefined) return { form: 'account_key', accountKey };
  if (sasToken !== undefined) return { form: 'sas_token', sasToken: sasToken.replace(/^\?/, '') };
  if (tenantId === undefined || clientId === undefined || clientSecret === undefined)
    throw invalid('A service principal needs tenant_id, client_id and client_secret');
  return { form: 'service_principal', tenantId, clientId, clientSecret };
}

/** Reads and checks a file_store connection. Messages name fields, never their values. */
export function adlsSettingsOf(connection: DatasourceConnection): AdlsSettings {
  const config = connection.config;
  const accountUrl = text(config, 'account_url');
  const filesystem = text(config, 'filesystem');
  if (accountUrl === undefined) throw invalid('account_url is required');
  if (filesystem === undefined) throw invalid('filesystem is required');
  if (!FILESYSTEM_NAME.test(filesystem))
    throw invalid('filesystem must be 3-63 lower-case letters, digits and single hyphens');
  let url: URL;
  try {
    url = new URL(accountUrl);
  } catch {
    throw invalid('account_url is not a URL');
  }
  if (url.search !== '' || url.hash !== '')
    throw invalid('account_url must not carry a query or fragment (a SAS goes in the credential)');
  return { accountUrl, ...accountOf(url), filesystem, credential: credentialOf(connection.credential) };
}
