import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConsoleAsset } from './console-assets';

describe('console assets', () => {
  const root = mkdtempSync(join(tmpdir(), 'console-assets-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html>');
  writeFileSync(join(root, 'assets', 'app-1a2b.js'), 'export {}');
  writeFileSync(join(root, '.env'), 'SECRET=1');
  writeFileSync(join(root, 'notes.txt'), 'not a build type');

  it('serves index.html for the folder and hashed assets as immutable', async () => {
    expect((await readConsoleAsset(root, ''))?.headers).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    expect((await readConsoleAsset(root, 'assets/app-1a2b.js'))?.headers['cache-control']).toContain('immutable');
  });
  it("serves the build's brotli or gzip copy of an asset to a client that accepts it, the plain file otherwise", async () => {
    writeFileSync(join(root, 'assets', 'app-1a2b.js.br'), 'brotli bytes');
    writeFileSync(join(root, 'assets', 'app-1a2b.js.gz'), 'gzip bytes');
    const br = (await readConsoleAsset(root, 'assets/app-1a2b.js', 'gzip, deflate, br'))!;
    expect([br.body.toString(), br.headers['content-encoding'], br.headers.vary]).toEqual(['brotli bytes', 'br', 'accept-encoding']);
    const gzip = (await readConsoleAsset(root, 'assets/app-1a2b.js', 'gzip, br;q=0'))!;
    expect([gzip.body.toString(), gzip.headers['content-encoding']]).toEqual(['gzip bytes', 'gzip']);
    const plain = (await readConsoleAsset(root, 'assets/app-1a2b.js'))!;
    expect([plain.body.toString(), plain.headers['content-encoding']]).toEqual(['export {}', undefined]);
    expect(await readConsoleAsset(root, 'assets/app-1a2b.js.br')).toBeNull();
  });

  it('pages carry a CSP that forbids framing and foreign scripts; assets need none', async () => {
    const page = (await readConsoleAsset(root, 'index.html'))!.headers;
    expect(page['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page['content-security-policy']).toContain("script-src 'self'");
    expect(page['x-frame-options']).toBe('DENY');
    expect((await readConsoleAsset(root, 'assets/app-1a2b.js'))!.headers['content-security-policy']).toBeUndefined();
  });

  it('serves nothing outside the build, no dot files, no unknown types, nothing missing', async () => {
    for (const path of ['../etc/passwd', 'assets/../../x.js', '.env', 'notes.txt', 'missing.html', 'assets//app-1a2b.js', 'a%2e%2e/x.js']) {
      expect(await readConsoleAsset(root, path)).toBeNull();
    }
  });
});
