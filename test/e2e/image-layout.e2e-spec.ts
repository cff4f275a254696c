import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { exited, freePort, REPO_ROOT, waitFor } from '../support/processes';
import { spawn } from 'node:child_process';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The final stage of docker/Dockerfile: its WORKDIR, ENV and every `COPY --from=build /app/<from> <to>`. */
function finalStage(dockerfile: string) {
  const lines = dockerfile.split('\n').map((line) => line.trim());
  const stage = lines.slice(lines.map((line) => line.startsWith('FROM ')).lastIndexOf(true));
  const workdir = stage.find((line) => line.startsWith('WORKDIR '))!.slice(8);
  const copies = stage
    .filter((line) => line.startsWith('COPY '))
    .map((line) => {
      const match = /^COPY --from=build \/app\/(\S+) (\S+)$/.exec(line);
      if (!match) throw new Error(`a COPY line the layout test does not understand: ${line}`);
      return { from: match[1], to: posix.relative(workdir, posix.resolve(workdir, match[2])) };
    });
  return { workdir, copies };
}

/**
 * Lays the image out from the built repository as the final stage's COPY lines would (the build
 * stage's /app is this repository after `npm run build`): node_modules linked rather than copied
 * (the image prunes dev dependencies; the production ones are what the processes load).
 */
function layOut(copies: { from: string; to: string }[]): string {
  const root = mkdtempSync(join(tmpdir(), 'caddie-image-'));
  for (const { from, to } of copies) {
    mkdirSync(dirname(join(root, to)), { recursive: true });
    if (from === 'node_modules') symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, to));
    else cpSync(join(REPO_ROOT, from), join(root, to), { recursive: true, verbatimSymlinks: true });
  }
  return root;
}

/** Loads the scorecard worker's digit model as it does, from the layout's own dist. */
const loadModel = (root: string) =>
  spawnSync(
    process.execPath,
    [
      '-e',
      `const m = require('./dist/libs/handwriting/src/model-files.js');
       const dir = m.defaultModelDirectory(require('node:path').join(process.cwd(), 'dist/libs/handwriting/src'));
       m.readCalibration(dir);
       m.loadDigitClassifier(dir, undefined, 'typescript').then(() => console.log('model from ' + dir), (e) => { console.error(e.message); process.exit(1); });`,
    ],
    { cwd: root, encoding: 'utf8', timeout: 60_000 },
  );

/**
 * Issue 60, point 6: Docker cannot run here, so the image is checked by its layout: the final
 * stage's files are laid out from the built repository, and the processes run from there.
 */
describe('the image layout of docker/Dockerfile', () => {
  const { workdir, copies } = finalStage(readFileSync(join(REPO_ROOT, 'docker/Dockerfile'), 'utf8'));
  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

  it('holds the handwriting model where model-files.ts looks for it, and not without its COPY line', () => {
    expect(workdir).toBe('/app');
    const root = layOut(copies);
    roots.push(root);
    const loaded = loadModel(root);
    expect(loaded.stderr).toBe('');
    expect(loaded.stdout).toContain(`model from ${join(root, 'libs/handwriting/model')}`);
    // the same layout without the model's line: the worker could not read a card
    const without = layOut(copies.filter((c) => !c.from.startsWith('libs/handwriting/model')));
    roots.push(without);
    const missing = loadModel(without);
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toMatch(/no libs\/handwriting\/model folder/);
  }, 90_000);

  it('runs the API from the layout: health, readiness of its stores, the console pages and their assets', async () => {
    const root = layOut(copies);
    roots.push(root);
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'caddie-image-data-'));
    roots.push(dataDir);
    const api = spawn(process.execPath, ['dist/apps/api/src/main.js'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: String(port),
        REDIS_URL,
        REDIS_PREFIX: `image-${randomBytes(4).toString('hex')}`,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitFor(async () => (await fetch(`${base}/health`).catch(() => null))?.ok ?? false, 60_000, 'the API from the image layout');
      const ready = (await (await fetch(`${base}/ready`)).json()) as { checks: Record<string, { status: string }> };
      expect(Object.values(ready.checks).map((c) => c.status)).toEqual(['ok', 'ok', 'ok']);
      const page = await fetch(`${base}/console/`);
      expect(page.status).toBe(200);
      const html = await page.text();
      const asset = /(?:src|href)="(\/console\/[^"]+\.(?:js|css))"/.exec(html)?.[1];
      expect(asset).toBeDefined();
      expect((await fetch(`${base}${asset}`)).status).toBe(200);
      expect((await fetch(`${base}/v1/openapi.json`)).status).toBe(200);
      expect((await fetch(`${base}/docs`)).status).toBe(200);
    } finally {
      api.kill('SIGTERM');
      await exited(api, 20_000).catch(() => api.kill('SIGKILL'));
    }
  }, 120_000);
});
