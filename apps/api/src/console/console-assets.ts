import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/**
 * Console pages load only their own scripts, styles and the API's answers; map workers and
 * previews use blob: and data: URLs; no other site may frame them (clickjacking of Revoke).
 */
export const CONSOLE_PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data:",
  "worker-src 'self' blob:",
  "connect-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export interface ConsoleAsset {
  body: Buffer;
  headers: Record<string, string>;
}

/**
 * A built console file under `root` for a request path below `/console/` ('' is index.html), or
 * null when there is none. Only names of the build output are served: no dot segments, no
 * directories outside root, only the listed types. Vite's hashed assets are immutable; pages are
 * revalidated so a new build shows at once.
 */
export async function readConsoleAsset(root: string, relativePath: string, acceptEncoding = ''): Promise<ConsoleAsset | null> {
  const name = relativePath === '' ? 'index.html' : relativePath;
  if (!/^[A-Za-z0-9._/-]+$/.test(name) || name.split('/').some((part) => part === '' || part.startsWith('.'))) return null;
  const type = CONTENT_TYPES[extname(name)];
  const file = normalize(join(root, name));
  if (!type || !file.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  try {
    const compressed = name.startsWith('assets/') ? await readPrecompressed(file, acceptEncoding) : null;
    const body = compressed?.body ?? (await readFile(file));
    const cache = name.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    const page: Record<string, string> = type.startsWith('text/html') ? { 'content-security-policy': CONSOLE_PAGE_CSP, 'x-frame-options': 'DENY' } : {};
    const encoding: Record<string, string> = compressed
      ? { 'content-encoding': compressed.encoding, vary: 'accept-encoding' }
      : name.startsWith('assets/')
        ? { vary: 'accept-encoding' }
        : {};
    return { body, headers: { 'content-type': type, 'cache-control': cache, 'x-content-type-options': 'nosniff', ...page, ...encoding } };
  } catch {
    return null;
  }
}

/** The build's brotli or gzip copy of an asset (vite.config.mjs writes them) that the client accepts, or null. */
async function readPrecompressed(file: string, acceptEncoding: string): Promise<{ body: Buffer; encoding: string } | null> {
  const accepted = acceptEncoding
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([coding]) => coding.trim().toLowerCase());
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (!accepted.includes(encoding)) continue;
    try {
      return { body: await readFile(file + suffix), encoding };
    } catch {
      // no compressed copy (a small file): try the next encoding, then the plain file
    }
  }
  return null;
}
