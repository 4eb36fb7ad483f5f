import type { ConnectionOptions } from 'snowflake-sdk';
import { DatasourceErrorClass } from '@dq/contracts';
import { type DatasourceConnection, DatasourceError } from '../adapter/datasource-adapter';

/** Reported to Snowflake as the client application (visible in the account's query history). */
export const SNOWFLAKE_APPLICATION_NAME = 'dq-runner';

/**
 * An account identifier (`orgname-account`, or a locator such as `xy12345.eu-west-1.aws`). It
 * becomes the host `<account>.snowflakecomputing.com`, so nothing that could end or redirect a host
 * name (`/`, `@`, `:`, `#`) may appear in it.
 */
const ACCOUNT = /^[A-Za-z0-9](?:[A-Za-z0-9_-]|\.(?=[A-Za-z0-9])){0,254}$/;

function invalid(what: string): DatasourceError {
  return new DatasourceError(DatasourceErrorClass.Invalid, `The connection lacks a valid ${what}`);
}

function requiredText(source: Record<string, unknown> | null, key: string): string {
  const value = source?.[key];
  if (typeof value !== 'string' || value === '') throw invalid(key);
  return value;
}

function optionalText(source: Record<string, unknown>, key: string): string | undefined {
  const value = source[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value === '') throw invalid(key);
  return value;
}

/** The account identifier of a warehouse connection, checked before it becomes a host name. */
export function snowflakeAccount(connection: DatasourceConnection): string {
  const account = requiredText(connection.config, 'account');
  if (!ACCOUNT.test(account)) throw invalid('account');
  return account;
}

/**
 * The connector settings for one call: password or key-pair (`SNOWFLAKE_JWT`, PEM private key with
 * an optional passphrase) auth. Every field is given explicitly, so nothing falls back to a
 * `connections.toml` or the runner's environment. One login retry only: the call has its own
 * deadline, and a refused port must fail as unreachable, not wait out retries into a timeout.
 */
export function snowflakeConnectionOptions(
  connection: DatasourceConnection,
  accessUrl: string,
): ConnectionOptions & { sfRetryMaxLoginRetries: number } {
  const { config, credential } = connection;
  const account = snowflakeAccount(connection);
  const base = {
    account,
    accessUrl,
    username: requiredText(config, 'user'),
    warehouse: optionalText(config, 'warehouse'),
    role: optionalText(config, 'role'),
    database: optionalText(config, 'database'),
    schema: optionalText(config, 'schema'),
    application: SNOWFLAKE_APPLICATION_NAME,
    clientSessionKeepAlive: false,
    sfRetryMaxLoginRetries: 1,
  };
  const password = credential?.['password'];
  const privateKey = credential?.['private_key'];
  if (typeof password === 'string' && password !== '' && privateKey === undefined)
    return { ...base, password };
  if (typeof privateKey === 'string' && privateKey !== '' && password === undefined) {
    const passphrase = credential?.['passphrase'];
    if (passphrase !== undefined && (typeof passphrase !== 'string' || passphrase === ''))
      throw invalid('credential');
    return {
      ...base,
      authenticator: 'SNOWFLAKE_JWT',
      privateKey,
      ...(passphrase === undefined ? {} : { privateKeyPass: passphrase }),
    };
  }
  throw invalid('credential (a password, or a private key)');
}
