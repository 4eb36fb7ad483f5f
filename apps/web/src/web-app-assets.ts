import { existsSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { NextFunction, Request, Response } from 'express';

/**
 * What the browser may load: scripts only from this origin (no inline ones), styles from this
 * origin plus the inline style attributes the component library sets, no third-party origin.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
};

/** Hashed names never change content: a year, immutable. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (index.html) is revalidated on each visit (cheap with the ETag), so a deploy shows at once. */
export const REVALIDATE_CACHE = 'no-cache';

/** Paths the web host or the gateway answers: never the app's page. */
const RESERVED_PATHS = [
  '/api',
  '/mcp',
  '/.well-known/oauth-protected-resource',
  '/auth',
  '/healthz',
  '/readyz',
  '/metrics',
];

export function isReservedPath(pathname: string): boolean {
  return RESERVED_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

interface AssetFile {
  path: string;
  /** Precompressed copies written by the build, when there are. */
  br?: string;
  gzip?: string;
}

/** Every file of the build by its URL path, read once at start (a deploy restarts the host). */
export function indexAssets(root: string): Map<string, AssetFile> {
  const assets = new Map<string, AssetFile>();
  if (!existsSync(root)) return assets;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  const files = walk(root);
  const present = new Set(files);
  for (const path of files) {
    if (path.endsWith('.br') || path.endsWith('.gz')) continue;
    const url = `/${relative(root, path).split(sep).join('/')}`;
    assets.set(url, {
      path,
      ...(present.has(`${path}.br`) ? { br: `${path}.br` } : {}),
      ...(present.has(`${path}.gz`) ? { gzip: `${path}.gz` } : {}),
    });
  }
  return assets;
}

/** The copy to send for an `Accept-Encoding`: brotli, then gzip, then the file itself. */
export function pickEncoding(
  asset: AssetFile,
  acceptEncoding: string | undefined,
): { path: string; encoding?: 'br' | 'gzip' } {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => !quality || !/^q=0(\.0*)?$/.test(quality.trim()))
      .map(([name]) => name.trim().toLowerCase()),
  );
  if (asset.br && accepted.has('br')) return { path: asset.br, encoding: 'br' };
  if (asset.gzip && accepted.has('gzip')) return { path: asset.gzip, encoding: 'gzip' };
  return { path: asset.path };
}

/** A path that names a file (has an extension) or lies under `/assets/` is never a page route. */
function looksLikeFile(pathname: string): boolean {
  return pathname.startsWith('/assets/') || extname(pathname) !== '';
}

export const NOT_BUILT_MESSAGE =
  'The web app is not built: run `npx nx run web-ui:build`, then restart the web host.';

/**
 * Serves the built browser app: its files with their cache headers and precompressed copies, and
 * `index.html` for every other GET (a deep link), except the reserved paths and missing files.
 */
export function createWebAppHandler(root: string) {
  const assets = indexAssets(root);
  const index = assets.get('/index.html');

  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const pathname = req.path;
    if (isReservedPath(pathname)) return next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);

    if (!index) {
      res.status(503).type('text/plain').setHeader('Cache-Control', 'no-store');
      res.send(NOT_BUILT_MESSAGE);
      return;
    }
    const file = assets.get(pathname);
    if (!file && looksLikeFile(pathname)) return next();
    const asset = file ?? index;
    const hashed = pathname.startsWith('/assets/') && asset !== index;
    const chosen = pickEncoding(asset, req.headers['accept-encoding']);

    res.type(extname(asset.path));
    res.setHeader('Cache-Control', hashed ? HASHED_ASSET_CACHE : REVALIDATE_CACHE);
    if (asset.br || asset.gzip) res.vary('Accept-Encoding');
    if (chosen.encoding) res.setHeader('Content-Encoding', chosen.encoding);
    res.sendFile(chosen.path, { dotfiles: 'deny', cacheControl: false }, (error?: Error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}
