// Vite builds the console pages (one HTML page per console page, no client-side router) into dist/console.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const pages = ['index', 'course', 'studio', 'scorecards', 'printables', 'keys', 'problem'];

export default defineConfig({
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
