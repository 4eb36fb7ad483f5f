import type { Request } from 'express';
import { REQUEST_SECONDS_BUCKETS, histogram } from './metrics-registry';

/** Every answered HTTP request, by method, route pattern and status. */
export const httpRequestSeconds = histogram<'method' | 'route' | 'status'>({
  name: 'http_request_duration_seconds',
  help: 'Duration of HTTP requests by method, route pattern and status',
  labelNames: ['method', 'route', 'status'],
  buckets: REQUEST_SECONDS_BUCKETS,
});

/** The label of a request that matched no route: the raw path would make labels of user input. */
export const UNMATCHED_ROUTE = 'unmatched';

/** The route pattern a request matched (`/api/v1/suites/:id/run`), never its raw URL. */
export function routeLabelOf(req: Request): string {
  const route: unknown = (req as { route?: unknown }).route;
  if (typeof route !== 'object' || route === null) return UNMATCHED_ROUTE;
  const pattern: unknown = (route as { path?: unknown }).path;
  return typeof pattern === 'string' ? `${req.baseUrl}${pattern}` : UNMATCHED_ROUTE;
}
