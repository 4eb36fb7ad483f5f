import { readFile, readdir, stat } from 'node:fs/promises';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';

export interface IcebergRestCatalogServerOptions {
  /**
   * The warehouse folder tree: a folder holding `metadata/*.metadata.json` is a table, any other
   * folder a namespace level (`a/b/orders` is table `orders` of namespace `a.b`).
   */
  warehouseDir: string;
  /** Where the same tree lives in the object store, e.g. `s3://bucket/warehouse`: metadata locations point there. */
  locationBase: string;
  /** The bearer token that may read everything. */
  token: string;
  /** Tokens that may read only the listed namespaces (dotted); any other namespace answers 403. */
  limitedTokens?: Record<string, string[]>;
  /** OAuth2 client credentials (`client_id` -> `client_secret`) exchanged for `token` at `/v1/oauth/tokens`. */
  clients?: Record<string, string>;
  /** The path prefix `/v1/config` announces (`/v1/{prefix}/namespaces`...). */
  prefix?: string;
  /** Vended in every LoadTableResult `config` (storage endpoint and keys, as real catalogs do). */
  tableConfig?: Record<string, string>;
  /** Port on 127.0.0.1; a free one unless given. */
  port?: number;
}

export interface IcebergRestCatalogServer {
  /** `http://127.0.0.1:<port>`: a connection's `catalog_uri`. */
  readonly url: string;
  readonly port: number;
  /** Requests answered so far, by `METHOD path` (query left out): tests check what was called. */
  readonly requests: string[];
  close(): Promise<void>;
}

interface TableEntry {
  namespace: string[];
  name: string;
  dir: string;
}

class CatalogError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

async function isDirectory(file: string): Promise<boolean> {
  return stat(file).then(
    (info) => info.isDirectory(),
    () => false,
  );
}

/**
 * The metadata file a Hadoop- or SQL-catalog table is at now: `version-hint.text` names
 * `v<N>.metadata.json`; otherwise the highest `<NNNNN>-<uuid>.metadata.json` or `v<N>.metadata.json`.
 */
export async function currentMetadataFile(tableDir: string): Promise<string | null> {
  const metadataDir = path.join(tableDir, 'metadata');
  const names = (await readdir(metadataDir).catch(() => [] as string[])).filter(
    (name) => name.endsWith('.metadata.json') && !name.startsWith('.'),
  );
  if (names.length === 0) return null;
  const hint = await readFile(path.join(metadataDir, 'version-hint.text'), 'utf8').catch(() => null);
  if (hint !== null && names.includes(`v${hint.trim()}.metadata.json`))
    return `v${hint.trim()}.metadata.json`;
  const version = (name: string): number => Number(/^v?(\d+)/.exec(name)?.[1] ?? -1);
  return [...names].sort((left, right) => version(right) - version(left))[0] ?? null;
}

async function isTable(dir: string): Promise<boolean> {
  return (await currentMetadataFile(dir)) !== null;
}

/** Child folders that are namespaces or tables (hidden folders and a table's own folders left out). */
async function children(dir: string): Promise<{ namespaces: string[]; tables: string[] }> {
  const namespaces: string[] = [];
  const tables: string[] = [];
  for (const name of (await readdir(dir).catch(() => [] as string[])).sort()) {
    if (name.startsWith('.')) continue;
    const child = path.join(dir, name);
    if (!(await isDirectory(child))) continue;
    if (await isTable(child)) tables.push(name);
    else namespaces.push(name);
  }
  return { namespaces, tables };
}

function errorBody(status: number, type: string, message: string): string {
  return JSON.stringify({ error: { message, type, code: status } });
}

function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A small Iceberg REST catalog (the REST spec's read side) over a warehouse folder tree, for tests
 * and demos: `/v1/config`, namespaces, tables, load table, bearer auth and the OAuth2
 * client-credentials token endpoint, errors in the spec's `{ error: { message, type, code } }` shape.
 * Load table passes the metadata JSON text through untouched, so 64-bit snapshot ids stay exact.
 */
export async function startIcebergRestCatalogServer(
  options: IcebergRestCatalogServerOptions,
): Promise<IcebergRestCatalogServer> {
  const prefix = options.prefix ?? 'warehouse';
  const requests: string[] = [];
  const base = options.locationBase.replace(/\/+$/, '');

  const namespaceDir = async (namespace: string[]): Promise<string> => {
    if (namespace.some((level) => level === '' || level.startsWith('.') || level.includes('/')))
      throw new CatalogError(404, 'NoSuchNamespaceException', 'Namespace does not exist');
    const dir = path.join(options.warehouseDir, ...namespace);
    if (namespace.length > 0 && (!(await isDirectory(dir)) || (await isTable(dir))))
      throw new CatalogError(
        404,
        'NoSuchNamespaceException',
        `Namespace does not exist: ${namespace.join('.')}`,
      );
    return dir;
  };

  const authorize = (req: IncomingMessage, namespace: string[] | null): void => {
    const header = req.headers['authorization'] ?? '';
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (token === options.token) return;
    const allowed = options.limitedTokens?.[token];
    if (allowed === undefined) throw new CatalogError(401, 'NotAuthorizedException', 'Not authorized');
    if (namespace !== null && namespace.length > 0 && !allowed.includes(namespace.join('.')))
      throw new CatalogError(403, 'ForbiddenException', 'Forbidden');
  };

  const loadTable = async (table: TableEntry): Promise<string> => {
    const file = await currentMetadataFile(table.dir);
    if (file === null) throw new CatalogError(404, 'NoSuchTableException', 'Table does not exist');
    const metadataText = await readFile(path.join(table.dir, 'metadata', file), 'utf8');
    const location = `${base}/${[...table.namespace, table.name].map(encodeURIComponent).join('/')}/metadata/${file}`;
    // Concatenated, not re-serialised: JSON.stringify of a parsed copy would round the 64-bit ids.
    return (
      `{"metadata-location":${JSON.stringify(location)},"metadata":${metadataText},` +
      `"config":${JSON.stringify(options.tableConfig ?? {})}}`
    );
  };

  const oauthToken = async (req: IncomingMessage): Promise<string> => {
    const form = new URLSearchParams(await readBody(req));
    const id = form.get('client_id') ?? '';
    const secret = form.get('client_secret') ?? '';
    const expected = options.clients?.[id];
    if (form.get('grant_type') !== 'client_credentials' || expected === undefined || expected !== secret)
      throw new CatalogError(401, 'invalid_client', 'Client authentication failed');
    return JSON.stringify({
      access_token: options.token,
      token_type: 'bearer',
      expires_in: 3600,
      issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
    });
  };

  const route = async (req: IncomingMessage): Promise<string> => {
    const url = new URL(req.url ?? '/', 'http://catalog');
    const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    requests.push(`${req.method ?? 'GET'} ${url.pathname}`);
    if (req.method === 'POST' && url.pathname === '/v1/oauth/tokens') return oauthToken(req);
    if (req.method !== 'GET') throw new CatalogError(405, 'MethodNotAllowedException', 'Read-only catalog');
    if (url.pathname === '/v1/config') {
      authorize(req, null);
      return JSON.stringify({ defaults: {}, overrides: { prefix } });
    }
    if (segments[0] !== 'v1' || segments[1] !== prefix || segments[2] !== 'namespaces')
      throw new CatalogError(404, 'NotFoundException', 'No such route');
    const rest = segments.slice(3);
    if (rest.length === 0) {
      const parentParam = url.searchParams.get('parent');
      const parent = parentParam ? parentParam.split('\u001f') : [];
      authorize(req, parent);
      const { namespaces } = await children(await namespaceDir(parent));
      return JSON.stringify({ namespaces: namespaces.map((name) => [...parent, name]) });
    }
    const namespace = (rest[0] ?? '').split('\u001f');
    authorize(req, namespace);
    const dir = await namespaceDir(namespace);
    if (rest.length === 1) return JSON.stringify({ namespace, properties: {} });
    if (rest[1] !== 'tables') throw new CatalogError(404, 'NotFoundException', 'No such route');
    const { tables } = await children(dir);
    if (rest.length === 2)
      return JSON.stringify({ identifiers: tables.map((name) => ({ namespace, name })) });
    const name = rest[2] ?? '';
    if (rest.length !== 3 || !tables.includes(name))
      throw new CatalogError(
        404,
        'NoSuchTableException',
        `Table does not exist: ${[...namespace, name].join('.')}`,
      );
    return loadTable({ namespace, name, dir: path.join(dir, name) });
  };

  const server: Server = createServer((req, res) => {
    route(req).then(
      (body) => send(res, 200, body),
      (error: unknown) => {
        if (error instanceof CatalogError) {
          const body =
            error.type === 'invalid_client'
              ? JSON.stringify({ error: 'invalid_client', error_description: error.message })
              : errorBody(error.status, error.type, error.message);
          send(res, error.status, body);
        } else {
          send(res, 500, errorBody(500, 'ServerError', 'Internal error'));
        }
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
