// Builds the browser app into dist/apps/web-ui: hashed file names under assets/, and a gzip and a
// brotli copy of every text file beside it, which the web host sends to clients that accept them.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

const ROOT = resolve(import.meta.dirname, '../..');
const OUT_DIR = resolve(ROOT, 'dist/apps/web-ui');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;
/** Smaller files gain nothing worth a second request header's work. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes `<file>.gz` and `<file>.br` next to each compressible output file. */
function precompress(): Plugin {
  return {
    name: 'dq-precompress',
    apply: 'build',
    closeBundle() {
      for (const file of filesUnder(OUT_DIR)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const bytes = readFileSync(file);
        if (bytes.length < MIN_BYTES) continue;
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      '@dq/web-app': resolve(ROOT, 'libs/web-app/src/index.ts'),
      '@dq/api-client': resolve(ROOT, 'libs/api-client/src/index.ts'),
    },
  },
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    assetsDir: 'assets',
    // No inline module-preload polyfill or data: URLs for assets: the host's CSP allows neither scripts nor fonts inline.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 1024,
  },
  server: {
    port: 5173,
    // `vite` for development: the API through the web host's own proxy target.
    proxy: { '/api': process.env['API_GATEWAY_URL'] ?? 'http://127.0.0.1:8082' },
  },
});
