import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode } from '../support/processes';

describe('npm run keys', () => {
  const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'caddie-keys-cli-')) };

  it('creates a key (shown once, --json), lists it without the secret, and revokes it', () => {
    const created = runNode(
      'apps/api/src/cli/keys.js',
      ['create', '--name', 'shop', '--kind', 'pk_live', '--scopes', 'courses:read,course-maps:read', '--origins', 'https://shop.example', '--json'],
      env,
    );
    expect(created.status).toBe(0);
    const json = JSON.parse(created.stdout) as { id: string; key: string; scopes: string[]; origins: string[] };
    expect(json.key).toMatch(/^caddie_pk_live_[0-9A-Za-z]{43}$/);
    expect(json).toMatchObject({ id: expect.stringMatching(/^key_/), scopes: ['courses:read', 'course-maps:read'], origins: ['https://shop.example'] });

    const listed = runNode('apps/api/src/cli/keys.js', ['list'], env);
    expect(listed.stdout).toContain(json.id);
    expect(listed.stdout).toContain('active');
    expect(listed.stdout).not.toContain(json.key);

    expect(runNode('apps/api/src/cli/keys.js', ['revoke', json.id], env).status).toBe(0);
    const after = JSON.parse(runNode('apps/api/src/cli/keys.js', ['list', '--json'], env).stdout) as { id: string; revokedAt: string | null }[];
    expect(after.find((k) => k.id === json.id)!.revokedAt).not.toBeNull();
  }, 60_000);

  it('refuses scorecards:process on a publishable key, and unknown ids, with clear messages', () => {
    const refused = runNode(
      'apps/api/src/cli/keys.js',
      ['create', '--name', 'x', '--kind', 'pk_test', '--scopes', 'scorecards:process', '--origins', 'https://a.example'],
      env,
    );
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('scope-not-allowed-for-key-kind');
    const missing = runNode('apps/api/src/cli/keys.js', ['revoke', 'key_nope'], env);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('no key key_nope');
  }, 60_000);
});
