// Vite builds the console pages (one HTML page per console page, no client-side router) into dist/console.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const pages = ['index', 'course', 'studio', 'scorecards', 'printables', 'keys', 'problem'];

/**
 * Brotli and gzip copies beside each script and style sheet (the map bundle is a megabyte), so
 * the API serves them compressed without compressing on every request or holding a cache.
 */
const precompressed = {
  name: 'caddie-console-precompressed',
  apply: 'build',
  // after the files are written: earlier, Vite still rewrites chunks (it drops CSS-only ones and their imports)
  writeBundle(options, bundle) {
    for (const fileName of Object.keys(bundle)) {
      if (!/\.(js|mjs|css|svg)$/.test(fileName)) continue;
      const file = join(options.dir, fileName);
      const bytes = readFileSync(file);
      if (bytes.length < 1024) continue;
      writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } }));
      writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    }
  },
};

export default defineConfig({
  plugins: [precompressed],
  root,
  base: '/console/',
  // Preact's automatic JSX runtime, configured on Vite's own transformer (no framework plugin)
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  worker: { format: 'es' },
  build: {
    outDir: resolve(root, '../../dist/console'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rollupOptions: { input: Object.fromEntries(pages.map((p) => [p, resolve(root, `${p}.html`)])) },
  },
  logLevel: 'warn',
});
