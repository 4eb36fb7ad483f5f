import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { ErrorCode } from '@dq/contracts';
import { metricsRegistry } from './metrics-registry';

/** Where every app serves its metrics: at the root, outside the API prefix and its guards. */
export const METRICS_PATH = '/metrics';

function sameToken(offered: string, expected: string): boolean {
  const a = Buffer.from(offered);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Answers `GET /metrics` in the Prometheus text format before any other middleware (no request
 * log line per scrape, no API rate limit). With `token` set, a scrape must send it as a bearer
 * token; otherwise the endpoint is open and operators keep it off the public ingress.
 */
export function metricsEndpointMiddleware(token: string | undefined) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    if (token) {
      const header = req.get('authorization') ?? '';
      const offered = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!sameToken(offered, token)) {
        res.status(401).json({
          error: {
            code: ErrorCode.Unauthenticated,
            message: 'A valid metrics token is required',
            detail: {},
          },
        });
        return;
      }
    }
    metricsRegistry.metrics().then(
      (body) => {
        res.setHeader('Content-Type', metricsRegistry.contentType);
        res.setHeader('Cache-Control', 'no-store');
        res.status(200).send(body);
      },
      (error: unknown) => next(error),
    );
  };
}
