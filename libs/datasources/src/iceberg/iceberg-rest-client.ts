import { DatasourceErrorClass, parseIcebergTableName } from '@dq/contracts';
import { GuardedFetchError, type GuardedResponse, guardedFetch } from '@dq/security';
import { type AdapterDependencies } from '../adapter/adapter-dependencies';
import { type DatasourceConnection, DatasourceError } from '../adapter/datasource-adapter';
import { type IcebergCall, icebergError, isNetworkFailure } from './iceberg-call';
import {
  type IcebergJson,
  type IcebergJsonObject,
  type IcebergTableMetadata,
  parseIcebergJson,
  readTableMetadata,
} from './iceberg-json';

/** Secret property names with a meaning to the catalog itself; any other is a storage property. */
const TOKEN_PROPERTY = 'token';
const CLIENT_CREDENTIAL_PROPERTY = 'credential';

// Table metadata of a long-lived table (many snapshots and schemas) runs to megabytes.
const MAX_CATALOG_RESPONSE_BYTES = 64 * 1024 * 1024;

export interface IcebergCatalogSettings {
  catalogUri: string;
  warehouse: string | null;
  /** Client properties (storage endpoint, keys...), with the secret property filled in. */
  properties: Record<string, string>;
  /** Bearer token for the catalog (`secret_property: token`). */
  token: string | null;
  /** `client_id:client_secret` for the OAuth2 client-credentials flow (`secret_property: credential`). */
  clientCredential: string | null;
}

/** Parsed `namespace.table`; a multi-level namespace keeps every segment but the last. */
export interface IcebergTableRef {
  namespace: string[];
  table: string;
}

/** `GET /v1/config`: defaults sit under the client's own properties, overrides over them. */
export interface CatalogConfig {
  defaults: Record<string, string>;
  overrides: Record<string, string>;
}

export interface LoadedTable {
  metadataLocation: string;
  metadata: IcebergTableMetadata;
  /** Table-level client properties the catalog vends (storage endpoint, temporary keys). */
  config: Record<string, string>;
}

function invalidConfig(field: string): DatasourceError {
  return new DatasourceError(DatasourceErrorClass.Invalid, `The connection lacks a valid ${field}`);
}

/** The catalog settings of a connection; the secret goes where `secret_property` says. */
export function icebergCatalogSettings(connection: DatasourceConnection): IcebergCatalogSettings {
  const { config, credential } = connection;
  const catalogUri = config['catalog_uri'];
  if (typeof catalogUri !== 'string' || catalogUri === '') throw invalidConfig('catalog_uri');
  const warehouse = config['warehouse'];
  if (warehouse !== undefined && warehouse !== null && typeof warehouse !== 'string')
    throw invalidConfig('warehouse');
  const properties: Record<string, string> = {};
  const rawProperties = config['properties'];
  if (rawProperties !== undefined && rawProperties !== null) {
    if (typeof rawProperties !== 'object' || Array.isArray(rawProperties)) throw invalidConfig('properties');
    for (const [key, value] of Object.entries(rawProperties as Record<string, unknown>)) {
      if (typeof value !== 'string') throw invalidConfig('properties');
      properties[key] = value;
    }
  }
  const secretProperty = config['secret_property'] ?? TOKEN_PROPERTY;
  if (typeof secretProperty !== 'string' || secretProperty === '') throw invalidConfig('secret_property');
  const secret = credential?.['value'];
  if (secret !== undefined && secret !== null && typeof secret !== 'string')
    throw invalidConfig('credential');

  let token: string | null = null;
  let clientCredential: string | null = null;
  if (typeof secret === 'string') {
    if (secretProperty === TOKEN_PROPERTY) token = secret;
    else if (secretProperty === CLIENT_CREDENTIAL_PROPERTY) clientCredential = secret;
    else properties[secretProperty] = secret;
  }
  return {
    catalogUri: catalogUri.replace(/\/+$/, ''),
    warehouse: typeof warehouse === 'string' && warehouse !== '' ? warehouse : null,
    properties,
    token,
    clientCredential,
  };
}

/**
 * `a.b.table` -> namespace `[a, b]`, table `table`; `sales."orders.v2"` -> `[sales]`, `orders.v2`
 * (the contracts' one way of writing Iceberg names, which the gateway checked at save).
 */
export function parseIcebergTarget(target: string): IcebergTableRef {
  const parsed = parseIcebergTableName(target);
  if ('problem' in parsed) throw new DatasourceError(DatasourceErrorClass.Invalid, parsed.problem);
  return parsed;
}

/** The REST spec's path form of a namespace: levels joined by the unit separator (0x1F). */
function namespacePath(namespace: string[]): string {
  return encodeURIComponent(namespace.join('\u001f'));
}

function stringMap(value: IcebergJson | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && typeof value !== 'bigint')
    for (const [key, entry] of Object.entries(value)) if (typeof entry === 'string') out[key] = entry;
  return out;
}

function asObject(value: IcebergJson): IcebergJsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || typeof value === 'bigint')
    throw icebergError(DatasourceErrorClass.Invalid, 'The catalog sent a malformed answer');
  return value;
}

/** The class of a catalog answer that is not a success (REST spec error responses). */
export function classifyCatalogStatus(status: number): DatasourceErrorClass {
  if (status === 401 || status === 419) return DatasourceErrorClass.Auth;
  if (status === 403) return DatasourceErrorClass.Permission;
  if (status === 404) return DatasourceErrorClass.NotFound;
  if (status === 408 || status === 504) return DatasourceErrorClass.Timeout;
  if (status >= 500) return DatasourceErrorClass.Unreachable;
  return DatasourceErrorClass.Invalid;
}

/**
 * A client of one Iceberg REST catalog for one adapter call. Every request goes through the egress
 * guard (URL check, then the connect-time address check) and shares the call's deadline.
 */
export class IcebergRestClient {
  private prefix: string | null = null;
  private accessToken: string | null;

  constructor(
    private readonly deps: AdapterDependencies,
    private readonly settings: IcebergCatalogSettings,
    private readonly call: IcebergCall,
  ) {
    this.accessToken = settings.token;
  }

  /**
   * `GET /v1/config`: checks the catalog URL against the egress guard first (a refusal propagates
   * as 422 `url_forbidden`), authenticates, and learns the path prefix.
   */
  async connect(): Promise<CatalogConfig> {
    try {
      await this.deps.egress.assertUrlAllowed(this.settings.catalogUri, 'catalog_uri');
    } catch (error) {
      // The guard rethrows DNS failures as they are: an unknown host is unreachable, not forbidden.
      if (isNetworkFailure(error)) throw icebergError(DatasourceErrorClass.Unreachable);
      throw error;
    }
    if (this.accessToken === null && this.settings.clientCredential !== null) await this.fetchToken();
    const query =
      this.settings.warehouse === null ? '' : `?warehouse=${encodeURIComponent(this.settings.warehouse)}`;
    const body = asObject(await this.request('GET', `/v1/config${query}`));
    const config = { defaults: stringMap(body['defaults']), overrides: stringMap(body['overrides']) };
    this.prefix = config.overrides['prefix'] ?? config.defaults['prefix'] ?? '';
    return config;
  }

  /** Top-level namespaces (or the children of `parent`). */
  async listNamespaces(parent?: string[]): Promise<string[][]> {
    const query = parent && parent.length > 0 ? `?parent=${namespacePath(parent)}` : '';
    const body = asObject(await this.request('GET', `${await this.base()}/namespaces${query}`));
    const namespaces = body['namespaces'];
    if (!Array.isArray(namespaces))
      throw icebergError(DatasourceErrorClass.Invalid, 'The catalog sent a malformed answer');
    return namespaces.map((entry) =>
      Array.isArray(entry) ? entry.filter((level): level is string => typeof level === 'string') : [],
    );
  }

  /** LoadTableResult: the metadata location, the parsed metadata and the vended table config. */
  async loadTable(ref: IcebergTableRef): Promise<LoadedTable> {
    const path = `${await this.base()}/namespaces/${namespacePath(ref.namespace)}/tables/${encodeURIComponent(ref.table)}`;
    const body = asObject(await this.request('GET', path));
    const metadataLocation = body['metadata-location'];
    if (typeof metadataLocation !== 'string')
      throw icebergError(DatasourceErrorClass.Invalid, 'The catalog sent a malformed answer');
    return {
      metadataLocation,
      metadata: readTableMetadata(body['metadata'] ?? null),
      config: stringMap(body['config']),
    };
  }

  private async base(): Promise<string> {
    if (this.prefix === null) await this.connect();
    return this.prefix ? `/v1/${this.prefix.split('/').map(encodeURIComponent).join('/')}` : '/v1';
  }

  /** OAuth2 client credentials (`/v1/oauth/tokens`): the secret is `client_id:client_secret`. */
  private async fetchToken(): Promise<void> {
    const credential = this.settings.clientCredential ?? '';
    const colon = credential.indexOf(':');
    const form = new URLSearchParams({ grant_type: 'client_credentials', scope: 'catalog' });
    if (colon >= 0) {
      form.set('client_id', credential.slice(0, colon));
      form.set('client_secret', credential.slice(colon + 1));
    } else {
      form.set('client_secret', credential);
    }
    const body = asObject(
      await this.request('POST', '/v1/oauth/tokens', form.toString(), {
        'content-type': 'application/x-www-form-urlencoded',
      }),
    );
    const token = body['access_token'];
    if (typeof token !== 'string' || token === '')
      throw icebergError(DatasourceErrorClass.Invalid, 'The catalog sent a malformed answer');
    this.accessToken = token;
  }

  private async request(
    method: string,
    path: string,
    body?: string,
    extraHeaders: Record<string, string> = {},
  ): Promise<IcebergJson> {
    this.call.throwIfAborted();
    const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
    if (this.accessToken !== null) headers['authorization'] = `Bearer ${this.accessToken}`;
    let response: GuardedResponse;
    // Catalog requests count with the table's file reads (`CallOptions.transfer`).
    const transfer = this.call.transfer;
    if (transfer) transfer.requests += 1;
    try {
      response = await guardedFetch(`${this.settings.catalogUri}${path}`, {
        method,
        headers,
        body,
        guard: this.deps.egress,
        field: 'catalog_uri',
        timeoutMs: this.call.remainingMs(),
        signal: this.call.signal,
        maxResponseBytes: MAX_CATALOG_RESPONSE_BYTES,
      });
    } catch (error) {
      throw this.classifyFailure(error);
    }
    if (transfer) transfer.bytes += response.body.byteLength;
    if (response.status < 200 || response.status >= 300) {
      // The OAuth endpoint answers a rejected client with 400/401 `invalid_client` (RFC 6749).
      const oauthRejected =
        path === '/v1/oauth/tokens' && (response.status === 400 || response.status === 401);
      throw icebergError(oauthRejected ? DatasourceErrorClass.Auth : classifyCatalogStatus(response.status));
    }
    try {
      return parseIcebergJson(response.text());
    } catch {
      throw icebergError(DatasourceErrorClass.Invalid, 'The catalog sent a malformed answer');
    }
  }

  private classifyFailure(error: unknown): unknown {
    const aborted = this.call.abortClass();
    if (aborted !== null) return icebergError(aborted);
    if (isNetworkFailure(error)) return icebergError(DatasourceErrorClass.Unreachable);
    if (!(error instanceof GuardedFetchError)) return error; // 422 url_forbidden propagates unchanged
    if (error.kind === 'timeout') return icebergError(DatasourceErrorClass.Timeout);
    if (error.kind === 'response_too_large')
      return icebergError(DatasourceErrorClass.Invalid, 'The catalog answer was too large');
    return icebergError(DatasourceErrorClass.Unreachable);
  }
}
