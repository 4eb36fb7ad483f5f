import { DatasourceErrorClass } from '@dq/contracts';
import { type DatasourceConnection, DatasourceError } from '../adapter/datasource-adapter';

/** Where a lakehouse connection points and what it authenticates with, checked for shape only. */
export interface LakehouseEndpoint {
  /** As configured; the egress guard checks and parses it. */
  workspaceUrl: string;
  /** The SQL warehouse or cluster endpoint on the workspace, with a leading slash. */
  httpPath: string;
  token: string;
}

const HTTP_PATH_MAX = 200;

function text(source: Record<string, unknown> | null, key: string): string {
  const value = source?.[key];
  if (typeof value !== 'string' || value.trim() === '')
    throw new DatasourceError(DatasourceErrorClass.Invalid, `The connection lacks a valid ${key}`);
  return value.trim();
}

/**
 * The endpoint of a lakehouse connection. `http_path` only ever names a path on the workspace
 * host: a scheme, a host part, whitespace or a fragment in it is refused, so it cannot send the
 * token anywhere the egress guard did not check.
 */
export function lakehouseEndpoint(connection: DatasourceConnection): LakehouseEndpoint {
  const workspaceUrl = text(connection.config, 'workspace_url');
  const rawPath = text(connection.config, 'http_path');
  const httpPath = rawPath.startsWith('/') ? rawPath : `/${rawPath}`;
  if (httpPath.length > HTTP_PATH_MAX || /[\s#\\@]|:\/\/|^\/\//.test(httpPath))
    throw new DatasourceError(DatasourceErrorClass.Invalid, 'The connection lacks a valid http_path');
  return { workspaceUrl, httpPath, token: text(connection.credential, 'token') };
}
