import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTENT_SECURITY_POLICY, indexAssets, isReservedPath, pickEncoding } from './web-app-assets';

describe('web app assets', () => {
  it('keeps /api, /healthz, /readyz and /metrics for the host and the gateway', () => {
    for (const reserved of [
      '/api',
      '/api/v1/me',
      '/auth/modes',
      '/auth/oidc/callback',
      '/healthz',
      '/readyz',
      '/metrics',
    ]) {
      expect(isReservedPath(reserved)).toBe(true);
    }
    for (const page of ['/', '/me', '/authors', '/apix', '/healthzz', '/suites/api']) {
      expect(isReservedPath(page)).toBe(false);
    }
  });

  it('picks brotli, then gzip, then the file, honouring q=0', () => {
    const asset = { path: '/a.js', br: '/a.js.br', gzip: '/a.js.gz' };

    expect(pickEncoding(asset, 'gzip, deflate, br')).toEqual({ path: '/a.js.br', encoding: 'br' });
    expect(pickEncoding(asset, 'gzip, br;q=0')).toEqual({ path: '/a.js.gz', encoding: 'gzip' });
    expect(pickEncoding(asset, 'BR;q=0.5')).toEqual({ path: '/a.js.br', encoding: 'br' });
    expect(pickEncoding(asset, 'identity')).toEqual({ path: '/a.js' });
    expect(pickEncoding(asset, undefined)).toEqual({ path: '/a.js' });
    expect(pickEncoding({ path: '/small.css' }, 'br, gzip')).toEqual({ path: '/small.css' });
  });

  it('indexes a build by URL path with its compressed copies, and an absent build as empty', () => {
    const dir = mkdtempSync(join(tmpdir(), 'web-app-index-'));
    try {
      mkdirSync(join(dir, 'assets'));
      writeFileSync(join(dir, 'index.html'), '<html></html>');
      writeFileSync(join(dir, 'assets/app-1.js'), 'x');
      writeFileSync(join(dir, 'assets/app-1.js.br'), 'x');

      const assets = indexAssets(dir);

      expect([...assets.keys()].sort()).toEqual(['/assets/app-1.js', '/index.html']);
      expect(assets.get('/assets/app-1.js')).toEqual({
        path: join(dir, 'assets/app-1.js'),
        br: join(dir, 'assets/app-1.js.br'),
      });
      expect(indexAssets(join(dir, 'missing')).size).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('allows scripts from this origin only', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*'unsafe-/);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/https?:|\*/);
  });
});
